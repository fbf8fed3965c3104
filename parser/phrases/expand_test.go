package phrases

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/parser/scenario"
)

// bookOf reads a phrases file's text as phrases.yaml.
func bookOf(t *testing.T, text string) *Book {
	t.Helper()
	b, err := parse([]byte(text), FileName)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return b
}

// TestExpand: a test's sentences that phrases match become the sentences
// they mean, nested phrases expanded again, each keeping its sentence's
// line and the sentence it came from.
func TestExpand(t *testing.T) {
	const file = `phrases:
  add the book {string}: type {string} into Title then press Enter
  add the book titled {string}: type "{string}" into Title
  add the book {title:string} by {author:string}:
    - type {title} into Title
    - type {author} into Author
  add {int} book(s): type {int} into Count
  I am logged in as {word}:
    - go to the login page
    - type {word} into Username
    - type {{PASSWORD}} into Password
    - press Log in
  hit/press Log in: click Log in
  I buy {string} as {word}:
    - I am logged in as {2}
    - add the book {1}
  order {} now: verify the order says {}
  put {word} in {word}: type {1} into {2}
`
	tests := []struct {
		name    string
		actions []string
		want    []string
		via     []string
	}{
		{name: "string kept quoted", actions: []string{`add the book "Dune"`},
			want: []string{`type "Dune" into Title`, "press Enter"}, via: []string{`add the book "Dune"`, `add the book "Dune"`}},
		{name: "single quotes kept", actions: []string{`add the book 'Dune'`},
			want: []string{`type 'Dune' into Title`, "press Enter"}},
		{name: "string between the meaning's quotes", actions: []string{`add the book titled 'Dune'`},
			want: []string{`type "Dune" into Title`}},
		{name: "named", actions: []string{`add the book "Dune" by "Frank Herbert"`},
			want: []string{`type "Dune" into Title`, `type "Frank Herbert" into Author`}},
		{name: "optional and int", actions: []string{"add 3 books", "add 1 book"},
			want: []string{"type 3 into Count", "type 1 into Count"}},
		{name: "nested, secret kept as a placeholder", actions: []string{"I am logged in as demo"},
			want: []string{"go to the login page", "type demo into Username", "type {{PASSWORD}} into Password", "click Log in"}},
		{name: "nested twice, by place", actions: []string{`I buy "Dune" as demo`, "verify Dune is shown"},
			want: []string{"go to the login page", "type demo into Username", "type {{PASSWORD}} into Password", "click Log in",
				`type "Dune" into Title`, "press Enter", "verify Dune is shown"},
			via: []string{`I buy "Dune" as demo`, `I buy "Dune" as demo`, `I buy "Dune" as demo`, `I buy "Dune" as demo`,
				`I buy "Dune" as demo`, `I buy "Dune" as demo`, ""}},
		{name: "anything", actions: []string{"order 2 blue mugs now"}, want: []string{"verify the order says 2 blue mugs"}},
		{name: "two words by place", actions: []string{"put demo in Username"}, want: []string{"type demo into Username"}},
		{name: "no phrase", actions: []string{"click Save"}, want: []string{"click Save"}},
	}
	b := bookOf(t, file)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines := make([]int, len(tt.actions))
			for i := range lines {
				lines[i] = 10 + i
			}
			s := &scenario.Scenario{Actions: tt.actions, Lines: lines, Source: "buy.yaml"}
			if err := b.Expand(s); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(s.Actions, tt.want) {
				t.Errorf("actions = %q, want %q", s.Actions, tt.want)
			}
			if tt.via != nil && !reflect.DeepEqual(s.Via, tt.via) {
				t.Errorf("via = %q, want %q", s.Via, tt.via)
			}
			if len(s.Lines) != len(s.Actions) {
				t.Fatalf("%d lines for %d actions", len(s.Lines), len(s.Actions))
			}
			for i, a := range s.Actions {
				src := ""
				if s.Via != nil {
					src = s.Via[i]
				}
				if src == "" && s.Lines[i] != 10+indexOf(tt.actions, a) || src != "" && s.Lines[i] != 10+indexOf(tt.actions, src) {
					t.Errorf("action %q at line %d, want its sentence's", a, s.Lines[i])
				}
			}
		})
	}
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

// TestExpandNothing: a test no phrase matches is left as it was, with no
// Via; nor does an empty book change one.
func TestExpandNothing(t *testing.T) {
	s := &scenario.Scenario{Actions: []string{"click Save"}, Lines: []int{3}}
	for _, b := range []*Book{nil, {}, bookOf(t, "phrases:\n  log in: click Log in\n")} {
		if err := b.Expand(s); err != nil || s.Via != nil || !reflect.DeepEqual(s.Actions, []string{"click Save"}) {
			t.Errorf("Expand: %v, actions %q via %q", err, s.Actions, s.Via)
		}
	}
	// A test given as text has no lines: it gets none.
	s = &scenario.Scenario{Actions: []string{"log in"}}
	if err := bookOf(t, "phrases:\n  log in: click Log in\n").Expand(s); err != nil || s.Lines != nil || s.Via[0] != "log in" {
		t.Errorf("Expand: %v, lines %v via %q", err, s.Lines, s.Via)
	}
}

// TestExpandRefused: an action two phrases match names both with their
// file and line; phrases that use each other name the chain; each problem
// says the test's line and sentence, and the scenario is left as it was.
func TestExpandRefused(t *testing.T) {
	tests := []struct {
		name, file string
		actions    []string
		source     string
		want       []string
	}{
		{name: "two phrases match", source: "tests/buy.yaml",
			file:    "phrases:\n  add the book {string}: type {string} into Title\n  add the book {}: type {} into Name\n",
			actions: []string{"click Add", `add the book "Dune"`},
			want:    []string{`tests/buy.yaml:11: "add the book \"Dune\"": 2 phrases match it: "add the book {string}" (phrases.yaml:2) and "add the book {}" (phrases.yaml:3)`}},
		{name: "two phrases match a nested sentence", source: "tests/buy.yaml",
			file:    "phrases:\n  buy {word}: add the book {word}\n  add the book {word}: type {word} into Title\n  add the {word} {word}: type {2} into {1}\n",
			actions: []string{"buy Dune"},
			want:    []string{`tests/buy.yaml:10: "buy Dune" → "add the book Dune": 2 phrases match it: "add the book {word}" (phrases.yaml:3) and "add the {word} {word}" (phrases.yaml:4)`}},
		{name: "cycle", source: "tests/buy.yaml",
			file:    "phrases:\n  add the book {word}:\n    - add a title {word}\n  add a title {word}: add the book {word}\n",
			actions: []string{"add the book Dune"},
			want:    []string{`phrases use each other in a cycle: "add the book {word}" (phrases.yaml:2) → "add a title {word}" (phrases.yaml:4) → "add the book {word}" (phrases.yaml:2)`}},
		{name: "itself", file: "phrases:\n  click {word}:\n    - scroll to {word}\n    - click {word}\n",
			actions: []string{"click Save"},
			want:    []string{`action 1 "click Save" → "click Save": phrases use each other in a cycle: "click {word}" (phrases.yaml:2) → "click {word}" (phrases.yaml:2)`}},
		{name: "every problem", file: "phrases:\n  a {word}: b {word}\n  b {word}: a {word}\n",
			actions: []string{"a 1", "ok", "b 2"},
			want:    []string{`action 1 "a 1" → "b 1" → "a 1": phrases use`, `; action 3 "b 2" → "a 2" → "b 2": phrases use`}},
		{name: "too many", file: "phrases:\n  a: [b, b, b, b, b, b, b, b, b, b]\n  b: [c, c, c, c, c, c, c, c, c, c]\n  c: [d, d, d, d, d, d, d, d, d, d]\n  d: [e, e]\n",
			actions: []string{"a"},
			want:    []string{"expands to more than 1000 actions"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := bookOf(t, tt.file)
			actions := append([]string(nil), tt.actions...)
			s := &scenario.Scenario{Actions: actions, Lines: []int{10, 11, 12}[:len(actions)], Source: tt.source}
			err := b.Expand(s)
			if err == nil {
				t.Fatalf("Expand gave %q, want an error", s.Actions)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\nlacks %q", err, w)
				}
			}
			if !errors.Is(err, ErrInvalid) || !errors.Is(err, scenario.ErrInvalid) {
				t.Errorf("error %v does not wrap ErrInvalid and scenario.ErrInvalid", err)
			}
			if !reflect.DeepEqual(s.Actions, tt.actions) || s.Via != nil {
				t.Errorf("refused, the scenario changed: %q via %q", s.Actions, s.Via)
			}
		})
	}
}

// TestDocExample: the example of docs/suites.md expands as the page says.
func TestDocExample(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "suites.md"))
	if err != nil {
		t.Fatal(err)
	}
	const start = "```yaml\nphrases:\n"
	i := strings.Index(string(doc), start)
	if i < 0 {
		t.Fatal("docs/suites.md has no phrases file")
	}
	file := string(doc[i+len("```yaml\n"):])
	file = file[:strings.Index(file, "```")]
	s := &scenario.Scenario{Actions: []string{`I buy "Dune" as demo`, "verify the cart shows 1 item", "I add 2 books to my cart"}}
	if err := bookOf(t, file).Expand(s); err != nil {
		t.Fatal(err)
	}
	want := []string{"go to the login page", "type demo into Username", "type {{PASSWORD}} into Password", "click Log in",
		`type "Dune" into Title`, "press Enter", "click Checkout", "verify the cart shows 1 item", "type 2 into Quantity", "click Add to cart"}
	if !reflect.DeepEqual(s.Actions, want) {
		t.Errorf("actions %q\nwant %q", s.Actions, want)
	}
}

// TestExpandThen: a step that only checks (a Gherkin Then, Checks) that a
// phrase expands stays checks: a phrase of checks is read from the
// words the test wrote (without the "verify" the feature file's reader
// put before them), and a phrase that acts is refused.
func TestExpandThen(t *testing.T) {
	b := bookOf(t, "phrases:\n  the cart holds {int} item(s): the cart link says {int} item\n  I am logged in as {word}: type {word} into Username then click Log in\n")
	sc := &scenario.Scenario{Actions: []string{"type demo into Username", "verify the cart holds 1 item"}, Lines: []int{3, 4}, Checks: []bool{false, true}}
	if err := b.Expand(sc); err != nil {
		t.Fatal(err)
	}
	if len(sc.Actions) != 2 || sc.Actions[1] != "the cart link says 1 item" || !sc.Checks[1] || sc.Via[1] != "the cart holds 1 item" {
		t.Errorf("a Then of a phrase of checks: actions %q, checks %v, via %q", sc.Actions, sc.Checks, sc.Via)
	}
	sc = &scenario.Scenario{Source: "a.feature", Actions: []string{"I am logged in as demo"}, Lines: []int{7}, Checks: []bool{true}}
	err := b.Expand(sc)
	if err == nil || !strings.Contains(err.Error(), "a Then step checks the page") || sc.Actions[0] != "I am logged in as demo" {
		t.Errorf("a Then of a phrase that acts: %v, actions %q; want it refused and the test left", err, sc.Actions)
	}
	sc = &scenario.Scenario{Actions: []string{"I am logged in as demo"}, Checks: []bool{false}}
	if err := b.Expand(sc); err != nil || len(sc.Actions) != 2 {
		t.Errorf("a When of a phrase that acts: %v, %q", err, sc.Actions)
	}
}
