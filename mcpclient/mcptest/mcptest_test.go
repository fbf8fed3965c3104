package mcptest_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
)

// newEcho is the fake the tests serve, in process and over stdio: echo
// answers its "text" argument and the call's number.
func newEcho() *mcptest.Server {
	s := mcptest.NewServer("echo")
	s.Handle("echo", func(c mcptest.Call) mcptest.Result {
		return mcptest.Text(fmt.Sprintf("%v #%d", c.Args["text"], c.N))
	})
	s.Handle("exit", func(mcptest.Call) mcptest.Result {
		os.Exit(3)
		return mcptest.Result{}
	})
	return s
}

func TestMain(m *testing.M) {
	if mcptest.Serving() {
		if err := newEcho().ServeStdio(); err != nil {
			os.Exit(1)
		}
		return
	}
	os.Exit(m.Run())
}

func connect(t *testing.T, s *mcptest.Server) *mcpclient.Session {
	t.Helper()
	sess, err := s.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	return sess
}

// TestCallsRecorded: every call is recorded in order, across sessions,
// numbered per tool; a tool the server lacks is refused, not recorded.
func TestCallsRecorded(t *testing.T) {
	s := newEcho()
	s.Handle("other", func(mcptest.Call) mcptest.Result { return mcptest.Error("no") })
	ctx := context.Background()
	a, b := connect(t, s), connect(t, s)
	for i, sess := range []*mcpclient.Session{a, b, a} {
		r, err := sess.CallTool(ctx, "echo", map[string]any{"text": i})
		if err != nil || r.Text != fmt.Sprintf("%d #%d", i, i+1) {
			t.Fatalf("call %d: %+v, %v", i, r, err)
		}
	}
	r, err := b.CallTool(ctx, "other", nil)
	if err != nil || !r.IsError || r.Error != "no" {
		t.Errorf("other: %+v, %v: want a failed result saying no", r, err)
	}
	if _, err := a.CallTool(ctx, "missing", nil); !errors.Is(err, mcpclient.ErrRejected) {
		t.Errorf("missing tool: err %v, want ErrRejected", err)
	}
	if got, want := s.Tools(), []string{"echo", "echo", "echo", "other"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Tools() = %v, want %v", got, want)
	}
	calls := s.CallsTo("echo")
	if len(calls) != 3 || calls[2].N != 3 || calls[2].Args["text"] != float64(2) || calls[2].At.Before(calls[0].At) {
		t.Errorf("CallsTo(echo) = %+v", calls)
	}
	if c := s.CallsTo("other"); len(c) != 1 || c[0].N != 1 || len(c[0].Args) != 0 || c[0].Args == nil {
		t.Errorf("CallsTo(other) = %+v, want one call with empty, non-nil arguments", c)
	}
}

// TestPlaywrightShapes: what the builders write, mcpclient reads back into
// the fields and answers they stand for.
func TestPlaywrightShapes(t *testing.T) {
	png := []byte("\x89PNG fake")
	for _, tt := range []struct {
		name  string
		res   mcptest.Result
		check func(r *mcpclient.Result) bool
	}{
		{"snapshot", mcptest.Playwright{PageURL: "http://shop.test/", PageTitle: "Shop", Snapshot: "- button \"Buy\" [ref=e1]\n"}.Result(),
			func(r *mcpclient.Result) bool {
				return !r.IsError && r.PageURL == "http://shop.test/" && r.PageTitle == "Shop" && r.Snapshot == "- button \"Buy\" [ref=e1]"
			}},
		{"value and code", mcptest.Playwright{Value: "true", Code: "await page.evaluate('() => true');"}.Result(),
			func(r *mcpclient.Result) bool {
				return r.Value == "true" && r.Code == "await page.evaluate('() => true');"
			}},
		{"navigated", mcptest.Navigated("http://shop.test/login"),
			func(r *mcpclient.Result) bool {
				return r.PageURL == "http://shop.test/login" && r.Code == "await page.goto('http://shop.test/login');"
			}},
		{"screenshot", mcptest.Screenshot(png),
			func(r *mcpclient.Result) bool {
				return !r.IsError && len(r.Images) == 1 && string(r.Images[0].Data) == string(png) && r.Images[0].MIMEType == "image/png"
			}},
		{"no match", mcptest.NoMatch(`internal:role=button[name="Pay"i]`),
			func(r *mcpclient.Result) bool {
				return r.NoMatch() && r.ErrorLine() == `"internal:role=button[name="Pay"i]" does not match any elements.`
			}},
		{"strict", mcptest.Strict("internal:role=button", 2),
			func(r *mcpclient.Result) bool { return r.SelectorProblem() && !r.NoMatch() }},
		{"timed out", mcptest.TimedOut("locator.click", 5000),
			func(r *mcpclient.Result) bool {
				return r.TimedOut() && r.ErrorLine() == "TimeoutError: locator.click: Timeout 5000ms exceeded."
			}},
		{"net error", mcptest.NetError("ERR_CONNECTION_REFUSED", "http://127.0.0.1:1/"),
			func(r *mcpclient.Result) bool { return r.NetError() == "net::ERR_CONNECTION_REFUSED" && !r.TimedOut() }},
		{"unknown tool", mcptest.UnknownTool("browser_generate_locator"),
			func(r *mcpclient.Result) bool { return r.UnknownTool() }},
		{"failure", mcptest.Failure("cannot type\nCall log:"),
			func(r *mcpclient.Result) bool {
				return r.IsError && r.ErrorLine() == "cannot type" && !r.SelectorProblem()
			}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := mcptest.NewServer("playwright")
			s.Handle("tool", func(mcptest.Call) mcptest.Result { return tt.res })
			r, err := connect(t, s).CallTool(context.Background(), "tool", nil)
			if err != nil {
				t.Fatal(err)
			}
			if !tt.check(r) {
				t.Errorf("read back as %+v from:\n%s", r, tt.res.Text)
			}
		})
	}
}

// TestCrashedLosesTheBrowser: a crash is what mcpclient takes for a lost
// browser: that call and every later one fail with ErrBrowserLost.
func TestCrashedLosesTheBrowser(t *testing.T) {
	s := newEcho()
	s.Handle("crash", func(mcptest.Call) mcptest.Result { return mcptest.Crashed() })
	sess := connect(t, s)
	ctx := context.Background()
	if _, err := sess.CallTool(ctx, "crash", nil); !errors.Is(err, mcpclient.ErrBrowserLost) {
		t.Fatalf("crash: err %v, want ErrBrowserLost", err)
	}
	if _, err := sess.CallTool(ctx, "echo", nil); !errors.Is(err, mcpclient.ErrUnavailable) {
		t.Errorf("after the crash: err %v, want ErrUnavailable", err)
	}
}

// TestCommandServesOverStdio: Command starts this test binary as a stdio
// server of newEcho (see TestMain), which really ends when a tool exits.
func TestCommandServesOverStdio(t *testing.T) {
	sc, err := mcptest.Command("echo", map[string]string{"EXTRA": "1"})
	if err != nil {
		t.Fatal(err)
	}
	if sc.Env[mcptest.ServeEnv] == "" || sc.Env["EXTRA"] != "1" {
		t.Errorf("env %v, want %s and EXTRA", sc.Env, mcptest.ServeEnv)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sess, err := mcpclient.Connect(ctx, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	if r, err := sess.CallTool(ctx, "echo", map[string]any{"text": "hi"}); err != nil || r.Text != "hi #1" {
		t.Fatalf("echo over stdio: %+v, %v", r, err)
	}
	if _, err := sess.CallTool(ctx, "exit", nil); !errors.Is(err, mcpclient.ErrUnavailable) {
		t.Errorf("a server that exits mid-call: err %v, want ErrUnavailable", err)
	}
}

// A fake browser page: browser_snapshot answers as @playwright/mcp does,
// and a click on anything but the Buy button fails as it would.
func Example() {
	s := mcptest.NewServer("playwright")
	s.Handle(mcpclient.ToolSnapshot, func(mcptest.Call) mcptest.Result {
		return mcptest.Playwright{PageURL: "http://shop.test/", Snapshot: `- button "Buy" [ref=e1]`}.Result()
	})
	s.Handle(mcpclient.ToolClick, func(c mcptest.Call) mcptest.Result {
		if c.Args["target"] != "e1" {
			return mcptest.NoMatch(fmt.Sprint(c.Args["target"]))
		}
		return mcptest.Playwright{Code: `await page.getByRole('button', { name: 'Buy' }).click();`}.Result()
	})
	ctx := context.Background()
	sess, err := s.Connect(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer sess.Close()
	snap, _ := sess.CallTool(ctx, mcpclient.ToolSnapshot, nil)
	fmt.Println(snap.PageURL, snap.Snapshot)
	for _, target := range []string{"e1", "text=Sell"} {
		r, _ := sess.CallTool(ctx, mcpclient.ToolClick, map[string]any{"target": target})
		fmt.Printf("%s: failed %v, no match %v, code %q\n", target, r.IsError, r.NoMatch(), r.Code)
	}
	fmt.Println(len(s.CallsTo(mcpclient.ToolClick)), "clicks")
	// Output:
	// http://shop.test/ - button "Buy" [ref=e1]
	// e1: failed false, no match false, code "await page.getByRole('button', { name: 'Buy' }).click();"
	// text=Sell: failed true, no match true, code ""
	// 2 clicks
}
