package phrases

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestMatch: a phrase matches the sentences Cucumber's expressions match
// (types, optional text, alternatives, escapes, quotes), whatever their
// case and spacing, and gives each parameter's value.
func TestMatch(t *testing.T) {
	tests := []struct {
		phrase, sentence string
		want             []string // each parameter's value as the sentence writes it; nil: no match
	}{
		{"add the book {string}", `add the book "Dune"`, []string{`"Dune"`}},
		{"add the book {string}", `add the book 'Dune Messiah'`, []string{`'Dune Messiah'`}},
		{"add the book {string}", `add the book “Dune”`, []string{`“Dune”`}},
		{"add the book {string}", `add the book ""`, []string{`""`}},
		{"add the book {string}", `add the book Dune`, nil},
		{"add the book {string}", `add the book "Dune" twice`, nil},
		{"add the book {string}", `Add  the BOOK "Dune"`, []string{`"Dune"`}},
		{"I add {int} item(s)", "I add 1 item", []string{"1"}},
		{"I add {int} item(s)", "I add 12 items", []string{"12"}},
		{"I add {int} item(s)", "I add -3 items", []string{"-3"}},
		{"I add {int} item(s)", "I add 1.5 items", nil},
		{"I add {int} item(s)", "I add some items", nil},
		{"the price is {float}", "the price is 9.99", []string{"9.99"}},
		{"the price is {float}", "the price is .5", []string{".5"}},
		{"the price is {float}", "the price is 10", []string{"10"}},
		{"the price is {float}", "the price is 1e3", []string{"1e3"}},
		{"the price is {float}", "the price is cheap", nil},
		{"I am logged in as {word}", "I am logged in as demo", []string{"demo"}},
		{"I am logged in as {word}", "I am logged in as {{USER}}", []string{"{{USER}}"}},
		{"I am logged in as {word}", "I am logged in as demo user", nil},
		{"I search for {}", "I search for blue mugs, large", []string{"blue mugs, large"}},
		{"add the book {title}", `add the book "Dune"`, []string{`"Dune"`}},
		{"add the book {title}", `add the book Dune Messiah`, []string{`Dune Messiah`}},
		{"add the book {title:string}", `add the book "Dune"`, []string{`"Dune"`}},
		{"add the book {title:string}", `add the book Dune`, nil},
		{"click/press the button", "click the button", []string{}},
		{"click/press the button", "press the button", []string{}},
		{"click/press the button", "tap the button", nil},
		{"click/press the button", "click/press the button", nil},
		{"I have {int} cucumber(s) in my belly/stomach", "I have 1 cucumber in my stomach", []string{"1"}},
		{"I have {int} cucumber(s)/gherkin(s)", "I have 2 gherkins", []string{"2"}},
		{"(un)check Remember me", "uncheck Remember me", []string{}},
		{"(un)check Remember me", "check Remember me", []string{}},
		{"open the (big) cart", "open the cart", []string{}},
		{"open the (big) cart", "open the big cart", []string{}},
		{"open the cart (now)", "open the cart", []string{}},
		{"open the cart (now)", "open the cart now", []string{}},
		{"(please) open the cart", "open the cart", []string{}},
		{"(please) open the cart", "please open the cart", []string{}},
		{"(please )open the cart", "open the cart", []string{}},
		{`it costs \(about\) {int}`, "it costs (about) 5", []string{"5"}},
		{`it costs \(about\) {int}`, "it costs about 5", nil},
		{`a\/b test`, "a/b test", []string{}},
		{`a\/b test`, "a test", nil},
		{`keep \{braces\}`, "keep {braces}", []string{}},
		{`a \\ b`, `a \ b`, []string{}},
		{"log in with {{USER}}", "log in with {{USER}}", []string{}},
		{"log in with {{USER}}", "log in with demo", nil},
		{"log in with {{ USER }} and {{NAME.value}}", "log in with {{ USER }} and {{NAME.value}}", []string{}},
		{"transfer {int} from {word} to {word}", "transfer 5 from alice to bob", []string{"5", "alice", "bob"}},
		{"a.b*c", "aXb*c", nil},
		{"a.b*c", "a.b*c", []string{}},
	}
	for _, tt := range tests {
		p, err := parsePhrase(tt.phrase)
		if err != nil {
			t.Errorf("parsePhrase(%q): %v", tt.phrase, err)
			continue
		}
		vals, ok := p.match(tt.sentence)
		var got []string
		if ok {
			got = []string{}
			for _, v := range vals {
				got = append(got, v.raw)
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q matching %q = %s, want %s (%s)", tt.phrase, tt.sentence, matched(got), matched(tt.want), p.re)
		}
	}
}

// matched writes a match's values, or says there is none.
func matched(vals []string) string {
	if vals == nil {
		return "no match"
	}
	return fmt.Sprintf("a match of %q", vals)
}

// TestStringValue: a {string}'s text is without its quotes.
func TestStringValue(t *testing.T) {
	p, err := parsePhrase("add {string} and {string}")
	if err != nil {
		t.Fatal(err)
	}
	vals, ok := p.match(`add "Dune" and “Emma”`)
	if !ok || vals[0].text != "Dune" || vals[1].text != "Emma" {
		t.Errorf("values = %+v, want the texts Dune and Emma", vals)
	}
}

// TestBadPhrase: a phrase that is not a valid expression is refused at
// the column of its fault, saying what to write instead.
func TestBadPhrase(t *testing.T) {
	tests := []struct {
		phrase string
		col    int
		msg    string
	}{
		{"add the book {strnig:string", 14, `the "{" has no "}"`},
		{"add the book strnig}", 20, `a "}" with no "{"`},
		{"add {title:strng}", 5, `unknown parameter type "strng"`},
		{"add {Int} items", 5, "unknown parameter type {Int}: write {int}"},
		{"add {a b}", 5, "is not a parameter"},
		{"add {int:string}", 5, `"int" is a type, not a name`},
		{"add {a} and {a}", 13, "the name {a} is given twice"},
		{"add (s", 5, `the "(" has no ")"`},
		{"add s)", 6, `a ")" with no "("`},
		{"add ()", 5, `"()" is empty`},
		{"add item({int})", 10, "a parameter cannot be optional"},
		{"add (a/b)", 7, "an optional text cannot hold alternatives"},
		{"add (a(b))", 7, `cannot hold another "("`},
		{"click/ the button", 6, "an alternative is empty"},
		{"click/(s) the button", 7, "an alternative is empty or only optional"},
		{`add \x`, 5, `"\x": only`},
		{`add \`, 5, `a "\" at the end`},
		{"   ", 1, "the phrase is empty"},
	}
	for _, tt := range tests {
		_, err := parsePhrase(tt.phrase)
		se, ok := err.(*syntaxError)
		if !ok || se.col != tt.col || !strings.Contains(se.msg, tt.msg) {
			t.Errorf("parsePhrase(%q) = %v, want column %d: %s", tt.phrase, err, tt.col, tt.msg)
		}
	}
}
