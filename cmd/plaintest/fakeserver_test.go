package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/plaintest/plaintest/mcpclient"
)

// fakeServerEnv makes this test binary act as a tiny Playwright-like MCP
// server over stdio that dies on its first click: the "server crashes
// mid-run" fixture.
const fakeServerEnv = "PLAINTEST_TEST_FAKE_MCP"

// fakeLogEnv, when set, names a file the fake server appends a line to as it
// starts ("start") and for each tool call (the tool's name), so a test can
// tell what ran.
const fakeLogEnv = "PLAINTEST_TEST_FAKE_MCP_LOG"

const loginSnapshot = "### Page\n- Page URL: http://shop.test/login\n### Snapshot\n```yaml\n" +
	"- generic [ref=e1]:\n  - textbox \"Username\" [ref=e2]\n  - button \"Log in\" [ref=e3]\n```\n"

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
	s.AddTool(mcp.NewTool("browser_navigate", mcp.WithString("url")), text("### Ran Playwright code\n```js\nawait page.goto('x');\n```"))
	s.AddTool(mcp.NewTool("browser_snapshot"), text(loginSnapshot))
	s.AddTool(mcp.NewTool("browser_type", mcp.WithString("target"), mcp.WithString("text"), mcp.WithString("element")), text("### Ran Playwright code\n```js\nawait page.getByRole('textbox', { name: 'Username' }).fill('demo');\n```"))
	s.AddTool(mcp.NewTool("browser_click", mcp.WithString("target"), mcp.WithString("element")),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			os.Exit(7)
			return nil, nil
		})
	_ = server.ServeStdio(s)
}
