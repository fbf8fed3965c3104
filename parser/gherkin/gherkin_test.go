package gherkin_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/parser/gherkin"
	"github.com/plaintest/plaintest/parser/scenario"
)

// want is what a test expects of one scenario Parse gives.
type want struct {
	name    string
	url     string
	actions []string
	lines   []int
	tags    []string
	secrets map[string]string
}

const base = "http://127.0.0.1:8080"

// TestParse: a feature file's pickles become scenarios: the Background
// first, an Outline once a row, tables and doc strings as their step's
// values, a Then held to a check, tags merged, the URL from a step, a tag
// or the base.
func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, feature string
		opts          gherkin.Options
		want          []want
	}{
		{
			name: "background and a first Given's URL",
			feature: `Feature: Log in
  Background:
    Given I am on /login
    And I type demo into Username

  Scenario: Log in
    When I click Log in
    Then I should see Welcome
`,
			opts: gherkin.Options{BaseURL: base},
			want: []want{{name: "Log in", url: base + "/login",
				actions: []string{"I type demo into Username", "I click Log in", "I should see Welcome"}, lines: []int{4, 7, 8}}},
		},
		{
			name: "an Outline of three rows",
			feature: `Feature: Cart
  @cart
  Scenario Outline: Add <item>
    Given I am on https://shop.example/products
    When I add the <item> to the cart
    Then the cart shows <count>

    Examples:
      | item     | count   |
      | Blue Mug | 1 item  |
      | Red Mug  | 1 item  |
    @tea
    Examples: Tea
      | item      | count   |
      | Green Tea | 1 item  |
`,
			want: []want{
				{name: "Add Blue Mug (Examples row 1: item=Blue Mug, count=1 item)", url: "https://shop.example/products",
					actions: []string{"I add the Blue Mug to the cart", "the cart shows 1 item"}, lines: []int{5, 6}, tags: []string{"@cart"}},
				{name: "Add Red Mug (Examples row 2: item=Red Mug, count=1 item)", url: "https://shop.example/products",
					actions: []string{"I add the Red Mug to the cart", "the cart shows 1 item"}, lines: []int{5, 6}, tags: []string{"@cart"}},
				{name: "Add Green Tea (Examples row 3: item=Green Tea, count=1 item)", url: "https://shop.example/products",
					actions: []string{"I add the Green Tea to the cart", "the cart shows 1 item"}, lines: []int{5, 6}, tags: []string{"@cart", "@tea"}},
			},
		},
		{
			name: "a form's table and a list of texts",
			feature: `Feature: Sign up
  Scenario: Sign up
    When I fill in the form:
      | Field     | Value          |
      | Full name | Ada "Countess" |
      | Email     | {{EMAIL}}      |
      | Notes     |                |
    And the user fills in the sign-up form with
      | Sign in email | ada@example.com |
    Then I should see the following:
      | Welcome, Ada   |
      | It's done      |
    And I should not see the following messages:
      | Error |
`,
			opts: gherkin.Options{BaseURL: base, Secret: func(n string) string { return "v-" + n }},
			want: []want{{name: "Sign up", url: base,
				actions: []string{`type 'Ada "Countess"' into Full name`, `type "{{EMAIL}}" into Email`, "clear Notes",
					`type "ada@example.com" into Sign in email`,
					`I should see "Welcome, Ada"`, `I should see "It's done"`, `I should not see "Error"`},
				lines:   []int{5, 6, 7, 9, 11, 12, 14},
				secrets: map[string]string{"EMAIL": "v-EMAIL"}}},
		},
		{
			name: "doc strings",
			feature: `Feature: Messages
  Scenario: Send
    When I type into Message:
      """
      Hello there
      """
    And I fill in Subject with:
      """
      Hi
      """
    And I click Send
    Then I should see:
      """
      Your message
        was sent
      """
`,
			opts: gherkin.Options{BaseURL: base},
			want: []want{{name: "Send", url: base,
				actions: []string{`type "Hello there" into Message`, `type "Hi" into Subject`, "I click Send", `I should see "Your message was sent"`},
				lines:   []int{3, 7, 11, 12}}},
		},
		{
			name: "tags merged, each once, and the URL from the nearest @url tag",
			feature: `@smoke @url:/
Feature: Tags
  @url:/login @smoke @fast
  Scenario: Tagged
    When I click Log in

  Scenario: Feature's URL
    When I click Log in
`,
			opts: gherkin.Options{BaseURL: base + "/app/"},
			want: []want{
				{name: "Tagged", url: base + "/login", actions: []string{"I click Log in"}, lines: []int{5}, tags: []string{"@smoke", "@url:/", "@url:/login", "@fast"}},
				{name: "Feature's URL", url: base + "/", actions: []string{"I click Log in"}, lines: []int{8}, tags: []string{"@smoke", "@url:/"}},
			},
		},
		{
			name: "the base URL when nothing else names one, and a later Given goes there",
			feature: `Feature: Base
  Scenario: Base
    Given I click Products
    And I am on /cart
    Then I should be on /cart
`,
			opts: gherkin.Options{BaseURL: base},
			want: []want{{name: "Base", url: base, actions: []string{"I click Products", "I am on /cart", "I should be on /cart"}, lines: []int{3, 4, 5}}},
		},
		{
			name: "a Then the grammar cannot hold to a check is written as verify",
			feature: `Feature: Then
  Scenario: Then
    When I click Log in
    Then the page greets new visitors warmly
    And check the cart shows 1 item
    But I should not see Error
`,
			opts: gherkin.Options{BaseURL: base},
			want: []want{{name: "Then", url: base,
				actions: []string{"I click Log in", "verify the page greets new visitors warmly", "verify the cart shows 1 item", "I should not see Error"},
				lines:   []int{3, 4, 5, 6}}},
		},
		{
			name: "another language",
			feature: `# language: fr
Fonctionnalité: Panier
  Contexte:
    Soit I am on /products
  Scénario: Ajouter un mug
    Quand I add the Blue Mug to the cart
    Alors le panier affiche 1 article
    Et I should see Blue Mug added to cart
`,
			opts: gherkin.Options{BaseURL: base},
			want: []want{{name: "Ajouter un mug", url: base + "/products",
				actions: []string{"I add the Blue Mug to the cart", "verify le panier affiche 1 article", "I should see Blue Mug added to cart"},
				lines:   []int{6, 7, 8}}},
		},
		{
			name: "names made unique by their line",
			feature: `Feature: Twice
  Scenario: Log in
    When I click Log in
  Scenario: log in
    When I click Log in
  Scenario:
    When I click Log in
`,
			opts: gherkin.Options{BaseURL: base},
			want: []want{
				{name: "Log in", url: base, actions: []string{"I click Log in"}, lines: []int{3}},
				{name: "log in (line 4)", url: base, actions: []string{"I click Log in"}, lines: []int{5}},
				{name: "Twice (line 6)", url: base, actions: []string{"I click Log in"}, lines: []int{7}},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := gherkin.Parse([]byte(tc.feature), "shop.feature", tc.opts)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %d scenarios, want %d", len(got), len(tc.want))
			}
			for i, w := range tc.want {
				g := got[i]
				if g.Name != w.name || g.URL != w.url || g.Source != "shop.feature" {
					t.Errorf("scenario %d: got name %q, URL %q, source %q; want %q, %q, shop.feature", i, g.Name, g.URL, g.Source, w.name, w.url)
				}
				if !reflect.DeepEqual(g.Actions, w.actions) {
					t.Errorf("scenario %d: got actions\n%q\nwant\n%q", i, g.Actions, w.actions)
				}
				if !reflect.DeepEqual(g.Lines, w.lines) {
					t.Errorf("scenario %d: got lines %v, want %v", i, g.Lines, w.lines)
				}
				if !reflect.DeepEqual(g.Tags, w.tags) {
					t.Errorf("scenario %d: got tags %q, want %q", i, g.Tags, w.tags)
				}
				if !reflect.DeepEqual(g.Secrets, w.secrets) {
					t.Errorf("scenario %d: got secrets %v, want %v", i, g.Secrets, w.secrets)
				}
			}
		})
	}
}

// TestParseErrors: every problem of a file is listed, each at its line
// and column with the line and a caret under the word.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, feature string
		opts          gherkin.Options
		want          []string // each in the error, in order
	}{
		{
			name: "a Then that acts",
			feature: `Feature: Then
  Scenario: Then
    When I type demo into Username
    Then I click Log in
    And I am on /cart
`,
			opts: gherkin.Options{BaseURL: base},
			want: []string{
				`login.feature:4:10: a Then step checks the page, and "I click Log in" acts on it`,
				"    4 |     Then I click Log in\n      |          ^",
				`login.feature:5:9: a Then step checks the page, and "I am on /cart" acts on it: to check the page's address, write "I should be on /cart"`,
				"    5 |     And I am on /cart\n      |         ^",
			},
		},
		{
			name: "Gherkin that does not parse",
			feature: `Feature: Broken
  Scenario: Table
    Given I fill in the form:
      | Username | demo |
      | Password |
  Scenario: Unclosed
    When I type into Message:
      """
      never closed
`,
			want: []string{
				"login.feature:5:7: Gherkin: inconsistent cell count within the table",
				"    5 |       | Password |\n      |       ^",
				`login.feature:10:1: Gherkin: the file ends here; expected a doc string (""") or text`,
			},
		},
		{
			name:    "steps before any Feature",
			feature: "Scenario: x\n  Given y\n",
			want: []string{
				`login.feature:1:1: Gherkin: expected the end of the file, "# language:", a tag or "Feature:" here`,
				`login.feature:2:3: Gherkin: expected`,
			},
		},
		{
			name:    "a language the parser does not know",
			feature: "# language: xx\nFeature: x\n",
			want:    []string{"login.feature:1:1: Gherkin: Language not supported: xx"},
		},
		{
			name: "no URL from anywhere, and a path with no base",
			feature: `Feature: URL
  Scenario: None
    When I click Log in
  @url:/login
  Scenario: Path
    When I click Log in
  Scenario: Given path
    Given I am on /login
    When I click Log in
`,
			want: []string{
				`login.feature:2:3: scenario "None" has no URL: tag it or its feature @url:/path, start it with "Given I am on /path", or give the site's address (--url)`,
				`login.feature:4:3: "/login" is a path: give the site's address to resolve it against (--url)`,
				"    4 |   @url:/login\n      |   ^",
				`login.feature:8:11: "/login" is a path`,
			},
		},
		{
			name: "tables and doc strings of no known form",
			feature: `Feature: Tables
  Scenario: Tables
    Given the following users exist:
      | name | role |
      | Ada  | Admin |
    When I fill in the form:
      | Username | demo | extra |
    And I type into Message:
      """
      two
      lines
      """
    Then I should see the following:
      | Welcome | Ada |
`,
			opts: gherkin.Options{BaseURL: base},
			want: []string{
				`login.feature:3:11: a data table after "the following users exist:" is not read`,
				"login.feature:7:7: a form's table has two columns, a field and its value; this row has 3",
				"login.feature:9:7: the doc string has 2 lines, and a typed text is one line",
				"login.feature:14:7: a table of texts to see has one column, a text a row; this row has 2",
			},
		},
		{
			name: "Outlines that give no scenario or type their <name>s",
			feature: `Feature: Outlines
  Scenario Outline: No rows
    When I click <button>
    Examples:
      | button |
  Scenario Outline: No examples
    When I click <button>
`,
			opts: gherkin.Options{BaseURL: base},
			want: []string{
				`login.feature:2:3: Scenario Outline "No rows" has no Examples rows`,
				`login.feature:6:3: Scenario Outline "No examples" has no Examples: its <name>s would be typed as written`,
			},
		},
		{
			name:    "not UTF-8",
			feature: "Feature: x\n  Scenario: y\n    When I type caf\xe9 into Name\n",
			want:    []string{"login.feature:3:20: invalid UTF-8 (byte 0xe9): the file must be UTF-8", "    3 |     When I type caf\\xe9 into Name\n      |                    ^"},
		},
		{
			// The official parser's scanner stops at a line over 64 KiB,
			// and the parser then fails on a line it was never given.
			name:    "a line longer than the parser reads",
			feature: "Feature: x\n  Scenario: y\n    When I type " + strings.Repeat("a", 70000) + " into Name\n",
			want:    []string{"login.feature:3:1: the line is 70026 bytes long, more than the 65534 a line of a feature file may be"},
		},
		{
			name:    "no feature",
			feature: "# only a comment\n",
			want:    []string{`login.feature: the file holds no Feature`},
		},
		{
			name:    "a feature of no scenario",
			feature: "Feature: Empty\n  Some words about it.\n",
			want:    []string{`login.feature:1:1: the feature holds no scenario`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			scs, err := gherkin.Parse([]byte(tc.feature), "login.feature", tc.opts)
			if err == nil {
				t.Fatalf("got %d scenarios and no error", len(scs))
			}
			if !errors.Is(err, scenario.ErrInvalid) {
				t.Errorf("error does not wrap scenario.ErrInvalid: %v", err)
			}
			msg, at := err.Error(), 0
			for _, w := range tc.want {
				i := strings.Index(msg[at:], w)
				if i < 0 {
					t.Fatalf("got\n%s\nwant, after what came before, %q", msg, w)
				}
				at += i + len(w)
			}
		})
	}
}

// TestValidateProblems: a scenario Validate refuses is the file's
// problem at the scenario, and its *scenario.InputError names the file.
func TestValidateProblems(t *testing.T) {
	feature := "Feature: Secrets\n  Scenario: Log in\n    When I type {{PASSWORD}} into Password\n"
	_, err := gherkin.Parse([]byte(feature), "login.feature", gherkin.Options{BaseURL: base})
	want := `login.feature:2:3: scenario "Log in": secret PASSWORD has no value: pass --secret PASSWORD=VALUE or set it in the environment`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want %q", err, want)
	}
	var ie *scenario.InputError
	if !errors.As(err, &ie) || ie.File != "login.feature" {
		t.Errorf("got %#v, want a *scenario.InputError of login.feature", ie)
	}
	scs, err := gherkin.Parse([]byte(feature), "login.feature", gherkin.Options{BaseURL: base, Secret: func(string) string { return "s3cret" }})
	if err != nil || scs[0].Secrets["PASSWORD"] != "s3cret" {
		t.Fatalf("with the secret's value: got %v, %v", scs, err)
	}
}

// TestReadFile: the sample feature file reads into its scenarios.
func TestReadFile(t *testing.T) {
	scs, err := gherkin.ReadFile("testdata/shop.feature", gherkin.Options{BaseURL: base, Secret: func(string) string { return "demo123" }})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, sc := range scs {
		names = append(names, sc.Name)
	}
	wantNames := []string{"Logged in", "Add Blue Mug to the cart (Examples row 1: item=Blue Mug)", "Add Green Tea to the cart (Examples row 2: item=Green Tea)"}
	if !reflect.DeepEqual(names, wantNames) {
		t.Errorf("got %q, want %q", names, wantNames)
	}
	if _, err := gherkin.ReadFile("testdata/none.feature", gherkin.Options{}); err == nil || !strings.Contains(err.Error(), "testdata/none.feature: cannot read") {
		t.Errorf("a missing file: got %v", err)
	}
}

// TestReadTest: a compile of one test reads a feature file of one
// scenario, refuses one of several naming them, and reads any other test
// file as scenario.ReadFileWith does.
func TestReadTest(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	one := write("one.FEATURE", "Feature: One\n  @url:/login\n  Scenario: Log in\n    When I click Log in\n")
	two := write("two.feature", "Feature: Two\n  Scenario: A\n    When I click A\n  Scenario: B\n    When I click B\n")
	yaml := write("log-in.yaml", "url: /login\nactions: [click Log in]\n")
	opts := gherkin.Options{BaseURL: base}
	if sc, err := gherkin.ReadTest(one, opts); err != nil || sc.Name != "Log in" || sc.URL != base+"/login" || sc.Lines[0] != 4 {
		t.Errorf("one scenario: got %+v, %v", sc, err)
	}
	if _, err := gherkin.ReadTest(two, opts); err == nil || !errors.Is(err, scenario.ErrInvalid) ||
		!strings.Contains(err.Error(), two+`: the file holds 2 scenarios ("A", "B"), and a compile of one test takes one: compile the file as a suite (plaintest compile `+two+")") {
		t.Errorf("two scenarios: got %v", err)
	}
	if sc, err := gherkin.ReadTest(yaml, opts); err != nil || sc.URL != base+"/login" || sc.Actions[0] != "click Log in" {
		t.Errorf("a YAML test: got %+v, %v", sc, err)
	}
	if !gherkin.IsFeature("a/b.Feature") || gherkin.IsFeature("b.feature.yaml") {
		t.Error("IsFeature: by the name's ending, in any case")
	}
}
