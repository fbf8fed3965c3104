package mcpclient

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/internal/testenv"
)

// fakeCLI makes dir/node_modules/@playwright/mcp/cli.js and returns its path.
func fakeCLI(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, cliPath)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("// fake\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// fakeExe makes an empty executable file.
func fakeExe(t *testing.T, p string) string {
	t.Helper()
	if err := os.WriteFile(p, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPlaywrightArgs(t *testing.T) {
	dir := t.TempDir()
	cli := fakeCLI(t, dir)
	browser := fakeExe(t, filepath.Join(dir, "chrome"))
	t.Setenv(EnvPlaywrightMCP, dir)

	tests := []struct {
		name    string
		opts    *PlaywrightOptions
		want    [][]string // each group must appear in Args as neighbours
		wantNot []string
		tempDir bool
		dir     string        // the server's working directory; "" = the temp output dir
		call    time.Duration // the call timeout the config asks for
	}{
		{
			name:    "defaults",
			opts:    &PlaywrightOptions{ExecutablePath: browser},
			want:    [][]string{{cli, "--headless", "--executable-path", browser, "--no-sandbox", "--isolated", "--viewport-size", "1280x720", "--file-paths", "absolute"}},
			wantNot: []string{"--output-dir", "--caps", "--timeout-settle", "--timeout-action", "--timeout-navigation", "--allow-unrestricted-file-access"},
			tempDir: true,
			call:    80 * time.Second, // the server's own 60s navigation, its 5s action, and a margin
		},
		{
			name:    "timeouts and a working directory",
			opts:    &PlaywrightOptions{ExecutablePath: browser, ActionTimeout: 2 * time.Second, NavigationTimeout: 7 * time.Second, WorkDir: "work"},
			want:    [][]string{{cli, "--headless"}, {"--timeout-action", "2000"}, {"--timeout-navigation", "7000"}},
			tempDir: true,
			dir:     "work",
			call:    24 * time.Second,
		},
		{
			name:    "headed with caps, settle, viewport, output dir and extras",
			opts:    &PlaywrightOptions{ExecutablePath: browser, Headed: true, Caps: []string{"testing", "vision"}, SettleTimeout: 100 * time.Millisecond, Viewport: "800x600", OutputDir: "/tmp/out", ExtraArgs: []string{"--snapshot-mode", "none"}},
			want:    [][]string{{cli, "--executable-path"}, {"--caps", "testing,vision"}, {"--timeout-settle", "100"}, {"--viewport-size", "800x600"}, {"--output-dir", "/tmp/out"}, {"--snapshot-mode", "none"}},
			wantNot: []string{"--headless"},
			dir:     "/tmp/out",
			call:    80 * time.Second,
		},
		{
			name:    "file URLs",
			opts:    &PlaywrightOptions{ExecutablePath: browser, FileRoots: []string{"/tmp"}},
			want:    [][]string{{cli, "--headless"}, {"--allow-unrestricted-file-access"}},
			tempDir: true,
			call:    80 * time.Second,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := Playwright(tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if sc.Name != "playwright" || sc.EffectiveTransport() != TransportStdio || filepath.Base(sc.Command) != "node" {
				t.Errorf("got name %q transport %q command %q, want playwright over stdio with node", sc.Name, sc.EffectiveTransport(), sc.Command)
			}
			for _, w := range tt.want {
				if !containsRun(sc.Args, w) {
					t.Errorf("args %q do not contain %q", sc.Args, w)
				}
			}
			if tt.want[0][0] != sc.Args[0] {
				t.Errorf("args %q do not start with cli.js", sc.Args)
			}
			for _, a := range tt.wantNot {
				if slices.Contains(sc.Args, a) {
					t.Errorf("args %q contain %q", sc.Args, a)
				}
			}
			if sc.tempOutputDir != tt.tempDir {
				t.Errorf("tempOutputDir: got %v, want %v", sc.tempOutputDir, tt.tempDir)
			}
			wantDir := tt.dir
			if wantDir != "" {
				wantDir, _ = filepath.Abs(wantDir)
			}
			if sc.Dir != wantDir {
				t.Errorf("working directory: got %q, want %q", sc.Dir, wantDir)
			}
			if sc.callTimeout != tt.call {
				t.Errorf("call timeout: got %v, want %v", sc.callTimeout, tt.call)
			}
		})
	}
}

// containsRun reports whether want appears in args as one contiguous run.
func containsRun(args, want []string) bool {
	for i := range args {
		if len(args)-i >= len(want) && slices.Equal(args[i:i+len(want)], want) {
			return true
		}
	}
	return false
}

func TestPlaywrightBadViewport(t *testing.T) {
	dir := t.TempDir()
	fakeCLI(t, dir)
	t.Setenv(EnvPlaywrightMCP, dir)
	_, err := Playwright(&PlaywrightOptions{ExecutablePath: fakeExe(t, filepath.Join(dir, "b")), Viewport: "big"})
	if err == nil || !strings.Contains(err.Error(), "WIDTHxHEIGHT") {
		t.Errorf("got %v, want a viewport error", err)
	}
}

func TestPlaywrightFindsCLI(t *testing.T) {
	t.Run("env points at cli.js", func(t *testing.T) {
		cli := fakeCLI(t, t.TempDir())
		t.Setenv(EnvPlaywrightMCP, cli)
		got, err := findPlaywrightCLI()
		if err != nil || got != cli {
			t.Errorf("got %q, %v; want %q", got, err, cli)
		}
	})
	t.Run("env names a missing path", func(t *testing.T) {
		t.Setenv(EnvPlaywrightMCP, "/no/such/dir")
		_, err := findPlaywrightCLI()
		if err == nil || !strings.Contains(err.Error(), "/no/such/dir") {
			t.Errorf("got %v, want an error naming the path", err)
		}
	})
	t.Run("node_modules in a parent of the working directory", func(t *testing.T) {
		root := t.TempDir()
		cli := fakeCLI(t, root)
		deep := filepath.Join(root, "a", "b")
		if err := os.MkdirAll(deep, 0o755); err != nil {
			t.Fatal(err)
		}
		t.Setenv(EnvPlaywrightMCP, "")
		t.Chdir(deep)
		got, err := findPlaywrightCLI()
		if err != nil {
			t.Fatal(err)
		}
		if real, _ := filepath.EvalSymlinks(cli); got != cli && got != real {
			t.Errorf("got %q, want %q", got, cli)
		}
	})
	t.Run("missing everywhere", func(t *testing.T) {
		t.Setenv(EnvPlaywrightMCP, "")
		t.Chdir(t.TempDir())
		_, err := Playwright(nil)
		if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "make setup") {
			t.Errorf("got %v, want ErrUnavailable telling to run make setup", err)
		}
	})
	t.Run("missing node", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		_, err := Playwright(nil)
		if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "node") {
			t.Errorf("got %v, want ErrUnavailable about node", err)
		}
	})
}

func TestChromium(t *testing.T) {
	t.Run("env wins", func(t *testing.T) {
		p := fakeExe(t, filepath.Join(t.TempDir(), "mybrowser"))
		t.Setenv(EnvChromium, p)
		if got, err := Chromium(); err != nil || got != p {
			t.Errorf("got %q, %v; want %q", got, err, p)
		}
	})
	t.Run("env names a missing file", func(t *testing.T) {
		t.Setenv(EnvChromium, "/no/such/chromium")
		_, err := Chromium()
		if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "/no/such/chromium") {
			t.Errorf("got %v, want ErrUnavailable naming the path", err)
		}
	})
	t.Run("PATH order", func(t *testing.T) {
		dir := t.TempDir()
		fakeExe(t, filepath.Join(dir, "google-chrome"))
		want := fakeExe(t, filepath.Join(dir, "chromium-browser"))
		t.Setenv(EnvChromium, "")
		t.Setenv("PATH", dir)
		if got, err := Chromium(); err != nil || got != want {
			t.Errorf("got %q, %v; want %q", got, err, want)
		}
	})
	t.Run("headless shell first, headless only", func(t *testing.T) {
		dir := t.TempDir()
		full := fakeExe(t, filepath.Join(dir, "chromium"))
		shell := fakeExe(t, filepath.Join(dir, HeadlessShell))
		t.Setenv(EnvChromium, "")
		t.Setenv("PATH", dir)
		if got, err := ChromiumFor(false); err != nil || got != shell {
			t.Errorf("headless: got %q, %v; want %q", got, err, shell)
		}
		if got, err := ChromiumFor(true); err != nil || got != full {
			t.Errorf("headed: got %q, %v; want %q", got, err, full)
		}
	})
	t.Run("none", func(t *testing.T) {
		if isFile("/usr/bin/chromium") {
			t.Skip("/usr/bin/chromium exists")
		}
		t.Setenv(EnvChromium, "")
		t.Setenv("PATH", t.TempDir())
		_, err := Chromium()
		if !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), "apt-get install chromium") {
			t.Errorf("got %v, want ErrUnavailable with the fix", err)
		}
	})
}

// requirePlaywright returns the real Playwright MCP config, skipping the
// test when node, node_modules or a browser is missing (failing under CI).
func requirePlaywright(tb testing.TB, opts *PlaywrightOptions) ServerConfig {
	tb.Helper()
	sc, err := Playwright(opts)
	if err != nil {
		testenv.Missing(tb, "%v", err)
	}
	return sc
}

// withTestMark adds an environment variable unique to this test to sc, inherited
// by the server and the browser it starts, so the test can find every
// process the session left behind.
func withTestMark(sc ServerConfig) (ServerConfig, string) {
	mark := fmt.Sprintf("mcpclient-test-%d-%d", os.Getpid(), time.Now().UnixNano())
	sc.Env = map[string]string{"PLAINTEST_TEST_MARK": mark}
	return sc, mark
}

// processesMarked lists the PIDs whose environment holds mark.
func processesMarked(t *testing.T, mark string) []int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	needle := []byte("PLAINTEST_TEST_MARK=" + mark + "\x00")
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err == nil && bytes.Contains(env, needle) {
			if stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat")); err == nil && !bytes.Contains(stat, []byte(") Z ")) {
				pids = append(pids, pid)
			}
		}
	}
	return pids
}

func TestPlaywrightEndToEnd(t *testing.T) {
	sc := requirePlaywright(t, nil)
	sc, mark := withTestMark(sc)
	shop := httptest.NewServer(demoshop.Handler(nil))
	defer shop.Close()

	ctx := t.Context()
	s, err := Connect(ctx, sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	outDir := s.tempDirs[0]

	r, err := s.CallTool(ctx, "browser_navigate", map[string]any{"url": shop.URL + "/login"})
	if err != nil || r.IsError {
		t.Fatalf("navigate: %v %+v", err, r)
	}
	if r.PageURL != shop.URL+"/login" || !strings.Contains(r.Code, "page.goto(") {
		t.Errorf("navigate: got URL %q code %q", r.PageURL, r.Code)
	}
	if r.SnapshotFile == "" || !filepath.IsAbs(r.SnapshotFile) {
		t.Errorf("navigate: got snapshot file %q, want an absolute path", r.SnapshotFile)
	}

	r, err = s.CallTool(ctx, "browser_snapshot", nil)
	if err != nil || r.IsError {
		t.Fatalf("snapshot: %v %+v", err, r)
	}
	if !strings.Contains(r.Snapshot, `button "Log in"`) {
		t.Errorf("snapshot: got %q, want the Log in button", r.Snapshot)
	}
	if r.PageTitle != "Log in · Demo Shop" {
		t.Errorf("snapshot title: got %q", r.PageTitle)
	}

	r, err = s.CallTool(ctx, "browser_click", map[string]any{"target": "text=Nope"})
	if err != nil {
		t.Fatalf("click on a missing selector: got Go error %v, want Result.IsError", err)
	}
	if !r.IsError || !strings.Contains(r.Error, "does not match any elements") {
		t.Errorf("click on a missing selector: got isError=%v Error=%q", r.IsError, r.Error)
	}

	r, err = s.CallTool(ctx, "browser_take_screenshot", map[string]any{"type": "png"})
	if err != nil || r.IsError {
		t.Fatalf("screenshot: %v %+v", err, r)
	}
	if len(r.Images) != 1 || !bytes.HasPrefix(r.Images[0].Data, []byte("\x89PNG")) {
		t.Errorf("screenshot: got %d images, want one PNG", len(r.Images))
	}

	if pids := processesMarked(t, mark); len(pids) < 2 {
		t.Errorf("while running: found %d marked processes %v, want node and the browser (is the mark inherited?)", len(pids), pids)
	}
	if err := s.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if pids := processesMarked(t, mark); len(pids) > 0 {
		t.Errorf("after Close: processes %v still running", pids)
	}
	if _, err := os.Stat(outDir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("after Close: output dir %s: got %v, want it removed", outDir, err)
	}
}

// BenchmarkPlaywrightStart measures spawn + initialize of the pinned
// Playwright MCP server, and the first navigate (which launches the
// browser), against the demo shop.
func BenchmarkPlaywrightStart(b *testing.B) {
	sc := requirePlaywright(b, nil)
	shop := httptest.NewServer(demoshop.Handler(nil))
	defer shop.Close()
	var connect, navigate, second time.Duration
	n := 0
	for b.Loop() {
		n++
		ctx := context.Background()
		t0 := time.Now()
		s, err := Connect(ctx, sc, nil)
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if _, err := s.CallTool(ctx, "browser_navigate", map[string]any{"url": shop.URL + "/"}); err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		if _, err := s.CallTool(ctx, "browser_navigate", map[string]any{"url": shop.URL + "/login"}); err != nil {
			b.Fatal(err)
		}
		t3 := time.Now()
		connect += t1.Sub(t0)
		navigate += t2.Sub(t1)
		second += t3.Sub(t2)
		b.StopTimer()
		_ = s.Close()
		b.StartTimer()
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(n) }
	b.ReportMetric(ms(connect), "ms/connect")
	b.ReportMetric(ms(navigate), "ms/first-navigate")
	b.ReportMetric(ms(second), "ms/next-navigate")
}

// BenchmarkPlaywrightSnapshot measures one browser_snapshot call on the
// login page, parse included.
func BenchmarkPlaywrightSnapshot(b *testing.B) {
	sc := requirePlaywright(b, nil)
	shop := httptest.NewServer(demoshop.Handler(nil))
	defer shop.Close()
	ctx := context.Background()
	s, err := Connect(ctx, sc, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if _, err := s.CallTool(ctx, "browser_navigate", map[string]any{"url": shop.URL + "/login"}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		r, err := s.CallTool(ctx, "browser_snapshot", nil)
		if err != nil || r.Snapshot == "" {
			b.Fatalf("snapshot: %v %v", err, r)
		}
	}
}
