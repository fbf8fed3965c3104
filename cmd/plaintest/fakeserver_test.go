package main

import (
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/plaintest/plaintest/mcpclient"
)

// fakeServerEnv makes this test binary act as a tiny Playwright-like MCP
// server over stdio (see serveFake).
const fakeServerEnv = "PLAINTEST_TEST_FAKE_MCP"

// fakeLogEnv, when set, names a file the fake server appends a line to as it
// starts ("start") and for each tool call (the tool's name), so a test can
// tell what ran.
const fakeLogEnv = "PLAINTEST_TEST_FAKE_MCP_LOG"

const loginSnapshot = "### Page\n- Page URL: http://shop.test/login\n### Snapshot\n```yaml\n" +
	"- generic [ref=e1]:\n  - textbox \"Username\" [ref=e2]\n  - button \"Log in\" [ref=e3]\n```\n"

// evilSnapshot is a page whose accessible names carry terminal escapes (a
// window title change, a colour) and a bidi override, escaped as
// @playwright/mcp writes them (JSON).
const evilSnapshot = "### Page\n- Page URL: http://shop.test/evil\n### Snapshot\n```yaml\n" +
	"- generic [ref=e1]:\n  - textbox \"Name\\u001b]0;pwned\\u0007\" [ref=e2]\n  - button \"Log in\\u001b[31m\" [ref=e3]\n" +
	"  - link \"Help \\u202Etxt.exe\" [ref=e4]\n```\n"

func TestMain(m *testing.M) {
	if os.Getenv(fakeServerEnv) != "" {
		serveFake()
		return
	}
	// Tests change directory; the pinned @playwright/mcp stays findable.
	if os.Getenv(mcpclient.EnvPlaywrightMCP) == "" {
		if root, err := filepath.Abs(filepath.Join("..", "..")); err == nil {
			os.Setenv(mcpclient.EnvPlaywrightMCP, root)
		}
	}
	os.Exit(m.Run())
}

// serveFake serves the fake: navigation remembers the URL, percent-encoded
// as a browser shows it; the snapshot is the login page (evilSnapshot under
// /evil) with that URL; a hover fails with an error that quotes the URL and
// carries a title-changing escape and @playwright/mcp's colours; the first
// click kills the server (the "server crashes mid-run" fixture).
func serveFake() {
	logLine := func(line string) {
		if p := os.Getenv(fakeLogEnv); p != "" {
			f, err := os.OpenFile(p, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
			if err == nil {
				f.WriteString(line + "\n")
				f.Close()
			}
		}
	}
	logLine("start")
	s := server.NewMCPServer("fake-playwright", "0", server.WithToolHandlerMiddleware(
		func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
			return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				logLine(req.Params.Name)
				return next(ctx, req)
			}
		}))
	text := func(t string) server.ToolHandlerFunc {
		return func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText(t), nil
		}
	}
	var mu sync.Mutex
	page := "http://shop.test/login"
	s.AddTool(mcp.NewTool("browser_navigate", mcp.WithString("url")),
		func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			mu.Lock()
			defer mu.Unlock()
			page = strings.ReplaceAll(req.GetString("url", ""), " ", "%20")
			return mcp.NewToolResultText(fmt.Sprintf("### Ran Playwright code\n```js\nawait page.goto('%s');\n```\n### Page\n- Page URL: %s\n", page, page)), nil
		})
	s.AddTool(mcp.NewTool("browser_snapshot"),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			mu.Lock()
			defer mu.Unlock()
			if strings.Contains(page, "/evil") {
				return mcp.NewToolResultText(evilSnapshot), nil
			}
			return mcp.NewToolResultText(strings.Replace(loginSnapshot, "http://shop.test/login", page, 1)), nil
		})
	s.AddTool(mcp.NewTool("browser_hover", mcp.WithString("target"), mcp.WithString("element")),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			mu.Lock()
			defer mu.Unlock()
			return mcp.NewToolResultError("### Error\nError: locator.hover: Timeout 5000ms exceeded on " + page + "\x1b]0;pwned\x07\r\n" +
				"Call log:\n\x1b[2m  - waiting for locator\x1b[22m\n"), nil
		})
	s.AddTool(mcp.NewTool("browser_take_screenshot"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultImage("### Result\nTook a screenshot", base64.StdEncoding.EncodeToString([]byte("\x89PNG fake")), "image/png"), nil
	})
	s.AddTool(mcp.NewTool("browser_type", mcp.WithString("target"), mcp.WithString("text"), mcp.WithString("element")), text("### Ran Playwright code\n```js\nawait page.getByRole('textbox', { name: 'Username' }).fill('demo');\n```"))
	s.AddTool(mcp.NewTool("browser_click", mcp.WithString("target"), mcp.WithString("element")),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			os.Exit(7)
			return nil, nil
		})
	_ = server.ServeStdio(s)
}
