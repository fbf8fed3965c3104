package mcpclient

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeBridge serves Claude Code's Chrome bridge protocol on a unix socket
// in dir: length-prefixed JSON-RPC execute_tool requests. It has no tab
// until tabs_create_mcp makes tab 7; "navigate" answers a text content item
// of JSON, "fail" an error, anything else its args.
type fakeBridge struct {
	mu    sync.Mutex
	calls []map[string]any
}

func (f *fakeBridge) serve(t *testing.T, dir string) {
	t.Helper()
	ln, err := net.Listen("unix", filepath.Join(dir, "bridge.sock"))
	if err != nil {
		t.Skipf("no unix sockets here: %v", err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go f.handle(conn)
		}
	}()
}

func (f *fakeBridge) handle(conn net.Conn) {
	defer conn.Close()
	for {
		var n [4]byte
		if _, err := io.ReadFull(conn, n[:]); err != nil {
			return
		}
		body := make([]byte, binary.LittleEndian.Uint32(n[:]))
		if _, err := io.ReadFull(conn, body); err != nil {
			return
		}
		var req struct {
			ID     int `json:"id"`
			Params struct {
				Tool string         `json:"tool"`
				Args map[string]any `json:"args"`
			} `json:"params"`
		}
		if json.Unmarshal(body, &req) != nil {
			return
		}
		f.mu.Lock()
		f.calls = append(f.calls, map[string]any{"tool": req.Params.Tool, "args": req.Params.Args})
		f.mu.Unlock()
		text := func(s string) map[string]any {
			return map[string]any{"content": []any{map[string]any{"type": "text", "text": s}}}
		}
		answer := map[string]any{"jsonrpc": "2.0", "id": req.ID}
		switch req.Params.Tool {
		case "tabs_context_mcp":
			answer["result"] = text(`{"availableTabs":[]}`)
		case "tabs_create_mcp":
			answer["result"] = text("Created tab. Tab ID: 7")
		case "navigate":
			answer["result"] = text(`{"url":"https://example.com/","title":"Example"}`)
		case "fail":
			answer["error"] = map[string]any{"message": "no such element"}
		default:
			b, _ := json.Marshal(req.Params.Args)
			answer["result"] = text(string(b))
		}
		// An unrelated message first: the client must skip it.
		for _, m := range []map[string]any{{"jsonrpc": "2.0", "id": 9999, "result": text("other")}, answer} {
			b, _ := json.Marshal(m)
			conn.Write(append(binary.LittleEndian.AppendUint32(nil, uint32(len(b))), b...))
		}
	}
}

func TestClaudeInChromeBridge(t *testing.T) {
	dir, err := os.MkdirTemp("", "bridge") // short: socket paths have a small limit
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	f := &fakeBridge{}
	f.serve(t, dir)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	b, err := ConnectClaudeInChrome(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	res, err := b.CallTool(ctx, "navigate", map[string]any{"url": "https://example.com/"})
	if err != nil || res.IsError {
		t.Fatalf("navigate: %v %+v", err, res)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(res.Text), &got); err != nil || got["title"] != "Example" {
		t.Errorf("navigate result %q: want its JSON", res.Text)
	}
	f.mu.Lock()
	last := f.calls[len(f.calls)-1]["args"].(map[string]any)
	f.mu.Unlock()
	if last["tabId"] != 7.0 {
		t.Errorf("navigate args %v: want the session's tab 7 added", last)
	}
	res, err = b.CallTool(ctx, "fail", map[string]any{})
	if err != nil || !res.IsError || res.Error != "no such element" {
		t.Errorf("fail: %v %+v: want a tool error with the bridge's message", err, res)
	}
}

func TestClaudeInChromeNoSocket(t *testing.T) {
	_, err := ConnectClaudeInChrome(context.Background(), t.TempDir())
	if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "--chrome") {
		t.Errorf("err = %v, want ErrUnavailable saying how to start the bridge", err)
	}
}

// FuzzBridgeAnswer: any message from the bridge is read or skipped, never
// a panic.
func FuzzBridgeAnswer(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\"a\":1}"}]}}`), 1)
	f.Add([]byte(`{"id":1,"error":{"message":"no"}}`), 1)
	f.Add([]byte(`{"result":{"content":[{"type":"text","text":"plain"}]}}`), 3)
	f.Add([]byte(`{"id":"2","result":null}`), 2)
	f.Fuzz(func(t *testing.T, body []byte, id int) {
		v, done, err := bridgeAnswer(body, id)
		if !done && (v != nil || err != nil) {
			t.Errorf("a skipped message gave %v, %v", v, err)
		}
	})
}
