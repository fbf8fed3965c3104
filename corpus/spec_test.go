package corpus

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/golden"
	"github.com/plaintest/plaintest/internal/spectest"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/pwspec"
	"github.com/plaintest/plaintest/sandy"
)

// runSpecTest runs npx playwright test on the specs of dir (its
// playwright.config.js) against base, and returns its output and the
// specs that did not pass; env is added to its environment.
func runSpecTest(t testing.TB, dir, base string, workers int, env ...string) (string, map[string]bool) {
	t.Helper()
	r := testkit.PlaywrightTest(t).Run(t, dir, base, workers, env...)
	return r.Output, r.Failed
}

// passingSpecTimeout is the time limit of a spec that must pass, long
// enough for a loaded machine (spectest.Tool.Timeout); its assertions wait
// a part of it (spectest.WriteConfig).
const passingSpecTimeout = 2 * time.Minute

// writeSpecConfig writes pwspec's config into dir, as exported.
func writeSpecConfig(t testing.TB, dir string) {
	t.Helper()
	if err := spectest.WriteConfig(dir, pwspec.Config(), 0); err != nil {
		t.Fatal(err)
	}
}

// TestCorpusSpecs runs, with one npx playwright test, the Playwright Test
// spec of every corpus scenario that replays green (not in
// known-failures.txt) and has a spec form, each from its golden export,
// against the sites their replays run on: every spec passes, as its Sandy
// replay does. It logs how many scenarios have no spec form, and why.
// -corpus.run narrows it; without PLAINTEST_APG_CORPUS, the APG
// scenarios' specs are left out.
func TestCorpusSpecs(t *testing.T) {
	if testing.Short() {
		t.Skip("the specs run in a real browser")
	}
	testkit.PlaywrightTest(t)
	if !golden.Updating() {
		// Beside TestCorpus and TestMustFail; with -update it runs first,
		// alone, as TestCorpus rewrites the goldens it reads.
		t.Parallel()
	}
	apg := testkit.APGDir(t)
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
	leftOut := 0 // the APG scenarios, PLAINTEST_APG_CORPUS unset (TestMain says so)
	for _, s := range all {
		if s.ExpectError != "" || known[s.Name] != "" || re != nil && !re.MatchString(s.Name) {
			continue
		}
		if s.Site == SiteAPG && apg == "" {
			leftOut++
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
	if len(specs) == 0 && leftOut > 0 && len(noSpec) == 0 {
		t.Skip("only APG scenarios selected, and " + testkit.APGEnv + " is unset")
	}
	if len(specs) == 0 {
		t.Fatal("no corpus scenario has a spec form")
	}
	if err := testkit.PlaywrightTest(t).Prettier(dir); err != nil {
		t.Errorf("the specs are not as Prettier leaves them: %v", err)
	}
	// The corpus's specs all must pass, and a check that holds returns at
	// once: they wait a quarter (30 s), since under make test's load a
	// shop spec's check once saw its text only after 15 s.
	if err := spectest.WriteConfig(dir, pwspec.Config(), passingSpecTimeout/4); err != nil {
		t.Fatal(err)
	}
	tool := testkit.PlaywrightTest(t)
	tool.Timeout = passingSpecTimeout
	r := tool.Run(t, dir, serveSites(t, apg), workers)
	out, failed := r.Output, r.Failed
	specKnown := knownSpecFailures(t)
	for _, name := range specs {
		switch why, known := specKnown[name]; {
		case strings.HasPrefix(why, specOnly+" flaky:"):
			// Playwright's own timing decides: either outcome is logged.
			t.Logf("%s.spec.ts %s this time; known-failures.txt: %s", name, map[bool]string{true: "failed", false: "passed"}[failed[name]], why)
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
