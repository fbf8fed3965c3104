package mcpclient

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/mark3labs/mcp-go/server"
)

// wsHandler serves the test server over WebSocket, one stdio session per
// connection, and remembers connections so a test can drop them.
type wsHandler struct {
	srv *server.MCPServer

	mu    sync.Mutex
	conns []*websocket.Conn
	proto []string // subprotocols clients asked for
}

func (h *wsHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: []string{"mcp"}})
	if err != nil {
		return
	}
	h.mu.Lock()
	h.conns = append(h.conns, conn)
	h.proto = append(h.proto, r.Header.Get("Sec-WebSocket-Protocol"))
	h.mu.Unlock()
	s := newWSStream(r.Context(), conn)
	defer s.Close()
	_ = stdioServer(h.srv).Listen(r.Context(), s, s)
}

// drop ends every connection without a close handshake.
func (h *wsHandler) drop() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, c := range h.conns {
		c.CloseNow()
	}
}

func TestWebSocket(t *testing.T) {
	h := &wsHandler{srv: newTestServer()}
	srv := httptest.NewServer(h)
	defer srv.Close()
	sc := ServerConfig{Name: "ws", URL: "ws" + strings.TrimPrefix(srv.URL, "http") + "/mcp"}
	if got := sc.EffectiveTransport(); got != TransportWS {
		t.Fatalf("transport of %s: got %q, want ws", sc.URL, got)
	}
	s, err := Connect(t.Context(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	exercise(t, s)
	if len(h.proto) != 1 || h.proto[0] != "mcp" {
		t.Errorf("subprotocols asked for: got %q, want [mcp]", h.proto)
	}
}

func TestWebSocketBigMessage(t *testing.T) {
	srv := httptest.NewServer(&wsHandler{srv: newTestServer()})
	defer srv.Close()
	s, err := Connect(t.Context(), ServerConfig{Name: "ws", URL: srv.URL, Transport: TransportWS}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	big := strings.Repeat("screenshot-sized ", 200_000) // 3.4 MB, like a base64 PNG
	r, err := s.CallTool(t.Context(), "echo", map[string]any{"text": big})
	if err != nil {
		t.Fatal(err)
	}
	if r.Text != big {
		t.Errorf("got %d bytes back, want %d", len(r.Text), len(big))
	}
}

// TestNetworkServerGoesAway drops the connection while a call is pending:
// the call must fail with ErrUnavailable at once, not at the call timeout.
func TestNetworkServerGoesAway(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T) (ServerConfig, func())
	}{
		{"ws", func(t *testing.T) (ServerConfig, func()) {
			h := &wsHandler{srv: newTestServer()}
			srv := httptest.NewServer(h)
			t.Cleanup(srv.Close)
			return ServerConfig{Name: "ws", URL: "ws" + strings.TrimPrefix(srv.URL, "http")}, h.drop
		}},
		{"unix", func(t *testing.T) (ServerConfig, func()) {
			sock := filepath.Join(shortTempDir(t), "s.sock")
			ln, err := net.Listen("unix", sock)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { ln.Close() })
			var mu sync.Mutex
			var conns []net.Conn
			go func() {
				for {
					c, err := ln.Accept()
					if err != nil {
						return
					}
					mu.Lock()
					conns = append(conns, c)
					mu.Unlock()
					go stdioServer(newTestServer()).Listen(context.Background(), c, c)
				}
			}()
			return ServerConfig{Name: "unix", URL: "unix://" + sock}, func() {
				mu.Lock()
				defer mu.Unlock()
				for _, c := range conns {
					c.Close()
				}
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, drop := tt.setup(t)
			s, err := Connect(t.Context(), sc, &Options{CallTimeout: 30 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			time.AfterFunc(200*time.Millisecond, drop)
			_, err = s.CallTool(t.Context(), "sleep", map[string]any{"ms": 20000})
			if !errors.Is(err, ErrUnavailable) || errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("pending call: got %v, want ErrUnavailable without a timeout", err)
			}
			_, err = s.CallTool(t.Context(), "echo", map[string]any{"text": "x"})
			if !errors.Is(err, ErrUnavailable) {
				t.Errorf("later call: got %v, want ErrUnavailable", err)
			}
		})
	}
}
