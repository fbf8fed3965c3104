package mcpclient

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
)

// ClaudeInChrome is the server name Sandy's player resolves with no config
// entry: the Chrome extension of Claude Code (claude --chrome), reached
// through its local socket.
const ClaudeInChrome = "claude-in-chrome"

// ClaudeInChromeDir is the folder where Claude Code's Chrome bridge opens
// its sockets: /tmp/claude-mcp-browser-bridge-$USER.
func ClaudeInChromeDir() string {
	user := os.Getenv("USER")
	if user == "" {
		user = "unknown"
	}
	return filepath.Join(os.TempDir(), "claude-mcp-browser-bridge-"+user)
}

// maxBridgeMessage bounds one message from the bridge (page texts and
// screenshots are large, but not this large).
const maxBridgeMessage = 64 << 20

// Bridge is a session with Claude Code's Chrome bridge. It speaks the
// bridge's own protocol, not MCP: JSON-RPC 2.0 requests with method
// "execute_tool" and params {tool, args}, each message a 4-byte
// little-endian length and then its JSON. Every call goes to the tab the
// session opened (or found) when it connected. Calls are made one at a
// time.
type Bridge struct {
	mu      sync.Mutex
	conn    net.Conn
	id      int
	tabID   any
	timeout time.Duration
}

// ConnectClaudeInChrome connects to the first socket in dir (ClaudeInChromeDir
// when "") that answers, and picks the tab its calls go to: the first tab
// the bridge has, else a new one. No socket is an error wrapping
// ErrUnavailable that says how to start the bridge. The folder must be the
// user's own and closed to other users, and each socket the user's (see
// bridgeSockets): else a *BridgeUnsafeError, before anything is sent.
func ConnectClaudeInChrome(ctx context.Context, dir string) (*Bridge, error) {
	if dir == "" {
		dir = ClaudeInChromeDir()
	}
	socks, err := bridgeSockets(dir)
	if err != nil {
		return nil, err
	}
	var d net.Dialer
	for _, path := range socks {
		dctx, cancel := context.WithTimeout(ctx, defaults.BridgeDial)
		conn, err := d.DialContext(dctx, "unix", path)
		cancel()
		if err != nil {
			continue
		}
		b := &Bridge{conn: conn, timeout: defaults.BridgeCall}
		if err := b.pickTab(ctx); err != nil {
			conn.Close()
			return nil, fmt.Errorf("%w: %s: %s: %w", ErrUnavailable, ClaudeInChrome, path, err)
		}
		return b, nil
	}
	return nil, fmt.Errorf("%w: %s: no socket answers in %s: start Claude Code with --chrome and connect its Chrome extension",
		ErrUnavailable, ClaudeInChrome, dir)
}

// tabIDText finds a tab id in a bridge's text answer ("Tab ID: 42").
var tabIDText = regexp.MustCompile(`(?i)Tab ID:\s*(\d+)`)

func (b *Bridge) pickTab(ctx context.Context) error {
	v, err := b.request(ctx, "tabs_context_mcp", map[string]any{"createIfEmpty": false})
	if err != nil {
		return err
	}
	if m, ok := v.(map[string]any); ok {
		if tabs, ok := m["availableTabs"].([]any); ok && len(tabs) > 0 {
			if t, ok := tabs[0].(map[string]any); ok && t["tabId"] != nil {
				b.tabID = t["tabId"]
				return nil
			}
		}
	}
	v, err = b.request(ctx, "tabs_create_mcp", map[string]any{})
	if err != nil {
		return err
	}
	switch m := v.(type) {
	case map[string]any:
		if id := m["tabId"]; id != nil {
			b.tabID = id
			return nil
		}
		if sm := tabIDText.FindStringSubmatch(fmt.Sprint(m["content"])); sm != nil {
			b.tabID = json.Number(sm[1])
			return nil
		}
	}
	return errors.New("the bridge opened no tab (no tabId in its answer)")
}

// CallTool calls a tool of the bridge ("navigate", "read_page", …) on the
// session's tab (unless args name a tabId). An error answer is a Result
// with IsError; a Go error means the bridge could not be reached.
func (b *Bridge) CallTool(ctx context.Context, name string, args map[string]any) (*Result, error) {
	name = strings.TrimPrefix(name, "mcp__"+ClaudeInChrome+"__")
	if _, ok := args["tabId"]; !ok && b.tabID != nil {
		with := make(map[string]any, len(args)+1)
		for k, v := range args {
			with[k] = v
		}
		with["tabId"] = b.tabID
		args = with
	}
	v, err := b.request(ctx, name, args)
	var te *bridgeToolError
	if errors.As(err, &te) {
		return &Result{IsError: true, Text: te.msg, Error: te.msg}, nil
	}
	if err != nil {
		return nil, err
	}
	if s, ok := v.(string); ok {
		return &Result{Text: s}, nil
	}
	text, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", ClaudeInChrome, name, err)
	}
	return &Result{Text: string(text)}, nil
}

// Close closes the connection.
func (b *Bridge) Close() error { return b.conn.Close() }

// bridgeToolError is an error answer from the bridge: the tool failed.
type bridgeToolError struct{ msg string }

func (e *bridgeToolError) Error() string { return e.msg }

// request sends one execute_tool request and reads its answer: the first
// text content item of the result (parsed as JSON when it is JSON), else
// the result itself.
func (b *Bridge) request(ctx context.Context, tool string, args map[string]any) (any, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.id++
	msg, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": b.id, "method": "execute_tool",
		"params": map[string]any{"tool": tool, "args": args}})
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", ClaudeInChrome, tool, err)
	}
	deadline := time.Now().Add(b.timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	_ = b.conn.SetDeadline(deadline)
	stop := context.AfterFunc(ctx, func() { _ = b.conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	frame := binary.LittleEndian.AppendUint32(nil, uint32(len(msg)))
	if _, err := b.conn.Write(append(frame, msg...)); err != nil {
		return nil, b.lost(ctx, tool, err)
	}
	for {
		var n [4]byte
		if _, err := io.ReadFull(b.conn, n[:]); err != nil {
			return nil, b.lost(ctx, tool, err)
		}
		size := binary.LittleEndian.Uint32(n[:])
		if size > maxBridgeMessage {
			return nil, fmt.Errorf("%w: %s: a %d-byte message", ErrUnavailable, ClaudeInChrome, size)
		}
		body := make([]byte, size)
		if _, err := io.ReadFull(b.conn, body); err != nil {
			return nil, b.lost(ctx, tool, err)
		}
		v, done, err := bridgeAnswer(body, b.id)
		if done {
			return v, err
		}
	}
}

// lost wraps an I/O error of the connection.
func (b *Bridge) lost(ctx context.Context, tool string, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return fmt.Errorf("%w: %s: %s: %w", ErrUnavailable, ClaudeInChrome, tool, err)
}

// bridgeAnswer reads one message from the bridge. done is false for a
// message that answers another request (or none that can be read), which
// the caller skips; an answer without an id is taken as this request's, as
// the bridge's own client does.
func bridgeAnswer(body []byte, id int) (v any, done bool, err error) {
	var m struct {
		ID     any             `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Message string `json:"message"`
			Content string `json:"content"`
		} `json:"error"`
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, false, nil
	}
	if m.ID != nil && fmt.Sprint(m.ID) != fmt.Sprint(id) {
		return nil, false, nil
	}
	if m.Error != nil {
		msg := m.Error.Message
		if msg == "" {
			msg = m.Error.Content
		}
		if msg == "" {
			msg = "unknown error"
		}
		return nil, true, &bridgeToolError{msg: msg}
	}
	var res any
	if len(m.Result) > 0 {
		d := json.NewDecoder(strings.NewReader(string(m.Result)))
		d.UseNumber()
		if err := d.Decode(&res); err != nil {
			return nil, true, fmt.Errorf("%w: %s: bad result: %w", ErrUnavailable, ClaudeInChrome, err)
		}
	}
	if r, ok := res.(map[string]any); ok {
		if content, ok := r["content"].([]any); ok {
			for _, item := range content {
				it, _ := item.(map[string]any)
				if it["type"] == "text" {
					text, _ := it["text"].(string)
					var parsed any
					d := json.NewDecoder(strings.NewReader(text))
					d.UseNumber()
					if d.Decode(&parsed) == nil && !d.More() {
						return parsed, true, nil
					}
					return map[string]any{"content": text}, true, nil
				}
			}
		}
	}
	return res, true, nil
}

// ErrBridgeUnsafe is wrapped by a *BridgeUnsafeError.
var ErrBridgeUnsafe = errors.New("the Chrome bridge's socket is not safe to use")

// BridgeUnsafeError refuses the Chrome bridge's folder or socket: one that
// another user made or can write could stand in for Claude Code's bridge
// and read what replay sends the browser (pages, typed secrets). It wraps
// ErrBridgeUnsafe and ErrUnavailable (the environment is at fault).
type BridgeUnsafeError struct {
	Path string // the folder or socket
	Why  string // "belongs to uid 1001, not to you (uid 1000)"
}

func (e *BridgeUnsafeError) Error() string {
	return fmt.Sprintf("%s: %s %s: another user could read what replay sends your browser, or answer in its place; remove it, then start Claude Code with --chrome again",
		ClaudeInChrome, e.Path, e.Why)
}

func (e *BridgeUnsafeError) Unwrap() []error { return []error{ErrBridgeUnsafe, ErrUnavailable} }
