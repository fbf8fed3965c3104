package browserserver

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
)

// devToolsRe is the line Chromium prints when its DevTools endpoint listens.
var devToolsRe = regexp.MustCompile(`DevTools listening on ws://([^/\s]+)/`)

// TestCDPEndpoint drives a Chromium started elsewhere (here: by the test,
// with a remote debugging port on loopback) over CDP.
func TestCDPEndpoint(t *testing.T) {
	chromium, err := mcpclient.Chromium()
	if err != nil {
		t.Skip(err)
	}
	newServer(t, nil).Close() // the driver and browser are there (skips or fails as newServer does)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--user-data-dir="+profileDir(t), "about:blank")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cancel(); _ = cmd.Wait() }()
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := devToolsRe.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	var addr string
	select {
	case addr = <-found:
	case <-time.After(2 * time.Minute): // a node start, slow on a loaded machine
		t.Fatal("Chromium never said where DevTools listens")
	}
	s := newServer(t, &Options{CDPEndpoint: "http://" + addr})
	base := pages(t, map[string]string{"/": listPage})
	sess := session(t, s)
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	res := testkit.Call(t, sess, mcpclient.ToolClick, map[string]any{"target": "#solo"})
	if res.IsError || !strings.Contains(res.Snapshot, ": solo") {
		t.Fatalf("click over CDP: %s", res.Text)
	}
}

// profileDir is a user data folder for a Chromium the test kills: its
// helper processes can still be writing there when the browser has
// exited, so the folder is removed with retries (t.TempDir's one removal
// failed a run), and a folder that outlives them is logged, not failed.
func profileDir(t *testing.T) string {
	dir, err := os.MkdirTemp("", "plaintest-cdp-profile-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for try := 0; ; try++ {
			err := os.RemoveAll(dir)
			if err == nil {
				return
			}
			if try == 20 {
				t.Logf("left %s: %v", dir, err)
				return
			}
			time.Sleep(250 * time.Millisecond)
		}
	})
	return dir
}
