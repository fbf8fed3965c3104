package main

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// prRepo writes what a pull request could commit: a repository (a .git
// folder) with .sandy/config.json, whose "playwright" server is a command
// that creates marker, and a scenario that opens a page through
// "playwright". It returns the repository and the scenario.
func prRepo(t *testing.T, marker string) (repo, scenario string) {
	t.Helper()
	repo = t.TempDir()
	files := map[string]string{
		".sandy/config.json": fmt.Sprintf(`{"mcpServers":{"playwright":{"command":"sh","args":["-c","touch %s"]}}}`, marker),
		"tests/open.json": `{"version":"2.1","metadata":{"name":"open"},"steps":[
			{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"about:blank"}}]}`,
	}
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		p := filepath.Join(repo, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return repo, filepath.Join(repo, "tests", "open.json")
}

// TestReplayPassesOverTheTreesConfig: a pull request's .sandy/config.json
// runs nothing when CI replays its scenarios with default flags, from the
// repository or with the repository as the home folder; stderr says it
// was not read and how to read it. Named with --config, or read with
// --trust-config, it is used.
func TestReplayPassesOverTheTreesConfig(t *testing.T) {
	requireBrowser(t)
	if runtime.GOOS == "windows" {
		t.Skip("sh")
	}
	tests := []struct {
		name       string
		home       func(repo string) string // HOME; "" an empty folder
		cwd        string                   // relative to the repository
		args       []string
		wantMarker bool
		wantCode   exitCode
		stderr     []string
	}{
		{name: "default flags", cwd: ".", wantCode: exitOK,
			stderr: []string{"/.sandy/config.json (the working directory) not read: it is in the repository ", "name it with --config, or add --trust-config"}},
		{name: "the repository is the home folder", home: func(repo string) string { return repo }, cwd: "tests", wantCode: exitOK,
			stderr: []string{"/.sandy/config.json (the home folder) not read: it is in the repository "}},
		{name: "--trust-config", cwd: ".", args: []string{"--trust-config"}, wantMarker: true, wantCode: exitEnvironment,
			stderr: []string{"/.sandy/config.json (the working directory, among the files under test; read with --trust-config)"}},
		{name: "--config", cwd: ".", args: []string{"--config", ".sandy/config.json"}, wantMarker: true, wantCode: exitEnvironment,
			stderr: []string{"MCP config: .sandy/config.json (--config)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			marker := filepath.Join(t.TempDir(), "ran")
			repo, scenario := prRepo(t, marker)
			home := t.TempDir()
			if tt.home != nil {
				home = tt.home(repo)
			}
			t.Setenv("HOME", home)
			t.Setenv("SANDY_CONFIG", "")
			t.Chdir(filepath.Join(repo, tt.cwd))
			args := append([]string{"replay", scenario, "--report", t.TempDir()}, tt.args...)
			code, stdout, stderr := runCLI(t, args...)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.wantCode, stdout, stderr)
			}
			if _, err := os.Stat(marker); (err == nil) != tt.wantMarker {
				t.Errorf("the config's command ran: %v, want %v", err == nil, tt.wantMarker)
			}
			for _, want := range tt.stderr {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr does not say %q:\n%s", want, stderr)
				}
			}
		})
	}
}

// TestCompilePassesOverTheTreesConfig: compile of a cloned repository's
// tests meets its .sandy/config.json as replay does.
func TestCompilePassesOverTheTreesConfig(t *testing.T) {
	requireBrowser(t)
	if runtime.GOOS == "windows" {
		t.Skip("sh")
	}
	marker := filepath.Join(t.TempDir(), "ran")
	repo, _ := prRepo(t, marker)
	t.Setenv("HOME", t.TempDir())
	t.Setenv("SANDY_CONFIG", "")
	t.Chdir(repo)
	page := filepath.Join(repo, "tests", "page.html")
	if err := os.WriteFile(page, []byte(`<button>Go</button>`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "compile", "click Go", "--url", "file://"+page, "-o", filepath.Join(t.TempDir(), "go.json"))
	if code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the config's command ran")
	}
	if !strings.Contains(stderr, "(the working directory) not read") {
		t.Errorf("stderr does not say the config was not read:\n%s", stderr)
	}
}

// chromeBridge listens as Claude Code's Chrome bridge in the folder replay
// looks in for the made-up user it sets, and keeps every tool it is sent.
type chromeBridge struct {
	dir   string
	mu    sync.Mutex
	conns int
	tools []string
}

func newChromeBridge(t *testing.T) *chromeBridge {
	t.Helper()
	user := fmt.Sprintf("pt%d", os.Getpid())
	t.Setenv("USER", user)
	b := &chromeBridge{dir: filepath.Join(os.TempDir(), "claude-mcp-browser-bridge-"+user)}
	if err := os.MkdirAll(b.dir, 0o700); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(b.dir) })
	ln, err := net.Listen("unix", filepath.Join(b.dir, "b.sock"))
	if err != nil {
		t.Skipf("no unix sockets here: %v", err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			b.mu.Lock()
			b.conns++
			b.mu.Unlock()
			go b.serve(c)
		}
	}()
	return b
}

// serve answers each execute_tool request: a tab for tabs_context_mcp,
// {"ok":true} for anything else.
func (b *chromeBridge) serve(c net.Conn) {
	defer c.Close()
	for {
		var n [4]byte
		if _, err := io.ReadFull(c, n[:]); err != nil {
			return
		}
		body := make([]byte, binary.LittleEndian.Uint32(n[:]))
		if _, err := io.ReadFull(c, body); err != nil {
			return
		}
		var req struct {
			ID     int `json:"id"`
			Params struct {
				Tool string `json:"tool"`
			} `json:"params"`
		}
		if json.Unmarshal(body, &req) != nil {
			return
		}
		b.mu.Lock()
		b.tools = append(b.tools, req.Params.Tool)
		b.mu.Unlock()
		text := `{"ok":true}`
		if req.Params.Tool == "tabs_context_mcp" {
			text = `{"availableTabs":[{"tabId":1}]}`
		}
		out, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": req.ID,
			"result": map[string]any{"content": []any{map[string]any{"type": "text", "text": text}}}})
		if _, err := c.Write(append(binary.LittleEndian.AppendUint32(nil, uint32(len(out))), out...)); err != nil {
			return
		}
	}
}

func (b *chromeBridge) seen() (conns int, tools []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.conns, append([]string(nil), b.tools...)
}

// TestReplayChromeBridgeNeedsConsent: a scenario with claude-in-chrome
// steps is refused before step 1 without --allow-chrome-bridge (replay and
// validate, exit 2, naming the step and the flag) and nothing reaches the
// bridge; with it, the steps run there; with it but a bridge folder other
// users may write in, nothing is sent (exit 3, saying why).
func TestReplayChromeBridgeNeedsConsent(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Chrome bridge on Windows")
	}
	file := writeTemp(t, "mail.json", `{"version":"2.1","metadata":{"name":"mail"},"steps":[
		{"step":1,"tool":"mcp__claude-in-chrome__navigate","params":{"url":"https://mail.example/"}},
		{"step":2,"tool":"mcp__claude-in-chrome__get_page_text","params":{}}]}`)
	t.Setenv("SANDY_CONFIG", "")
	t.Setenv("HOME", t.TempDir())
	t.Chdir(t.TempDir())
	tests := []struct {
		name     string
		args     []string
		mode     os.FileMode // of the bridge's folder
		wantCode exitCode
		want     []string // in stdout+stderr
		tools    []string // what the bridge is sent
	}{
		{"replay without consent", []string{"replay", file}, 0o700, exitInput,
			[]string{"steps[0].tool: mcp__claude-in-chrome__navigate drives your own Chrome", "steps[1].tool", "--allow-chrome-bridge"}, nil},
		{"validate without consent", []string{"validate", file}, 0o700, exitInput,
			[]string{"steps[0].tool: mcp__claude-in-chrome__navigate drives your own Chrome", "--allow-chrome-bridge"}, nil},
		{"validate with consent", []string{"validate", file, "--allow-chrome-bridge"}, 0o700, exitOK,
			[]string{"ok (2 steps)"}, nil},
		{"replay with consent", []string{"replay", file, "--allow-chrome-bridge"}, 0o700, exitOK,
			[]string{"PASSED mail"}, []string{"tabs_context_mcp", "navigate", "get_page_text"}},
		{"a bridge folder others may write in", []string{"replay", file, "--allow-chrome-bridge"}, 0o777, exitEnvironment,
			[]string{"may be written by other users (mode 0777", "start Claude Code with --chrome again"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newChromeBridge(t)
			if err := os.Chmod(b.dir, tt.mode); err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr := runCLI(t, tt.args...)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.wantCode, stdout, stderr)
			}
			for _, want := range tt.want {
				if !strings.Contains(stdout+stderr, want) {
					t.Errorf("output does not say %q:\nstdout:\n%s\nstderr:\n%s", want, stdout, stderr)
				}
			}
			conns, tools := b.seen()
			if strings.Join(tools, ",") != strings.Join(tt.tools, ",") || (tt.tools == nil && conns != 0) {
				t.Errorf("the bridge had %d connections and was sent %v, want %v", conns, tools, tt.tools)
			}
		})
	}
}
