package mcpclient

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/plaintest/plaintest/internal/testenv"
)

// While a browser is shared, the bundled server for its Chromium connects
// to it (--endpoint) instead of launching one; a headed server, one for
// another Chromium, one with the tracing tools, and any while Unshared
// holds launch their own.
func TestShareBrowserArgs(t *testing.T) {
	dir := t.TempDir()
	exe, other := filepath.Join(dir, "chromium"), filepath.Join(dir, "other")
	for _, f := range []string{exe, other} {
		if err := os.WriteFile(f, nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	launches := func(opts *PlaywrightOptions) bool {
		t.Helper()
		sc := requirePlaywright(t, opts)
		switch {
		case slices.Contains(sc.Args, "--executable-path") && !slices.Contains(sc.Args, "--endpoint"):
			return true
		case slices.Contains(sc.Args, "--endpoint") && !slices.Contains(sc.Args, "--executable-path") && slices.Contains(sc.Args, "--isolated"):
			return false
		}
		t.Fatalf("args %q: want --executable-path or --endpoint with --isolated", sc.Args)
		return false
	}
	shared.Lock()
	shared.endpoint, shared.exe = "ws://127.0.0.1:1/x", exe
	shared.Unlock()
	defer func() {
		shared.Lock()
		shared.endpoint, shared.exe = "", ""
		shared.Unlock()
	}()
	if launches(&PlaywrightOptions{ExecutablePath: exe}) {
		t.Errorf("the server for the shared Chromium launches its own")
	}
	if !launches(&PlaywrightOptions{ExecutablePath: exe, Headed: true}) || !launches(&PlaywrightOptions{ExecutablePath: other}) {
		t.Errorf("a headed server, or one for another Chromium, does not launch its own")
	}
	// Its trace would be written by the shared browser's server, in a
	// folder of its own, not where the stop's result links it.
	if !launches(&PlaywrightOptions{ExecutablePath: exe, Caps: []string{"testing", CapDevtools}}) {
		t.Errorf("a server that records traces (--caps devtools) does not launch its own")
	}
	resume := Unshared()
	if !launches(&PlaywrightOptions{ExecutablePath: exe}) {
		t.Errorf("under Unshared, the server does not launch its own")
	}
	if ep, _ := SharedBrowser(); ep != "" {
		t.Errorf("SharedBrowser() = %q under Unshared, want none", ep)
	}
	resume()
	resume() // once only
	if launches(&PlaywrightOptions{ExecutablePath: exe}) {
		t.Errorf("after resume, the server launches its own")
	}
}

// Sessions on a shared browser run at once without seeing each other: each
// has a fresh context (no cookie or storage of the other), gets its own
// page's dialog, and its server starts no browser; stop ends sharing.
func TestShareBrowser(t *testing.T) {
	testenv.Need(t, nil)
	stop, err := ShareBrowser()
	if err != nil {
		testenv.Missing(t, "%v", err)
	}
	defer stop()
	page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<title>state</title><p id=out></p><button onclick="out.textContent = confirm('Sure?') ? 'yes' : 'no'">Ask</button><script>
			out.textContent = 'cookie[' + document.cookie + '] storage[' + (localStorage.getItem('k') || '') + ']';
			document.cookie = 'c=1'; localStorage.setItem('k', 'v');</script>`)
	}))
	defer page.Close()
	ctx := t.Context()
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Connect(ctx, requirePlaywright(t, nil), nil)
			if err != nil {
				t.Error(err)
				return
			}
			defer s.Close()
			call := func(tool string, args map[string]any) string {
				r, err := s.CallTool(ctx, tool, args)
				if err != nil || r.IsError {
					t.Errorf("session %d: %s: %v %v", i, tool, err, r)
					return ""
				}
				return r.Text
			}
			out := func() string { return call(ToolEvaluate, map[string]any{"function": "() => out.textContent"}) }
			call(ToolNavigate, map[string]any{"url": page.URL})
			if got := out(); !strings.Contains(got, "cookie[] storage[]") {
				t.Errorf("session %d saw another's state:\n%s", i, got)
			}
			if b := browsers(s.proc.cmd.Process.Pid); len(b) > 0 {
				t.Errorf("session %d's server launched a browser: %v", i, b)
			}
			call(ToolClick, map[string]any{"element": "Ask", "target": "internal:role=button[name=\"Ask\"i]"})
			accept := i == 0
			want := map[bool]string{true: "yes", false: "no"}[accept]
			call(ToolHandleDialog, map[string]any{"accept": accept})
			if got := out(); !strings.Contains(got, `"`+want+`"`) {
				t.Errorf("session %d: after the dialog:\n%s\nwant %q", i, got, want)
			}
		}()
	}
	wg.Wait()
	stop()
	if ep, exe := SharedBrowser(); ep != "" || exe != "" {
		t.Errorf("after stop: %q %q, want none", ep, exe)
	}
	if sc := requirePlaywright(t, nil); !slices.Contains(sc.Args, "--executable-path") {
		t.Errorf("after stop: %q, want a launch", sc.Args)
	}
}
