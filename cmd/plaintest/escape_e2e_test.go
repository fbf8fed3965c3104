package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plaintest/plaintest/internal/printable"
)

// TestReplayEscapesPageTextEndToEnd: through the built-in server, a page
// whose text holds control and bidi characters throws it as a step's
// error, in a scenario whose name and description hold them too; another
// page throws an error of 2 MB. The console, --json, JUnit and the HTML
// report hold none of the characters raw and show them escaped, and the
// long error is cut to printable.MaxMessage characters in each.
func TestReplayEscapesPageTextEndToEnd(t *testing.T) {
	requireBuiltin(t)
	t.Parallel() // see parallelNote
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		// The characters raw, as the HTML parser keeps them (a character
		// reference to a C1 control reads as Windows-1252's; NUL the parser
		// replaces, so the script adds it).
		_, _ = w.Write([]byte("<!doctype html><title>t</title><p id=\"p\">page a\u202eb\x07d\u0085g\u200fh\u061ci\u2066j\u009bk</p>"))
	}))
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	suite := filepath.Join(dir, "suite")
	if err := os.MkdirAll(suite, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(suite, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a-page.json", `{"version":"2.1","metadata":{"name":"name `+nastyJSON+`"},"variables":{"BASE_URL":"`+srv.URL+`"},"steps":[
		{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"{{BASE_URL}}/"},"description":"open `+nastyJSON+`"},
		{"step":2,"tool":"mcp__playwright__browser_evaluate","params":{"function":"() => { throw new Error(document.getElementById('p').textContent + '\\u0000end') }"},
		 "description":"read `+nastyJSON+`"}]}`)
	write("b-long.json", `{"version":"2.1","metadata":{"name":"long"},"variables":{"BASE_URL":"`+srv.URL+`"},"steps":[
		{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"{{BASE_URL}}/"}},
		{"step":2,"tool":"mcp__playwright__browser_evaluate","params":{"function":"() => { throw new Error('long ' + 'x'.repeat(2 << 20)) }"}}]}`)
	junit, report := filepath.Join(dir, "junit.xml"), filepath.Join(dir, "report")
	code, stdout, stderr := runCLI(t, "replay", suite, "--json", "--junit", junit, "--report", report)
	if code != exitFailed {
		t.Fatalf("exit %d, want %d\n%.3000s\n%.3000s", code, exitFailed, stdout, stderr)
	}
	var doc struct {
		Scenarios []struct {
			Scenario string `json:"scenario"`
			Steps    []struct {
				Error string `json:"error"`
			} `json:"steps"`
		} `json:"scenarios"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil || len(doc.Scenarios) != 2 || len(doc.Scenarios[0].Steps) != 2 || len(doc.Scenarios[1].Steps) != 2 {
		t.Fatalf("--json: %v\n%.3000s", err, stdout)
	}
	if got := doc.Scenarios[0].Scenario; got != "name "+nastyText {
		t.Errorf("--json scenario reads back as %q, want %q", got, "name "+nastyText)
	}
	if got, want := doc.Scenarios[0].Steps[1].Error, "page a\u202eb\ad\u0085g"; !strings.Contains(got, want) {
		t.Errorf("--json step 2 error reads back as %q, want it to hold the page's text %q", got, want)
	}
	if got := doc.Scenarios[1].Steps[1].Error; utf8.RuneCountInString(got) > printable.MaxMessage+40 || !strings.HasSuffix(got, " bytes)") {
		t.Errorf("--json long error: %d characters ending %q, want %d and the size", utf8.RuneCountInString(got), got[max(0, len(got)-40):], printable.MaxMessage)
	}
	outputs := map[string]string{"--json": stdout, "the console": stderr}
	for name, path := range map[string]string{"JUnit": junit, "the HTML report": filepath.Join(report, "index.html")} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		outputs[name] = string(b)
	}
	for name, text := range outputs {
		noRawControl(t, name, text)
		for _, want := range []string{`page a\u202eb`, `\u0085g\u200fh\u061ci\u2066j\u009bk`, `name a\u202eb`} {
			if !strings.Contains(text, want) {
				t.Errorf("%s does not show %s:\n%.3000s", name, want, text)
			}
		}
		if n := len(text); n > 200<<10 {
			t.Errorf("%s is %d bytes: the 2 MB error was not cut", name, n)
		}
	}
}
