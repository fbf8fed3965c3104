package browserserver

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
)

// descendantBrowsers returns the Chromium processes (the real binary, not
// a shell wrapper) below this process that Playwright drives.
func descendantBrowsers(t *testing.T) []int {
	t.Helper()
	parent := map[int]int{}
	cmdline := map[int]string{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(fields) > 1 && fields[0] != "Z" {
			parent[pid], _ = strconv.Atoi(fields[1])
		}
		cmd, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		cmdline[pid] = string(bytes.ReplaceAll(cmd, []byte{0}, []byte{' '}))
	}
	var out []int
	for pid, cmd := range cmdline {
		if !strings.Contains(cmd, "--remote-debugging-pipe") || strings.Contains(cmd, "--type=") || strings.HasPrefix(cmd, "/bin/sh") {
			continue
		}
		for p := parent[pid]; p > 1; p = parent[p] {
			if p == os.Getpid() {
				out = append(out, pid)
				break
			}
		}
	}
	return out
}

// TestBrowserLost: a browser that dies under the server fails the next
// call with words mcpclient reads as the browser lost, and the session
// refuses every call after.
func TestBrowserLost(t *testing.T) {
	s := newServer(t, nil)
	base := pages(t, map[string]string{"/": listPage})
	sess := session(t, s)
	testkit.Call(t, sess, mcpclient.ToolNavigate, map[string]any{"url": base + "/"})
	pids := descendantBrowsers(t)
	if len(pids) != 1 {
		t.Fatalf("want the one browser of the server, found %v", pids)
	}
	p, _ := os.FindProcess(pids[0])
	if err := p.Kill(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := sess.CallTool(ctx, mcpclient.ToolClick, map[string]any{"target": "#solo"})
	if !errors.Is(err, mcpclient.ErrBrowserLost) {
		t.Fatalf("after the browser died: result %+v, err %v; want ErrBrowserLost", res, err)
	}
	if _, err := sess.CallTool(ctx, mcpclient.ToolSnapshot, nil); !errors.Is(err, mcpclient.ErrBrowserLost) {
		t.Errorf("a later call: err %v, want ErrBrowserLost", err)
	}
}
