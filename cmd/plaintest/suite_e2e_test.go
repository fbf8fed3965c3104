package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/suite"
)

// TestCompileSuite: plaintest compile DIR compiles every test file under
// it into its own scenario, the tree mirrored; a second compile with
// nothing changed compiles nothing; a changed test is compiled again and
// only it; a test removed leaves its scenario listed as orphaned; a bad
// test file is refused (exit 2) while the others compile; the scenarios
// replay; and a link a checkout commits below --out is not written
// through.
func TestCompileSuite(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	base := serveShop(t, nil)
	dir := t.TempDir()
	tests, out := filepath.Join(dir, "tests"), filepath.Join(dir, "out")
	put := func(name, body string) {
		t.Helper()
		p := filepath.Join(tests, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("login.yaml", "url: /login\nactions:\n  - type demo into Username\n  - type {{PASSWORD}} into Password\n  - click Log in\n  - verify Products is shown\nsecrets: [PASSWORD]\n")
	put("cart/add.txt", "# the cart starts empty\ngo to the login page\ntype demo into Username then type demo123 into Password then click Log in\nclick Add to cart for Blue Mug\nverify the cart shows 1 item\n")
	put("home.json", `{"name": "home", "actions": ["verify the page title contains \"Demo Shop\""]}`)
	put("bad.yaml", "actions: [click a]\nbogus: 1\n")
	compile := func(extra ...string) (exitCode, string, suite.Result) {
		t.Helper()
		args := append([]string{"compile", tests, "--url", base, "--out", out, "--evidence", t.TempDir(), "--translator", "rules",
			"--secret", "PASSWORD=demo123", "--json", "--parallel", "2"}, extra...)
		code, stdout, stderr := runCLI(t, args...)
		var doc suite.Result
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatalf("--json: %v\n%s\n%s", err, stdout, stderr)
		}
		return code, stderr, doc
	}
	statuses := func(doc suite.Result) map[string]string {
		m := map[string]string{}
		for _, tj := range doc.Tests {
			m[filepath.ToSlash(strings.TrimPrefix(tj.File, tests+string(filepath.Separator)))] = tj.Status
		}
		return m
	}
	want := func(step string, got, want map[string]string) {
		t.Helper()
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s is %q, want %q (all: %v)", step, k, got[k], v, got)
			}
		}
	}

	junit, report := filepath.Join(dir, "compile.xml"), filepath.Join(dir, "report")
	code, log, doc := compile("--junit", junit, "--report", report)
	if code != exitInput {
		t.Fatalf("first compile: exit %d, want %d (a test file refused)\n%s", code, exitInput, log)
	}
	want("first compile", statuses(doc), map[string]string{"login.yaml": suite.StatusCompiled, "cart/add.txt": suite.StatusCompiled, "home.json": suite.StatusCompiled, "bad.yaml": suite.StatusRefused})
	for _, p := range []string{"login.json", "cart/add.json", "home.json"} {
		sc, err := sandy.Load(filepath.Join(out, p))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if sc.Metadata.CompiledFrom == "" || !strings.HasPrefix(sc.Metadata.Source, tests) {
			t.Errorf("%s: compiled_from %q, source %q; want a digest and the test file", p, sc.Metadata.CompiledFrom, sc.Metadata.Source)
		}
	}
	if data, err := os.ReadFile(junit); err != nil || !strings.Contains(string(data), `bad.yaml`) || !strings.Contains(string(data), "<testcase") {
		t.Errorf("--junit: %v\n%s", err, data)
	}

	if data, err := os.ReadFile(filepath.Join(report, "index.html")); err != nil || !strings.Contains(string(data), "click Add to cart for Blue Mug") || !strings.Contains(string(data), "login") {
		t.Errorf("--report: a section a test, with its steps: %v", err)
	}

	if err := os.Remove(filepath.Join(tests, "bad.yaml")); err != nil {
		t.Fatal(err)
	}
	code, log, doc = compile()
	if code != 0 || !strings.Contains(log, "nothing compiled: every test is unchanged") {
		t.Fatalf("second compile: exit %d, want 0 saying nothing compiled\n%s", code, log)
	}
	want("second compile", statuses(doc), map[string]string{"login.yaml": suite.StatusUnchanged, "cart/add.txt": suite.StatusUnchanged, "home.json": suite.StatusUnchanged})

	put("cart/add.txt", "go to the login page\ntype demo into Username then type demo123 into Password then click Log in\nclick Add to cart for Blue Mug\nverify the cart shows 1 item\n")
	if err := os.Remove(filepath.Join(tests, "home.json")); err != nil {
		t.Fatal(err)
	}
	code, log, doc = compile()
	if code != 0 {
		t.Fatalf("third compile: exit %d\n%s", code, log)
	}
	want("a test changed, one removed", statuses(doc), map[string]string{"login.yaml": suite.StatusUnchanged, "cart/add.txt": suite.StatusCompiled})
	if len(doc.Orphaned) != 1 || doc.Orphaned[0] != filepath.Join(out, "home.json") {
		t.Errorf("orphaned %q, want the removed test's scenario", doc.Orphaned)
	}

	code, stdout, stderr := runCLI(t, "replay", filepath.Join(out, "login.json"), filepath.Join(out, "cart", "add.json"), "--var", "PASSWORD=demo123", "--report", t.TempDir())
	if code != 0 {
		t.Errorf("replay of the suite: exit %d\n%s\n%s", code, stdout, stderr)
	}

	// A link below --out, as a checkout may commit: refused, nothing
	// written where it leads.
	elsewhere := t.TempDir()
	if err := os.RemoveAll(filepath.Join(out, "cart")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(out, "cart")); err != nil {
		t.Fatal(err)
	}
	code, log, doc = compile("--force")
	want("a link below --out", statuses(doc), map[string]string{"cart/add.txt": suite.StatusFailed, "login.yaml": suite.StatusCompiled})
	if code != exitFailed || !strings.Contains(log, "symbolic link") {
		t.Errorf("a link below --out: exit %d, want %d naming the link\n%s", code, exitFailed, log)
	}
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
		t.Errorf("written through the link: %v", entries)
	}
}

// TestExampleSuite: examples/shop-suite, twenty of the demo shop's tests
// in every format plaintest reads (a feature file with a Background, an
// Outline of three rows, a data table and tags among them) with phrases
// defined beside them, compiles in one command with the rules alone,
// replays green, replays by tags, and compiles nothing the second time.
func TestExampleSuite(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	base := serveShop(t, nil)
	out := t.TempDir()
	args := []string{"compile", filepath.Join("..", "..", "examples", "shop-suite"), "--url", base, "--out", out, "--evidence", t.TempDir(),
		"--translator", "rules", "--secret", "PASSWORD=demo123", "--parallel", "2"}
	code, stdout, stderr := runCLI(t, args...)
	if code != 0 || !strings.Contains(stdout, "suite: 20 test(s): 20 compiled") {
		t.Fatalf("compile: exit %d, want 0 with its 20 tests compiled\n%s\n%s", code, stdout, stderr)
	}
	greeting, err := os.ReadFile(filepath.Join(out, "account", "greeting.json"))
	if err != nil || !strings.Contains(string(greeting), `"type {{PASSWORD}} into Password (from: I am logged in as demo)"`) {
		t.Errorf("the phrase's expansion is not in the scenario's descriptions: %v\n%s", err, greeting)
	}
	code, stdout, stderr = runCLI(t, "replay", out, "--var", "PASSWORD=demo123", "--parallel", "2", "--report", t.TempDir())
	if code != 0 {
		t.Errorf("replay: exit %d\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, stderr = runCLI(t, "replay", out, "--var", "PASSWORD=demo123", "--tags", "@cart and not @slow", "--report", t.TempDir())
	if code != 0 || !strings.Contains(stderr, `--tags "@cart and not @slow": 3 of 20 scenarios`) || strings.Count(stdout, "PASSED ") != 4 {
		t.Errorf("replay --tags: exit %d, want the Outline's 3 rows alone\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, stderr = runCLI(t, args...)
	if code != 0 || !strings.Contains(stdout, "nothing compiled: every test is unchanged") {
		t.Errorf("second compile: exit %d, want 0 compiling nothing\n%s\n%s", code, stdout, stderr)
	}
}
