package replay

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// fake is an in-process MCP server with tools that behave like the cases the
// player must handle. Its server records every call.
type fake struct {
	once sync.Once
	srv  *mcptest.Server

	mu    sync.Mutex
	start time.Time // first call of late_click

	lateAfter  time.Duration // late_click: the target appears this long after the first call
	flakyFails int           // flaky: fails this many times, then succeeds
	evalErrors int           // browser_evaluate: fails this many times first
	readyAfter int           // browser_evaluate: true from this call on
	snapFails  string        // browser_snapshot: fails with this message when set
	clickHides int           // browser_click: times out (its target hidden) this many times first
	hook       func()        // hook: called by the tool, when set
}

// callsTo returns the calls of the tool called name, in order.
func (f *fake) callsTo(name string) []mcptest.Call { return f.server().CallsTo(name) }

// tools returns the tools called, one per call, in order.
func (f *fake) tools() []string { return f.server().Tools() }

func toJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// server returns the fake's server, built on first use.
func (f *fake) server() *mcptest.Server {
	f.once.Do(func() { f.srv = f.build() })
	return f.srv
}

func (f *fake) build() *mcptest.Server {
	s := mcptest.NewServer("fake")
	// echo returns its arguments as JSON.
	s.Handle("echo", func(c mcptest.Call) mcptest.Result {
		return mcptest.Text(toJSON(c.Args))
	})
	// json returns args["body"] as the text.
	s.Handle("json", func(c mcptest.Call) mcptest.Result {
		body, _ := c.Args["body"].(string)
		return mcptest.Text(body)
	})
	// fail fails with args["message"].
	s.Handle("fail", func(c mcptest.Call) mcptest.Result {
		return mcptest.Error(fmt.Sprint(c.Args["message"]))
	})
	// late_click fails with Playwright MCP's "does not match" error until
	// lateAfter has passed since its first call.
	s.Handle("late_click", func(c mcptest.Call) mcptest.Result {
		if !f.ready() {
			return mcptest.NoMatch(fmt.Sprint(c.Args["target"]))
		}
		return mcptest.Playwright{Code: "await page.click()"}.Result()
	})
	// browser_tabs selects tab 1 only once lateAfter has passed since the
	// first late call: before, it fails as @playwright/mcp does for a tab
	// not open yet.
	s.Handle("browser_tabs", func(c mcptest.Call) mcptest.Result {
		if !f.ready() {
			return mcptest.Error(fmt.Sprintf("Error: Tab %v not found", c.Args["index"]))
		}
		return mcptest.Playwright{Code: "// switched"}.Result()
	})
	// browser_handle_dialog answers a dialog only once lateAfter has
	// passed since the first late call: before, it fails as both servers
	// do when no dialog is open (a page's timer opens it).
	s.Handle(mcpclient.ToolHandleDialog, func(c mcptest.Call) mcptest.Result {
		if !f.ready() {
			return mcptest.Error(`Error: The tool "browser_handle_dialog" can only be used when there is related modal state present.`)
		}
		return mcptest.Playwright{Code: "// accepted"}.Result()
	})
	// strict fails with a strict-mode violation.
	s.Handle("strict", func(c mcptest.Call) mcptest.Result {
		return mcptest.Strict(fmt.Sprint(c.Args["target"]), 2)
	})
	// flaky fails flakyFails times, then succeeds.
	s.Handle("flaky", func(c mcptest.Call) mcptest.Result {
		if c.N <= f.flakyFails {
			return mcptest.Error(fmt.Sprintf("flaky failure %d", c.N))
		}
		return mcptest.Text(`{"ok":true}`)
	})
	// browser_evaluate fails its first evalErrors calls, then answers
	// false until its readyAfter-th call.
	s.Handle(mcpclient.ToolEvaluate, func(c mcptest.Call) mcptest.Result {
		if c.N <= f.evalErrors {
			return mcptest.Playwright{Error: "Error: Execution context was destroyed, most likely because of a navigation"}.Result()
		}
		return mcptest.Playwright{Value: fmt.Sprint(c.N >= f.readyAfter), Code: "await page.evaluate()"}.Result()
	})
	// evaluate_script answers as chrome-devtools-mcp does, false until its
	// readyAfter-th call.
	s.Handle("evaluate_script", func(c mcptest.Call) mcptest.Result {
		return mcptest.Text(fmt.Sprintf("Script ran on page and returned:\n```json\n%v\n```", c.N >= f.readyAfter))
	})
	// browser_hover passes; browser_click times out as Playwright does for
	// a target that stays hidden, its first clickHides calls.
	s.Handle(step.ToolHover, func(mcptest.Call) mcptest.Result {
		return mcptest.Playwright{Code: "await page.hover()"}.Result()
	})
	s.Handle(step.ToolClick, func(c mcptest.Call) mcptest.Result {
		if c.N <= f.clickHides {
			return mcptest.Playwright{Error: "TimeoutError: Timeout 5000ms exceeded."}.Result()
		}
		return mcptest.Playwright{Code: "await page.click()"}.Result()
	})
	s.Handle(mcpclient.ToolScreenshot, func(mcptest.Call) mcptest.Result {
		return mcptest.Screenshot([]byte("\x89PNG fake"))
	})
	s.Handle(mcpclient.ToolSnapshot, func(mcptest.Call) mcptest.Result {
		if f.snapFails != "" {
			return mcptest.Error(f.snapFails)
		}
		return mcptest.Playwright{PageURL: "http://shop/", Snapshot: `- button "Buy" [ref=e1]`}.Result()
	})
	// browser_navigate fails as Chromium does for a URL holding "down" (the
	// site refuses connections) or "slow" (the page never finishes
	// loading), and opens any other.
	s.Handle(mcpclient.ToolNavigate, func(c mcptest.Call) mcptest.Result {
		url := fmt.Sprint(c.Args["url"])
		switch {
		case strings.Contains(url, "down"):
			return mcptest.NetError("ERR_CONNECTION_REFUSED", url)
		case strings.Contains(url, "slow"):
			return mcptest.Playwright{Error: fmt.Sprintf("TimeoutError: browserBackend.callTool: Timeout 3000ms exceeded.\nCall log:\n\x1b[2m  - navigating to %q, waiting until \"domcontentloaded\"\x1b[22m", url)}.Result()
		}
		return mcptest.Navigated(url)
	})
	// Tools that take files: they return their arguments.
	for _, name := range []string{"browser_file_upload", "write_file"} {
		s.Handle(name, func(c mcptest.Call) mcptest.Result {
			return mcptest.Text(toJSON(c.Args))
		})
	}
	// hook calls f.hook: what a test does between two steps.
	s.Handle("hook", func(mcptest.Call) mcptest.Result {
		if f.hook != nil {
			f.hook()
		}
		return mcptest.Text("{}")
	})
	// die ends the process: used by the subprocess server only.
	s.Handle("die", func(mcptest.Call) mcptest.Result {
		os.Exit(3)
		return mcptest.Result{}
	})
	return s
}

// ready reports whether lateAfter has passed since the first late call
// (late_click, browser_tabs).
func (f *fake) ready() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.start.IsZero() {
		f.start = time.Now()
	}
	return time.Since(f.start) >= f.lateAfter
}

// closeCounter wraps a session to count Close calls.
type closeCounter struct {
	ToolCaller
	closed *int
	mu     *sync.Mutex
}

func (c closeCounter) Close() error {
	c.mu.Lock()
	*c.closed++
	c.mu.Unlock()
	return c.ToolCaller.(interface{ Close() error }).Close()
}

// servers opens in-process sessions to f for any server name and records
// the names opened, what each run needed, and the sessions closed.
type fakeServers struct {
	f      *fake
	mu     sync.Mutex
	opened []string
	needs  []Needs
	closed int
}

func (fs *fakeServers) Open(ctx context.Context, name string, needs Needs) (ToolCaller, error) {
	s, err := fs.f.server().Connect(ctx)
	if err != nil {
		return nil, err
	}
	fs.mu.Lock()
	fs.opened = append(fs.opened, name)
	fs.needs = append(fs.needs, needs)
	fs.mu.Unlock()
	return closeCounter{ToolCaller: s, closed: &fs.closed, mu: &fs.mu}, nil
}

// parse builds a scenario from JSON, failing the test when it is invalid.
func parse(t testing.TB, src string) *sandy.Scenario {
	t.Helper()
	sc, err := sandy.Parse([]byte(src), "test.json")
	if err != nil {
		t.Fatalf("parse scenario: %v", err)
	}
	return sc
}

// scenario wraps steps (a JSON array) and variables (a JSON object) in a
// scenario document.
func scenario(vars, steps string) string {
	if vars == "" {
		vars = "{}"
	}
	return fmt.Sprintf(`{"version":"2.1","metadata":{"name":"test"},"variables":%s,"steps":%s}`, vars, steps)
}

// play runs src against a fresh fake with opts and returns the result.
func play(t *testing.T, f *fake, opts *Options, src string) (*fakeServers, *report.RunResult, error) {
	t.Helper()
	fs := &fakeServers{f: f}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := New(fs, opts).Run(ctx, "test.json", parse(t, src))
	if res == nil {
		t.Fatalf("Run returned a nil result (err %v)", err)
	}
	return fs, res, err
}

// serveStdio serves the fake tools on stdin/stdout until stdin closes.
func serveStdio() {
	if err := (&fake{}).server().ServeStdio(); err != nil {
		os.Exit(1)
	}
}
