package corpus

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
)

// BenchmarkProveVsReplay times, in one run, plaintest prove against
// plaintest replay of the same corpus scenarios (the golden exports that
// replay green, as BenchmarkSuiteVsPlaywrightTest takes them), both the
// binary through the built-in server with --parallel N, alternating
// which goes first, and prints the medians and their ratio (the goal:
// prove under 3 times replay):
//
//	CI=true go test ./corpus -run '^$' -bench ProveVsReplay -benchtime 3x
func BenchmarkProveVsReplay(b *testing.B) {
	chromium, err := mcpclient.Chromium()
	if err != nil {
		testenv.Missing(b, "%v", err)
	}
	dir := b.TempDir()
	apg := testkit.NeedAPGDir(b)
	scenarios, _ := suiteExports(b, filepath.Join(dir, "scenarios"), filepath.Join(dir, "specs"))
	bin := filepath.Join(dir, "plaintest")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/plaintest").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	run := func(command string, args ...string) (time.Duration, string) {
		base := serveSites(b, apg)
		cmd := exec.Command(bin, append([]string{command, "--parallel", fmt.Sprint(*suiteWorkers),
			"--var", "BASE_URL=" + base, "--report", b.TempDir()}, append(args, scenarios...)...)...)
		cmd.Env = append(os.Environ(), mcpclient.EnvChromium+"="+chromium)
		return runCommand(b, cmd)
	}
	// The untimed first run decides the set: a scenario prove fails (it
	// replays each scenario, so a replay's failure fails it too, and a
	// vacuous check) leaves both sides, named.
	_, out := run("prove", "--json")
	failed := replayFailures(b, "prove", out)
	for _, name := range slices.Sorted(maps.Keys(failed)) {
		b.Logf("left out: %s (%s)", name, failed[name])
		scenarios = slices.DeleteFunc(scenarios, func(f string) bool { return filepath.Base(f) == name+".json" })
	}
	if len(scenarios) < 30 {
		b.Fatalf("%d scenarios replay and prove, want at least 30", len(scenarios))
	}
	passed, proven := fmt.Sprintf("%d passed", len(scenarios)), fmt.Sprintf("PROVEN %d scenarios", len(scenarios))
	timed := func(d time.Duration, out string) time.Duration {
		if !strings.Contains(out, passed) && !strings.Contains(out, proven) {
			b.Fatalf("want %q (replay) or %q (prove):\n%s", passed, proven, out)
		}
		return d
	}
	var replays, proofs []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			replays = append(replays, timed(run("replay")))
			proofs = append(proofs, timed(run("prove")))
		} else {
			proofs = append(proofs, timed(run("prove")))
			replays = append(replays, timed(run("replay")))
		}
	}
	b.StopTimer()
	r, p := testkit.Median(replays).Seconds(), testkit.Median(proofs).Seconds()
	b.ReportMetric(r, "replay-s/op")
	b.ReportMetric(p, "prove-s/op")
	b.ReportMetric(p/r, "prove/replay")
	fmt.Printf("%d corpus scenarios (%d failed a side), %d at once, built-in server: plaintest replay %.1f s, plaintest prove %.1f s, ratio %.2f (median of %d)\n",
		len(scenarios), len(failed), *suiteWorkers, r, p, p/r, len(replays))
}
