package names

import (
	"strings"

	"github.com/plaintest/plaintest/dom"
)

func Unquote(s string) string {
	s = strings.TrimSpace(s)
	if q := Quoted(s); q != "" && len(q)+2 >= len(s)-1 {
		return q
	}
	return s
}

func Quoted(s string) string {
	m := ReQuoted.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	for _, g := range m[1:] {
		if g != "" {
			return g
		}
	}
	return ""
}

// words returns the words phrase named n by when they are only a part of
// its name, so that a locator can use them: "My orders" for the link "My
// orders (3)". "" when the phrase is the name, or not in it.
func Words(phrase string, n *dom.Node) string {
	w := Unquote(strings.TrimSpace(phrase))
	if rest, ok := CutWord(w, "the"); ok { // "my" and "our" may be part of a name ("My orders")
		w = rest
	}
	if rest, _, ok := KindNoun(w, false); ok {
		w = Unquote(rest) // `the "Projects" folder`: the name quoted before its kind
	}
	name := n.Name
	if name == "" || w == "" || strings.EqualFold(strings.TrimSpace(name), w) {
		return ""
	}
	if !strings.Contains(strings.ToLower(name), strings.ToLower(w)) {
		return ""
	}
	return w
}

// cutWord cuts a leading word (any of words) from s.
func CutWord(s string, words ...string) (string, bool) {
	for _, w := range words {
		if len(s) > len(w) && strings.EqualFold(s[:len(w)], w) && s[len(w)] == ' ' {
			return strings.TrimSpace(s[len(w):]), true
		}
	}
	return s, false
}
