package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/mcpclient"
	rpt "github.com/plaintest/plaintest/report"
)

// ownProcs lists this test process's MCP servers and what they started,
// found by the environment mark mcpclient gives them, with their command
// lines. Linux only: it reads /proc.
func ownProcs(t *testing.T) map[int]string {
	t.Helper()
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Skip("needs /proc")
	}
	mark := []byte(fmt.Sprintf("PLAINTEST_MCP_SESSION=%d-", os.Getpid()))
	entries, _ := os.ReadDir("/proc")
	out := map[int]string{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil || !bytes.Contains(env, mark) {
			continue
		}
		stat, _ := os.ReadFile("/proc/" + e.Name() + "/stat")
		if bytes.Contains(stat, []byte(") Z ")) {
			continue // a zombie has ended
		}
		cmd, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		out[pid] = string(bytes.ReplaceAll(cmd, []byte{0}, []byte{' '}))
	}
	return out
}

// TestReplayBrowserKilledMidRun kills Chromium while a replay waits between
// two steps. @playwright/mcp would quietly start a new, blank browser for
// the next step (a snapshot), which would pass, and so would the one after,
// "Blue Mug is gone". The run must stop as
// an environment failure (exit 3) with a sentence saying the browser was
// lost, no step after the kill may pass, and nothing may be left running.
func TestReplayBrowserKilledMidRun(t *testing.T) {
	requireBrowser(t)
	var productsServed atomic.Bool
	shop := demoshop.Handler(nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/products" {
			productsServed.Store(true)
		}
		shop.ServeHTTP(w, r)
	}))
	defer srv.Close()
	scenario := writeTemp(t, "killed.json", `{"version":"2.1","metadata":{"name":"killed"},
		"variables":{"BASE_URL":""},
		"steps":[
		{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"{{BASE_URL}}/products"}},
		{"step":2,"tool":"mcp__playwright__browser_wait_for","params":{"text":"Blue Mug"}},
		{"step":3,"tool":"sandy__wait","params":{"duration":4}},
		{"step":4,"tool":"mcp__playwright__browser_snapshot","params":{}},
		{"step":5,"tool":"mcp__playwright__browser_wait_for","params":{"textGone":"Blue Mug"}}]}`)
	cfg := writeTemp(t, "mcp.json", `{"mcpServers": {}}`)
	mcpclient.StopKept() // the servers earlier tests' commands left for the next
	// A browser of the run's own to kill, not the one the others share.
	defer mcpclient.Unshared()()
	if left := ownProcs(t); len(left) > 0 {
		t.Fatalf("processes of an earlier test still run: %v", left)
	}

	killed := make(chan string, 1)
	go func() {
		deadline := time.Now().Add(90 * time.Second)
		for time.Now().Before(deadline) {
			if productsServed.Load() {
				time.Sleep(time.Second) // step 2, then into step 3's wait
				for pid, cmd := range ownProcs(t) {
					if strings.Contains(cmd, "--remote-debugging-pipe") {
						p, _ := os.FindProcess(pid)
						if p.Kill() == nil {
							killed <- fmt.Sprintf("killed %d: %.80s", pid, cmd)
							return
						}
					}
				}
			}
			time.Sleep(50 * time.Millisecond)
		}
		killed <- ""
	}()

	// @playwright/mcp's browser: plaintest watches its processes.
	code, out, errOut := runCLI(t, "replay", scenario, "--config", cfg, "--mcp", "playwright-mcp", "--var", "BASE_URL="+srv.URL, "--json", "--report", t.TempDir())
	what := <-killed
	if what == "" {
		t.Fatalf("the browser was never found to kill\nstdout:\n%s\nstderr:\n%s", out, errOut)
	}
	t.Log(what)
	if code != exitEnvironment {
		t.Errorf("exit %d, want 3\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "the browser was lost") {
		t.Errorf("stderr does not say the browser was lost:\n%s", errOut)
	}
	var s rpt.Summary
	if err := json.Unmarshal([]byte(out), &s); err != nil || len(s.Scenarios) != 1 {
		t.Fatalf("stdout is not the JSON result (%v):\n%s", err, out)
	}
	for _, st := range s.Scenarios[0].Steps {
		if st.Step >= 4 && st.Status == rpt.StatusPassed {
			t.Errorf("step %d passed after the browser was killed: %+v", st.Step, st)
		}
	}
	if !s.Scenarios[0].Unavailable {
		t.Error("the result does not say the environment failed")
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(ownProcs(t)) > 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if left := ownProcs(t); len(left) > 0 {
		t.Errorf("processes left running after the run: %v", left)
	}
}

// TestReplayEnvironmentFaults: a site that is down is exit 3 with a
// sentence naming it (as compile says), and a page that never finishes
// loading fails its step within --nav-timeout, naming the URL, with
// evidence saved.
func TestReplayEnvironmentFaults(t *testing.T) {
	requireBrowser(t)
	cfg := writeTemp(t, "mcp.json", `{"mcpServers": {}}`)
	open := func(url string) string {
		return writeTemp(t, "open.json", `{"version":"2.1","metadata":{"name":"open"},"steps":[
			{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"`+url+`"}},
			{"step":2,"tool":"mcp__playwright__browser_snapshot","params":{}}]}`)
	}

	t.Run("site down", func(t *testing.T) {
		url := closedURL(t)
		code, out, errOut := runCLI(t, "replay", open(url), "--config", cfg)
		if code != exitEnvironment {
			t.Fatalf("exit %d, want 3\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
		}
		if !strings.Contains(errOut, "cannot reach "+url) || !strings.Contains(errOut, "net::ERR_CONNECTION_REFUSED") {
			t.Errorf("stderr does not name the site and the reason:\n%s", errOut)
		}
	})

	t.Run("page never finishes loading", func(t *testing.T) {
		url := hangingPage(t)
		dir := t.TempDir()
		start := time.Now()
		code, out, errOut := runCLI(t, "replay", open(url), "--config", cfg, "--nav-timeout", "2s", "--report", dir)
		if code != exitFailed {
			t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
		}
		if took := time.Since(start); took > 45*time.Second {
			t.Errorf("took %v: the navigation was not bounded by --nav-timeout", took)
		}
		want := "the page " + url + " did not finish loading within 2s (--nav-timeout)"
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
		if strings.Contains(out+errOut, "call timeout") {
			t.Errorf("the output blames a call timeout no flag sets:\n%s%s", out, errOut)
		}
		shots, _ := filepath.Glob(filepath.Join(dir, "*.png"))
		if len(shots) == 0 {
			t.Errorf("no evidence screenshot in %s", dir)
		}
	})
}

// hangingPage serves half a page that never finishes loading and returns its
// URL.
func hangingPage(t *testing.T) string {
	t.Helper()
	hang := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<h1>Half a page</h1>")
		w.(http.Flusher).Flush()
		select {
		case <-hang:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(hang) })
	return srv.URL + "/slow"
}

// TestCompileSlowPage: compile's first page that never finishes loading is
// a failure of the scenario within --nav-timeout, naming the URL, with
// evidence; not an unreachable server after a minute.
func TestCompileSlowPage(t *testing.T) {
	requireBrowser(t)
	t.Chdir(t.TempDir())
	url := hangingPage(t)
	evidence := t.TempDir()
	start := time.Now()
	code, out, errOut := runCLI(t, "compile", "click Buy", "--url", url, "--nav-timeout", "2s", "--evidence", evidence, "-o", "slow.json")
	if code != exitFailed {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if took := time.Since(start); took > 45*time.Second {
		t.Errorf("took %v: the navigation was not bounded by --nav-timeout", took)
	}
	if want := "the page " + url + " did not finish loading within 2s (--nav-timeout)"; !strings.Contains(errOut, want) {
		t.Errorf("stderr lacks %q:\n%s", want, errOut)
	}
	if shots, _ := filepath.Glob(filepath.Join(evidence, "*.png")); len(shots) == 0 {
		t.Errorf("no evidence screenshot in %s", evidence)
	}
}

// TestReplayFilesFolder: through the real @playwright/mcp, a screenshot
// named by a scenario lands in the files folder; a scenario that opens a
// file: URL and then tries to write outside is refused before it starts,
// and so is such a step in a folder run whose other scenario needs file:
// URLs; nothing is written outside.
func TestReplayFilesFolder(t *testing.T) {
	requireBrowser(t)
	cfg := writeTemp(t, "mcp.json", `{"mcpServers": {}}`)
	work := t.TempDir()
	files := filepath.Join(work, "files")
	page := filepath.Join(work, "page.html")
	if err := os.WriteFile(page, []byte("<h1>Local page</h1>"), 0o644); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(work, "escaped.png")
	if err := os.MkdirAll(files, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(work, filepath.Join(files, "up")); err != nil {
		t.Fatal(err)
	}
	step := func(n int, tool, params string) string {
		return fmt.Sprintf(`{"step":%d,"tool":"mcp__playwright__%s","params":%s}`, n, tool, params)
	}
	doc := func(name string, steps ...string) string {
		return `{"version":"2.1","metadata":{"name":"` + name + `"},"steps":[` + strings.Join(steps, ",") + `]}`
	}
	suite := filepath.Join(work, "suite")
	if err := os.MkdirAll(suite, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(suite, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// One scenario, file: URL on, writing inside: it lands in the folder.
	write("a-local.json", doc("local",
		step(1, "browser_navigate", `{"url":"file://`+page+`"}`),
		step(2, "browser_take_screenshot", `{"type":"png","filename":"shots/local.png"}`)))
	code, out, errOut := runCLI(t, "replay", filepath.Join(suite, "a-local.json"), "--config", cfg, "--files", files, "--allow-file-urls="+work)
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if fi, err := os.Stat(filepath.Join(files, "shots", "local.png")); err != nil || fi.Size() == 0 {
		t.Errorf("the screenshot is not in the files folder: %v", err)
	}

	// A folder run: the file: URL scenario, and one that tries to write
	// outside in three ways. Nothing runs; each escape is named.
	write("b-escape.json", doc("escape",
		step(1, "browser_navigate", `{"url":"file://`+page+`"}`),
		step(2, "browser_take_screenshot", `{"type":"png","filename":"`+outside+`"}`),
		step(3, "browser_take_screenshot", `{"type":"png","filename":"../escaped.png"}`),
		step(4, "browser_take_screenshot", `{"type":"png","filename":"up/escaped.png"}`)))
	code, out, errOut = runCLI(t, "replay", suite, "--config", cfg, "--files", files, "--allow-file-urls="+work)
	if code != exitInput {
		t.Fatalf("exit %d, want 2\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, want := range []string{"b-escape.json: steps[1].params.filename", "steps[2].params.filename", "steps[3].params.filename", "through a symbolic link"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if out != "" {
		t.Errorf("something ran:\n%s", out)
	}
	if _, err := os.Stat(outside); err == nil {
		t.Error("a file was written outside the files folder")
	}
}
