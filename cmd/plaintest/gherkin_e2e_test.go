package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/sandy"
)

// loginFeature is a feature file of one scenario on the demo shop: a
// Background's first Given as the URL, a form's table, a Then of a text
// and one the grammar holds only as "verify …".
const loginFeature = `@shop
Feature: Log in to the demo shop

  Background:
    Given I am on /login

  @smoke
  Scenario: Log in and add a mug
    When I fill in the form:
      | field    | value        |
      | Username | demo         |
      | Password | {{PASSWORD}} |
    And I click Log in
    Then I should see "Welcome back, demo"
    When I add the Blue Mug to the cart
    Then the cart shows 1 item
`

// TestCompileFeatureFile: compile -f FILE.feature of one scenario compiles
// it through the built-in server, each step with its line of the file,
// the scenario with the file and its tags; the export replays.
func TestCompileFeatureFile(t *testing.T) {
	requireBuiltin(t)
	t.Parallel() // see parallelNote
	base := serveShop(t, nil)
	dir := t.TempDir()
	feature := filepath.Join(dir, "login.feature")
	if err := os.WriteFile(feature, []byte(loginFeature), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "login.json")
	code, stdout, stderr := runCLI(t, "compile", "-f", feature, "--url", base, "--secret", "PASSWORD=demo123", "-o", out, "--translator", "rules")
	if code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, want := range []string{
		`compiling "Log in and add a mug" against ` + base + "/login",
		`type "demo" into Username → textbox "Username"`,
		`[6/6] the cart shows 1 item`,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("progress lacks %q:\n%s", want, stdout)
		}
	}
	sc, err := sandy.Load(out)
	if err != nil {
		t.Fatalf("the export does not validate: %v", err)
	}
	if !reflect.DeepEqual(sc.Metadata.Tags, []string{"@shop", "@smoke"}) || sc.Metadata.Source != feature {
		t.Errorf("metadata tags %q source %q, want [@shop @smoke] and %s", sc.Metadata.Tags, sc.Metadata.Source, feature)
	}
	lines := map[int]bool{}
	for _, st := range sc.Steps {
		lines[st.SourceLine] = true
	}
	for _, l := range []int{11, 12, 13, 14, 15, 16} { // the rows, then the steps
		if !lines[l] {
			t.Errorf("no step at line %d of the feature file; steps' lines: %v", l, lines)
		}
	}
	code, stdout, stderr = runCLI(t, "replay", out, "--var", "PASSWORD=demo123", "--report", t.TempDir())
	if code != exitOK {
		t.Fatalf("replay: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

// TestCompileFeatureRefused: compile -f of a feature file that holds
// several scenarios, or one with a problem, is bad input naming the file,
// before any browser opens.
func TestCompileFeatureRefused(t *testing.T) {
	dir := t.TempDir()
	two := filepath.Join(dir, "two.feature")
	if err := os.WriteFile(two, []byte("Feature: Two\n  Scenario: One\n    When I click A\n  Scenario: Two\n    When I click B\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.feature")
	if err := os.WriteFile(bad, []byte("Feature: Bad\n  Scenario: Then\n    Then I click Log in\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{
		two: two + `: the file holds 2 scenarios ("One", "Two"), and a compile of one test takes one: compile the file as a suite (plaintest compile ` + two + `)`,
		bad: bad + ":3:10: a Then step checks the page, and \"I click Log in\" acts on it",
	} {
		code, stdout, stderr := runCLI(t, "compile", "-f", file, "--url", "http://127.0.0.1:1")
		if code != exitInput || !strings.Contains(stderr, want) {
			t.Errorf("%s: exit %d, want %d saying %q\nstdout:\n%s\nstderr:\n%s", file, code, exitInput, want, stdout, stderr)
		}
	}
}

// TestCompileFeatureTicksQuotedBox: `When I check "Remember me"`, as
// feature files tick a box (Cucumber's web steps), ticks the box of that
// whole name: read as a look, it passed on the label's text and the
// Then failed with the box never ticked. The scenario replays.
func TestCompileFeatureTicksQuotedBox(t *testing.T) {
	requireBuiltin(t)
	t.Parallel() // see parallelNote
	base := testkit.Serve(t, testkit.Pages("<title>Prefs</title>", func(path string, _ bool) (string, bool) {
		return `<p>Tick Remember me to stay signed in.</p><label><input type=checkbox id=r> Remember me</label>
<button onclick="out.textContent = r.checked ? 'Remembered' : 'Not remembered'">Save</button><p id=out></p>`, path == "/"
	}))
	dir := t.TempDir()
	feature := filepath.Join(dir, "prefs.feature")
	if err := os.WriteFile(feature, []byte(`Feature: Preferences
  Scenario: Remember me
    Given I am on "/"
    When I check "Remember me"
    And I click "Save"
    Then I should see "Remembered"
`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "prefs.json")
	code, stdout, stderr := runCLI(t, "compile", "-f", feature, "--url", base, "-o", out, "--translator", "rules")
	if code != exitOK || !strings.Contains(stdout, `I check "Remember me" → checkbox "Remember me"`) {
		t.Fatalf("exit %d, want 0 with the box ticked\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if code, stdout, stderr = runCLI(t, "replay", out, "--report", t.TempDir()); code != exitOK {
		t.Fatalf("replay: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}
