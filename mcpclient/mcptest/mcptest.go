// Package mcptest builds fake MCP servers for the tests of other packages,
// so that they need no MCP library of their own. It takes tools as Go
// functions (a Handler gets the Call, its arguments and its number, and
// gives a Result) and gives an *mcpclient.Session connected to them in
// process (Server.Connect), or serves them over stdio from a test binary
// that runs itself as a server (Command, Serving, Server.ServeStdio).
// Playwright writes results as @playwright/mcp does (markdown sections,
// images), so that fakes speak its shapes from one place.
package mcptest

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"maps"
	"os"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/plaintest/plaintest/mcpclient"
)

// Result is what a fake tool answers: text, images after it, and the
// isError flag of a tool that failed.
type Result struct {
	Text    string
	Images  []mcpclient.Image
	IsError bool
}

// Text is a result of one text.
func Text(s string) Result { return Result{Text: s} }

// Error is a failed result whose text is msg, as a server that is not
// @playwright/mcp reports a failure (see Playwright for its own).
func Error(msg string) Result { return Result{Text: msg, IsError: true} }

// Call is one call a fake received.
type Call struct {
	Tool string
	Args map[string]any
	N    int // the call's number among the calls of Tool, from 1
	At   time.Time
}

// Handler answers one call of a tool.
type Handler func(Call) Result

// Server is a fake MCP server: its tools, and the calls they received in
// order. It is safe for concurrent use, and may be connected to many times;
// the calls of every session are recorded together. A tool it does not
// have is refused as a JSON-RPC error (mcpclient.ErrRejected).
type Server struct {
	srv   *server.MCPServer
	mu    sync.Mutex
	calls []Call
	n     map[string]int
}

// NewServer returns a server called name with no tools.
func NewServer(name string) *Server {
	return &Server{srv: server.NewMCPServer(name, "0", server.WithToolCapabilities(false)), n: map[string]int{}}
}

// Handle adds the tool called name, answered by h. A second Handle of one
// name replaces the first.
func (s *Server) Handle(name string, h Handler) {
	s.srv.AddTool(mcp.NewTool(name), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return toMCP(h(s.record(name, req.GetArguments()))), nil
	})
}

// HandleSchema adds the tool called name with the input schema given as
// JSON (its tools/list entry shows it), answered by h. The server does not
// check arguments against it.
func (s *Server) HandleSchema(name, schema string, h Handler) {
	s.srv.AddTool(mcp.NewToolWithRawSchema(name, "", json.RawMessage(schema)), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return toMCP(h(s.record(name, req.GetArguments()))), nil
	})
}

func (s *Server) record(name string, args map[string]any) Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	if args == nil {
		args = map[string]any{}
	}
	s.n[name]++
	c := Call{Tool: name, Args: args, N: s.n[name], At: time.Now()}
	s.calls = append(s.calls, c)
	return c
}

// Calls returns every call received so far, in order.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// CallsTo returns the calls of the tool called name, in order.
func (s *Server) CallsTo(name string) []Call {
	var out []Call
	for _, c := range s.Calls() {
		if c.Tool == name {
			out = append(out, c)
		}
	}
	return out
}

// Tools returns the names of the tools called so far, one per call, in
// order.
func (s *Server) Tools() []string {
	var out []string
	for _, c := range s.Calls() {
		out = append(out, c.Tool)
	}
	return out
}

// Connect opens a session to s in this process, with mcpclient's default
// options. Close it when done.
func (s *Server) Connect(ctx context.Context) (*mcpclient.Session, error) {
	return mcpclient.ConnectInProcess(ctx, s.srv, nil)
}

// ServeStdio serves s on standard input and output until input ends, as a
// stdio MCP server does; the library's own logs are discarded.
func (s *Server) ServeStdio() error {
	std := server.NewStdioServer(s.srv)
	std.SetErrorLogger(log.New(io.Discard, "", 0))
	return std.Listen(context.Background(), os.Stdin, os.Stdout)
}

// ServeEnv is set in the environment of a test binary that Command starts.
const ServeEnv = "MCPTEST_SERVE"

// Serving reports whether this process is a test binary that Command
// started to serve a fake: its TestMain then serves one (Server.ServeStdio)
// and exits instead of running the tests.
//
//	func TestMain(m *testing.M) {
//		if mcptest.Serving() {
//			if err := newFake().ServeStdio(); err != nil {
//				os.Exit(1)
//			}
//			return
//		}
//		os.Exit(m.Run())
//	}
func Serving() bool { return os.Getenv(ServeEnv) != "" }

// Command returns the config of a stdio server called name that is the
// running test binary started again, running no test, with ServeEnv and env
// added to its environment: the fake its TestMain serves when Serving.
func Command(name string, env map[string]string) (mcpclient.ServerConfig, error) {
	exe, err := os.Executable()
	if err != nil {
		return mcpclient.ServerConfig{}, fmt.Errorf("mcptest: the test binary: %w", err)
	}
	e := map[string]string{ServeEnv: "1"}
	maps.Copy(e, env)
	return mcpclient.ServerConfig{Name: name, Command: exe, Args: []string{"-test.run=^$"}, Env: e}, nil
}

// toMCP turns a Result into mcp-go's: the text first (even when empty, as
// servers do with no image), then the images.
func toMCP(r Result) *mcp.CallToolResult {
	out := &mcp.CallToolResult{IsError: r.IsError}
	if r.Text != "" || len(r.Images) == 0 {
		out.Content = append(out.Content, mcp.NewTextContent(r.Text))
	}
	for _, img := range r.Images {
		out.Content = append(out.Content, mcp.NewImageContent(base64.StdEncoding.EncodeToString(img.Data), img.MIMEType))
	}
	return out
}
