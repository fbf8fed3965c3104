package replay

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/sandy"
)

// TestChromeBridgeNeedsConsent: a step that would reach the user's own
// Chrome (a claude-in-chrome call, or a browser built-in in that server)
// is refused before step 1 unless AllowChromeBridge, naming the step and
// the flag; with it, the steps run.
func TestChromeBridgeNeedsConsent(t *testing.T) {
	tests := []struct {
		name, steps, path string
	}{
		{"a call", `[{"step":1,"tool":"mcp__playwright__echo","params":{}},
			{"step":2,"tool":"mcp__claude-in-chrome__navigate","params":{"url":"https://mail.example/"}}]`, "steps[1].tool"},
		{"a built-in in that server", `[{"step":1,"tool":"mcp__playwright__echo","params":{}},
			{"step":2,"tool":"sandy__wait_until","params":{"expression":"true","mcp_server":"claude-in-chrome","timeout":0.1}}]`, "steps[1].params.mcp_server"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := scenario("", tt.steps)
			f := &fake{}
			_, _, err := play(t, f, nil, src)
			if !errors.Is(err, sandy.ErrInvalid) || !strings.Contains(err.Error(), tt.path+": ") || !strings.Contains(err.Error(), "--allow-chrome-bridge") {
				t.Fatalf("err = %v, want %s refused unless --allow-chrome-bridge", err, tt.path)
			}
			if len(f.tools()) != 0 {
				t.Errorf("calls made before the refusal: %v", f.tools())
			}
			if err := Preflight("a.json", parse(t, src), nil); err == nil || !strings.Contains(err.Error(), tt.path) {
				t.Errorf("Preflight: got %v, want %s refused", err, tt.path)
			}
			fs, _, err := play(t, &fake{}, &Options{AllowChromeBridge: true}, src)
			if errors.Is(err, sandy.ErrInvalid) || !strings.Contains(strings.Join(fs.opened, ","), "claude-in-chrome") {
				t.Errorf("with consent: err %v, opened %v; want claude-in-chrome opened", err, fs.opened)
			}
		})
	}
}

// TestConfigServersRefuseChromeBridge: without AllowChromeBridge, Open
// refuses the bridge and connects to no socket; a config's own entry of
// that name is not the bridge and is not refused.
func TestConfigServersRefuseChromeBridge(t *testing.T) {
	dir, err := os.MkdirTemp("", "bridge") // short: socket paths have a small limit
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	ln, err := net.Listen("unix", filepath.Join(dir, "b.sock"))
	if err != nil {
		t.Skipf("no unix sockets here: %v", err)
	}
	t.Cleanup(func() { ln.Close() })
	var accepted atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	cs := &ConfigServers{ClaudeInChromeDir: dir}
	if _, err := cs.Open(ctx, mcpclient.ClaudeInChrome, Needs{}); !errors.Is(err, ErrChromeBridge) || !errors.Is(err, sandy.ErrInvalid) {
		t.Errorf("Open: got %v, want ErrChromeBridge", err)
	}
	time.Sleep(50 * time.Millisecond)
	if n := accepted.Load(); n != 0 {
		t.Errorf("the bridge's socket was connected to %d times, want never", n)
	}

	cs.Config = &mcpclient.Config{Servers: map[string]mcpclient.ServerConfig{
		mcpclient.ClaudeInChrome: {Name: mcpclient.ClaudeInChrome, Command: filepath.Join(dir, "no-such-command")}}}
	if _, err := cs.Open(ctx, mcpclient.ClaudeInChrome, Needs{}); err == nil || errors.Is(err, ErrChromeBridge) {
		t.Errorf("a config's entry: got %v, want it tried (and failing to start), not refused", err)
	}
}
