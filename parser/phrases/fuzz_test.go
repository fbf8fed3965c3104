package phrases

import (
	"errors"
	"testing"

	"github.com/plaintest/plaintest/parser/scenario"
)

// FuzzParse: any phrases file reads into a book or a *Error, never a
// panic, and a book expands any sentence into a scenario or a *Error.
func FuzzParse(f *testing.F) {
	f.Add([]byte("phrases:\n  add the book {string}: type {string} into Title then press Enter\n  I am logged in as {word}:\n    - type {word} into Username\n    - type {{PASSWORD}} into Password\n"), `add the book "Dune"`)
	f.Add([]byte("phrases:\n  a {word}: b {word}\n  b {word}: a {word}\n"), "a x")
	f.Add([]byte("phrases:\n  \"{word} logs in\": [x, &a y, *a]\n"), "me logs in")
	f.Add([]byte("phrases:\n  I add {int} item(s)/thing(s): type {1} into \\{Count\\}\n"), "I add 2 things")
	f.Add([]byte("phrases: {x: {y: z}}\n"), "x")
	f.Fuzz(func(t *testing.T, data []byte, sentence string) {
		b, err := parse(data, FileName)
		var pe *Error
		if err != nil {
			if !errors.As(err, &pe) {
				t.Fatalf("parse: %T %v, want a *Error", err, err)
			}
			return
		}
		s := &scenario.Scenario{Actions: []string{sentence, sentence}, Lines: []int{1, 2}}
		if err := b.Expand(s); err != nil {
			if !errors.As(err, &pe) {
				t.Fatalf("Expand: %T %v, want a *Error", err, err)
			}
			return
		}
		if len(s.Lines) != len(s.Actions) || s.Via != nil && len(s.Via) != len(s.Actions) {
			t.Fatalf("%d actions, %d lines, %d via", len(s.Actions), len(s.Lines), len(s.Via))
		}
	})
}

// FuzzMatch: any phrase, any sentence it means and any test sentence
// give an error with a column inside the phrase or meaning, or a match
// with a value for each parameter, filled in without a panic.
func FuzzMatch(f *testing.F) {
	f.Add("add the book {string}", "type {string} into Title", `add the book "Dune"`)
	f.Add("I add {int} item(s)", "type {1} into Count", "I add 3 items")
	f.Add("click/press the {word} button", "click {word}", "press the Save button")
	f.Add(`a\(b\) {x} (c )d`, `{x} "{x}" {{Y}} \{`, "a(b) 1 c d")
	f.Add("{a:float} {b:string} {}", "{b}{a}{}", `1.5 'x' y`)
	f.Fuzz(func(t *testing.T, expr, means, sentence string) {
		p, err := parsePhrase(expr)
		if err != nil {
			var se *syntaxError
			if !errors.As(err, &se) || se.col < 1 || se.col > len([]rune(expr))+1 {
				t.Fatalf("parsePhrase(%q): %v, want a column inside it", expr, err)
			}
			return
		}
		m, err := parseMeaning(means, p.params)
		if err != nil {
			var se *syntaxError
			if !errors.As(err, &se) || se.col < 1 || se.col > len([]rune(means))+1 {
				t.Fatalf("parseMeaning(%q): %v, want a column inside it", means, err)
			}
			return
		}
		vals, ok := p.match(sentence)
		if !ok {
			return
		}
		if len(vals) != len(p.params) {
			t.Fatalf("%d values for %d parameters", len(vals), len(p.params))
		}
		_ = m.fill(p.params, vals)
	})
}
