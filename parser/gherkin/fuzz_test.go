package gherkin_test

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/parser/gherkin"
	"github.com/plaintest/plaintest/parser/scenario"
)

// FuzzParse: any input gives scenarios that pass Validate, each action at
// a line of the file and each name the file's only one, or an error that
// wraps scenario.ErrInvalid, each problem at a line and column with that
// line and a caret; never a panic, nor a parser that does not return.
func FuzzParse(f *testing.F) {
	data, err := os.ReadFile("testdata/shop.feature")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	for _, s := range []string{
		"Feature: x\n  Scenario: y\n    Given I am on /login\n    Then I click Log in\n",
		"Feature: x\n  Scenario Outline: <a>\n    When I click <a>\n    Examples:\n      | a |\n      | b |\n      | b |\n",
		"Feature: x\n  Scenario: y\n    When I fill in the form:\n      | a | b |\n    Then I should see:\n      \"\"\"\n      z\n      \"\"\"\n",
		"# language: fr\nFonctionnalité: x\n  Scénario: y\n    Alors z\n",
		"@url:/a\nFeature: x\n  Rule: r\n    Background:\n      Given I am on /b\n    Scenario: s\n      When I type {{P}} into Q\n",
		"Feature: x\n  Scenario: y\n    Given \xff\n",
		"Scenario: x\n",
		"\xef\xbb\xbfFeature: x\r\n  Scenario: y\r\n    When z\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := strings.Count(string(data), "\n") + 1
		scs, err := gherkin.Parse(data, "fuzz.feature", gherkin.Options{BaseURL: "http://127.0.0.1:8080", Secret: func(string) string { return "s" }})
		if err != nil {
			if !errors.Is(err, scenario.ErrInvalid) {
				t.Fatalf("error %v does not wrap scenario.ErrInvalid", err)
			}
			var ge *gherkin.Error
			if !errors.As(err, &ge) || len(ge.Problems) == 0 {
				t.Fatalf("error %v is no *gherkin.Error with problems", err)
			}
			for _, p := range ge.Problems {
				if p.Line < 0 || p.Line > lines+1 || (p.Line > 0 && p.Col < 1) {
					t.Fatalf("problem %+v is at no place of a file of %d lines", p, lines)
				}
				if p.Line > 0 && p.Line <= lines && (!strings.HasPrefix(strings.TrimLeft(p.Excerpt, " "), strconv.Itoa(p.Line)+" | ") || !strings.HasSuffix(p.Excerpt, "^")) {
					t.Fatalf("excerpt of %+v is not line %d with a caret", p, p.Line)
				}
			}
			return
		}
		names := map[string]bool{}
		for _, sc := range scs {
			if err := sc.Validate(); err != nil {
				t.Fatalf("scenario %q does not validate: %v", sc.Name, err)
			}
			if names[strings.ToLower(sc.Name)] {
				t.Fatalf("two scenarios named %q", sc.Name)
			}
			names[strings.ToLower(sc.Name)] = true
			if len(sc.Lines) != len(sc.Actions) {
				t.Fatalf("scenario %q: %d lines for %d actions", sc.Name, len(sc.Lines), len(sc.Actions))
			}
			for _, l := range sc.Lines {
				if l < 1 || l > lines {
					t.Fatalf("scenario %q: an action at line %d of %d", sc.Name, l, lines)
				}
			}
		}
	})
}
