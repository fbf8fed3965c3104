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
		// A feature file's sentences, with their subject.
		"I am on the login page":              grammar.IntentAct,
		"I am on /login":                      grammar.IntentAct,
		"the user is on http://x.test/login":  grammar.IntentAct,
		"I add Blue Mug to the cart":          grammar.IntentAct,
		"the user should see Welcome":         grammar.IntentCheck,
		"the user sees Welcome":               grammar.IntentCheck,
		"I don't see Error":                   grammar.IntentCheck,
		"I should be on /cart":                grammar.IntentCheck,
		"I should be on the cart page":        grammar.IntentCheck,
		"log in as demo":                      grammar.IntentUnknown,
		"the page greets new visitors warmly": grammar.IntentUnknown,
		"":                                    grammar.IntentUnknown,
	} {
		if got := grammar.IntentOf(in); got != want {
			t.Errorf("IntentOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestCheckOnly: a sentence is held to checks only when no reading of it
// acts, whatever the page holds; "verify …" of any sentence is.
func TestCheckOnly(t *testing.T) {
	for in, want := range map[string]bool{
		"I should see Welcome":                       true,
		"I should not see Error":                     true,
		"the cart shows 1 item":                      true,
		"Welcome is shown":                           true,
		"the user should see Welcome":                true,
		"I should be on /cart":                       true,
		"the URL should contain /cart":               true,
		"verify the page greets new visitors warmly": true,
		"verify I click Log in":                      true,
		"verify Pay is shown in the payment frame":   true,
		"the payment frame shows Paid":               true,
		// IntentOf reads these as checks on an empty page, but a form
		// that acts matches their words: on a page with a Press release
		// link, or a Remember me box, it could take them.
		"press release is shown":      false,
		"check the cart shows 1 item": false,
		"click counter shows 3":       false,
		// Not checks at all.
		"I click Log in":                      false,
		"I am on the login page":              false,
		"the page greets new visitors warmly": false,
		"":                                    false,
	} {
		if got := grammar.CheckOnly(in); got != want {
			t.Errorf("CheckOnly(%q) = %v, want %v (IntentOf %q)", in, got, want, grammar.IntentOf(in))
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
