package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/pwspec"
)

// nodeModules is the folder of the pinned npm packages (@playwright/test,
// prettier): the one @playwright/mcp is found in. A test that needs them
// skips without them, or fails under CI.
func nodeModules(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(os.Getenv(mcpclient.EnvPlaywrightMCP), "node_modules")
	for _, need := range []string{"@playwright/test/cli.js", "prettier/bin/prettier.cjs"} {
		if _, err := os.Stat(filepath.Join(dir, need)); err != nil {
			testenv.Missing(t, "%s (run npm ci)", filepath.Join(dir, need))
		}
	}
	if _, err := exec.LookPath("node"); err != nil {
		testenv.Missing(t, "node: %v", err)
	}
	return dir
}

// runSpecs runs the specs in dir with one npx playwright test (two
// workers) against the shop at base, env added to its environment, and
// returns its output and whether every test passed.
func runSpecs(t *testing.T, modules, dir, base string, env ...string) (string, bool) {
	t.Helper()
	// The config plaintest export writes beside its specs.
	if err := os.WriteFile(filepath.Join(dir, pwspec.ConfigFile), pwspec.Config(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", filepath.Join(modules, "@playwright", "test", "cli.js"), "test", "--workers", "2", "--reporter", "line")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "BASE_URL="+base, "PASSWORD=demo123", "NODE_PATH="+modules,
		"PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1", "PLAYWRIGHT_BROWSERS_PATH="+filepath.Join(dir, "no-browsers"), "CI=")
	cmd.Env = append(cmd.Env, env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		t.Fatalf("npx playwright test: %v\n%s", err, out.String())
	}
	return out.String(), err == nil
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
	prettier := exec.Command("node", filepath.Join(modules, "prettier", "bin", "prettier.cjs"), "--check", ".")
	prettier.Dir = dir
	if out, err := prettier.CombinedOutput(); err != nil {
		t.Errorf("the specs are not as Prettier leaves them: %v\n%s", err, out)
	}
	out, ok := runSpecs(t, modules, dir, base)
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
	if ok || !strings.Contains(out, "1 failed") || !strings.Contains(out, "verify the cart shows 1 item") {
		t.Errorf("the mug spec does not fail at the cart check on the changed shop:\n%s", out)
	}
	code, stdout, stderr := runCLI(t, "replay", file, "--var", "PASSWORD=demo123", "--var", "BASE_URL="+variant, "--timeout", "3s", "--report", t.TempDir())
	// The spec clicks the renamed product's button and fails at the cart
	// check; replay's identity check refuses the click on "Navy Mug" that
	// the English calls "Blue Mug".
	if want := `target is now button "Add to cart" in article "Navy Mug", compiled as button "Add to cart" in article "Blue Mug"`; code != exitFailed || !strings.Contains(stdout+stderr, want) {
		t.Errorf("the Sandy replay on the changed shop: exit %d, want 1 saying %s\n%s\n%s", code, want, stdout, stderr)
	}
}
