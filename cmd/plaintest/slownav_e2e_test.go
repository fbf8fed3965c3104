package main

import (
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/testkit"
)

// slowAnswer is how long the slow page takes to answer: more than the
// action timeout the test sets (4 s: a typing step on a machine busy
// with the corpus has taken more than 2 s), less than its navigation
// timeout (15 s), more than the short navigation timeout (6 s).
const slowAnswer = 9 * time.Second

// serveSlowPages serves a start page whose link and search form lead to
// /slow, which the server answers after slowAnswer.
func serveSlowPages(t *testing.T) string {
	t.Helper()
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if r.URL.Path == "/slow" {
			select {
			case <-time.After(slowAnswer):
			case <-r.Context().Done():
				return
			}
			fmt.Fprint(w, `<!doctype html><title>Slow</title><h1>Slow page arrived</h1>`)
			return
		}
		fmt.Fprint(w, `<!doctype html><title>Start</title><h1>Start</h1>
<a href="/slow">Open the slow page</a>
<form action="/slow"><label>Search <input name="q"></label></form>`)
	}))
}

// TestSlowNavigationBothServers: through each browser server, a click on a
// link whose page comes after the action timeout and within the
// navigation timeout waits for that page, at
// compile and at replay; with a navigation timeout shorter than the page
// takes, it fails naming the page's URL and the timeout.
func TestSlowNavigationBothServers(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	base := serveSlowPages(t)
	cases := []struct {
		name    string
		actions []string
		// mcpOwnWait: @playwright/mcp waits for the page itself, up to
		// its own limit, whatever --nav-timeout says.
		mcpOwnWait bool
	}{
		{"link", []string{"click Open the slow page", "verify Slow page arrived is shown"}, false},
		{"enter", []string{"type mug into Search", "press Enter", "verify Slow page arrived is shown"}, true},
	}
	together(t, bothServers, 2, func(t *testing.T, i int) {
		server := bothServers[i]
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				dir := t.TempDir()
				compile := func(out, nav string) (exitCode, string) {
					args := []string{"compile", "--url", base + "/", "--mcp", server, "-o", out, "--evidence", t.TempDir(), "--translator", "rules", "--timeout", "4s", "--nav-timeout", nav}
					for _, a := range tc.actions {
						args = append(args, "--step", a)
					}
					code, stdout, stderr := runCLI(t, args...)
					return code, stdout + stderr
				}
				out := filepath.Join(dir, tc.name+".json")
				if code, text := compile(out, "15s"); code != 0 {
					t.Fatalf("compile: exit %d\n%s", code, text)
				}
				code, stdout, stderr := runCLI(t, "replay", out, "--mcp", server, "--report", t.TempDir(), "--timeout", "4s", "--nav-timeout", "15s")
				if code != 0 {
					t.Errorf("replay: exit %d\n%s\n%s", code, stdout, stderr)
				}
				if tc.mcpOwnWait && server == "playwright-mcp" {
					return
				}
				want := "the page " + base + "/slow"
				wantLimit := "did not load within 6s"
				if code, text := compile(filepath.Join(dir, "short.json"), "6s"); code != 1 || !strings.Contains(text, want) || !strings.Contains(text, wantLimit) {
					t.Errorf("compile with --nav-timeout 6s: exit %d, want 1 saying %q and %q\n%s", code, want, wantLimit, text)
				}
				code, stdout, stderr = runCLI(t, "replay", out, "--mcp", server, "--report", t.TempDir(), "--timeout", "4s", "--nav-timeout", "6s")
				if text := stdout + stderr; code != 1 || !strings.Contains(text, want) || !strings.Contains(text, wantLimit) {
					t.Errorf("replay with --nav-timeout 6s: exit %d, want 1 saying %q and %q\n%s", code, want, wantLimit, text)
				}
			})
		}
	})
}
