package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// servers are the stub MCP servers of the config, each answering from
// testdata/tools/<name>.json.
var servers = []string{"api", "browser2", "chrome-devtools", "github", "slack", "supabase", "filesystem", "memory", "fetch"}

// bins are the binaries the suite builds once.
var bins struct {
	once       sync.Once
	plaintest  string
	stub       string
	err        error
	bridgeUser string // $USER under which the stub Claude-in-Chrome bridge listens
}

func TestMain(m *testing.M) {
	code := m.Run()
	stopBridge()
	if bins.plaintest != "" {
		os.RemoveAll(filepath.Dir(bins.plaintest))
	}
	os.Exit(code)
}

// build builds plaintest and stubmcp into a temporary folder, once.
func build(t *testing.T) {
	t.Helper()
	bins.once.Do(func() {
		dir, err := os.MkdirTemp("", "ptconf-bin")
		if err != nil {
			bins.err = err
			return
		}
		exe := ""
		if runtime.GOOS == "windows" {
			exe = ".exe"
		}
		bins.plaintest = filepath.Join(dir, "plaintest"+exe)
		bins.stub = filepath.Join(dir, "stubmcp"+exe)
		for pkg, out := range map[string]string{"../cmd/plaintest": bins.plaintest, "./stubmcp": bins.stub} {
			cmd := exec.Command("go", "build", "-o", out, pkg)
			if b, err := cmd.CombinedOutput(); err != nil {
				bins.err = fmt.Errorf("go build %s: %v\n%s", pkg, err, b)
				return
			}
		}
		bins.err = startBridge()
	})
	if bins.err != nil {
		t.Fatal(bins.err)
	}
}

var bridgeCmd *exec.Cmd

// startBridge starts stubmcp as Claude Code's Chrome bridge, in the folder
// plaintest looks in for a made-up $USER.
func startBridge() error {
	bins.bridgeUser = fmt.Sprintf("ptconf%d", os.Getpid())
	dir := filepath.Join(os.TempDir(), "claude-mcp-browser-bridge-"+bins.bridgeUser)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tools, _ := filepath.Abs(filepath.Join("testdata", "tools", "claude-in-chrome.json"))
	bridgeCmd = exec.Command(bins.stub, "-name", "claude-in-chrome", "-tools", tools, "-bridge", dir)
	bridgeCmd.Stderr = os.Stderr
	if err := bridgeCmd.Start(); err != nil {
		return err
	}
	sock := filepath.Join(dir, "stub.sock")
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(sock); err == nil {
			return nil
		}
	}
	return errors.New("the stub bridge did not open its socket")
}

func stopBridge() {
	if bridgeCmd != nil && bridgeCmd.Process != nil {
		bridgeCmd.Process.Kill()
		bridgeCmd.Wait()
		os.RemoveAll(filepath.Join(os.TempDir(), "claude-mcp-browser-bridge-"+bins.bridgeUser))
	}
}

// workdir is one replay's folder: .sandy/config.json naming a stub for
// every server, logging calls to calls.jsonl.
type workdir struct {
	dir string
	// untrusted: replay without --trust-config, so that the folder's
	// config is passed over.
	untrusted bool
}

func newWorkdir(t *testing.T) *workdir {
	t.Helper()
	build(t)
	w := &workdir{dir: t.TempDir()}
	cfg := map[string]any{}
	for _, name := range servers {
		tools, err := filepath.Abs(filepath.Join("testdata", "tools", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		cfg[name] = map[string]any{"command": bins.stub,
			"args": []string{"-name", name, "-tools", tools, "-log", w.path("calls.jsonl")}}
	}
	b, _ := json.MarshalIndent(map[string]any{"mcpServers": cfg}, "", "  ")
	if err := os.MkdirAll(w.path(".sandy"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(w.path(".sandy", "config.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *workdir) path(parts ...string) string {
	return filepath.Join(append([]string{w.dir}, parts...)...)
}

// run is one `plaintest replay`.
type run struct {
	exit           int
	stdout, stderr string
	took           time.Duration
}

// replay runs plaintest replay with args in w, as a Sandy user's script
// would (the config is found in ./.sandy), with --trust-config: plaintest
// reads a config in the working directory only when told to.
func (w *workdir) replay(t *testing.T, args ...string) run {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if !w.untrusted {
		args = append([]string{"--trust-config"}, args...)
	}
	cmd := exec.CommandContext(ctx, bins.plaintest, append([]string{"replay"}, args...)...)
	cmd.Dir = w.dir
	cmd.Env = append(os.Environ(), "USER="+bins.bridgeUser, "SANDY_CONFIG=", "NO_COLOR=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	r := run{stdout: out.String(), stderr: errb.String(), took: time.Since(start)}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.exit = ee.ExitCode()
	case err != nil:
		t.Fatalf("plaintest replay: %v", err)
	}
	return r
}

// call is one call a stub received.
type call struct {
	Server string         `json:"server"`
	Tool   string         `json:"tool"`
	Args   map[string]any `json:"args"`
}

// calls returns the calls the stubs received, in order.
func (w *workdir) calls(t *testing.T) []call {
	t.Helper()
	b, err := os.ReadFile(w.path("calls.jsonl"))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []call
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var c call
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("calls.jsonl: %v", err)
		}
		out = append(out, c)
	}
	return out
}

// tools is "server/tool" of each call.
func tools(cs []call) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Server+"/"+c.Tool)
	}
	return out
}

// result reads a --json document.
func result(t *testing.T, r run) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &m); err != nil {
		t.Fatalf("--json output is not JSON: %v\nstdout:\n%s\nstderr:\n%s", err, r.stdout, r.stderr)
	}
	return m
}

// scenario is the absolute path of a file under testdata.
func scenario(t *testing.T, parts ...string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join(append([]string{"testdata"}, parts...)...))
	if err != nil {
		t.Fatal(err)
	}
	return p
}
