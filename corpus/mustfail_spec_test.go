package corpus

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/spectest"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/pwspec"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// pairSpec is the Playwright Test spec of a pair's export, written with
// the compile's intents as plaintest compile writes it.
func pairSpec(res *parser.ParserResult, export *sandy.Scenario) ([]byte, error) {
	var intents []step.Step
	for _, s := range res.Steps {
		intents = append(intents, s.Steps...)
	}
	return pwspec.Generate(export, &pwspec.Options{Intents: intents, CreatedBy: "plaintest corpus"})
}

// pairSpecConfig runs the pairs' specs with Chromium set once, as
// pwspec.Config does, and the timeouts of PAIR_TEST_MS, PAIR_EXPECT_MS and
// PAIR_ACTION_MS: generous on holds.html, where a loaded machine must not
// fail a spec (a spec and its assertions get what the corpus's passing
// specs get, passingSpecTimeout; an action waits as long as the suite's
// built-in servers let one, actionTimeout), short on broken.html, where
// each spec waits for its check's fact that long before it fails (the
// pairs' Sandy checks wait pairTimeout).
const pairSpecConfig = `module.exports = {
  testDir: ".",
  testMatch: "*.spec.ts",
  timeout: Number(process.env.PAIR_TEST_MS),
  expect: { timeout: Number(process.env.PAIR_EXPECT_MS) },
  use: {
    actionTimeout: Number(process.env.PAIR_ACTION_MS),
    launchOptions: { executablePath: process.env.PLAINTEST_CHROMIUM },
  },
};
`

// pairSpecs is what the pairs' specs gave under npx playwright test.
type pairSpecs struct {
	ran                   bool
	failHolds, failBroken map[string]bool
	outHolds, outBroken   string
}

// runPairSpecs runs the spec of every pair that has one twice, with one
// npx playwright test each: against holds.html and against broken.html.
func runPairSpecs(t *testing.T, pairs []Pair, out []pairOutcome, holds, broken string) pairSpecs {
	t.Helper()
	dir, brokenDir := t.TempDir(), t.TempDir()
	n := 0
	for i, p := range pairs {
		if out[i].spec == nil {
			continue
		}
		// The spec opens {{BASE_URL}}/NAME; no spec sets its own Chromium.
		if err := os.WriteFile(filepath.Join(dir, p.Name+".spec.ts"), out[i].spec, 0o644); err != nil {
			t.Fatal(err)
		}
		marked, err := spectest.ExpectFailure(out[i].spec)
		if err != nil {
			t.Fatalf("%s: %v:\n%s", p.Name, err, out[i].spec)
		}
		if err := os.WriteFile(filepath.Join(brokenDir, p.Name+".spec.ts"), marked, 0o644); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n == 0 {
		return pairSpecs{}
	}
	for _, d := range []string{dir, brokenDir} {
		if err := os.WriteFile(filepath.Join(d, "playwright.config.js"), []byte(pairSpecConfig), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var r pairSpecs
	r.ran = true
	start := time.Now()
	ms := func(d time.Duration) string { return fmt.Sprint(d.Milliseconds()) }
	// The two runs at once: on broken.html every spec waits for a fact
	// that never comes, and those waits overlap, brokenWorkers at a time,
	// with the run on holds.html.
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.outBroken, r.failBroken = runSpecTest(t, brokenDir, broken, brokenWorkers, "PAIR_TEST_MS=60000", "PAIR_EXPECT_MS="+ms(2*pairTimeout), "PAIR_ACTION_MS="+ms(2*pairTimeout))
	}()
	r.outHolds, r.failHolds = runSpecTest(t, dir, holds, workers, "PAIR_TEST_MS="+ms(passingSpecTimeout), "PAIR_EXPECT_MS="+ms(passingSpecTimeout/8), "PAIR_ACTION_MS="+ms(actionTimeout))
	<-done
	t.Logf("the specs of %d pairs, on holds.html and on broken.html: %s", n, time.Since(start).Round(time.Second))
	return r
}

// brokenWorkers is how many specs run at once on broken.html: most of
// each is its check's wait, and an expected failure
// (spectest.ExpectFailure) keeps its worker and the worker's browser, so
// more run than the machine has cores.
const brokenWorkers = 6

// check fails t unless the pair's spec passed on holds.html and failed on
// broken.html, as its Sandy replay does.
func (r pairSpecs) check(t *testing.T, name string, o pairOutcome) {
	t.Helper()
	switch {
	case o.specErr != nil && errors.Is(o.specErr, pwspec.ErrNoSpec):
		t.Errorf("no Playwright Test spec: %s", strings.ReplaceAll(o.specErr.Error(), "\n", "; "))
	case o.specErr != nil:
		t.Errorf("spec: %v", o.specErr)
	case o.spec == nil || !r.ran:
		return
	case r.failHolds[name] && knownSpecFailures(t)["mustfail/"+name] != "":
		t.Logf("the spec fails on holds.html, as known-failures.txt says (mustfail/%s)", name)
	case knownSpecFailures(t)["mustfail/"+name] != "":
		t.Errorf("the spec passes on holds.html now: remove mustfail/%s from known-failures.txt and docs/limits.md", name)
	case r.failHolds[name]:
		t.Errorf("the spec fails on holds.html:\n%s", specOutput(r.outHolds, name))
	case !r.failBroken[name]:
		t.Errorf("the spec passes on broken.html; want it to fail, as its Sandy replay does:\n%s", o.spec)
	}
}

// specOutput is the part of npx playwright test's output about name's
// spec, or all of it.
func specOutput(out, name string) string {
	var b strings.Builder
	keep := false
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, ".spec.ts") {
			keep = strings.Contains(l, name+".spec.ts")
		}
		if keep {
			fmt.Fprintln(&b, l)
		}
	}
	if b.Len() == 0 {
		return out
	}
	return b.String()
}
