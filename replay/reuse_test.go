package replay

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
	"github.com/plaintest/plaintest/sandy"
)

// A kept server's run ends with browser_close; the server goes back to the
// pool only when that worked, and never after Close.
func TestReusedCloseKeepsOnlyAServerThatClosedItsBrowser(t *testing.T) {
	for _, tt := range []struct {
		name   string
		result mcptest.Result
		closed bool // ConfigServers.Close ran before
		kept   bool
	}{
		{"browser closed", mcptest.Text("### Result\nNo open tabs."), false, true},
		{"browser_close failed", mcptest.Failure("Target page, context or browser has been closed"), false, false},
		{"servers closed", mcptest.Text("### Result\nNo open tabs."), true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv := mcptest.NewServer("playwright")
			srv.Handle(mcpclient.ToolClose, func(mcptest.Call) mcptest.Result { return tt.result })
			srv.Handle("ping", func(mcptest.Call) mcptest.Result { return mcptest.Text("pong") })
			s, err := srv.Connect(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			c := &ConfigServers{Reuse: true}
			if tt.closed {
				_ = c.Close()
			}
			r := &reused{Session: s, c: c}
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			if n := len(srv.CallsTo(mcpclient.ToolClose)); n != 1 {
				t.Errorf("%d browser_close calls, want 1", n)
			}
			got := c.idleSession(Needs{})
			if (got == s) != tt.kept {
				t.Errorf("kept %v, want %v", got == s, tt.kept)
			}
			_, err = s.CallTool(context.Background(), "ping", nil)
			if stopped := err != nil; stopped == tt.kept {
				t.Errorf("session stopped %v (err %v); want stopped %v", stopped, err, !tt.kept)
			}
			_ = c.Close()
		})
	}
}

// TestReuseKeepsTheServerNotTheBrowser replays a scenario three times
// through the bundled @playwright/mcp with Reuse: one server serves all
// three, and each run starts with no cookie, storage or tab of the one
// before (the page shows what it finds, then sets both; the check fails if
// it found any).
func TestReuseKeepsTheServerNotTheBrowser(t *testing.T) {
	needBrowser(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><title>State</title><p id="s"></p><script>
document.getElementById('s').textContent = 'cookie [' + document.cookie + '] storage [' + localStorage.getItem('k') + ']';
document.cookie = 'a=1; max-age=3600'; localStorage.setItem('k', 'v');
</script>`)
	}))
	defer srv.Close()
	sc, err := sandy.Parse([]byte(fmt.Sprintf(`{"version":"2.1","metadata":{"name":"state"},"steps":[
{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":%q}},
{"step":2,"tool":"mcp__playwright__browser_wait_for","params":{"text":"cookie [] storage [null]"}}]}`, srv.URL)), "state.json")
	if err != nil {
		t.Fatal(err)
	}
	cs := &ConfigServers{Config: &mcpclient.Config{}, Playwright: mcpclient.BundledOptions(defaults.Step, 0), Reuse: true}
	defer cs.Close()
	var sessions []*mcpclient.Session
	servers := ServersFunc(func(ctx context.Context, name string, needs Needs) (ToolCaller, error) {
		tc, err := cs.Open(ctx, name, needs)
		if r, ok := tc.(*reused); ok {
			sessions = append(sessions, r.Session)
		}
		return tc, err
	})
	p := New(servers, &Options{Timeout: 3 * time.Second})
	for i := 1; i <= 3; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		res, err := p.Run(ctx, "state.json", sc)
		cancel()
		if err != nil || !res.Success {
			t.Fatalf("run %d: err %v, result %q: a run saw the state of the one before, or failed", i, err, res.Error)
		}
	}
	if len(sessions) != 3 || sessions[1] != sessions[0] || sessions[2] != sessions[0] {
		t.Fatalf("sessions %v: want one server kept for all three runs", sessions)
	}
	if err := cs.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := sessions[0].CallTool(context.Background(), mcpclient.ToolSnapshot, nil); err == nil {
		t.Errorf("the kept server still answers after Close")
	}
}
