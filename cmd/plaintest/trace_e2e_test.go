package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
)

// tracePage is a cart whose button adds one item.
const tracePage = `<p id=out>0 items</p><button onclick="out.textContent='1 item'">Add</button>`

// traceScenario opens the cart, adds an item and checks that the page
// shows want (a check that fails at once when it does not).
func traceScenario(t *testing.T, dir, name, url, want string) string {
	t.Helper()
	check := fmt.Sprintf(`() => { const t = document.body.innerText; if (!t.includes(%q)) throw new Error('the cart shows ' + t.trim()); return t; }`, want)
	steps := []map[string]any{
		{"step": 1, "tool": "mcp__playwright__browser_navigate", "params": map[string]any{"url": url}},
		{"step": 2, "tool": "mcp__playwright__browser_click", "params": map[string]any{"target": `internal:role=button[name="Add"s]`}},
		{"step": 3, "tool": "mcp__playwright__browser_evaluate", "params": map[string]any{"function": check}},
	}
	data, err := json.Marshal(map[string]any{"version": "2.1", "metadata": map[string]any{"name": name}, "steps": steps})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, name+".json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestReplayTraceBothServers: through each browser server, replay
// --trace retain-on-failure keeps the failed scenario's trace as
// NAME.trace.zip in the report folder and none of the passed one's;
// --trace on keeps the passed one's. Each is a trace Playwright's own
// loader reads, recording the scenario's navigation and click; the
// console's FAILED block, the JUnit file and the HTML report name it.
func TestReplayTraceBothServers(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	base := testkit.Serve(t, testkit.Pages("<title>Cart</title>", func(path string, _ bool) (string, bool) {
		return tracePage, path == "/"
	}))
	scenarios := t.TempDir()
	pass := traceScenario(t, scenarios, "pass", base+"/", "1 item")
	fail := traceScenario(t, scenarios, "fail", base+"/", "2 items")
	together(t, bothServers, 2, func(t *testing.T, i int) {
		server := bothServers[i]
		dir := t.TempDir()
		junit := filepath.Join(dir, "junit.xml")
		code, out, errOut := runCLI(t, "replay", pass, fail, "--mcp", server, "--trace", "retain-on-failure", "--report", dir, "--junit", junit)
		if code != exitFailed {
			t.Fatalf("retain-on-failure: exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
		}
		zips, _ := filepath.Glob(filepath.Join(dir, "*.zip"))
		kept := filepath.Join(dir, "fail.trace.zip")
		if !slices.Equal(zips, []string{kept}) {
			t.Fatalf("retain-on-failure kept %q, want only %s\nstdout:\n%s\nstderr:\n%s", zips, kept, out, errOut)
		}
		if want := "  trace:    " + kept + " (npx playwright show-trace opens it)"; !strings.Contains(out, want) {
			t.Errorf("the FAILED block lacks %q:\n%s", want, out)
		}
		if b, _ := os.ReadFile(junit); !strings.Contains(string(b), "[[ATTACHMENT|"+filepath.ToSlash(kept)+"]]") {
			t.Errorf("junit.xml does not attach the trace:\n%s", b)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "index.html")); !strings.Contains(string(b), `<a href="fail.trace.zip" download>`) {
			t.Errorf("index.html does not link the trace")
		}
		checkTrace(t, kept, true)

		dir = t.TempDir()
		code, out, errOut = runCLI(t, "replay", pass, "--mcp", server, "--trace", "on", "--report", dir)
		if code != exitOK {
			t.Fatalf("--trace on: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
		}
		checkTrace(t, filepath.Join(dir, "pass.trace.zip"), false)
	})
}

// checkTrace loads the trace of a traceScenario as Playwright's viewer
// would, and checks that it recorded the navigation and the click, and,
// for a failed run, the failure's screenshot after them.
func checkTrace(t *testing.T, file string, failed bool) {
	t.Helper()
	info, actions := testkit.LoadTrace(t, file)
	for _, call := range []string{"Frame.goto", "Frame.click"} {
		if !slices.Contains(info.Calls, call) {
			t.Errorf("%s: its calls %q lack %s", file, info.Calls, call)
		}
	}
	if info.Requests == 0 || info.Events["screencast-frame"] == 0 || info.Events["frame-snapshot"] == 0 {
		t.Errorf("%s: no network, screencast or DOM snapshot: %+v", file, info)
	}
	shot := slices.Contains(info.Calls, "Page.screenshot")
	if shot != failed {
		t.Errorf("%s: the failure's screenshot in the trace: %v, want %v (calls %q)", file, shot, failed, info.Calls)
	}
	if !strings.Contains(actions, "Navigate") || !strings.Contains(actions, "Click") {
		t.Errorf("%s: Playwright's trace actions lack the navigation or the click:\n%s", file, actions)
	}
}

// TestReplayTraceNeedsDevtools: an @playwright/mcp of the user's MCP
// config started without --caps devtools has no tracing tools: replay
// --trace refuses the run before its first step (exit 2) saying what to
// add, rather than passing with no trace.
func TestReplayTraceNeedsDevtools(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	sc, err := mcpclient.Playwright(nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	body, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"pw": map[string]any{"command": sc.Command, "args": sc.Args}}})
	if err := os.WriteFile(cfg, body, 0o644); err != nil {
		t.Fatal(err)
	}
	base := testkit.Serve(t, testkit.Pages("", func(string, bool) (string, bool) { return tracePage, true }))
	file := traceScenario(t, t.TempDir(), "pass", base+"/", "1 item")
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "replay", file, "--config", cfg, "--mcp", "pw", "--trace", "on", "--report", dir)
	if code != exitInput || !strings.Contains(errOut, "has no tool browser_start_tracing") || !strings.Contains(errOut, "--caps devtools") {
		t.Errorf("exit %d, want 2 saying to start the server with --caps devtools\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if strings.Contains(out, "[1/3]") {
		t.Errorf("a step ran:\n%s", out)
	}
}

// TestReplayTraceMasksSecrets: through each browser server, a trace of a
// run that types a secret into a password field and posts it holds it
// nowhere, raw or URL-encoded (the action log's typed value, the DOM
// snapshots' field values, the posted form in the network log), as the
// console, JSON, JUnit and the HTML report do not; and it is still a
// trace Playwright's own loader reads.
func TestReplayTraceMasksSecrets(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	const pw = "Tr4ce!pw&q=Z"
	base := testkit.Serve(t, testkit.Pages("<title>Log in</title>", func(path string, _ bool) (string, bool) {
		switch path {
		case "/":
			return `<form method=post action=/in><input type=password name=pw aria-label=Password><button>Log in</button></form>`, true
		case "/in":
			return `<h1>Welcome</h1>`, true
		}
		return "", false
	}))
	steps := []map[string]any{
		{"step": 1, "tool": "mcp__playwright__browser_navigate", "params": map[string]any{"url": base + "/"}},
		{"step": 2, "tool": "mcp__playwright__browser_type", "params": map[string]any{"target": `internal:label="Password"i`, "text": "{{PASSWORD}}"}},
		{"step": 3, "tool": "mcp__playwright__browser_click", "params": map[string]any{"target": `internal:role=button[name="Log in"s]`}},
		{"step": 4, "tool": "mcp__playwright__browser_evaluate", "params": map[string]any{"function": `() => { if (!document.body.innerText.includes('Welcome')) throw new Error('not in'); return 'ok'; }`}},
	}
	data, err := json.Marshal(map[string]any{"version": "2.1", "metadata": map[string]any{"name": "login"},
		"variables": map[string]any{"PASSWORD": ""}, "steps": steps})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "login.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	together(t, bothServers, 2, func(t *testing.T, i int) {
		dir := t.TempDir()
		code, out, errOut := runCLI(t, "replay", file, "--mcp", bothServers[i], "--var", "PASSWORD="+pw, "--trace", "on", "--report", dir)
		if code != exitOK {
			t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
		}
		trace := filepath.Join(dir, "login.trace.zip")
		zr, err := zip.OpenReader(trace)
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		typed := false
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(rc)
			rc.Close()
			if err != nil {
				t.Fatal(err)
			}
			for _, form := range []string{pw, url.QueryEscape(pw), url.PathEscape(pw)} {
				if bytes.Contains(b, []byte(form)) {
					t.Errorf("%s: %s holds the secret as %q", trace, f.Name, form)
				}
			}
			typed = typed || f.Name == "trace.trace" && bytes.Contains(b, []byte(`"value":"***"`))
		}
		if !typed {
			t.Errorf("%s: the action log has no typed value masked as ***", trace)
		}
		if info, _ := testkit.LoadTrace(t, trace); len(info.Calls) == 0 {
			t.Errorf("%s: Playwright's loader read no calls", trace)
		}
	})
}
