package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/internal/spectest"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/pwspec"
)

// nodeModules is the checkout's folder of the pinned npm packages
// (@playwright/test, prettier, @playwright/mcp). A test that needs them
// skips without them, or fails under CI.
func nodeModules(t *testing.T) string {
	t.Helper()
	return testkit.PlaywrightTest(t).Modules
}

// runSpecs runs the specs in dir with one npx playwright test (two
// workers) against the shop at base, with the config plaintest export
// writes beside its specs, env added to its environment, and returns its
// output and whether every test passed.
func runSpecs(t *testing.T, modules, dir, base string, env ...string) (string, bool) {
	t.Helper()
	// Specs that must pass: a time limit and assertion waits for a loaded
	// machine (spectest.Tool.Timeout, spectest.WriteConfig).
	if err := spectest.WriteConfig(dir, pwspec.Config(), 15*time.Second); err != nil {
		t.Fatal(err)
	}
	tool := testkit.PlaywrightTest(t)
	tool.Timeout = 2 * time.Minute
	r := tool.Run(t, dir, base, 2, append([]string{"PASSWORD=demo123"}, env...)...)
	return r.Output, r.Passed && len(r.Failed) == 0
}

// specPassesThenFails exports the Playwright spec of the scenario at
// path, runs it against base with passing(true) in force (it must pass)
// and with breaking(true) (it must fail), each set back after.
func specPassesThenFails(t *testing.T, path, base string, passing, breaking func(on bool)) {
	t.Helper()
	specs := t.TempDir()
	code, stdout, stderr := runCLI(t, "export", "--format", "playwright", "-o", filepath.Join(specs, "test.spec.ts"), path)
	if code != 0 {
		t.Fatalf("export: exit %d\n%s\n%s", code, stdout, stderr)
	}
	passing(true)
	output, ok := runSpecs(t, nodeModules(t), specs, base)
	passing(false)
	if !ok {
		t.Errorf("the spec failed:\n%s", output)
	}
	breaking(true)
	output, failed := runFailingSpecs(t, specs, base)
	breaking(false)
	if len(failed) != 1 {
		t.Errorf("the spec on the broken page did not fail:\n%s", output)
	}
}

// runFailingSpecs runs the specs in dir as runSpecs does, on pages whose
// facts are broken, each spec marked to fail (spectest.ExpectFailure: an
// expected failure keeps its worker and browser), six at a time since
// most of each is a check's wait; it returns the output and the specs that
// failed.
func runFailingSpecs(t *testing.T, dir, base string, env ...string) (string, map[string]bool) {
	t.Helper()
	marked := t.TempDir()
	specs, err := filepath.Glob(filepath.Join(dir, "*.spec.ts"))
	if err != nil || len(specs) == 0 {
		t.Fatalf("no spec in %s (%v)", dir, err)
	}
	for _, f := range specs {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if data, err = spectest.ExpectFailure(data); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if err := os.WriteFile(filepath.Join(marked, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(marked, pwspec.ConfigFile), pwspec.Config(), 0o644); err != nil {
		t.Fatal(err)
	}
	r := testkit.PlaywrightTest(t).Run(t, marked, base, 6, append([]string{"PASSWORD=demo123"}, env...)...)
	return r.Output, r.Failed
}

// TestExportedSpecsRun: the Playwright Test spec compile wrote for every
// demo scenario is laid out as Prettier leaves it, and passes npx
// playwright test against the demo shop with Debian's Chromium and nothing
// downloaded; on the changed shop (a product renamed, the cart's text
// changed) the mug spec fails at the cart check, where the Sandy replay of
// the same compile fails too.
func TestExportedSpecsRun(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	modules := nodeModules(t)
	dir := t.TempDir()
	_, base := compiledDemos(t)
	for _, s := range demoScenarios {
		file, _ := compiledDemo(t, s.name)
		data, err := os.ReadFile(exportPath(file, formatPlaywright))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, s.name+".spec.ts"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := testkit.PlaywrightTest(t).Prettier(dir); err != nil {
		t.Errorf("the specs are not as Prettier leaves them: %v", err)
	}
	// In the browser the written config names, as a user runs them (the
	// other spec runs use the headless shell).
	out, ok := runSpecs(t, modules, dir, base, mcpclient.EnvChromium+"="+pwspec.DefaultChromium)
	if want := fmt.Sprintf("%d passed", len(demoScenarios)); !ok || !strings.Contains(out, want) {
		t.Fatalf("the exported specs do not pass against the demo shop (want %q):\n%s", want, out)
	}

	variant := serveShop(t, &demoshop.Options{
		Rename:   map[string]string{"blue-mug": "Navy Mug"},
		CartText: func(n int) string { return fmt.Sprintf("(%d)", n) },
	})
	mugDir := t.TempDir()
	file, _ := compiledDemo(t, "mug")
	data, _ := os.ReadFile(exportPath(file, formatPlaywright))
	os.WriteFile(filepath.Join(mugDir, "mug.spec.ts"), data, 0o644)
	out, ok = runSpecs(t, modules, mugDir, variant)
	// At the cart check: the list reporter names the step, or, as it did
	// once under make test's load, only the stack says it, at the line
	// of the step's test.step.
	step := fmt.Sprintf("mug.spec.ts:%d:", 1+slices.IndexFunc(strings.Split(string(data), "\n"), func(l string) bool {
		return strings.Contains(l, `test.step("verify the cart shows 1 item"`)
	}))
	if ok || !strings.Contains(out, "1 failed") || !strings.Contains(out, "verify the cart shows 1 item") && !strings.Contains(out, step) {
		t.Errorf("the mug spec does not fail at the cart check on the changed shop:\n%s", out)
	}
	// 10 s, not 3: the login's click before the step this is about once
	// took past 3 s under make test's load (TestCompiledScenarioFailsOnChangedSite).
	code, stdout, stderr := runCLI(t, "replay", file, "--var", "PASSWORD=demo123", "--var", "BASE_URL="+variant, "--timeout", "10s", "--report", t.TempDir())
	// The spec clicks the renamed product's button and fails at the cart
	// check; replay's identity check refuses the click on "Navy Mug" that
	// the English calls "Blue Mug".
	if want := `target is now button "Add to cart" in article "Navy Mug", compiled as button "Add to cart" in article "Blue Mug"`; code != exitFailed || !strings.Contains(stdout+stderr, want) {
		t.Errorf("the Sandy replay on the changed shop: exit %d, want 1 saying %s\n%s\n%s", code, want, stdout, stderr)
	}
}
