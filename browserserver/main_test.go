package browserserver

import (
	"os"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
)

// TestMain holds the shared Playwright driver for the whole run: each test
// starts its own server, with its own browser and options, on one node
// process rather than one each (seconds per test on a loaded machine).
func TestMain(m *testing.M) {
	release := HoldDriver()
	code := m.Run()
	release()
	os.Exit(code)
}

// TestServersShareDriver: two servers at once run on one driver, each with
// its own browser; one closing leaves the other working; the driver stops
// when the last server closes and nothing holds it.
func TestServersShareDriver(t *testing.T) {
	a := newServer(t, nil)
	b := newServer(t, &Options{NoActionSnapshots: true})
	if a.pw != b.pw || a.browser == b.browser {
		t.Fatalf("driver shared %v, browser shared %v: want one driver, two browsers", a.pw == b.pw, a.browser == b.browser)
	}
	base := pages(t, map[string]string{"/": listPage})
	_ = a.Close()
	res := testkit.Call(t, session(t, b), mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	if res.IsError || !strings.Contains(res.Text, "Page URL") {
		t.Fatalf("after the other server closed: %s", res.Text)
	}
	_ = b.Close()
	drivers.Lock()
	refs, running := drivers.refs, drivers.pw != nil
	drivers.Unlock()
	if refs != 0 || !running {
		t.Errorf("after both closed: %d servers on the driver, running %v; want 0, running (held by TestMain)", refs, running)
	}
	release := HoldDriver() // TestMain's hold and this one
	release()
	release() // twice: once only
	drivers.Lock()
	held := drivers.held
	drivers.Unlock()
	if held != 1 {
		t.Errorf("held %d after a hold released twice, want 1 (TestMain's)", held)
	}
}
