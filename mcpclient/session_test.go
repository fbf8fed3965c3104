package mcpclient

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/plaintest/plaintest/internal/defaults"
)

// exercise runs the calls every transport must get right.
func exercise(t *testing.T, s *Session) {
	t.Helper()
	ctx := t.Context()

	tools, err := s.Tools(ctx)
	if err != nil {
		t.Fatalf("Tools: %v", err)
	}
	var echo *Tool
	for i := range tools {
		if tools[i].Name == "echo" {
			echo = &tools[i]
		}
	}
	if echo == nil {
		t.Fatalf("Tools: got %d tools without echo", len(tools))
	}
	if echo.Description != "Returns its text." {
		t.Errorf("echo description: got %q, want %q", echo.Description, "Returns its text.")
	}
	if props, _ := echo.InputSchema["properties"].(map[string]any); props["text"] == nil {
		t.Errorf("echo schema: got %v, want a text property", echo.InputSchema)
	}

	r, err := s.CallTool(ctx, "echo", map[string]any{"text": "hello"})
	if err != nil {
		t.Fatalf("echo: %v", err)
	}
	if r.Text != "hello" || r.IsError {
		t.Errorf("echo: got %q isError=%v, want %q", r.Text, r.IsError, "hello")
	}

	r, err = s.CallTool(ctx, "fail", map[string]any{"text": "no such button"})
	if err != nil {
		t.Fatalf("fail: got Go error %v, want a Result with IsError", err)
	}
	if !r.IsError || r.Error != "no such button" {
		t.Errorf("fail: got isError=%v Error=%q, want true and %q", r.IsError, r.Error, "no such button")
	}

	r, err = s.CallTool(ctx, "image", nil)
	if err != nil {
		t.Fatalf("image: %v", err)
	}
	if len(r.Images) != 1 || !bytes.Equal(r.Images[0].Data, pngPixel) || r.Images[0].MIMEType != "image/png" {
		t.Errorf("image: got %d images %+v, want the PNG pixel", len(r.Images), r.Images)
	}
	if r.Text != "a pixel" {
		t.Errorf("image text: got %q, want %q", r.Text, "a pixel")
	}

	r, err = s.CallTool(ctx, "page", nil)
	if err != nil {
		t.Fatalf("page: %v", err)
	}
	if r.PageURL != "http://shop.test/" || r.Snapshot != `- button "Buy" [ref=e1]` {
		t.Errorf("page: got URL %q snapshot %q", r.PageURL, r.Snapshot)
	}

	_, err = s.CallTool(ctx, "no_such_tool", nil)
	if !errors.Is(err, ErrRejected) || errors.Is(err, ErrUnavailable) {
		t.Errorf("unknown tool: got %v, want ErrRejected and not ErrUnavailable", err)
	}
}

func TestInProcess(t *testing.T) {
	s, err := ConnectInProcess(t.Context(), newTestServer(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	exercise(t, s)
}

func TestStdio(t *testing.T) {
	var stderr syncBuffer
	s, err := Connect(t.Context(), helperServer(t, "stdio"), &Options{Stderr: &stderr})
	if err != nil {
		t.Fatal(err)
	}
	if s.Name() != "helper" {
		t.Errorf("Name: got %q, want helper", s.Name())
	}
	exercise(t, s)
	if err := s.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if !s.proc.dead() {
		t.Error("Close returned with the server process still running")
	}
	if !strings.Contains(stderr.String(), "helper: serving on stdio") {
		t.Errorf("Options.Stderr: got %q, want the server's stderr", stderr.String())
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	_, err = s.CallTool(t.Context(), "echo", map[string]any{"text": "x"})
	if !errors.Is(err, ErrUnavailable) {
		t.Errorf("call after Close: got %v, want ErrUnavailable", err)
	}
}

func TestSSE(t *testing.T) {
	srv := httptest.NewServer(server.NewSSEServer(newTestServer()))
	defer srv.Close()
	sc := ServerConfig{Name: "sse", URL: srv.URL + "/sse"}
	if got := sc.EffectiveTransport(); got != TransportSSE {
		t.Fatalf("transport of %s: got %q, want sse", sc.URL, got)
	}
	s, err := Connect(t.Context(), sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	exercise(t, s)
}

func TestStreamableHTTP(t *testing.T) {
	srv := httptest.NewServer(server.NewStreamableHTTPServer(newTestServer()))
	defer srv.Close()
	s, err := Connect(t.Context(), ServerConfig{Name: "http", URL: srv.URL + "/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	exercise(t, s)
}

// serveUnix serves the test server on a Unix socket at path, one stdio
// session per connection, until the test ends.
func serveUnix(t *testing.T, path string) {
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Error(err)
		return
	}
	t.Cleanup(func() { ln.Close() })
	srv := newTestServer()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer conn.Close()
				_ = stdioServer(srv).Listen(context.Background(), conn, conn)
			}()
		}
	}()
}

// shortTempDir returns a temp dir with a path short enough for a socket
// (108 bytes on Linux; t.TempDir's names can be longer).
func shortTempDir(t *testing.T) string {
	dir, err := os.MkdirTemp("", "mcp")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

func TestUnixSocket(t *testing.T) {
	sock := filepath.Join(shortTempDir(t), "s.sock")
	serveUnix(t, sock)
	s, err := Connect(t.Context(), ServerConfig{Name: "unix", URL: "unix://" + sock}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	exercise(t, s)
}

// TestConnectRetriesWhileStarting starts servers only after the client has
// begun dialing: Connect must keep trying until they listen.
func TestConnectRetriesWhileStarting(t *testing.T) {
	t.Run("unix", func(t *testing.T) {
		sock := filepath.Join(shortTempDir(t), "late.sock")
		time.AfterFunc(300*time.Millisecond, func() { serveUnix(t, sock) })
		s, err := Connect(t.Context(), ServerConfig{Name: "late", URL: "unix://" + sock}, &Options{StartTimeout: 20 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if _, err := s.CallTool(t.Context(), "echo", map[string]any{"text": "up"}); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("http", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		hs := &http.Server{Handler: server.NewStreamableHTTPServer(newTestServer())}
		defer hs.Close()
		time.AfterFunc(300*time.Millisecond, func() {
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				t.Errorf("port %s taken meanwhile: %v", addr, err)
				return
			}
			go hs.Serve(ln)
		})
		s, err := Connect(t.Context(), ServerConfig{Name: "late", URL: "http://" + addr + "/mcp"}, &Options{StartTimeout: 20 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if _, err := s.CallTool(t.Context(), "echo", map[string]any{"text": "up"}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestConnectUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	_, err = Connect(t.Context(), ServerConfig{Name: "gone", URL: "http://" + addr + "/mcp?token=secret"}, &Options{StartTimeout: 300 * time.Millisecond})
	var ue *UnavailableError
	if !errors.As(err, &ue) || !errors.Is(err, ErrUnavailable) {
		t.Fatalf("got %v, want an *UnavailableError", err)
	}
	msg := err.Error()
	for _, want := range []string{`"gone"`, addr, "check that the server is running"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not contain %q", msg, want)
		}
	}
	if strings.Contains(msg, "secret") {
		t.Errorf("error %q leaks the URL's query", msg)
	}
}

func TestStdioStartFailures(t *testing.T) {
	t.Run("crash", func(t *testing.T) {
		_, err := Connect(t.Context(), helperServer(t, "crash"), &Options{StartTimeout: 20 * time.Second})
		var ue *UnavailableError
		if !errors.As(err, &ue) {
			t.Fatalf("got %v, want *UnavailableError", err)
		}
		if errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("got %v: Connect waited for the timeout instead of noticing the exit", err)
		}
		if !strings.Contains(ue.Stderr, "port 9 is taken") || !strings.Contains(err.Error(), "port 9 is taken") {
			t.Errorf("got Stderr %q and message %q, want both to hold the server's last words", ue.Stderr, err)
		}
		if !strings.Contains(err.Error(), "exit status 3") {
			t.Errorf("got %q, want the exit status", err)
		}
	})
	t.Run("missing command", func(t *testing.T) {
		_, err := Connect(t.Context(), ServerConfig{Name: "nope", Command: "/no/such/mcp-server"}, nil)
		if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "installed") {
			t.Errorf("got %v, want ErrUnavailable saying to install it", err)
		}
	})
	t.Run("hang", func(t *testing.T) {
		// A server that starts and never answers initialize is given up
		// on at StartTimeout (defaults.ServerStart when unset), named,
		// with its stderr, and not waited for any longer.
		start := time.Now()
		_, err := Connect(t.Context(), helperServer(t, "sleep"), &Options{StartTimeout: 500 * time.Millisecond})
		var ue *UnavailableError
		if !errors.As(err, &ue) || ue.Op != "initialize" || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("got %v, want an *UnavailableError at initialize, past its deadline", err)
		}
		if !strings.Contains(err.Error(), `"helper"`) {
			t.Errorf("got %q, want the server's name", err)
		}
		if took := time.Since(start); took > 30*time.Second {
			t.Errorf("Connect took %s on a server that never answers; want about its 500ms StartTimeout", took)
		}
	})
	t.Run("slow start", func(t *testing.T) {
		s, err := Connect(t.Context(), helperServer(t, "slow"), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if _, err := s.CallTool(t.Context(), "echo", map[string]any{"text": "x"}); err != nil {
			t.Fatal(err)
		}
	})
}

// TestServerExitsMidRun kills the server while a call is pending: that call,
// the one that killed it and any later call must fail with ErrUnavailable,
// the exit status and the stderr tail, and not hang until a timeout.
func TestServerExitsMidRun(t *testing.T) {
	s, err := Connect(t.Context(), helperServer(t, "stdio"), &Options{CallTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	pending := make(chan error, 1)
	go func() {
		_, err := s.CallTool(t.Context(), "sleep", map[string]any{"ms": 20000})
		pending <- err
	}()
	time.Sleep(100 * time.Millisecond) // let the sleep call reach the server
	_, err = s.CallTool(t.Context(), "exit", map[string]any{"code": 7})
	checkExitErr(t, "exit call", err)
	checkExitErr(t, "pending call", <-pending)
	_, err = s.CallTool(t.Context(), "echo", map[string]any{"text": "x"})
	checkExitErr(t, "later call", err)
}

// TestLeftoversKilled has the server start a process in a session of its
// own, as Playwright starts browsers, and checks that neither a crash of
// the server nor Close leaves it running.
func TestLeftoversKilled(t *testing.T) {
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Skip("needs /proc")
	}
	for _, crash := range []bool{true, false} {
		t.Run(fmt.Sprintf("crash=%v", crash), func(t *testing.T) {
			s, err := Connect(t.Context(), helperServer(t, "orphan"), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			// Stderr is copied in the background: the line may come a
			// little after Connect returns.
			var pid int
			for wait := time.Now().Add(5 * time.Second); pid == 0 && time.Now().Before(wait); {
				for _, line := range strings.Split(s.proc.tail.String(), "\n") {
					fmt.Sscanf(line, "helper: child pid %d", &pid)
				}
				if pid == 0 {
					time.Sleep(10 * time.Millisecond)
				}
			}
			if pid == 0 || !running(pid) {
				t.Fatalf("no child pid in stderr %q", s.proc.tail.String())
			}
			if crash {
				_, err = s.CallTool(t.Context(), "exit", nil)
				if !errors.Is(err, ErrUnavailable) {
					t.Fatalf("exit: got %v, want ErrUnavailable", err)
				}
			} else if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			// The crash path kills in the background: give it a moment.
			deadline := time.Now().Add(10 * time.Second)
			for running(pid) && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			if running(pid) {
				t.Errorf("process %d the server started is still running", pid)
			}
		})
	}
}

// running reports whether pid is alive and not a zombie.
func running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	return err == nil && !bytes.Contains(b, []byte(") Z "))
}

func checkExitErr(t *testing.T, what string, err error) {
	t.Helper()
	var ue *UnavailableError
	if !errors.As(err, &ue) {
		t.Errorf("%s: got %v, want *UnavailableError", what, err)
		return
	}
	if errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("%s: got %v, a timeout instead of the exit", what, err)
	}
	if !strings.Contains(err.Error(), "exit status 7") {
		t.Errorf("%s: got %q, want the exit status", what, err)
	}
	if !strings.Contains(ue.Stderr, "exiting on request") {
		t.Errorf("%s: got stderr tail %q, want the server's last line", what, ue.Stderr)
	}
}

func TestCallTimeouts(t *testing.T) {
	// CallTimeout is long enough for the echo below on a loaded machine
	// (200 ms was not, at load 30), and far shorter than the sleeps.
	s, err := Connect(t.Context(), helperServer(t, "stdio"), &Options{CallTimeout: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	// The caller's own deadline: its error, not the server's fault.
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	_, err = s.CallTool(ctx, "sleep", map[string]any{"ms": 60000})
	if !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrUnavailable) {
		t.Errorf("caller deadline: got %v, want DeadlineExceeded without ErrUnavailable", err)
	}

	// CallTimeout: the server hangs.
	_, err = s.CallTool(t.Context(), "sleep", map[string]any{"ms": 60000})
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, ErrUnavailable) {
		t.Errorf("call timeout: got %v, want DeadlineExceeded and ErrUnavailable", err)
	}

	// Neither ends the session.
	r, err := s.CallTool(t.Context(), "echo", map[string]any{"text": "still here"})
	if err != nil || r.Text != "still here" {
		t.Errorf("after timeouts: got %v, %v; want the echo", r, err)
	}
}

func TestConcurrentCalls(t *testing.T) {
	s, err := Connect(t.Context(), helperServer(t, "stdio"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			want := fmt.Sprintf("call %d", i)
			r, err := s.CallTool(t.Context(), "echo", map[string]any{"text": want})
			if err != nil || r.Text != want {
				t.Errorf("got %v, %v; want %q", r, err, want)
			}
		})
	}
	wg.Wait()
}

func TestConnectRejectsBadConfig(t *testing.T) {
	_, err := Connect(t.Context(), ServerConfig{Name: "bad", URL: "ftp://x/"}, nil)
	if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "scheme") {
		t.Errorf("got %v, want ErrUnavailable about the scheme", err)
	}
}

func TestRing(t *testing.T) {
	tests := []struct {
		name   string
		writes []string
		want   string
	}{
		{"empty", nil, ""},
		{"fits", []string{"ab\n", "cd\n"}, "ab\ncd\n"},
		{"exactly full", []string{"12345678"}, "12345678"},
		{"wraps, partial line dropped", []string{"one\n", "two\n", "three\n"}, "three\n"},
		{"one big write", []string{"aaaa\nbbbbbbbbbbbbbbb\nccc\n"}, "ccc\n"},
		{"wrap without newline", []string{"0123456789abc"}, "56789abc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRing(8)
			for _, w := range tt.writes {
				r.Write([]byte(w))
			}
			if got := r.String(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// syncBuffer is a bytes.Buffer safe for the stderr copier and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// BenchmarkStdioCall measures one tool call's round trip to a stdio server
// (the Go helper), i.e. the client's own overhead per step.
func BenchmarkStdioCall(b *testing.B) {
	s, err := Connect(b.Context(), helperServer(b, "stdio"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	args := map[string]any{"text": "hello"}
	for b.Loop() {
		if _, err := s.CallTool(b.Context(), "echo", args); err != nil {
			b.Fatal(err)
		}
	}
}

// A browser that dies under a stdio server (killed, crashed) ends the
// session's usefulness: the call after it fails with ErrBrowserLost, and so
// does every later one, so that no step runs against the blank page the
// server would open in its place. A browser_close ends it on purpose.
func TestBrowserLostEndsSession(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("the browser watch reads /proc")
	}
	s, err := Connect(t.Context(), helperServer(t, "stdio"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	launch := func() int {
		t.Helper()
		r, err := s.CallTool(t.Context(), "launch", nil)
		if err != nil || r.IsError {
			t.Fatalf("launch: %v %+v", err, r)
		}
		pid, err := strconv.Atoi(r.Text)
		if err != nil {
			t.Fatal(err)
		}
		return pid
	}
	echo := func() error {
		_, err := s.CallTool(t.Context(), "echo", map[string]any{"text": "hi"})
		return err
	}

	// Closed on purpose: the next browser is learnt afresh.
	launch()
	if err := echo(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CallTool(t.Context(), "browser_close", nil); err != nil {
		t.Fatalf("browser_close: %v", err)
	}
	if err := echo(); err != nil {
		t.Fatalf("after browser_close: %v", err)
	}

	pid := launch()
	if err := echo(); err != nil {
		t.Fatal(err)
	}
	if p, err := os.FindProcess(pid); err != nil || p.Kill() != nil {
		t.Fatalf("cannot kill the browser %d", pid)
	}
	for deadline := time.Now().Add(5 * time.Second); running(pid) && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	err = echo()
	if !errors.Is(err, ErrBrowserLost) || !errors.Is(err, ErrUnavailable) {
		t.Fatalf("call after the browser died: got %v, want ErrBrowserLost", err)
	}
	if want := fmt.Sprintf("pid %d", pid); !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not name %s", err, want)
	}
	if err2 := echo(); !errors.Is(err2, ErrBrowserLost) {
		t.Errorf("a later call: got %v, want the same ErrBrowserLost", err2)
	}
}

// The server's own words for a page or browser that went away end the
// session too, on every transport; a selector that merely quotes such words
// does not.
func TestPageLostErrorEndsSession(t *testing.T) {
	for _, tc := range []struct {
		text string
		lost bool
	}{
		{"### Error\nError: page.goto: Target page, context or browser has been closed", true},
		{"### Error\nError: No open pages available.", true},
		{`### Error` + "\n" + `Error: "internal:text=\"Browser has been closed\"i" does not match any elements.`, false},
		{"### Error\nError: locator.click: Timeout 5000ms exceeded.\nCall log:\n  - waiting for getByText('Page crashed')", false},
	} {
		s := inProcess(t)
		_, err := s.CallTool(t.Context(), "fail", map[string]any{"text": tc.text})
		if got := errors.Is(err, ErrBrowserLost); got != tc.lost {
			t.Errorf("%q: lost = %v (err %v), want %v", tc.text, got, err, tc.lost)
		}
		_, err = s.CallTool(t.Context(), "echo", map[string]any{"text": "hi"})
		if got := errors.Is(err, ErrBrowserLost); got != tc.lost {
			t.Errorf("%q: the next call: lost = %v, want %v", tc.text, got, tc.lost)
		}
	}
}

// inProcess connects to a fresh test server in this process.
func inProcess(t *testing.T) *Session {
	t.Helper()
	s, err := ConnectInProcess(t.Context(), newTestServer(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestInProcessCallBounded: an in-process server's handler runs on the
// caller's goroutine; one that ignores the call's deadline (a browser
// call blocked in a page whose script never yields) is waited for until
// the deadline and defaults.Abandon more, no longer. A handler that
// answers at the deadline is heard.
func TestInProcessCallBounded(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	srv := server.NewMCPServer("hang", "1.0.0", server.WithToolCapabilities(false))
	srv.AddTool(mcp.NewTool("hang"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-release
		return mcp.NewToolResultText("too late"), nil
	})
	srv.AddTool(mcp.NewTool("late"), func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-ctx.Done()
		return mcp.NewToolResultError("gave up at the deadline"), nil
	})
	const bound = 200 * time.Millisecond
	s, err := ConnectInProcess(t.Context(), srv, &Options{CallTimeout: bound})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	start := time.Now()
	_, err = s.CallTool(t.Context(), "hang", nil)
	if took := time.Since(start); took > bound+defaults.Abandon+2*time.Second {
		t.Errorf("hang: took %v", took)
	}
	if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "no answer within 200ms") {
		t.Errorf("hang: got %v, want no answer within the bound", err)
	}
	res, err := s.CallTool(t.Context(), "late", nil)
	if err != nil || !res.IsError || res.Error != "gave up at the deadline" {
		t.Errorf("late: got %+v, %v; want the server's answer", res, err)
	}
}
