package locator

import (
	"regexp"
	"strings"
	"unicode"
)

// Names read as words. Playwright matches a role's name given without
// exact ([name="Paid"i], getByRole('button', { name: 'Paid' })) as a
// substring: a button named "Unpaid" has the name "Paid", and one named
// "Saved" the name "Save". plaintest reads a name as a person does, as its text
// checks read text (step's says): the words of the name, case and runs of
// space aside, with no word going on past either end of them. A compiled
// step's target is sent so (replay), and a spec asks the same.

// WordNames returns selector with each role whose name is not exact
// matched by the words of that name (a regular expression, NameWords); any
// other selector, and one this package does not read back as it was
// written, unchanged.
func WordNames(selector string) string {
	l, err := ParseSelector(selector)
	if err != nil || l.Selector() != selector {
		return selector
	}
	changed := false
	parts := make([]string, len(l.Parts))
	for i, p := range l.Parts {
		if p.Kind == PartRole && p.Name != "" && !p.Exact {
			if re := NameWords(p.Name); re != "" {
				parts[i], changed = p.selectorNamed(re), true
				continue
			}
		}
		parts[i] = p.selector()
	}
	if !changed {
		return selector
	}
	return strings.Join(parts, " >> ")
}

// NameWords is the regular expression, in Playwright's selector and
// JavaScript syntax, of a name that holds the words of name: each word
// escaped, runs of space between them, no letter, digit or underscore
// right before a name that starts with one, nor right after one that ends
// with one, nor "not", "no", "never", "non" or "n't" right before it
// unless it starts so ("Saved" is not the name of "Not saved"); case
// aside. "" when name has no words.
func NameWords(name string) string {
	words := strings.Fields(name)
	if len(words) == 0 {
		return ""
	}
	for i, w := range words {
		words[i] = quotesOut.Replace(JSRegexEscape(w))
	}
	re := strings.Join(words, `\s+`)
	t := []rune(strings.TrimSpace(name))
	if isWordRune(t[0]) {
		re = `(?<![\p{L}\p{N}_])` + re
	}
	if !negation.MatchString(name) {
		re = `(?<!(?:\b(?:not|no|never|non)|n[\x27\u2019]t)[\s-]*)` + re
	}
	if isWordRune(t[len(t)-1]) {
		re += `(?![\p{L}\p{N}_])`
	}
	return "/" + re + "/iu"
}

// quotesOut writes the quotes of a name as classes of escapes (a curly
// quote for a straight one, as a check reads text: step's norm), and ">"
// as one: no quote nor ">" itself, for Playwright splits a selector at >>
// outside quotes, which it looks for in a regular expression too.
var quotesOut = strings.NewReplacer(
	`'`, `[\x27\u2018\u2019\u00b4\x60]`, "\u2018", `[\x27\u2018\u2019\u00b4\x60]`, "\u2019", `[\x27\u2018\u2019\u00b4\x60]`,
	"\u00b4", `[\x27\u2018\u2019\u00b4\x60]`, "`", `[\x27\u2018\u2019\u00b4\x60]`,
	`"`, `[\x22\u201c\u201d]`, "\u201c", `[\x22\u201c\u201d]`, "\u201d", `[\x22\u201c\u201d]`, ">", `\x3e`)

// negation: a name that starts with a word that negates.
var negation = regexp.MustCompile(`(?i)^\s*(?:not|no|never|non)\b`)

// isWordRune reports whether r is a letter, a digit or an underscore, as
// JavaScript's [\p{L}\p{N}_] reads it.
func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r)
}
