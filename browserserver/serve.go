package browserserver

import (
	"context"
	"io"
	"log"
	"net/http"

	"github.com/mark3labs/mcp-go/server"
)

// Paths of the HTTP transports Handler serves.
const (
	PathStreamable = "/mcp"     // streamable HTTP
	PathSSE        = "/sse"     // SSE: the event stream
	PathSSEMessage = "/message" // SSE: where a client posts its messages
)

// ServeStdio serves the server's tools over stdio (newline-delimited
// JSON-RPC on in and out) as one MCP session, until in ends or ctx does.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	std := server.NewStdioServer(s.srv)
	std.SetErrorLogger(log.New(io.Discard, "", 0))
	return std.Listen(ctx, in, out)
}

// Handler serves the tools over HTTP: streamable HTTP at /mcp and SSE at
// /sse (messages posted to /message). Each MCP session gets its own browser
// context. Requests for a Host other than the loopback names are refused
// when the listener is on loopback (DNS rebinding), as mcp-go does; and
// every request passes Guard with a first (its Origin, its token).
func (s *Server) Handler(a *Access) http.Handler {
	mux := http.NewServeMux()
	mux.Handle(PathStreamable, server.NewStreamableHTTPServer(s.srv, server.WithEndpointPath(PathStreamable)))
	sse := server.NewSSEServer(s.srv, server.WithSSEEndpoint(PathSSE), server.WithMessageEndpoint(PathSSEMessage))
	mux.Handle(PathSSE, sse)
	mux.Handle(PathSSEMessage, sse)
	return Guard(mux, a)
}
