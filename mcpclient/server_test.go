package mcpclient

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The test binary doubles as a stdio MCP server: run with envHelper set to
// a mode, TestMain serves newTestServer on stdin/stdout instead of running
// the tests.
const envHelper = "MCPCLIENT_TEST_SERVER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(envHelper); mode != "" {
		os.Exit(runHelper(mode))
	}
	os.Exit(m.Run())
}

// runHelper is the helper server's main. Modes:
//
//	stdio  serve at once
//	slow   wait 300ms before serving (a server slow to start)
//	crash  write to stderr and exit 3 before serving
//	orphan start a "sleep" process in a session of its own (as Playwright
//	       starts browsers), say its PID on stderr, then serve
//	sleep  sleep a minute (the orphan; a server that never answers)
func runHelper(mode string) int {
	switch mode {
	case "sleep":
		time.Sleep(time.Minute)
		return 0
	case "orphan":
		exe, err := os.Executable()
		if err != nil {
			return 1
		}
		cmd := exec.Command(exe, "-test.run=^$")
		cmd.Env = append(os.Environ(), envHelper+"=sleep")
		detach(cmd)
		if err := cmd.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "helper:", err)
			return 1
		}
		fmt.Fprintf(os.Stderr, "helper: child pid %d\n", cmd.Process.Pid)
	case "crash":
		fmt.Fprintln(os.Stderr, "helper: loading config")
		fmt.Fprintln(os.Stderr, "helper: fatal: port 9 is taken")
		return 3
	case "slow":
		time.Sleep(300 * time.Millisecond)
	case "stdio":
	default:
		fmt.Fprintf(os.Stderr, "helper: unknown mode %q\n", mode)
		return 2
	}
	fmt.Fprintln(os.Stderr, "helper: serving on stdio")
	if err := stdioServer(newTestServer()).Listen(context.Background(), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "helper:", err)
		return 1
	}
	return 0
}

// stdioServer serves srv over one stream, its logs discarded.
func stdioServer(srv *server.MCPServer) *server.StdioServer {
	s := server.NewStdioServer(srv)
	s.SetErrorLogger(log.New(io.Discard, "", 0))
	return s
}

// helperServer returns the config that runs this test binary as a stdio
// MCP server in the given mode.
func helperServer(t testing.TB, mode string) ServerConfig {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return ServerConfig{
		Name:    "helper",
		Command: exe,
		Args:    []string{"-test.run=^$"},
		Env:     map[string]string{envHelper: mode},
	}
}

// pngPixel is a 1x1 PNG, the image the "image" tool returns.
var pngPixel = []byte{
	0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
	0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
	0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0,
	0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
	0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
}

// newTestServer is the fake MCP server the transport tests talk to.
//
//	echo{text}   returns text
//	fail{text}   returns text as a tool error (isError)
//	image        returns a caption and a PNG
//	page         returns Playwright-style markdown with a snapshot
//	sleep{ms}    waits ms milliseconds, or until the call is cancelled
//	exit{code}   ends the server process at once (stdio helper only)
//	launch       starts a fake browser (a child whose command line holds
//	             --remote-debugging-pipe, as Playwright's do) and returns its
//	             PID (stdio helper only)
//	browser_close  ends the fake browsers it launched
func newTestServer() *server.MCPServer {
	s := server.NewMCPServer("mcpclient-test", "1.0.0", server.WithToolCapabilities(false))
	s.AddTool(mcp.NewTool("echo", mcp.WithDescription("Returns its text."), mcp.WithString("text", mcp.Required())),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText(req.GetString("text", "")), nil
		})
	s.AddTool(mcp.NewTool("fail", mcp.WithString("text")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultError(req.GetString("text", "it failed")), nil
		})
	s.AddTool(mcp.NewTool("image"),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultImage("a pixel", base64.StdEncoding.EncodeToString(pngPixel), "image/png"), nil
		})
	s.AddTool(mcp.NewTool("page"),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{
				mcp.NewTextContent("### Page\n- Page URL: http://shop.test/\n- Page Title: Shop"),
				mcp.NewTextContent("### Snapshot\n```yaml\n- button \"Buy\" [ref=e1]\n```"),
			}}, nil
		})
	s.AddTool(mcp.NewTool("sleep", mcp.WithNumber("ms")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			t := time.NewTimer(time.Duration(req.GetFloat("ms", 0)) * time.Millisecond)
			defer t.Stop()
			select {
			case <-t.C:
				return mcp.NewToolResultText("slept"), nil
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		})
	var browsers []*exec.Cmd
	s.AddTool(mcp.NewTool("launch"),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			exe, err := os.Executable()
			if err != nil || os.Getenv(envHelper) == "" {
				return mcp.NewToolResultError("launch only works in the helper process"), nil
			}
			cmd := exec.Command(exe, "-test.run=^$", "--remote-debugging-pipe")
			cmd.Env = append(os.Environ(), envHelper+"=sleep")
			if err := cmd.Start(); err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			browsers = append(browsers, cmd)
			go cmd.Wait() // reap it when it dies, as Playwright does
			return mcp.NewToolResultText(fmt.Sprint(cmd.Process.Pid)), nil
		})
	s.AddTool(mcp.NewTool("browser_close"),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			for _, b := range browsers {
				_ = b.Process.Kill()
			}
			browsers = nil
			return mcp.NewToolResultText("closed"), nil
		})
	s.AddTool(mcp.NewTool("exit", mcp.WithNumber("code")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if os.Getenv(envHelper) == "" {
				return mcp.NewToolResultError("exit only works in the helper process"), nil
			}
			fmt.Fprintln(os.Stderr, "helper: exiting on request")
			os.Exit(int(req.GetFloat("code", 7)))
			return nil, nil
		})
	return s
}
