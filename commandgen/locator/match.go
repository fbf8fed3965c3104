package locator

import (
	"strings"

	"github.com/plaintest/plaintest/dom"
)

// Count returns how many nodes of the tree under root the locator matches,
// approximating Playwright on the page the tree was taken from:
//   - role: same role; name a case-insensitive substring of the accessible
//     name, or equal to it when exact; state filters compared;
//   - text: the deepest nodes whose text contains (or, exact, equals) it;
//     text is a node's own text and its descendants', where names count only
//     for roles named from their content (buttons, links, headings,
//     cells...; not check boxes, radios and switches, which their label
//     names);
//   - label: text fields, combo boxes, list boxes, check boxes, radios,
//     switches, sliders and spin buttons by name;
//   - placeholder: the /placeholder of text fields; alttext: img names;
//   - hasText filters the current matches by their text; nth picks one;
//   - an iframe's content (its children) is another document, reached only
//     through a frame part (locator('iframe[title="x"]').contentFrame()),
//     whose CSS matches the iframes whose Frame it is (any, for "iframe");
//   - every other part searches the descendants of the current matches.
//
// Test ids, other CSS and titles are not in an ARIA tree: a locator using
// them returns -1, "unknown". An empty locator matches nothing.
//
// Count is meant for the full snapshot tree, not a minimized one (which drops
// headings and text Playwright would still see).
func Count(root *dom.Node, l Locator) int {
	m, ok := newMatchContext().match(root, l)
	if !ok {
		return -1
	}
	return len(m)
}

// matchLocator returns the nodes l matches in document order, and false when
// l cannot be evaluated on an ARIA tree.
func matchLocator(root *dom.Node, l Locator) ([]*dom.Node, bool) {
	return newMatchContext().match(root, l)
}

func (mc *matchContext) match(root *dom.Node, l Locator) ([]*dom.Node, bool) {
	if root == nil || len(l.Parts) == 0 {
		return nil, true
	}
	current := []*dom.Node{root}
	searched := false // current is still the root scope, not matches
	for i, p := range l.Parts {
		switch p.Kind {
		case PartCSS:
			// Only the CSS of an iframe entered next (iframe[title="x"]):
			// the iframes whose Frame it is, or all for a bare "iframe".
			if !l.FrameCSS(i) {
				return nil, false
			}
			current = mc.descendants(root, current, func(n *dom.Node) bool {
				return n.Role == "iframe" && (p.Text == "iframe" || n.Frame != "" && n.Frame == p.Text)
			})
			searched = true
		case PartFrame:
			kept := current[:0:0]
			for _, n := range current {
				if n.Role == "iframe" {
					mc.entered[n] = true
					kept = append(kept, n)
				}
			}
			current = kept
		case PartTestID, PartTitle:
			return nil, false
		case PartVisible:
			// A tree of a snapshot holds visible elements only.
		case PartNth:
			if !searched {
				// nth of the whole document: Playwright's "nth=0" alone
				// matches the first element; keep it simple, treat as root.
				current = mc.descendants(root, current, func(*dom.Node) bool { return true })
				searched = true
			}
			i := p.Index
			if i < 0 {
				i = len(current) + i
			}
			if i < 0 || i >= len(current) {
				current = nil
			} else {
				current = []*dom.Node{current[i]}
			}
		case PartHasText, PartHasNotText:
			if !searched {
				current = mc.descendants(root, current, func(*dom.Node) bool { return true })
				searched = true
			}
			kept := current[:0:0]
			w := newWant(p.Text, p.Exact)
			for _, n := range current {
				if mc.textMatches(n, w) == (p.Kind == PartHasText) {
					kept = append(kept, n)
				}
			}
			current = kept
		case PartHas:
			inner, err := ParseSelector(p.Text)
			if err != nil {
				return nil, false
			}
			if !searched {
				current = mc.descendants(root, current, func(*dom.Node) bool { return true })
				searched = true
			}
			kept := current[:0:0]
			for _, n := range current {
				found, ok := newMatchContext().match(n, inner)
				if !ok {
					return nil, false
				}
				if len(found) > 0 { // n's descendants only, as Playwright's has
					kept = append(kept, n)
				}
			}
			current = kept
		case PartText:
			current = mc.deepestText(root, current, p.Text, p.Exact)
			searched = true
		default:
			pred := partPredicate(p)
			if pred == nil {
				return nil, false
			}
			current = mc.descendants(root, current, pred)
			searched = true
		}
		if len(current) == 0 {
			return nil, true
		}
	}
	return current, true
}

func partPredicate(p LocatorPart) func(*dom.Node) bool {
	switch p.Kind {
	case PartRole:
		return func(n *dom.Node) bool {
			return n.Role == p.Role && nameMatches(n.Name, p.Name, p.Exact) && statesMatch(n, p)
		}
	case PartLabel:
		return func(n *dom.Node) bool {
			return dom.LabelledRole(n.Role) && n.Name != "" && nameMatches(n.Name, p.Text, p.Exact)
		}
	case PartPlaceholder:
		return func(n *dom.Node) bool {
			return n.Placeholder != "" && nameMatches(n.Placeholder, p.Text, p.Exact)
		}
	case PartAltText:
		return func(n *dom.Node) bool {
			return (n.Role == "img" || n.Role == "image") && n.Name != "" && nameMatches(n.Name, p.Text, p.Exact)
		}
	}
	return nil
}

// statesMatch reports whether n has every state p asks for.
func statesMatch(n *dom.Node, p LocatorPart) bool {
	for _, s := range roleStates {
		if !s.matches(n, s.get(&p)) {
			return false
		}
	}
	return true
}

// nameMatches compares as Playwright does: whitespace-normalized; exact is
// case-sensitive equality, otherwise a case-insensitive substring. An empty
// want matches anything.
func nameMatches(got, want string, exact bool) bool {
	if want == "" {
		return true
	}
	got, want = dom.CollapseSpace(got), dom.CollapseSpace(want)
	if exact {
		return got == want
	}
	return strings.Contains(strings.ToLower(got), strings.ToLower(want))
}

// want is a text to look for, normalized once.
type want struct {
	text  string // whitespace-collapsed
	lower string
	exact bool
}

func newWant(text string, exact bool) want {
	t := dom.CollapseSpace(text)
	return want{text: t, lower: strings.ToLower(t), exact: exact}
}

// textMatches reports whether n's text equals (exact) or contains
// (case-insensitive) w.
func (mc *matchContext) textMatches(n *dom.Node, w want) bool {
	if w.exact {
		return mc.Norm(n) == w.text
	}
	return strings.Contains(mc.Lower(n), w.lower)
}

// matchContext holds what matching locators on one tree learns: the text
// of its nodes, and the iframes a PartFrame entered.
type matchContext struct {
	*dom.Texts
	// entered are the iframes a PartFrame entered: descendants searches
	// their documents.
	entered map[*dom.Node]bool
}

func newMatchContext() *matchContext {
	return &matchContext{Texts: dom.NewTexts(), entered: map[*dom.Node]bool{}}
}

// descendants returns, in document order and without repeats, the strict
// descendants of the scope nodes that satisfy pred.
func (mc *matchContext) descendants(root *dom.Node, scopes []*dom.Node, pred func(*dom.Node) bool) []*dom.Node {
	inScope := make(map[*dom.Node]bool, len(scopes))
	for _, s := range scopes {
		inScope[s] = true
	}
	var out []*dom.Node
	var visit func(n *dom.Node, under bool)
	visit = func(n *dom.Node, under bool) {
		if under && pred(n) {
			out = append(out, n)
		}
		under = under || inScope[n]
		if n.Role == "iframe" {
			// Its children are its frame's document: searched only from
			// the iframe entered (PartFrame), never from the page around.
			under = inScope[n] && mc.entered[n]
		}
		for _, c := range n.Children {
			visit(c, under)
		}
	}
	visit(root, false)
	return out
}

// deepestText returns the descendants of the scopes whose text matches and
// none of whose children's text does, as Playwright's text engine returns
// the smallest elements holding the text.
func (mc *matchContext) deepestText(root *dom.Node, scopes []*dom.Node, text string, exact bool) []*dom.Node {
	w := newWant(text, exact)
	return mc.descendants(root, scopes, func(n *dom.Node) bool {
		if n.Role == "text" {
			return false // a run of text, not an element: its parent matches
		}
		if !mc.textMatches(n, w) {
			return false
		}
		for _, c := range n.Children {
			if c.Role != "text" && mc.textMatches(c, w) {
				return false
			}
		}
		return true
	})
}
