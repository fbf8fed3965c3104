package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/sandy"
)

// shopPhrases are a suite's phrases for the demo shop: logging in in
// the suite's folder, the cart in the tests' folder, one using the other.
var shopPhrases = map[string]string{
	"phrases.yaml": `phrases:
  I am logged in as {word}:
    - go to the login page
    - type {word} into Username
    - type {{PASSWORD}} into Password
    - click Log in
`,
	"tests/phrases.yaml": `phrases:
  I add {string} to the/my cart: click Add to cart for {string}
  I have {string} in my cart as {word}:
    - I am logged in as {word}
    - I add {string} to the cart
  the cart has/holds {count}: verify the cart shows {count}
`,
}

// TestCompilePhrases: a test made of phrases compiles with the rules
// alone (no model), found beside the test and in the folder above it;
// each step says the test's sentence it came from and keeps its line,
// the secret a phrase types stays a placeholder, and the scenario
// replays.
func TestCompilePhrases(t *testing.T) {
	requireBuiltin(t)
	base := serveShop(t, nil)
	dir := t.TempDir()
	files := map[string]string{"tests/buy.yaml": `name: buy a mug
url: ` + base + `
secrets: [PASSWORD]
actions:
  - I have "Blue Mug" in my cart as demo
  - the cart holds 1 item
`}
	for k, v := range shopPhrases {
		files[k] = v
	}
	writeFiles(t, dir, files)
	t.Chdir(dir) // the phrases are found up to the working directory
	out := filepath.Join(dir, "buy.json")
	code, stdout, stderr := runCLI(t, "compile", "-f", filepath.Join("tests", "buy.yaml"), "--secret", "PASSWORD=demo123",
		"--translator", "rules", "-o", out, "--evidence", t.TempDir())
	if code != exitOK {
		t.Fatalf("compile: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if want := "phrases: " + filepath.Join("tests", "phrases.yaml") + ", phrases.yaml"; !strings.Contains(stdout, want) {
		t.Errorf("progress lacks %q:\n%s", want, stdout)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(raw, []byte("demo123")) || strings.Contains(stdout+stderr, "demo123") {
		t.Errorf("the secret's value leaked:\n%s", raw)
	}
	sc, err := sandy.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	const have = `I have "Blue Mug" in my cart as demo`
	want := map[string]int{ // description -> its sentence's line in buy.yaml
		"go to the login page (from: " + have + ")":                  5,
		"type demo into Username (from: " + have + ")":               5,
		"type {{PASSWORD}} into Password (from: " + have + ")":       5,
		"click Log in (from: " + have + ")":                          5,
		`click Add to cart for "Blue Mug" (from: ` + have + ")":      5,
		"verify the cart shows 1 item (from: the cart holds 1 item)": 6,
	}
	for _, st := range sc.Steps[1:] {
		d := st.Description
		if i, j := strings.Index(d, " (reads "), strings.Index(d, " (from: "); i >= 0 && j > i {
			d = d[:i] + d[j:] // the element a check reads
		}
		line, ok := want[d]
		if !ok || st.SourceLine != line {
			t.Errorf("step %d: %q at line %d; want one of the expanded sentences at its test line", st.Step, st.Description, st.SourceLine)
		}
		delete(want, d)
	}
	for d := range want {
		t.Errorf("no step %q", d)
	}
	if got := sc.Metadata.Instruction; got != have+" then the cart holds 1 item" {
		t.Errorf("instruction %q, want the test's own sentences", got)
	}
	if code, stdout, stderr := runCLI(t, "replay", out, "--var", "PASSWORD=demo123", "--report", t.TempDir()); code != exitOK {
		t.Fatalf("replay: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// writeFiles writes files under dir (name -> text).
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
