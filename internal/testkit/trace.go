package testkit

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/internal/tracezip"
)

// LoadTrace checks that file is a Playwright trace its trace viewer
// loads: first its structure (tracezip.Check: trace.trace's events from
// the context's options on, each call closed, trace.network, resources/),
// then through Playwright's own trace loader, the TraceLoader and
// TraceModel that npx playwright show-trace reads a trace with, run by
// the checkout's playwright-core in node with no browser (its trace CLI:
// trace open, then trace actions, in a folder of the test's). It returns
// the structure and the actions as Playwright lists them. A problem fails
// tb; node or playwright-core missing skips it (fails under CI).
func LoadTrace(tb testing.TB, file string) (*tracezip.Info, string) {
	tb.Helper()
	info, err := tracezip.Check(file)
	if err != nil {
		tb.Fatal(err)
	}
	node, err := exec.LookPath("node")
	cli := filepath.Join(root, "node_modules", "playwright-core", "cli.js")
	if err == nil {
		_, err = os.Stat(cli)
	}
	if err != nil {
		testenv.Missing(tb, "node and playwright-core to load a trace: %v", err)
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		tb.Fatal(err)
	}
	work := tb.TempDir() // trace open extracts into .playwright-cli/ here
	run := func(args ...string) string {
		cmd := exec.Command(node, append([]string{cli, "trace"}, args...)...)
		cmd.Dir = work
		out, err := cmd.CombinedOutput()
		if err != nil {
			tb.Fatalf("playwright-core trace %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	if out := run("open", abs); !strings.Contains(out, "Actions:") {
		tb.Fatalf("playwright-core trace open %s: no summary:\n%s", file, out)
	}
	return info, run("actions")
}
