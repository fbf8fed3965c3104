package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/mcpclient"
)

// listeningRe is the line playwright run-server prints when it listens.
var listeningRe = regexp.MustCompile(`Listening on (ws://\S+)`)

// runServer starts `playwright run-server` from the pinned playwright-core
// on loopback and returns its WebSocket endpoint and a function that stops
// it. No browser download works here: the server finds the local Chromium
// where it looks for its own headless shell (PLAYWRIGHT_BROWSERS_PATH), as
// a machine of a browser grid has its browsers installed.
func runServer(t *testing.T) (string, func()) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("the browser layout below is Linux's")
	}
	core, err := browserserver.FindDriver()
	if err != nil {
		t.Fatal(err)
	}
	chromium, err := mcpclient.Chromium()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(core, "browsers.json"))
	if err != nil {
		t.Fatal(err)
	}
	var browsers struct {
		Browsers []struct{ Name, Revision string }
	}
	if err := json.Unmarshal(raw, &browsers); err != nil {
		t.Fatal(err)
	}
	browsersPath := t.TempDir()
	for _, b := range browsers.Browsers {
		if b.Name != "chromium-headless-shell" {
			continue
		}
		// Where playwright-core 1.52 looked for it, and where 1.64 does.
		for _, exe := range []string{"chrome-linux/headless_shell", "chrome-headless-shell-linux64/chrome-headless-shell"} {
			path := filepath.Join(browsersPath, "chromium_headless_shell-"+b.Revision, exe)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(chromium, path); err != nil {
				t.Fatal(err)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, "node", filepath.Join(core, "cli.js"), "run-server", "--host", "127.0.0.1", "--port", "0")
	cmd.Env = append(os.Environ(), "PLAYWRIGHT_BROWSERS_PATH="+browsersPath)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stop := func() { cancel(); _ = cmd.Wait() }
	t.Cleanup(stop)
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := listeningRe.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case ws := <-found:
		return ws, stop
	case <-time.After(2 * time.Minute): // a node start, slow on a loaded machine
		t.Fatal("playwright run-server did not start")
	}
	return "", nil
}

// TestRemoteBrowser compiles and replays the mug scenario through the
// built-in server on a browser of `playwright run-server`; once that server
// is gone, the same replay is an environment failure (exit 3).
func TestRemoteBrowser(t *testing.T) {
	requireBuiltin(t)
	t.Parallel() // see parallelNote
	ws, stop := runServer(t)
	base := serveShop(t, nil)
	out := filepath.Join(t.TempDir(), "mug.json")
	code, stdout, stderr := runCLI(t, "compile", mugText, "--url", base, "--secret", "PASSWORD=demo123", "-o", out,
		"--evidence", t.TempDir(), "--mcp", "builtin", "--ws-endpoint", ws)
	if code != 0 || !strings.Contains(stdout, "on the browser at ws://127.0.0.1:") {
		t.Fatalf("compile: exit %d\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, stderr = runCLI(t, "replay", out, "--var", "PASSWORD=demo123", "--mcp", "builtin", "--ws-endpoint", ws, "--report", t.TempDir())
	if code != 0 || !strings.Contains(stdout, "PASSED") {
		t.Fatalf("replay: exit %d\n%s\n%s", code, stdout, stderr)
	}
	stop()
	code, stdout, stderr = runCLI(t, "replay", out, "--var", "PASSWORD=demo123", "--mcp", "builtin", "--ws-endpoint", ws, "--report", t.TempDir())
	if code != exitEnvironment || !strings.Contains(stderr, "connect to ws://127.0.0.1:") {
		t.Errorf("replay with the browser server gone: exit %d, want %d\n%s\n%s", code, exitEnvironment, stdout, stderr)
	}
	if _, err := os.Stat(out); err != nil {
		t.Error(err)
	}
}
