package browserserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/plaintest/plaintest/internal/defaults"
)

// Paths of the HTTP transports Handler serves.
const (
	PathStreamable = "/mcp"     // streamable HTTP
	PathSSE        = "/sse"     // SSE: the event stream
	PathSSEMessage = "/message" // SSE: where a client posts its messages
)

// MaxRequestBody bounds the body of a request to Handler's endpoints: a
// tool call is a few kilobytes (a browser_evaluate function, upload paths,
// text to type), far below it; a larger body is refused with 413 before it
// is read into memory.
const MaxRequestBody = 4 << 20

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
// loopback (DNS rebinding), as mcp-go does; every request passes Guard
// first (its Origin, its token), then a body over MaxRequestBody is
// refused.
func (s *Server) Handler(a *Access) http.Handler {
	mux := http.NewServeMux()
	mux.Handle(PathStreamable, refuseStateless(server.NewStreamableHTTPServer(s.srv, server.WithEndpointPath(PathStreamable),
		server.WithStreamableHTTPProtocolVersions(mcp.LegacyProtocolVersions()...))))
	sse := server.NewSSEServer(s.srv, server.WithSSEEndpoint(PathSSE), server.WithMessageEndpoint(PathSSEMessage))
	mux.Handle(PathSSE, sse)
	mux.Handle(PathSSEMessage, sse)
	return Guard(limitBody(mux, MaxRequestBody, defaults.RequestBody), a)
}

// limitBody refuses with 413 a request whose body is over max bytes, by
// its Content-Length before reading any of it, else (a chunked body) once
// it has read max+1 bytes, and with 408 one whose body takes longer than
// wait to arrive; next is handed the body read, never a byte of a refused
// one.
func limitBody(next http.Handler, max int64, wait time.Duration) http.Handler {
	tooLarge := func(w http.ResponseWriter) {
		http.Error(w, fmt.Sprintf("Request Entity Too Large: plaintest mcp takes request bodies of at most %d bytes (%d MB)", max, max>>20),
			http.StatusRequestEntityTooLarge)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > max {
			tooLarge(w)
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			// The body's read is bounded in time too, then the deadline
			// lifted: a client sending its body slowly holds no
			// connection, and a stream the handler then writes is not cut.
			rc := http.NewResponseController(w)
			_ = rc.SetReadDeadline(time.Now().Add(wait))
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
			if err != nil {
				// The connection is not read again: the rest of a body
				// that stopped coming is not waited for.
				w.Header().Set("Connection", "close")
				if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
					tooLarge(w)
				} else if errors.Is(err, os.ErrDeadlineExceeded) {
					http.Error(w, fmt.Sprintf("Request Timeout: the request body took more than %s", wait), http.StatusRequestTimeout)
				} else {
					http.Error(w, "Bad Request: the request body could not be read", http.StatusBadRequest)
				}
				return
			}
			_ = rc.SetReadDeadline(time.Time{})
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		next.ServeHTTP(w, r)
	})
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
