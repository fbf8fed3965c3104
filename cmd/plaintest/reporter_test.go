package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	rpt "github.com/plaintest/plaintest/report"
)

// hoverScenario is a scenario whose second step, a hover, fails on the
// fake server (its error quotes the page's URL, which holds the secret
// API_TOKEN, and carries a title-changing escape and a CR LF); meta is
// more of its metadata, and the hover's source_line is 6.
func hoverScenario(name, meta string) string {
	return `{"version": "2.1",
  "metadata": {"name": "` + name + `"` + meta + `},
  "variables": {"API_TOKEN": "s3cr3tv4lue"},
  "steps": [
    {"step": 1, "tool": "mcp__playwright__browser_navigate", "params": {"url": "http://shop.test/login?t={{API_TOKEN}}"},
     "description": "open the login page", "source_line": 4},
    {"step": 2, "tool": "mcp__playwright__browser_hover", "params": {"target": "internal:role=link[name=\"Menu\"i]"},
     "description": "hover Menu", "source_line": 6}
  ]}`
}

// TestReplayReporterGitHub: --reporter github writes, beside the console's
// FAILED blocks, one annotation per failed scenario: at its sentence's
// line in the test file it was compiled from, else at the failed step's
// line in the scenario file; one line each, secrets masked, text from
// the page escaped. A passing scenario adds nothing; with --json the
// annotations go to stderr and stdout stays the document; an unknown
// reporter is bad input.
func TestReplayReporterGitHub(t *testing.T) {
	cfg := fakeConfig(t)
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fromFeature := write("menu.json", hoverScenario("menu", `, "source": "tests/menu.feature", "tags": ["@menu"]`))
	byHand := write("hand.json", hoverScenario("by-hand", ""))
	passing := write("pass.json", `{"version":"2.1","metadata":{"name":"passing","source":"tests/pass.feature"},"steps":[
		{"step":1,"tool":"sandy__log","params":{"message":"fine"},"source_line":2}]}`)

	code, out, errOut := runCLI(t, "replay", fromFeature, byHand, passing, "--config", cfg, "--report", t.TempDir(), "--reporter", "github")
	if code != exitFailed {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	var annotations []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "::") {
			annotations = append(annotations, l)
		}
	}
	if len(annotations) != 2 {
		t.Fatalf("%d annotations, want 2 (one per failed scenario):\n%s", len(annotations), out)
	}
	wantPrefix := []string{
		"::error file=tests/menu.feature,line=6,title=menu%3A step 2%2C hover Menu::",
		// the hover's object: line 7, column 5 of hand.json
		"::error file=" + strings.ReplaceAll(byHand, ":", "%3A") + ",line=7,col=5,title=by-hand%3A step 2%2C hover Menu::",
	}
	for i, a := range annotations {
		if !strings.HasPrefix(a, wantPrefix[i]) {
			t.Errorf("annotation %d:\n got %s\nwant it to start %s", i+1, a, wantPrefix[i])
		}
		for _, want := range []string{"locator.hover: Timeout 5000ms exceeded on http://shop.test/login?t=***", `\x1b]0;pwned\x07%0ACall log`, "%0Aevidence: "} {
			if !strings.Contains(a, want) {
				t.Errorf("annotation %d lacks %q:\n%s", i+1, want, a)
			}
		}
		if strings.ContainsAny(a, "\x1b\r") {
			t.Errorf("annotation %d holds a raw escape or CR: %q", i+1, a)
		}
	}
	if strings.Contains(out+errOut, "s3cr3tv4lue") {
		t.Errorf("the secret reached the output:\n%s\n%s", out, errOut)
	}
	for _, want := range []string{"FAILED menu (" + fromFeature + ")", "PASSED passing", "step:     2, hover Menu"} {
		if !strings.Contains(out, want) {
			t.Errorf("the console lacks %q:\n%s", want, out)
		}
	}

	// --json: the document on stdout, the annotations on stderr.
	code, out, errOut = runCLI(t, "replay", fromFeature, passing, "--config", cfg, "--report", t.TempDir(), "--reporter", "console,github", "--json")
	var s rpt.Summary
	if err := json.Unmarshal([]byte(out), &s); code != exitFailed || err != nil {
		t.Fatalf("--json: exit %d (want 1), stdout not the document (%v):\n%s", code, err, out)
	}
	if !strings.Contains(errOut, "\n::error file=tests/menu.feature,line=6,") {
		t.Errorf("--json: stderr lacks the annotation:\n%s", errOut)
	}

	// Passing scenarios: nothing more than without the reporter.
	code, out, errOut = runCLI(t, "replay", passing, "--config", cfg, "--report", t.TempDir(), "--reporter", "github")
	if code != exitOK || strings.Contains(out+errOut, "::") {
		t.Errorf("a passing run: exit %d, want 0 and no annotation\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}

	code, out, errOut = runCLI(t, "replay", passing, "--config", cfg, "--reporter", "github,junit")
	if want := `--reporter "junit": want console or github, or a list of them (console,github)`; code != exitInput || !strings.Contains(errOut, want) {
		t.Errorf("--reporter junit: exit %d, want 2 and %q\nstdout:\n%s\nstderr:\n%s", code, want, out, errOut)
	}
}
