package browserserver

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
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
// context; streamable HTTP serves only the protocol versions with sessions
// (up to 2025-11-25: a client asking for a later one, which has none, is
// told so and an mcp-go client falls back by itself). Requests for a Host
// other than the loopback names are refused when the listener is on
// loopback (DNS rebinding), as mcp-go does; and every request passes
// Guard first (its Origin, its token).
func (s *Server) Handler(a *Access) http.Handler {
	mux := http.NewServeMux()
	mux.Handle(PathStreamable, refuseStateless(server.NewStreamableHTTPServer(s.srv, server.WithEndpointPath(PathStreamable),
		server.WithStreamableHTTPProtocolVersions(mcp.LegacyProtocolVersions()...))))
	sse := server.NewSSEServer(s.srv, server.WithSSEEndpoint(PathSSE), server.WithMessageEndpoint(PathSSEMessage))
	mux.Handle(PathSSE, sse)
	mux.Handle(PathSSEMessage, sse)
	return Guard(mux, a)
}

// refuseStateless answers a streamable HTTP request of the stateless
// protocol (2026-07-28 and later: no session, so mcp-go serves every
// request on a session of its own with an empty ID) with the JSON-RPC
// error of an unsupported protocol version, naming the versions served
// (an mcp-go client falls back to one of them) and what to do. next
// refuses those versions too (WithStreamableHTTPProtocolVersions); this
// says why.
func refuseStateless(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v := r.Header.Get(mcp.HeaderProtocolVersion)
		if r.Method != http.MethodPost || !mcp.IsModernProtocol(v) {
			next.ServeHTTP(w, r)
			return
		}
		var msg struct {
			ID mcp.RequestId `json:"id"`
		}
		if body, err := io.ReadAll(r.Body); err == nil {
			_ = json.Unmarshal(body, &msg)
		}
		served := mcp.LegacyProtocolVersions()
		res := mcp.UnsupportedProtocolVersionError{Version: v, Supported: served}.JSONRPCError()
		res.ID = msg.ID
		res.Error.Message = fmt.Sprintf("plaintest mcp keeps a browser context per MCP session, and protocol version %q has no sessions: "+
			"connect with a version that has them (%s), or over stdio (plaintest mcp without --http)", v, strings.Join(served, ", "))
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(res)
	})
}
