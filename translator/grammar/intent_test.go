package grammar_test

import (
	"testing"

	"github.com/plaintest/plaintest/translator/grammar"
)

// TestIntentOf: the rules' grammar says what a sentence asks, with no
// page.
func TestIntentOf(t *testing.T) {
	for in, want := range map[string]grammar.Intent{
		"verify the page greets new visitors warmly": grammar.IntentCheck,
		"check that the cart shows 1 item":           grammar.IntentCheck,
		"check the cart shows 1 item":                grammar.IntentCheck,
		"I should see Welcome":                       grammar.IntentCheck,
		"the cart shows 2 items":                     grammar.IntentCheck,
		"Clear completed is gone":                    grammar.IntentCheck,
		"Remember me is checked":                     grammar.IntentCheck,
		"make sure the page says Log in":             grammar.IntentCheck,
		"wait for Welcome to appear":                 grammar.IntentCheck,
		"the title is Demo Shop":                     grammar.IntentCheck,
		"check Remember me":                          grammar.IntentAct,
		// A box's label that reads as a sentence is ticked; a sentence
		// about a part of the page that the empty page lacks still checks.
		"check I have read the terms":         grammar.IntentAct,
		"check the box that says I agree":     grammar.IntentAct,
		"check the Students table shows Fred": grammar.IntentCheck,
		"check the status says Saved":         grammar.IntentCheck,
		"verify I have read the terms":        grammar.IntentCheck,
		"click Log in":                        grammar.IntentAct,
		"add the cheapest mug to the cart":    grammar.IntentAct,
		"type demo into Username":             grammar.IntentAct,
		"go to the login page":                grammar.IntentAct,
		"Then press Enter.":                   grammar.IntentAct,
		"log in as demo":                      grammar.IntentUnknown,
		"the page greets new visitors warmly": grammar.IntentUnknown,
		"":                                    grammar.IntentUnknown,
	} {
		if got := grammar.IntentOf(in); got != want {
			t.Errorf("IntentOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzIntentOf: any sentence has an intent, read without panicking.
func FuzzIntentOf(f *testing.F) {
	for _, s := range []string{"verify x", "check that the cart shows 1 item", "Clear completed is gone", "click \"a\" in the b row", "wait for 2 s", "select x from y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if i := grammar.IntentOf(s); i != grammar.IntentUnknown && i != grammar.IntentAct && i != grammar.IntentCheck {
			t.Fatalf("IntentOf(%q) = %d", s, i)
		}
	})
}
