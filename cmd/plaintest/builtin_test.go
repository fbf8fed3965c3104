package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/sandy"
)

// requireBuiltin skips a test that needs the built-in server's driver and
// Chromium when they are missing (fails under CI).
func requireBuiltin(t *testing.T) {
	t.Helper()
	_, err := browserserver.FindDriver()
	testenv.Need(t, err)
}

// TestBuiltinCrossServer compiles the mug scenario through each server and
// replays each export through the other: the exports have the same shape
// (tools, arguments, stable targets) and replay unchanged.
func TestBuiltinCrossServer(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	requireBuiltin(t)
	base := serveShop(t, nil)
	dir := t.TempDir()
	other := map[string]string{"builtin": "playwright-mcp", "playwright-mcp": "builtin"}
	files := map[string]*sandy.Scenario{}
	for _, server := range []string{"builtin", "playwright-mcp"} {
		out := filepath.Join(dir, server+".json")
		code, stdout, stderr := runCLI(t, "compile", mugText, "--url", base, "--secret", "PASSWORD=demo123", "-o", out, "--evidence", t.TempDir(), "--mcp", server)
		if code != 0 {
			t.Fatalf("compile --mcp %s: exit %d\n%s\n%s", server, code, stdout, stderr)
		}
		sc, err := sandy.Load(out)
		if err != nil {
			t.Fatal(err)
		}
		files[server] = sc
		code, stdout, stderr = runCLI(t, "replay", out, "--var", "PASSWORD=demo123", "--mcp", other[server], "--report", t.TempDir())
		if code != 0 || !strings.Contains(stdout, "PASSED") {
			t.Errorf("compiled with %s, replayed with %s: exit %d\n%s\n%s", server, other[server], code, stdout, stderr)
		}
	}
	a, b := files["builtin"], files["playwright-mcp"]
	// Each export names its server; their tools have the same shapes.
	ea, eb := a.Environment, b.Environment
	if ea == nil || eb == nil || ea.Server != "plaintest-builtin" || eb.Server == "" || eb.Server == ea.Server ||
		ea.ToolsFingerprint == "" || ea.ToolsFingerprint != eb.ToolsFingerprint {
		t.Errorf("environments: builtin %+v, playwright-mcp %+v", ea, eb)
	}
	if len(a.Steps) != len(b.Steps) {
		t.Fatalf("builtin exported %d steps, playwright-mcp %d", len(a.Steps), len(b.Steps))
	}
	for i := range a.Steps {
		sa, sb := a.Steps[i], b.Steps[i]
		if sa.Tool != sb.Tool || strings.Join(keys(sa.Params), ",") != strings.Join(keys(sb.Params), ",") {
			t.Errorf("step %d: builtin %s %v, playwright-mcp %s %v", i+1, sa.Tool, keys(sa.Params), sb.Tool, keys(sb.Params))
		}
		if target, ok := sa.Params["target"].(string); ok && !strings.HasPrefix(target, "internal:") {
			t.Errorf("step %d: builtin's target %q is not a stable selector", i+1, target)
		}
	}
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestBrowserFlagsRefused: remote endpoints are the built-in server's, and
// one at a time.
func TestBrowserFlagsRefused(t *testing.T) {
	f := filepath.Join(t.TempDir(), "s.json")
	os.WriteFile(f, []byte(`{"version":"2.1","metadata":{"name":"x"},"steps":[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"http://127.0.0.1:1/"}}]}`), 0o644)
	for _, args := range [][]string{
		{"replay", f, "--mcp", "playwright-mcp", "--ws-endpoint", "ws://127.0.0.1:1/"},
		{"replay", f, "--mcp", "builtin", "--ws-endpoint", "ws://127.0.0.1:1/", "--cdp-endpoint", "http://127.0.0.1:1"},
		{"compile", "click OK", "--url", "http://127.0.0.1:1/", "--cdp-endpoint", "http://127.0.0.1:1", "--mcp", "playwright-mcp"},
		{"mcp", "--ws-endpoint", "ws://127.0.0.1:1/", "--cdp-endpoint", "http://127.0.0.1:1"},
	} {
		code, stdout, stderr := runCLI(t, args...)
		if code != exitInput || !strings.Contains(stderr, "endpoint") {
			t.Errorf("%v: exit %d, want %d\n%s\n%s", args, code, exitInput, stdout, stderr)
		}
	}
}

// TestDemoScenariosCrossServer replays every demo scenario, compiled once
// for the binary through the built-in server (compiledDemos, the default
// --mcp), through @playwright/mcp. The other way, compiled through
// @playwright/mcp and replayed through the built-in server:
// TestBuiltinCrossServer (the mug) and the *BothServers tests.
func TestDemoScenariosCrossServer(t *testing.T) {
	requireBrowser(t)
	requireBuiltin(t)
	t.Parallel() // see parallelNote
	dir, _ := compiledDemos(t)
	// A 20 s step timeout and two at a time: the offer comes 3 s after its
	// page loads, and this test is about the servers agreeing, not the
	// machine's load (at load 25 the offer's wait took over 5 s, and a
	// click's form post over 10 s with four @playwright/mcp servers at
	// once).
	code, stdout, stderr := runCLI(t, "replay", dir, "--var", "PASSWORD=demo123", "--parallel", "2", "--mcp", "playwright-mcp", "--report", t.TempDir(), "--timeout", "20s")
	if want := fmt.Sprintf("%d passed, 0 failed", len(demoScenarios)); code != 0 || !strings.Contains(stdout, want) {
		t.Errorf("compiled with builtin, replayed with playwright-mcp: exit %d\n%s\n%s", code, stdout, stderr)
	}
}
