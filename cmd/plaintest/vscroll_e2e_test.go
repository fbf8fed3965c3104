package main

import (
	_ "embed"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// vlistPage is a list of 1,000 items that renders only the rows in its
// box's view, recycling them as it scrolls (as react-window does): its
// rows' height and the item left out are filled in.
//
//go:embed testdata/vlist.html
var vlistPage string

// TestVirtualListBothServers: "click Item 640" and "check Item 640 is
// shown" on a list that renders Item 640 only once scrolled to it
// compile, through each server, to a scroll of the Messages list until
// the row is there, which replays through the other server with rows of
// another height, and fails there naming the list and the item when the
// list lacks it; "scroll down in the Messages list" and "scroll the
// Messages list to the bottom" scroll the list, not the window. The spec export runs too.
func TestVirtualListBothServers(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	var height atomic.Int64
	var skip atomic.Value
	height.Store(20)
	skip.Store("")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, vlistPage, height.Load(), skip.Load())
	}))
	t.Cleanup(srv.Close)
	other := map[string]string{"builtin": "playwright-mcp", "playwright-mcp": "builtin"}
	for _, server := range []string{"builtin", "playwright-mcp"} {
		t.Run(server, func(t *testing.T) {
			height.Store(20)
			skip.Store("")
			dir := t.TempDir()
			out := filepath.Join(dir, "messages.json")
			code, stdout, stderr := runCLI(t, "compile", "--url", srv.URL+"/messages", "--mcp", server, "-o", out, "--evidence", t.TempDir(), "--translator", "rules", "--format", "playwright",
				"--step", "click Item 640", "--step", `verify the status shows "Picked Item 640"`,
				"--step", "scroll the Messages list to the top", "--step", "check Item 700 is shown",
				"--step", "scroll down in the Messages list", "--step", "scroll the Messages list to the bottom", "--step", "check Item 1000 is shown")
			if code != 0 {
				t.Fatalf("compile through %s: exit %d\n%s\n%s", server, code, stdout, stderr)
			}
			raw, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{`want = \"Item 640\"`, `want = \"Item 700\"`} {
				if n := strings.Count(string(raw), want); n != 1 {
					t.Errorf("the export has %s %d times, want once (a scroll until the row is there):\n%s", want, n, raw)
				}
			}
			if n := strings.Count(string(raw), `"target": "internal:role=listbox[name=\"Messages\"i]"`); n != 5 {
				t.Errorf("the export scrolls the Messages list %d times, want 5:\n%s", n, raw)
			}
			spec, err := os.ReadFile(strings.TrimSuffix(out, ".json") + ".spec.ts")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(spec), `.evaluate(`) {
				t.Errorf("the spec does not scroll the list:\n%s", spec)
			}
			if server == "builtin" {
				if output, ok := runSpecs(t, nodeModules(t), dir, srv.URL); !ok {
					t.Errorf("the spec failed:\n%s\n%s", output, spec)
				}
			}
			os.Remove(strings.TrimSuffix(out, ".json") + ".spec.ts")
			for _, h := range []int64{20, 37} {
				height.Store(h)
				code, stdout, stderr = runLong(t, "replay", out, "--mcp", other[server], "--report", t.TempDir())
				if code != 0 {
					t.Errorf("replay through %s, rows %dpx high: exit %d\n%s\n%s", other[server], h, code, stdout, stderr)
				}
			}
			height.Store(20)
			skip.Store("640")
			code, stdout, stderr = runLong(t, "replay", out, "--mcp", other[server], "--report", t.TempDir())
			if code == 0 {
				t.Errorf("replay through %s with no Item 640 passed:\n%s\n%s", other[server], stdout, stderr)
			}
			if !strings.Contains(stdout+stderr, `listbox "Messages"`) || !strings.Contains(stdout+stderr, `option "Item 640" is not in it`) {
				t.Errorf("replay through %s with no Item 640 does not name the list and the item:\n%s\n%s", other[server], stdout, stderr)
			}
		})
	}
}
