package names

import (
	"strings"

	"github.com/plaintest/plaintest/dom"
)

// nearForm finds the one element among nodes whose name is the phrase but
// for its plurals and articles, as people misremember a label: "click
// Product" for the link "Products", "View basket" for "View the basket",
// "Add to the cart" for "Add to cart". It is tried only when no name
// matches the phrase; none, or several that are not links to one place, is
// nil, and the phrase is refused with its candidates as before. The step
// names the element by its own name, so the export and its replay are
// exact.
func nearForm(nodes []*dom.Node, phrase string) *dom.Node {
	want := nearWords(phrase)
	if want == "" {
		return nil
	}
	var found []*dom.Node
	for _, n := range nodes {
		if n.Name != "" && nearWords(n.Name) == want {
			found = append(found, n)
		}
	}
	switch {
	case len(found) == 1:
		return found[0]
	case len(found) > 1:
		return sameDestination(found)
	}
	return nil
}

// nearWords folds s for nearForm: normalized (dom.Normalize), the
// articles left out, each word in its singular.
func nearWords(s string) string {
	var out []string
	for _, w := range strings.Fields(dom.Normalize(s)) {
		switch w {
		case "a", "an", "the":
			continue
		}
		out = append(out, singular(w))
	}
	return strings.Join(out, " ")
}

// singular folds an English plural: "categories" "category", "boxes" and
// "matches" "box" and "match", "products" "product"; "class" and "bus"
// stay (a word of three letters or fewer, or in "ss", is left).
func singular(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 4 && strings.HasSuffix(w, "es") && hasAnySuffix(w[:len(w)-2], "s", "x", "z", "ch", "sh"):
		return w[:len(w)-2]
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		return w[:len(w)-1]
	}
	return w
}

func hasAnySuffix(s string, suffixes ...string) bool {
	for _, x := range suffixes {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	return false
}

// inOrder finds the one element among nodes whose name holds every word of
// the phrase in the phrase's order, with other words among them, as people
// shorten a label: "Select all rows" for the checkbox "Select all 12
// rows.". It is tried only after nearForm; the phrase must have two words
// or more (one word within a name is Rank's whole-word part), and a name
// that adds a word of negation ("Do not select all rows") is never one.
// None, or several, is nil, and the phrase is refused with its candidates.
// The step names the element by its own name, which compile prints.
func inOrder(nodes []*dom.Node, phrase string) *dom.Node {
	want := strings.Fields(nearWords(phrase))
	if len(want) < 2 {
		return nil
	}
	var found []*dom.Node
	for _, n := range nodes {
		if n.Name != "" && holdsInOrder(strings.Fields(nearWords(n.Name)), want) {
			found = append(found, n)
		}
	}
	if len(found) == 1 {
		return found[0]
	}
	return nil
}

// holdsInOrder reports whether name holds every word of want in order,
// and adds no word of negation that want does not have.
func holdsInOrder(name, want []string) bool {
	i := 0
	for _, w := range name {
		if i < len(want) && w == want[i] {
			i++
			continue
		}
		if negation[w] {
			return false
		}
	}
	return i == len(want)
}

// negation are the words that turn a name around.
var negation = map[string]bool{"not": true, "no": true, "never": true, "without": true, "nt": true, "dont": true, "don": true, "cannot": true}

// loosely reports whether n is the element inOrder finds for phrase: its
// name holds every word of the phrase (or of the phrase less its kind
// noun) in order with others among them, and is not the phrase, a near
// form of it, or a name the phrase is a whole-word part of.
func loosely(n *dom.Node, phrase string) bool {
	if n == nil {
		return false
	}
	forms := []string{phrase}
	if rest, _ := splitRoleNoun(phrase); rest != phrase && rest != "" {
		forms = append(forms, rest)
	}
	name := strings.Fields(nearWords(Label(n)))
	loose := false
	for _, f := range forms {
		if _, top := Rank([]*dom.Node{n}, f); top >= ScoreMatch || nearWords(Label(n)) == nearWords(f) {
			return false
		}
		if want := strings.Fields(nearWords(f)); len(want) >= 2 && holdsInOrder(name, want) {
			loose = true
		}
	}
	return loose
}
