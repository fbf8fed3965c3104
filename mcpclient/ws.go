package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"sync"

	"github.com/coder/websocket"
)

// wsReadLimit bounds one incoming WebSocket message. Screenshots travel as
// base64 inside a single JSON-RPC message, so the library's 32 KiB default
// is far too small.
const wsReadLimit = 64 << 20

// dialWebSocket opens a WebSocket to sc.URL (ws, wss, http or https) and
// returns it as a newline-delimited JSON stream, so that mcp-go's stdio
// transport can run over it. The connection lives until life ends or the
// stream is closed; ctx bounds only the handshake.
func dialWebSocket(ctx, life context.Context, sc ServerConfig) (io.ReadWriteCloser, error) {
	h := http.Header{}
	for k, v := range sc.Headers {
		h.Set(k, v)
	}
	conn, resp, err := websocket.Dial(ctx, sc.URL, &websocket.DialOptions{
		HTTPHeader: h,
		// MCP over WebSocket (SEP-1288) names this subprotocol; servers that
		// do not know it ignore it.
		Subprotocols: []string{"mcp"},
	})
	if resp != nil && resp.Body != nil {
		resp.Body.Close()
	}
	if err != nil {
		return nil, err
	}
	return newWSStream(life, conn), nil
}

// wsStream maps JSON-RPC messages, one per WebSocket text message, to and
// from newline-delimited JSON: each Write is one message (mcp-go writes a
// whole message and its newline at once), each message read comes out
// compacted onto one line.
type wsStream struct {
	conn   *websocket.Conn
	ctx    context.Context
	cancel context.CancelFunc

	rmu  sync.Mutex
	rbuf []byte // what is left of the current message

	once sync.Once
}

func newWSStream(life context.Context, conn *websocket.Conn) *wsStream {
	conn.SetReadLimit(wsReadLimit)
	ctx, cancel := context.WithCancel(life)
	return &wsStream{conn: conn, ctx: ctx, cancel: cancel}
}

func (s *wsStream) Read(p []byte) (int, error) {
	s.rmu.Lock()
	defer s.rmu.Unlock()
	for len(s.rbuf) == 0 {
		_, msg, err := s.conn.Read(s.ctx)
		if err != nil {
			// A closed or broken connection is the end of the stream.
			return 0, io.EOF
		}
		var line bytes.Buffer
		if err := json.Compact(&line, msg); err != nil {
			continue // not JSON: nothing the transport could use
		}
		line.WriteByte('\n')
		s.rbuf = line.Bytes()
	}
	n := copy(p, s.rbuf)
	s.rbuf = s.rbuf[n:]
	return n, nil
}

func (s *wsStream) Write(p []byte) (int, error) {
	msg := bytes.TrimRight(p, "\r\n")
	if len(msg) == 0 {
		return len(p), nil
	}
	if err := s.conn.Write(s.ctx, websocket.MessageText, msg); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Close sends a normal closure and ends the connection.
func (s *wsStream) Close() error {
	var err error
	s.once.Do(func() {
		err = s.conn.Close(websocket.StatusNormalClosure, "")
		s.cancel()
		if errors.Is(err, context.Canceled) {
			err = nil
		}
	})
	return err
}
