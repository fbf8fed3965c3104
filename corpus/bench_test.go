package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/internal/spectest"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/pwspec"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// BenchmarkSuiteVsPlaywrightTest times, in one run, the two ways a user
// could run the corpus's scenarios in CI (those that replay green and have
// a Playwright Test form: the demo shop's, the to-do list's and the APG
// examples'):
//
//   - plaintest: the plaintest binary replays the scenarios' golden exports
//     through the built-in server (the default) with --parallel N;
//   - Playwright Test: npx playwright test --workers N runs the Playwright
//     Test specs pwspec exports from the same exports, with Debian's
//     Chromium set in pwspec's playwright.config.ts, as plaintest export
//     writes it (nothing downloaded).
//
// Each side is timed from its command's start to its exit, against sites
// of its own, and must pass every scenario: a run that fails proves no
// speed. One untimed run of each comes first (files read from disk, caches
// filled); a scenario that fails in either is left out of both sides, and
// logged with why. Then the sides alternate which goes first. It prints both wall
// times (medians over -benchtime runs) and the ratio plaintest /
// Playwright Test; on Linux, each side's processor time (all its
// processes, the kernel's count) and its ratio, the peak of each side's
// resident memory, and the processor time by kind of process
// (usage_test.go); and the untimed replay's step time by tool:
//
//	CI=true go test ./corpus -run '^$' -bench SuiteVsPlaywrightTest -benchtime 1x
//
// -suite.workers sets N (2, the machine's cores, by default).
func BenchmarkSuiteVsPlaywrightTest(b *testing.B) {
	tool := testkit.PlaywrightTest(b) // node and the pinned @playwright/test
	node, cli, modules := tool.Node, tool.CLI, tool.Modules
	// Both sides in the full browser (not the tool's headless shell), the
	// one a generated config names.
	chromium, err := mcpclient.Chromium()
	if err != nil {
		testenv.Missing(b, "%v", err)
	}

	dir := b.TempDir()
	apg := testkit.NeedAPGDir(b)
	specs := filepath.Join(dir, "specs")
	scenarios, noSpec := suiteExports(b, filepath.Join(dir, "scenarios"), specs)
	bin := filepath.Join(dir, "plaintest")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/plaintest").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	writeSpecConfig(b, specs)

	plaintest := func(args ...string) (usage, string) {
		base := serveSites(b, apg)
		cmd := exec.Command(bin, append([]string{"replay", "--parallel", fmt.Sprint(*suiteWorkers),
			"--var", "BASE_URL=" + base, "--report", b.TempDir()}, append(args, scenarios...)...)...)
		cmd.Env = append(os.Environ(), mcpclient.EnvChromium+"="+chromium)
		return measureCommand(b, cmd)
	}
	playwrightTest := func() (usage, string) {
		base := serveSites(b, apg)
		cmd := exec.Command(node, cli, "test", "--workers", fmt.Sprint(*suiteWorkers), "--reporter", "dot,json")
		cmd.Dir = specs
		cmd.Env = append(os.Environ(), "BASE_URL="+base, "NODE_PATH="+modules, "PLAINTEST_CHROMIUM="+chromium,
			"PLAYWRIGHT_JSON_OUTPUT_NAME=results.json", "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1", "PLAYWRIGHT_BROWSERS_PATH="+filepath.Join(dir, "no-browsers"), "CI=")
		return measureCommand(b, cmd)
	}

	// The untimed first runs decide the suite: a scenario that fails on
	// either side (a spec form that reads the page otherwise than the
	// Sandy check does) leaves both, named.
	_, out := plaintest("--json")
	failed := replayFailures(b, "replay", out)
	fmt.Printf("plaintest's untimed run, step time by tool: %s\n", stepTimes(b, out))
	playwrightTest()
	theirFailures, err := spectest.Failures(filepath.Join(specs, "results.json"))
	if err != nil {
		b.Fatal(err)
	}
	for name := range theirFailures {
		failed[name] = "npx playwright test"
	}
	for _, name := range slices.Sorted(maps.Keys(failed)) {
		b.Logf("left out: %s (failed in %s)", name, failed[name])
		if err := os.Remove(filepath.Join(specs, name+".spec.ts")); err != nil {
			b.Fatal(err)
		}
		scenarios = slices.DeleteFunc(scenarios, func(f string) bool { return filepath.Base(f) == name+".json" })
	}
	n := len(scenarios)
	if n < 30 {
		b.Fatalf("%d scenarios pass on both sides, want at least 30", n)
	}
	passed := fmt.Sprintf("%d passed", n)
	timed := func(u usage, out string) usage {
		if !strings.Contains(out, passed) {
			b.Fatalf("want %q:\n%s", passed, out)
		}
		return u
	}

	var ours, theirs usageOf
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			ours = append(ours, timed(plaintest()))
			theirs = append(theirs, timed(playwrightTest()))
		} else {
			theirs = append(theirs, timed(playwrightTest()))
			ours = append(ours, timed(plaintest()))
		}
	}
	b.StopTimer()
	o, t := ours.wall(), theirs.wall()
	b.ReportMetric(o, "plaintest-s/op")
	b.ReportMetric(t, "playwright-test-s/op")
	b.ReportMetric(o/t, "plaintest/playwright-test")
	fmt.Printf("%d corpus scenarios (%d more have no Playwright Test form, %d failed on a side), %d at once: plaintest replay (built-in server) %.1f s, npx playwright test %.1f s, ratio %.2f (median of %d)\n",
		n, noSpec, len(failed), *suiteWorkers, o, t, o/t, len(ours))
	if oc, tc := ours.cpu(), theirs.cpu(); oc > 0 && tc > 0 {
		b.ReportMetric(oc/tc, "plaintest/playwright-test-cpu")
		fmt.Printf("processor time: plaintest %.1f s, Playwright Test %.1f s, ratio %.2f; peak memory (resident sets summed): plaintest %.0f MB, Playwright Test %.0f MB, ratio %.2f\n",
			oc, tc, oc/tc, ours.peak(), theirs.peak(), ours.peak()/theirs.peak())
		fmt.Printf("plaintest by process: %s\nPlaywright Test by process: %s\n", ours.kinds(), theirs.kinds())
	}
}

var suiteWorkers = flag.Int("suite.workers", 2, "BenchmarkSuiteVsPlaywrightTest: `N` scenarios at once on each side")

// suiteExports writes the golden export of every corpus scenario that
// replays green (known-failures.txt lists the others) and has a Playwright
// Test form to scenarios, and its spec to specs. It returns the scenario
// files and how many scenarios were left out for want of a spec form.
func suiteExports(b *testing.B, scenarios, specs string) (files []string, noSpec int) {
	b.Helper()
	all, err := Load("scenarios")
	if err != nil {
		b.Fatal(err)
	}
	known := knownFailures(b)
	for _, d := range []string{scenarios, specs} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
	}
	for _, s := range all {
		if s.ExpectError != "" || known[s.Name] != "" {
			continue
		}
		src := filepath.Join("testdata", "golden", s.Name+".json")
		sc, err := sandy.Load(src)
		if err != nil {
			b.Fatal(err)
		}
		spec, err := pwspec.Generate(sc, &pwspec.Options{CreatedBy: "plaintest corpus"})
		if errors.Is(err, pwspec.ErrNoSpec) {
			noSpec++
			continue
		}
		if err != nil {
			b.Fatalf("%s: %v", src, err)
		}
		data, err := os.ReadFile(src)
		if err != nil {
			b.Fatal(err)
		}
		file := filepath.Join(scenarios, s.Name+".json")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(specs, s.Name+".spec.ts"), spec, 0o644); err != nil {
			b.Fatal(err)
		}
		files = append(files, file)
	}
	if len(files) < 30 {
		b.Fatalf("%d corpus scenarios with a golden export and a spec, want at least 30", len(files))
	}
	return files, noSpec
}

// serveSites serves a fresh build of the demo apps and, at the same
// origin, the APG examples in apg when it is set (their paths, /patterns/
// and /shared/, are not the apps'), the framework pages and the Lit page,
// for the rest of b: one BASE_URL for every scenario.
func serveSites(b testing.TB, apg string) string {
	mux := http.NewServeMux()
	if apg != "" {
		files := http.FileServer(http.Dir(apg))
		mux.Handle("/patterns/", files)
		mux.Handle("/shared/", files)
	}
	fw := frameworksHandler(b, "") // the framework pages, beside the apps' paths
	for _, p := range []string{"/react/", "/vue/", "/jquery/", "/svelte/", "/shoelace/", "/node_modules/", "/mutant.js", "/style.css"} {
		mux.Handle(p, fw)
	}
	trip := tripHandler(b, "") // the trip pages, under /trip/, and the icon font they load
	for _, p := range []string{"/trip/", "/node_modules/" + fontAwesome + "/"} {
		mux.Handle(p, trip)
	}
	lit := LitHandler("lit", litModules(b), "") // the Lit page and the modules its import map names
	for _, p := range []string{"/shop.html", "/shop.js", "/node_modules/lit/", "/node_modules/lit-html/", "/node_modules/lit-element/", "/node_modules/@lit/reactive-element/"} {
		mux.Handle(p, lit)
	}
	mux.Handle("/", demoshop.Handler(nil))
	srv := httptest.NewServer(mux)
	b.Cleanup(srv.Close)
	return srv.URL
}

// runCommand runs cmd and returns how long it took and its output (stdout
// then stderr). A command that cannot start fails b; one that exits with
// an error (a failed scenario) does not.
func runCommand(b *testing.B, cmd *exec.Cmd) (time.Duration, string) {
	b.Helper()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		b.Fatalf("%s: %v\n%s%s", filepath.Base(cmd.Path), err, stdout.String(), stderr.String())
	}
	return d, stdout.String() + stderr.String()
}

// replayFailures reads the --json summary of plaintest command (replay or
// prove) at the start of out and returns the scenarios that failed, or
// have a check prove did not prove, by file name without .json.
func replayFailures(b *testing.B, command, out string) map[string]string {
	b.Helper()
	var sum report.Summary
	if err := json.NewDecoder(strings.NewReader(out)).Decode(&sum); err != nil {
		b.Fatalf("plaintest %s --json: %v\n%s", command, err, out)
	}
	failed := map[string]string{}
	for _, r := range sum.Scenarios {
		name := strings.TrimSuffix(filepath.Base(r.File), ".json")
		if !r.Success {
			failed[name] = "plaintest " + command + ": " + r.Error
		} else if why := report.Unproved(r); why != "" {
			failed[name] = "plaintest " + command + ": " + why
		}
	}
	return failed
}
