package names

// Elements named by their place: "the delete button in the Buy milk
// row", the row, list item or article that holds them.

import (
	"regexp"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/translator"
)

// placeKinds are the kinds whose element is a place, named by what it
// holds ("the Treegrids are awesome row" is the row with that cell).
var placeKinds = Roles("row", "listitem", "article", "gridcell", "cell")

// placesAround finds the elements of the roles in set around the text or
// element called words ("the Treegrids are awesome row": the row around
// that cell).
func placesAround(page *dom.Node, words string, set RoleSet) []*dom.Node {
	var out []*dom.Node
	for _, n := range anchorsOf(page, words) {
		for a := n; a != nil && a != page; a = a.Parent {
			if set[a.Role] {
				if !slices.Contains(out, a) {
					out = append(out, a)
				}
				break
			}
		}
	}
	return out
}

func Overlaps(a, b RoleSet) bool {
	for k := range a {
		if b[k] {
			return true
		}
	}
	return false
}

// inPlace finds the element of a kind (set) called words (any, when empty)
// inside the place scope names.
func inPlace(req translator.Request, words string, set RoleSet, scope, wantName string) (*dom.Node, error) {
	place, err := placeOf(req.Page, scope)
	if place == nil || err != nil {
		return nil, err
	}
	var found []*dom.Node
	anyKind := set == nil || set[anyRole]
	place.Walk(func(n *dom.Node) bool {
		if n != place && (!n.Disabled || set[withDisabled]) && (anyKind && Label(n) != "" || !anyKind && set[n.Role]) && fits(n, words) {
			found = append(found, n)
		}
		return true
	})
	what := strings.TrimSpace(words + " " + wantName + " for " + scope)
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		nf := &translator.NotFoundError{What: what, Want: wantName, Candidates: inside(place)}
		return nil, &HiddenError{Place: place, err: nf}
	}
	return nil, Ambiguous(req.Page, what, found)
}

// fits reports whether n is called words: by its name, or, for a control
// showing a symbol, by what the symbol means. Empty words fit anything.
func fits(n *dom.Node, words string) bool {
	if words == "" {
		return true
	}
	l := Label(n)
	if Score(l, words) >= ScoreMatch {
		return true
	}
	names, ok := iconWords[strings.ToLower(strings.TrimSpace(words))]
	if !ok {
		return false
	}
	have := strings.ToLower(strings.TrimSpace(l))
	for _, nm := range names {
		if have == nm {
			return true
		}
	}
	return false
}

// inside lists the labelled elements of place, for an error.
func inside(place *dom.Node) []string {
	var out []string
	place.Walk(func(n *dom.Node) bool {
		if n != place && n.Interactive() && len(out) < translator.MaxListed {
			out = append(out, Short(n))
		}
		return true
	})
	return out
}

// placeRoles are the elements a place phrase names: a row, card or item
// that holds what an action acts on.
var placeRoles = Roles("listitem", "row", "article", "group", "region", "option", "treeitem", "gridcell",
	"cell", "figure", "dialog", "alertdialog", "tabpanel", "form", "menu", "toolbar", "navigation")

// placeOf finds the place a scope phrase names ("Buy milk", "the Buy milk
// row"): the nearest row, card or item around the text or element of that
// name. nil without an error means there is no such text.
func placeOf(page *dom.Node, scope string) (*dom.Node, error) {
	if n, ok := nounWord(scope); ok && page != nil {
		if rs := nounPlaceRoles(n); len(rs) > 0 {
			// "in the tab panel": the one part of that kind, never one
			// whose name is a word of the noun ("Tab").
			return OneOfKind(page, n.Word, rs)
		}
	}
	scope = StripArticle(Unquote(scope))
	for _, noun := range containerNouns {
		if len(scope) > len(noun) && strings.EqualFold(scope[len(scope)-len(noun):], noun) {
			scope = strings.TrimSpace(scope[:len(scope)-len(noun)])
			break
		}
	}
	var places []*dom.Node
	for _, n := range anchorsOf(page, scope) {
	outer:
		for a := n; a != nil && a != page; a = a.Parent {
			if placeRoles[a.Role] {
				for _, p := range places {
					if p == a {
						break outer
					}
				}
				places = append(places, a)
				break
			}
		}
	}
	switch len(places) {
	case 0:
		return nil, nil
	case 1:
		return places[0], nil
	}
	return nil, Ambiguous(page, scope, places)
}

// nounPlaceRoles are the roles of the part of the page a noun alone names
// as a place: the one element it names alone, else the parts it scopes.
func nounPlaceRoles(n dom.Noun) []string {
	if !n.Place && len(n.Sole) == 0 && len(n.Part) == 0 {
		return nil // "Log in button": a button is no place
	}
	return FirstRoles(n.Sole, n.Part, n.Kind)
}

// inKindPlace resolves "t in the tab panel": t among the nodes inside the
// one part of the page of that kind, never one beside a part whose name is
// a word of the noun.
func inKindPlace(page *dom.Node, nodes []*dom.Node, t string, n dom.Noun) (*dom.Node, error) {
	place, err := placeOf(page, n.Word)
	if err != nil {
		return nil, err
	}
	var in []*dom.Node
	for _, c := range nodes {
		for a := c.Parent; a != nil; a = a.Parent {
			if a == place {
				in = append(in, c)
				break
			}
		}
	}
	t, _ = splitRoleNoun(StripArticle(t))
	best, top := Rank(in, t)
	switch {
	case top < ScoreMatch || len(best) == 0:
		// Not shown there: it may show on hover (hiddenError).
		return nil, &HiddenError{Place: place, err: &translator.NotFoundError{What: t, Where: "in " + Short(place), Candidates: inside(place)}}
	case len(best) == 1:
		return best[0], nil
	}
	return nil, Ambiguous(page, t+" in the "+n.Word, best)
}

// anchorsOf finds the elements a scope phrase names: those whose name or
// text is the phrase, else those whose name starts with it ("the Folk
// Futures card" for the heading "Folk Futures: Tradition in the
// Classroom").
func anchorsOf(page *dom.Node, scope string) []*dom.Node {
	for _, min := range []int{ScoreExact, 80} {
		var out []*dom.Node
		page.Walk(func(n *dom.Node) bool {
			if n != page && (Score(n.Name, scope) >= min || n.Name == "" && n.Value != "" && Score(n.Value, scope) >= min) {
				out = append(out, n)
			}
			return true
		})
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// distance is the number of tree edges between a and b.
func distance(a, b *dom.Node) int {
	depth := map[*dom.Node]int{}
	d := 0
	for n := a; n != nil; n = n.Parent {
		depth[n] = d
		d++
	}
	d = 0
	for n := b; n != nil; n = n.Parent {
		if da, ok := depth[n]; ok {
			return da + d
		}
		d++
	}
	return 1 << 20
}

// soleOfKind reads a phrase that is a role noun alone ("the status"), or
// its message or text ("the alert message"): the one element of that kind
// on the page (among want, when set). ok is false for any other phrase;
// none of that kind, or several, is an error.
func SoleOfKind(page *dom.Node, phrase string, want RoleSet) (n *dom.Node, ok bool, err error) {
	w := strings.ToLower(StripArticle(Unquote(strings.TrimSpace(phrase))))
	of := reItsText.ReplaceAllString(w, "")
	for _, rn := range SoleNouns {
		if w != rn.Word && of != rn.Word || want != nil && !Overlaps(want, rn.Roles) {
			continue
		}
		if page == nil {
			return nil, false, nil
		}
		var found []*dom.Node
		empty := false
		page.Walk(func(c *dom.Node) bool {
			if c != page && rn.Roles[c.Role] {
				if c.Ref == "" && len(c.Children) == 0 {
					empty = true
					return false // empty, and no ref: nothing a person sees (an alert not yet filled)
				}
				found = append(found, c)
				return false // a table inside the dialog is the dialog's
			}
			return true
		})
		switch len(found) {
		case 0:
			want := rn.Word
			if rn.Roles["dialog"] || rn.Roles["alertdialog"] {
				want = "dialog"
			}
			nf := &translator.NotFoundError{Want: want}
			if empty {
				nf.Where = "shown: the page's is empty"
			}
			return nil, true, nf
		case 1:
			return found[0], true, nil
		}
		return nil, true, Ambiguous(page, "the "+rn.Word, found)
	}
	return nil, false, nil
}

// reItsText is the words after a kind that name what it shows: "the
// alert message", "the status text".
var reItsText = regexp.MustCompile(` (?:message|text|content|contents)$`)
