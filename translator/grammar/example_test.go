package grammar_test

import (
	"fmt"

	"github.com/plaintest/plaintest/translator/grammar"
)

// ExampleIntentOf: what a sentence asks of the page, as the rules' grammar
// reads it with no page; a model's answers are held to it.
func ExampleIntentOf() {
	for _, s := range []string{
		"verify the page greets new visitors warmly",
		"the cart shows 1 item",
		"check Remember me",
		"add the cheapest mug to the cart",
		"log in as demo",
	} {
		fmt.Printf("%s: %q\n", s, grammar.IntentOf(s))
	}
	// Output:
	// verify the page greets new visitors warmly: "check"
	// the cart shows 1 item: "check"
	// check Remember me: "act"
	// add the cheapest mug to the cart: "act"
	// log in as demo: ""
}
