package mcpclient

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestKeepPlaywright: while KeepPlaywright holds, a closed session's
// server serves the next Connect of the same config, and that session
// starts a fresh browser: the page that showed the first session's cookie
// and storage shows neither. A session whose browser was lost is not kept,
// nor is one of another config; release stops the kept servers.
func TestKeepPlaywright(t *testing.T) {
	sc := requirePlaywright(t, nil)
	sc, mark := withTestMark(sc)
	page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<title>state</title><p id=out></p><script>
			out.textContent = 'cookie[' + document.cookie + '] storage[' + (localStorage.getItem('k') || '') + ']';
			document.cookie = 'c=1'; localStorage.setItem('k', 'v');</script>`)
	}))
	defer page.Close()
	release := KeepPlaywright()
	defer release()

	ctx := t.Context()
	var pids []int
	for i := range 3 {
		s, err := Connect(ctx, sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		pids = append(pids, s.proc.cmd.Process.Pid)
		// The first load sees nothing of the run before (the kept server
		// starts a fresh browser); the second sees what the first set.
		for _, want := range []string{"cookie[] storage[]", "cookie[c=1] storage[v]"} {
			if _, err := s.CallTool(ctx, ToolNavigate, map[string]any{"url": page.URL}); err != nil {
				t.Fatal(err)
			}
			r, err := s.CallTool(ctx, ToolSnapshot, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(r.Snapshot, want) {
				t.Errorf("run %d: the page shows %q, want %s", i+1, r.Snapshot, want)
			}
		}
		if i > 0 && pids[i] != pids[0] {
			t.Errorf("run %d: server pid %d, want the kept %d", i+1, pids[i], pids[0])
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil { // twice: the server is kept once
			t.Fatal(err)
		}
		if _, err := s.CallTool(ctx, ToolSnapshot, nil); err == nil {
			t.Errorf("run %d: a closed session still takes calls", i+1)
		}
	}
	key := sc.keepKey(Options{})
	kept.Lock()
	idle := len(kept.idle[key])
	kept.Unlock()
	if idle != 1 {
		t.Errorf("%d idle servers, want 1 (a session closed twice is kept once)", idle)
	}

	// Another config (another viewport) gets a server of its own.
	other, _ := withTestMark(requirePlaywright(t, &PlaywrightOptions{Viewport: "800x600"}))
	o, err := Connect(ctx, other, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o.proc.cmd.Process.Pid == pids[0] {
		t.Error("a config with another viewport got the kept server")
	}
	_ = o.Close()

	// A lost browser: the session is not kept.
	s, err := Connect(ctx, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.proc.cmd.Process.Pid; got != pids[0] {
		t.Errorf("pid %d, want the kept %d", got, pids[0])
	}
	s.lose("test", ErrBrowserLost)
	_ = s.Close()
	s, err = Connect(ctx, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.proc.cmd.Process.Pid == pids[0] {
		t.Error("the server of a lost browser was kept")
	}
	_ = s.Close()

	// A kept server that ends while idle is passed over.
	kept.Lock()
	list := kept.idle[key]
	kept.Unlock()
	if len(list) != 1 {
		t.Fatalf("%d idle servers, want 1", len(list))
	}
	dead := list[0].proc.cmd.Process.Pid
	_ = list[0].proc.cmd.Process.Kill()
	<-list[0].proc.exited
	s, err = Connect(ctx, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.proc.cmd.Process.Pid == dead {
		t.Error("Connect leased a kept server that had ended")
	}
	if _, err := s.CallTool(ctx, ToolNavigate, map[string]any{"url": page.URL}); err != nil {
		t.Errorf("on the server started in its place: %v", err)
	}
	_ = s.Close()

	release()
	if left := processesMarked(t, mark); len(left) > 0 {
		t.Errorf("after release: processes %v still run", left)
	}
}
