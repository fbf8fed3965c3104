package browserserver

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/testkit"
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
// never yields ends at the server's own CallTimeout with an error saying
// so, and the session's next call works on a fresh page: the server is not
// left wedged.
func TestBusyPageCallsEndAtTheBound(t *testing.T) {
	const bound = 4 * time.Second
	const margin = 10 * time.Second // closing the page, on a loaded machine
	base := pages(t, busyPages)
	s := newServer(t, &Options{CallTimeout: bound})
	sess, err := s.Connect(context.Background(), &mcpclient.Options{CallTimeout: time.Minute})
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
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/click"})
	snap := testkit.Call(t, sess, mcpclient.ToolSnapshot, nil)
	busy(mcpclient.ToolClick, map[string]any{"target": refOf(t, snap.Snapshot, "button", "Spin"), "element": "Spin"})
	if res := testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/later"}); res.IsError {
		t.Fatalf("after the bound, navigate: %s", res.Text)
	}
	time.Sleep(3 * time.Second)
	busy(mcpclient.ToolSnapshot, nil)
	res := testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	if res.IsError || !strings.Contains(res.Snapshot, "Calm") {
		t.Errorf("after the bound, navigate: %s", res.Text)
	}
}

// TestClientDeadlineKeepsThePage: a client that stops waiting before the
// server's bound is answered at its deadline, and its page is not closed
// then (a client's deadline may be a short wait for a late element): a
// call that ends after it leaves the page as it was, and one whose page
// never yields is ended at the server's bound, after which the next call
// works.
func TestClientDeadlineKeepsThePage(t *testing.T) {
	const client, server = 2 * time.Second, 6 * time.Second
	const margin = 10 * time.Second
	base := pages(t, map[string]string{
		"/":      `<h1>Calm</h1>`,
		"/click": `<button onclick="while (true) {}">Spin</button>`,
		"/slow":  `<input id=q><button onclick="const end = Date.now() + 3000; while (Date.now() < end) {} document.getElementById('q').value = 'done'">Slow</button>`,
	})
	s := newServer(t, &Options{CallTimeout: server})
	sess, err := s.Connect(context.Background(), &mcpclient.Options{CallTimeout: client})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sess.Close() })
	stopped := func(tool string, args map[string]any) {
		t.Helper()
		start := time.Now()
		res, err := sess.CallTool(context.Background(), tool, args)
		if took := time.Since(start); took > client+margin {
			t.Errorf("%s answered after %v, want about the client's %v", tool, took, client)
		}
		if err == nil && !res.IsError {
			t.Errorf("%s: %q, want a failure at the client's deadline", tool, res.Text)
		}
	}
	// ready is a call that sets the page up: on a loaded machine it may
	// outlast the client's 2 s, so it is asked again until it answers.
	ready := func(tool string, args map[string]any) *mcpclient.Result {
		t.Helper()
		for until := time.Now().Add(time.Minute); ; {
			res, err := sess.CallTool(context.Background(), tool, args)
			if err == nil && !res.IsError {
				return res
			}
			if time.Now().After(until) {
				t.Fatalf("%s did not answer within the client's %v for a minute: %v %v", tool, client, err, res)
			}
		}
	}
	// A click whose handler takes 3 s: the client stops waiting at 2 s;
	// the page is kept, and the handler's work is there after it.
	ready(mcpclient.ToolNavigate, map[string]any{"url": base + "/slow"})
	snap := ready(mcpclient.ToolSnapshot, nil)
	stopped(mcpclient.ToolClick, map[string]any{"target": refOf(t, snap.Snapshot, "button", "Slow"), "element": "Slow"})
	// The page may still be in the handler's last second when asked,
	// longer than the client waits on a loaded machine: asked again
	// until the server's bound.
	var res *mcpclient.Result
	for until := time.Now().Add(server); ; {
		var err error
		res, err = sess.CallTool(context.Background(), mcpclient.ToolEvaluate, map[string]any{"function": "() => document.getElementById('q').value"})
		if err == nil && !res.IsError || time.Now().After(until) {
			if err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	if res.IsError || !strings.Contains(res.Value, "done") {
		t.Errorf("after the client stopped waiting, the page reads %q %s, want the slow click's work kept", res.Value, res.Text)
	}
	// A click that never ends: the client stops at 2 s, the server ends it
	// at 6 s by closing its page, and the next call works.
	ready(mcpclient.ToolNavigate, map[string]any{"url": base + "/click"})
	snap = ready(mcpclient.ToolSnapshot, nil)
	start := time.Now()
	stopped(mcpclient.ToolClick, map[string]any{"target": refOf(t, snap.Snapshot, "button", "Spin"), "element": "Spin"})
	for {
		res, err := sess.CallTool(context.Background(), mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
		if err == nil && !res.IsError && strings.Contains(res.Snapshot, "Calm") {
			break
		}
		if time.Since(start) > server+margin {
			t.Fatalf("no call worked %v after a click that never ends: %v %v", time.Since(start), err, res)
		}
	}
	if took := time.Since(start); took < server {
		t.Errorf("the next call worked after %v, before the server's bound %v closed the page", took, server)
	}
}
