// Package spectest runs exported Playwright Test specs for the project's
// tests: npx playwright test of the pinned @playwright/test, in Chromium's
// headless shell (the build Playwright itself runs headless), with nothing
// downloaded. One copy serves the corpus and the command's tests.
package spectest

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/mcpclient"
)

// Tool is what npx playwright test needs.
type Tool struct {
	Node    string // the node executable
	CLI     string // @playwright/test's cli.js
	Modules string // the node_modules folder holding it (and prettier)
	// Chromium is the browser the specs run in: the headless shell when
	// installed. Running a spec in the full browser in headless mode costs
	// about twice the processor time for the same result (TestCorpusSpecs:
	// 121 s against 53 s of processor time for 112 specs).
	Chromium string
	// Timeout, when not 0, is each spec's time limit (npx playwright test
	// --timeout), for runs whose specs must pass: Playwright Test's own
	// 30 s was too short for a spec of eight steps on a loaded 2-core
	// machine whose page faults cost 12 us each. Runs whose specs must
	// fail keep the 30 s, as a spec waiting on a target that never comes
	// waits it out.
	Timeout time.Duration
}

// Find locates the tool in modules (a node_modules folder). Missing, the
// test skips, or fails in CI.
func Find(tb testing.TB, modules string) Tool {
	tb.Helper()
	var tl Tool
	var err error
	if tl.Chromium, err = mcpclient.ChromiumFor(false); err != nil {
		testenv.Missing(tb, "%v", err)
	}
	if tl.Node, err = exec.LookPath("node"); err != nil {
		testenv.Missing(tb, "node: %v", err)
	}
	if tl.Modules, err = filepath.Abs(modules); err != nil {
		tb.Fatal(err)
	}
	tl.CLI = filepath.Join(tl.Modules, "@playwright", "test", "cli.js")
	for _, need := range []string{tl.CLI, filepath.Join(tl.Modules, "prettier", "bin", "prettier.cjs")} {
		if _, err := os.Stat(need); err != nil {
			testenv.Missing(tb, "%s (run npm ci): %v", need, err)
		}
	}
	return tl
}

// Prettier checks that the files of dir are laid out as Prettier leaves
// them; the error carries its output.
func (tl Tool) Prettier(dir string) error {
	cmd := exec.Command(tl.Node, filepath.Join(tl.Modules, "prettier", "bin", "prettier.cjs"), "--check", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v\n%s", err, out)
	}
	return nil
}

// ExportedConfigFile is where WriteConfig puts the config plaintest
// exports when it wraps it.
const ExportedConfigFile = "plaintest.config.ts"

// WriteConfig writes config (pwspec.Config, as plaintest exports it) into
// dir as the specs' Playwright Test config; with expect not 0, it writes
// it as ExportedConfigFile and a playwright.config.ts that takes it with
// assertions waiting expect: for runs whose specs must pass, where
// Playwright's 5 s was too short for a cart's count after a form's POST
// on a loaded 2-core machine whose page faults cost 12 us each (the
// Sandy replays wait 5 s too, through a server beside the test).
func WriteConfig(dir string, config []byte, expect time.Duration) error {
	if expect == 0 {
		return os.WriteFile(filepath.Join(dir, "playwright.config.ts"), config, 0o644)
	}
	if err := os.WriteFile(filepath.Join(dir, ExportedConfigFile), config, 0o644); err != nil {
		return err
	}
	wrap := fmt.Sprintf(`import config from "./%s";

export default { ...config, expect: { ...config.expect, timeout: %d } };
`, strings.TrimSuffix(ExportedConfigFile, ".ts"), expect.Milliseconds())
	return os.WriteFile(filepath.Join(dir, "playwright.config.ts"), []byte(wrap), 0o644)
}

// ResultsFile is the JSON report Run reads, in the specs' folder.
const ResultsFile = "results.json"

// Result is what a run of npx playwright test gave.
type Result struct {
	// Output is the line reporter's output.
	Output string
	// Failed are the specs that did not pass, by file name without
	// .spec.ts, read from the JSON report (Failures).
	Failed map[string]bool
	// Passed is whether npx playwright test exited 0.
	Passed bool
}

// Run runs npx playwright test on the specs of dir (with the config dir
// holds) against base (BASE_URL), workers at a time, env added to its
// environment (a later PLAINTEST_CHROMIUM overrides Chromium). While the
// test binary shares a browser (mcpclient.ShareBrowser) running the same
// Chromium, the workers connect to it (each test still gets a fresh
// context) rather than launch one each; env naming PLAINTEST_CHROMIUM, a
// run about the browser the config launches, launches its own.
func (tl Tool) Run(tb testing.TB, dir, base string, workers int, env ...string) Result {
	tb.Helper()
	args := []string{tl.CLI, "test", "--workers", fmt.Sprint(workers), "--reporter", "line,json"}
	if tl.Timeout > 0 {
		args = append(args, "--timeout", fmt.Sprint(tl.Timeout.Milliseconds()))
	}
	cmd := exec.Command(tl.Node, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "BASE_URL="+base, "NODE_PATH="+tl.Modules, mcpclient.EnvChromium+"="+tl.Chromium,
		"PLAYWRIGHT_JSON_OUTPUT_NAME="+ResultsFile,
		"PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1", "PLAYWRIGHT_BROWSERS_PATH="+filepath.Join(dir, "no-browsers"), "CI=")
	ownBrowser := slices.ContainsFunc(env, func(kv string) bool { return strings.HasPrefix(kv, mcpclient.EnvChromium+"=") })
	if ep, exe := mcpclient.SharedBrowser(); ep != "" && exe == tl.Chromium && !ownBrowser {
		cmd.Env = append(cmd.Env, "PW_TEST_CONNECT_WS_ENDPOINT="+ep)
	}
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		tb.Fatalf("npx playwright test: %v\n%s", err, out)
	}
	failed, ferr := Failures(filepath.Join(dir, ResultsFile))
	if ferr != nil {
		tb.Fatalf("npx playwright test: %v\n%s", ferr, out)
	}
	return Result{Output: string(out), Failed: failed, Passed: err == nil}
}

// Failures reads a Playwright Test JSON report: the specs (file names
// without .spec.ts) a test of which did not run to the status "passed".
// The status a test ran to, not its outcome: a spec marked to fail
// (ExpectFailure) that failed did fail.
func Failures(file string) (map[string]bool, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	type suite struct {
		File  string `json:"file"`
		Specs []struct {
			Tests []struct {
				Results []struct {
					Status string `json:"status"`
				} `json:"results"`
			} `json:"tests"`
		} `json:"specs"`
		Suites []json.RawMessage `json:"suites"`
	}
	var top struct {
		Suites []suite `json:"suites"`
	}
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	failed := map[string]bool{}
	var walk func(s suite) error
	walk = func(s suite) error {
		name := strings.TrimSuffix(filepath.Base(s.File), ".spec.ts")
		for _, sp := range s.Specs {
			for _, test := range sp.Tests {
				if len(test.Results) == 0 { // never ran
					failed[name] = true
				}
				for _, r := range test.Results {
					if r.Status != "passed" {
						failed[name] = true
					}
				}
			}
		}
		for _, raw := range s.Suites {
			var sub suite
			if err := json.Unmarshal(raw, &sub); err != nil {
				return fmt.Errorf("%s: %w", file, err)
			}
			if err := walk(sub); err != nil {
				return err
			}
		}
		return nil
	}
	for _, s := range top.Suites {
		if err := walk(s); err != nil {
			return nil, err
		}
	}
	return failed, nil
}

// expectFailureLine marks every test of a spec as one that must fail
// (test.fail): Playwright Test then keeps the worker and its browser
// after the failure, where an unexpected failure costs a new worker
// process and a new browser (three times the processor time of a run of
// failing specs). Whether each spec failed is read from its result's
// status (Failures), not from its outcome.
const expectFailureLine = `test.fail(() => true, "the page is broken: this spec must fail");`

// ErrNoImport is returned by ExpectFailure for a spec with no import.
var ErrNoImport = errors.New("the spec imports nothing")

// ExpectFailure is spec with expectFailureLine after its imports: the
// rest of the spec is unchanged. Run a spec so marked on a page whose
// fact is broken, and read its failure from Failures.
func ExpectFailure(spec []byte) ([]byte, error) {
	lines := strings.Split(string(spec), "\n")
	last, open := -1, false
	for i, l := range lines {
		// An import may span lines ("import {\n  a,\n} from ..."): the
		// line after its semicolon.
		if strings.HasPrefix(l, "import ") || open {
			open = !strings.HasSuffix(strings.TrimSpace(l), ";")
			last = i
		}
	}
	if last < 0 {
		return nil, ErrNoImport
	}
	lines = slices.Insert(lines, last+1, expectFailureLine)
	return []byte(strings.Join(lines, "\n")), nil
}
