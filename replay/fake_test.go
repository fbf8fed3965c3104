package replay

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// fake is an in-process MCP server with tools that behave like the cases the
// player must handle. It records every call.
type fake struct {
	mu    sync.Mutex
	calls []call
	start time.Time // first call of late_click
	n     map[string]int

	lateAfter  time.Duration // late_click: the target appears this long after the first call
	flakyFails int           // flaky: fails this many times, then succeeds
	readyAfter int           // browser_evaluate: true from this call on
	snapFails  string        // browser_snapshot: fails with this message when set
}

type call struct {
	tool string
	args map[string]any
	at   time.Time
}

func (f *fake) record(name string, args map[string]any) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, call{name, args, time.Now()})
	if f.n == nil {
		f.n = map[string]int{}
	}
	f.n[name]++
	return f.n[name]
}

func (f *fake) callsTo(name string) []call {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []call
	for _, c := range f.calls {
		if c.tool == name {
			out = append(out, c)
		}
	}
	return out
}

func (f *fake) tools() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, c := range f.calls {
		out = append(out, c.tool)
	}
	return out
}

func toJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// server builds the mcp-go server.
func (f *fake) server() *server.MCPServer {
	s := server.NewMCPServer("fake", "1", server.WithToolCapabilities(false))
	add := func(name string, h func(args map[string]any, n int) *mcp.CallToolResult) {
		s.AddTool(mcp.NewTool(name), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			args := req.GetArguments()
			return h(args, f.record(name, args)), nil
		})
	}
	// echo returns its arguments as JSON.
	add("echo", func(args map[string]any, _ int) *mcp.CallToolResult {
		return mcp.NewToolResultText(toJSON(args))
	})
	// json returns args["body"] as the text.
	add("json", func(args map[string]any, _ int) *mcp.CallToolResult {
		s, _ := args["body"].(string)
		return mcp.NewToolResultText(s)
	})
	// fail fails with args["message"].
	add("fail", func(args map[string]any, _ int) *mcp.CallToolResult {
		return mcp.NewToolResultError(fmt.Sprint(args["message"]))
	})
	// late_click fails with Playwright MCP's "does not match" error until
	// lateAfter has passed since its first call.
	add("late_click", func(args map[string]any, _ int) *mcp.CallToolResult {
		f.mu.Lock()
		if f.start.IsZero() {
			f.start = time.Now()
		}
		ready := time.Since(f.start) >= f.lateAfter
		f.mu.Unlock()
		if !ready {
			return mcp.NewToolResultError(fmt.Sprintf("### Error\nError: %q does not match any elements.", args["target"]))
		}
		return mcp.NewToolResultText("### Ran Playwright code\n```js\nawait page.click()\n```")
	})
	// strict fails with a strict-mode violation.
	add("strict", func(args map[string]any, _ int) *mcp.CallToolResult {
		return mcp.NewToolResultError(fmt.Sprintf("### Error\nError: strict mode violation: %q resolved to 2 elements", args["target"]))
	})
	// flaky fails flakyFails times, then succeeds.
	add("flaky", func(_ map[string]any, n int) *mcp.CallToolResult {
		if n <= f.flakyFails {
			return mcp.NewToolResultError(fmt.Sprintf("flaky failure %d", n))
		}
		return mcp.NewToolResultText(`{"ok":true}`)
	})
	// browser_evaluate answers false until its readyAfter-th call.
	add("browser_evaluate", func(_ map[string]any, n int) *mcp.CallToolResult {
		return mcp.NewToolResultText(fmt.Sprintf("### Result\n%t\n### Ran Playwright code\n```js\nawait page.evaluate()\n```", n >= f.readyAfter))
	})
	add("browser_take_screenshot", func(_ map[string]any, _ int) *mcp.CallToolResult {
		return mcp.NewToolResultImage("### Result\nTook a screenshot", base64.StdEncoding.EncodeToString([]byte("\x89PNG fake")), "image/png")
	})
	add("browser_snapshot", func(_ map[string]any, _ int) *mcp.CallToolResult {
		if f.snapFails != "" {
			return mcp.NewToolResultError(f.snapFails)
		}
		return mcp.NewToolResultText("### Page\n- Page URL: http://shop/\n### Snapshot\n```yaml\n- button \"Buy\" [ref=e1]\n```")
	})
	// browser_navigate fails as Chromium does for a URL holding "down" (the
	// site refuses connections) or "slow" (the page never finishes
	// loading), and opens any other.
	add("browser_navigate", func(args map[string]any, _ int) *mcp.CallToolResult {
		url := fmt.Sprint(args["url"])
		switch {
		case strings.Contains(url, "down"):
			return mcp.NewToolResultError(fmt.Sprintf("### Error\nError: page.goto: net::ERR_CONNECTION_REFUSED at %s\nCall log:\n  - navigating to %q", url, url))
		case strings.Contains(url, "slow"):
			return mcp.NewToolResultError(fmt.Sprintf("### Error\nTimeoutError: browserBackend.callTool: Timeout 3000ms exceeded.\nCall log:\n\x1b[2m  - navigating to %q, waiting until \"domcontentloaded\"\x1b[22m", url))
		}
		return mcp.NewToolResultText("### Ran Playwright code\n```js\nawait page.goto('" + url + "');\n```\n### Page\n- Page URL: " + url)
	})
	// Tools that take files: they return their arguments.
	for _, name := range []string{"browser_file_upload", "write_file"} {
		add(name, func(args map[string]any, _ int) *mcp.CallToolResult {
			return mcp.NewToolResultText(toJSON(args))
		})
	}
	// die ends the process: used by the subprocess server only.
	add("die", func(_ map[string]any, _ int) *mcp.CallToolResult {
		os.Exit(3)
		return nil
	})
	return s
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
	s, err := mcpclient.ConnectInProcess(ctx, fs.f.server(), nil)
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
	if err := server.ServeStdio((&fake{}).server()); err != nil {
		os.Exit(1)
	}
}
