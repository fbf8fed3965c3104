package replay

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/mcpclient"
)

// TestBusyPageStepEndsAtTheBound: a step whose page runs a script that
// never yields ends at its call's bound, through either browser server,
// instead of holding the run for ever. The built-in server fails the step
// saying so (its bound set short here); with @playwright/mcp the session
// gives up at its bound (at least its navigation and action timeouts with
// defaults.CallSlack, shorter here than its own 30 s), and the run ends
// with the server's error.
func TestBusyPageStepEndsAtTheBound(t *testing.T) {
	needBrowser(t)
	// The bound leaves room for the first navigation, which starts the
	// browser, on a loaded machine; a quiet page is opened first so the
	// busy page's own navigation does not pay for the start.
	const builtinBound = 12 * time.Second
	const margin = 10 * time.Second // closing the page, on a loaded machine
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/quiet" {
			fmt.Fprint(w, `<!doctype html><title>Quiet</title><p>Quiet</p>`)
			return
		}
		fmt.Fprint(w, `<!doctype html><title>Busy</title><p>Soon busy</p><script>addEventListener("load", () => setTimeout(() => { while (true) {} }, 1000))</script>`)
	}))
	defer site.Close()
	src := scenario("", fmt.Sprintf(`[
		{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":%q}},
		{"step":2,"tool":"mcp__playwright__browser_navigate","params":{"url":%q}},
		{"step":3,"tool":"sandy__wait","params":{"duration":2}},
		{"step":4,"tool":"mcp__playwright__browser_snapshot","params":{}}]`, site.URL+"/quiet", site.URL))
	bs, err := browserserver.New(&browserserver.Options{NoActionSnapshots: true, CallTimeout: builtinBound})
	if err != nil {
		testenv.Missing(t, "%v", err)
	}
	defer bs.Close()
	pw := mcpclient.BundledOptions(time.Second, 2*time.Second)
	for _, tc := range []struct {
		name    string
		servers Servers
		bound   time.Duration
		// check checks the run's end: a failed step, or its error.
		check func(t *testing.T, err error, failed int, msg string)
	}{
		{"builtin", ServersFunc(func(ctx context.Context, _ string, _ Needs) (ToolCaller, error) { return bs.Connect(ctx, nil) }),
			builtinBound, func(t *testing.T, err error, failed int, msg string) {
				if err != nil || failed != 4 || !strings.Contains(msg, "browser_snapshot did not answer within 12s: the page may be running a script that never yields") {
					t.Errorf("err %v, failed step %d, error %q; want step 4 failed at the bound", err, failed, msg)
				}
			}},
		{"playwright-mcp", &ConfigServers{Config: &mcpclient.Config{}, Playwright: pw, Session: &mcpclient.Options{CallTimeout: time.Second}},
			2*time.Second + time.Second + 15*time.Second, func(t *testing.T, err error, failed int, msg string) {
				if !errors.Is(err, mcpclient.ErrUnavailable) || failed != 4 || !strings.Contains(msg, "no answer within 18s") ||
					!strings.Contains(msg, "a script that never yields") {
					t.Errorf("err %v, failed step %d, error %q; want step 4 ended at the bound", err, failed, msg)
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if c, ok := tc.servers.(interface{ Close() error }); ok {
				defer c.Close()
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			res, err := New(tc.servers, nil).Run(ctx, "busy.json", parse(t, src))
			tc.check(t, err, res.FailedStep, res.Error)
			if len(res.Steps) < 4 {
				t.Fatalf("%d steps ran", len(res.Steps))
			}
			if took := res.Steps[3].Duration; took < tc.bound || took > tc.bound+margin {
				t.Errorf("the snapshot step took %v, want its bound %v and at most %v more", took, tc.bound, margin)
			}
		})
	}
}
