package browserserver

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
)

// TestHoldBrowsers: while held, servers share one browser, each session in
// a context of its own; a server's Close leaves the browser to the others
// and no context of its own in it (not even the one made ahead for a next
// session); a shared browser that has gone is launched again; release
// closes it. Without a hold, each server has its own browser
// (TestServersShareDriver).
func TestHoldBrowsers(t *testing.T) {
	release := HoldBrowsers()
	defer release()
	a := newServer(t, nil)
	b := newServer(t, &Options{NoActionSnapshots: true})
	if a.browser != b.browser || !a.sharedBrowser || !b.sharedBrowser {
		t.Fatalf("browser shared %v (%v, %v): want one browser", a.browser == b.browser, a.sharedBrowser, b.sharedBrowser)
	}
	base := pages(t, map[string]string{"/": listPage})
	sa, sb := session(t, a), session(t, b)
	for _, s := range []*mcpclient.Session{sa, sb} {
		if res := testkit.Call(t, s, mcpclient.ToolNavigate, map[string]any{"url": base + "/"}); res.IsError {
			t.Fatalf("navigate: %s", res.Text)
		}
	}
	browser := a.browser
	_ = a.Close()
	if !browser.IsConnected() {
		t.Fatal("a server's Close closed the shared browser")
	}
	if res := testkit.Call(t, sb, mcpclient.ToolSnapshot, nil); res.IsError || !strings.Contains(res.Text, "Page URL") {
		t.Fatalf("after the other server closed: %s", res.Text)
	}
	_ = b.Close()
	if n := len(browser.Contexts()); n != 0 {
		t.Errorf("%d contexts left in the shared browser after its servers closed, want 0", n)
	}
	// Gone (here closed; killed or crashed alike): the next server gets
	// a new one.
	_ = browser.Close()
	c := newServer(t, nil)
	if c.browser == browser || !c.browser.IsConnected() {
		t.Fatal("a server after the shared browser went got the gone one")
	}
	if res := testkit.Call(t, session(t, c), mcpclient.ToolNavigate, map[string]any{"url": base + "/"}); res.IsError {
		t.Fatalf("navigate on the new shared browser: %s", res.Text)
	}
	_ = c.Close()
	release()
	if c.browser.IsConnected() {
		t.Error("release left the shared browser running")
	}
	release() // twice: once only
	d := newServer(t, nil)
	if d.sharedBrowser {
		t.Error("a server after release shares a browser")
	}
}
