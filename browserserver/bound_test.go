package browserserver

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/mcpclient"
)

// busyPages are pages whose script never yields: at a click, and a while
// after they load.
var busyPages = map[string]string{
	"/":      `<h1>Calm</h1>`,
	"/click": `<button onclick="while (true) {}">Spin</button>`,
	"/later": `<p>Soon busy</p><script>addEventListener("load", () => setTimeout(() => { while (true) {} }, 2000))</script>`,
}

// TestBusyPageCallsEndAtTheBound: a call whose page runs a script that
// never yields ends at the call's bound (the client's deadline, or the
// server's own CallTimeout) with an error saying so, and the session's
// next call works on a fresh page: the server is not left wedged.
func TestBusyPageCallsEndAtTheBound(t *testing.T) {
	const bound = 4 * time.Second
	const margin = 10 * time.Second // closing the page, on a loaded machine
	base := pages(t, busyPages)
	for _, tc := range []struct {
		name    string
		server  *Options
		session *mcpclient.Options
	}{
		{"client deadline", nil, &mcpclient.Options{CallTimeout: bound}},
		{"server bound", &Options{CallTimeout: bound}, &mcpclient.Options{CallTimeout: time.Minute}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newServer(t, tc.server)
			sess, err := s.Connect(context.Background(), tc.session)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = sess.Close() })
			busy := func(tool string, args map[string]any) {
				t.Helper()
				start := time.Now()
				res, err := sess.CallTool(context.Background(), tool, args)
				took := time.Since(start)
				if err != nil {
					t.Fatalf("%s: %v after %v, want a failed call", tool, err, took)
				}
				if !res.IsError || !strings.Contains(res.Error, tool+" did not answer within 4s: the page may be running a script that never yields") {
					t.Errorf("%s: got %q, want its bound named", tool, res.Text)
				}
				if res.PageLost() != "" || res.TimedOut() {
					t.Errorf("%s: %q reads as a lost page (%q) or Playwright's own timeout (%v)", tool, res.Error, res.PageLost(), res.TimedOut())
				}
				if took < bound || took > bound+margin {
					t.Errorf("%s took %v, want the bound %v (and at most %v more)", tool, took, bound, margin)
				}
			}
			call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/click"})
			snap := call(t, sess, mcpclient.ToolSnapshot, nil)
			busy(mcpclient.ToolClick, map[string]any{"target": refOf(t, snap.Snapshot, "button", "Spin"), "element": "Spin"})
			if tc.server != nil {
				return // the one bound, either way; the snapshot's is the same
			}
			if res := call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/later"}); res.IsError {
				t.Fatalf("after the bound, navigate: %s", res.Text)
			}
			time.Sleep(3 * time.Second)
			busy(mcpclient.ToolSnapshot, nil)
			res := call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
			if res.IsError || !strings.Contains(res.Snapshot, "Calm") {
				t.Errorf("after the bound, navigate: %s", res.Text)
			}
		})
	}
}
