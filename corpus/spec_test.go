package corpus

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/pwspec"
	"github.com/plaintest/plaintest/sandy"
)

// playwrightTest finds what npx playwright test needs: node, the pinned
// @playwright/test's cli.js, the node_modules folder and Chromium. Missing,
// the test skips, or fails in CI.
func playwrightTest(t testing.TB) (node, cli, modules, chromium string) {
	t.Helper()
	chromium, err := mcpclient.Chromium()
	if err != nil {
		testenv.Missing(t, "%v", err)
	}
	if node, err = exec.LookPath("node"); err != nil {
		testenv.Missing(t, "node: %v", err)
	}
	if modules, err = filepath.Abs(filepath.Join("..", "node_modules")); err != nil {
		t.Fatal(err)
	}
	cli = filepath.Join(modules, "@playwright", "test", "cli.js")
	if _, err := os.Stat(cli); err != nil {
		testenv.Missing(t, "@playwright/test (run npm ci): %v", err)
	}
	return node, cli, modules, chromium
}

// runSpecTest runs npx playwright test on the specs of dir (its
// playwright.config.js, written by pwspec.Config) against base, and
// returns its output and the specs that did not pass (by file name
// without .spec.ts), read from its JSON report; env is added to its
// environment.
func runSpecTest(t testing.TB, dir, base string, workers int, env ...string) (string, map[string]bool) {
	t.Helper()
	node, cli, modules, chromium := playwrightTest(t)
	cmd := exec.Command(node, cli, "test", "--workers", fmt.Sprint(workers), "--reporter", "line,json")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "BASE_URL="+base, "NODE_PATH="+modules, "PLAINTEST_CHROMIUM="+chromium,
		"PLAYWRIGHT_JSON_OUTPUT_NAME=results.json",
		"PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1", "PLAYWRIGHT_BROWSERS_PATH="+filepath.Join(dir, "no-browsers"), "CI=")
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		t.Fatalf("npx playwright test: %v\n%s", err, out)
	}
	return string(out), specFailures(t, filepath.Join(dir, "results.json"))
}

// writeSpecConfig writes pwspec's playwright.config.js into dir.
func writeSpecConfig(t testing.TB, dir string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, pwspec.ConfigFile), pwspec.Config(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCorpusSpecs runs, with one npx playwright test, the Playwright Test
// spec of every corpus scenario that replays green (not in
// known-failures.txt) and has a spec form, each from its golden export,
// against the sites their replays run on: every spec passes, as its Sandy
// replay does. It logs how many scenarios have no spec form, and why.
// -corpus.run narrows it.
func TestCorpusSpecs(t *testing.T) {
	if testing.Short() {
		t.Skip("the specs run in a real browser")
	}
	playwrightTest(t)
	apg := apgDir(t)
	all, err := Load("scenarios")
	if err != nil {
		t.Fatal(err)
	}
	var re *regexp.Regexp
	if *only != "" {
		if re, err = regexp.Compile(*only); err != nil {
			t.Fatalf("-corpus.run: %v", err)
		}
	}
	known := knownFailures(t)
	dir := t.TempDir()
	var specs []string
	noSpec := map[string]string{}
	for _, s := range all {
		if s.ExpectError != "" || known[s.Name] != "" || re != nil && !re.MatchString(s.Name) {
			continue
		}
		src := filepath.Join("testdata", "golden", s.Name+".json")
		sc, err := sandy.Load(src)
		if err != nil {
			t.Fatal(err)
		}
		spec, err := pwspec.Generate(sc, &pwspec.Options{CreatedBy: "plaintest corpus"})
		if errors.Is(err, pwspec.ErrNoSpec) {
			noSpec[s.Name] = strings.ReplaceAll(err.Error(), "\n", "; ")
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if err := os.WriteFile(filepath.Join(dir, s.Name+".spec.ts"), spec, 0o644); err != nil {
			t.Fatal(err)
		}
		specs = append(specs, s.Name)
	}
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range noSpec {
			if !yield(k) {
				return
			}
		}
	}) {
		t.Logf("no spec form: %s: %s", name, noSpec[name])
	}
	if len(specs) == 0 {
		t.Fatal("no corpus scenario has a spec form")
	}
	node, _, modules, _ := playwrightTest(t)
	prettier := exec.Command(node, filepath.Join(modules, "prettier", "bin", "prettier.cjs"), "--check", ".")
	prettier.Dir = dir
	if out, err := prettier.CombinedOutput(); err != nil {
		t.Errorf("the specs are not as Prettier leaves them: %v\n%s", err, out)
	}
	writeSpecConfig(t, dir)
	out, failed := runSpecTest(t, dir, serveSites(t, apg), workers)
	specKnown := knownSpecFailures(t)
	for _, name := range specs {
		switch why, known := specKnown[name]; {
		case failed[name] && !known:
			t.Errorf("%s.spec.ts fails under npx playwright test; its Sandy replay passes", name)
		case failed[name]:
			t.Logf("%s.spec.ts fails, as known-failures.txt says: %s", name, why)
		case known:
			t.Errorf("%s.spec.ts passes now: remove it from known-failures.txt and docs/limits.md", name)
		}
	}
	if t.Failed() {
		t.Logf("npx playwright test:\n%s", out)
	}
	t.Logf("corpus specs: %d of %d scenarios have a spec form (%d none); %d of them pass npx playwright test",
		len(specs), len(specs)+len(noSpec), len(noSpec), len(specs)-len(failed))
}
