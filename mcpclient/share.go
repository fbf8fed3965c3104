package mcpclient

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
)

// sharedChromiumJS launches the shared browser (ShareBrowser).
//
//go:embed shared-chromium.cjs
var sharedChromiumJS []byte

// shared is the browser server the bundled @playwright/mcp servers connect
// to instead of launching a browser each, while ShareBrowser is in effect.
var shared struct {
	sync.Mutex
	endpoint string // its WebSocket endpoint
	exe      string // the Chromium it runs
	paused   int    // Unshared calls not yet resumed
}

// ShareBrowser launches one headless Chromium as a Playwright browser
// server on loopback (through the playwright-core the bundled
// @playwright/mcp runs on, with defaults.ChromiumArgs), and until stop is
// called makes the bundled @playwright/mcp servers that Playwright
// configures for that Chromium connect to it (--endpoint) rather than
// launch their own. Each session still opens a fresh context of its own
// (--isolated), which its browser_close closes; over the Playwright
// protocol it sees no other session's pages or dialogs.
//
// For test binaries, whose commands under test each connect: a browser
// launch and shutdown costs about a second of processor time, a context a
// fifth. A user's run connects once.
func ShareBrowser() (stop func(), err error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, err
	}
	cli, err := findPlaywrightCLI()
	if err != nil {
		return nil, err
	}
	core := filepath.Join(filepath.Dir(cli), "node_modules", "playwright-core")
	exe, err := ChromiumFor(false)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "plaintest-shared-")
	if err != nil {
		return nil, err
	}
	script := filepath.Join(dir, "shared-chromium.cjs")
	if err := os.WriteFile(script, sharedChromiumJS, 0o600); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	args, _ := json.Marshal(defaults.ChromiumArgs)
	cmd := exec.Command(node, script, core, exe, string(args))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	exited := make(chan struct{})
	endpoint := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		line := ""
		if sc.Scan() {
			line = sc.Text()
		}
		endpoint <- line
		for sc.Scan() {
		}
		_ = cmd.Wait()
		os.RemoveAll(dir)
		close(exited)
	}()
	var ws string
	select {
	case ws = <-endpoint:
	case <-time.After(defaults.SharedBrowserStart):
		_ = cmd.Process.Kill()
		<-exited
		return nil, errors.New("shared browser: Chromium did not start within a minute")
	}
	if !strings.HasPrefix(ws, "ws://") {
		<-exited
		return nil, fmt.Errorf("shared browser: %s", bytes.TrimSpace(stderr.Bytes()))
	}
	shared.Lock()
	shared.endpoint, shared.exe = ws, exe
	shared.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			shared.Lock()
			shared.endpoint, shared.exe = "", ""
			shared.Unlock()
			stdin.Close() // the script closes the browser and exits
			select {
			case <-exited:
			case <-time.After(defaults.SharedBrowserStop):
				_ = cmd.Process.Kill()
				<-exited
			}
		})
	}, nil
}

// Unshared has the bundled @playwright/mcp servers Playwright configures
// launch their own browsers again until resume is called: for a test that
// kills the browser its session started.
func Unshared() (resume func()) {
	shared.Lock()
	shared.paused++
	shared.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			shared.Lock()
			shared.paused--
			shared.Unlock()
		})
	}
}

// SharedBrowser returns the WebSocket endpoint of the browser server
// ShareBrowser started and the Chromium it runs ("" and "" when none is
// shared), for other Playwright clients of a test binary (npx playwright
// test's workers connect to it through PW_TEST_CONNECT_WS_ENDPOINT).
func SharedBrowser() (endpoint, exe string) {
	shared.Lock()
	defer shared.Unlock()
	if shared.paused > 0 {
		return "", ""
	}
	return shared.endpoint, shared.exe
}

// sharedEndpoint is the endpoint of the shared browser for a headless
// server that would launch exe, "" when there is none.
func sharedEndpoint(exe string) string {
	if ep, sharedExe := SharedBrowser(); sharedExe == exe {
		return ep
	}
	return ""
}
