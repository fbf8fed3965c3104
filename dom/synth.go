package dom

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNotInTree is returned by Synthesize when target is nil, the root, or not
// a node of root's tree.
var ErrNotInTree = errors.New("target is not a node of the tree")

// Count returns how many nodes of the tree under root the locator matches,
// approximating Playwright on the page the tree was taken from:
//   - role: same role; name a case-insensitive substring of the accessible
//     name, or equal to it when exact; state filters compared;
//   - text: the deepest nodes whose text contains (or, exact, equals) it;
//     text is a node's own text and its descendants', where names count only
//     for roles named from their content (buttons, links, headings, cells...);
//   - label: text fields, combo boxes, list boxes, check boxes, radios,
//     switches, sliders and spin buttons by name;
//   - placeholder: the /placeholder of text fields; alttext: img names;
//   - hasText filters the current matches by their text; nth picks one;
//   - every other part searches the descendants of the current matches.
//
// Test ids, CSS and titles are not in an ARIA tree: a locator using them
// returns -1, "unknown". An empty locator matches nothing.
//
// Count is meant for the full snapshot tree, not a minimized one (which drops
// headings and text Playwright would still see).
func Count(root *Node, l Locator) int {
	m, ok := newMatchContext().match(root, l)
	if !ok {
		return -1
	}
	return len(m)
}

// matchLocator returns the nodes l matches in document order, and false when
// l cannot be evaluated on an ARIA tree.
func matchLocator(root *Node, l Locator) ([]*Node, bool) {
	return newMatchContext().match(root, l)
}

func (mc *matchContext) match(root *Node, l Locator) ([]*Node, bool) {
	if root == nil || len(l.Parts) == 0 {
		return nil, true
	}
	current := []*Node{root}
	searched := false // current is still the root scope, not matches
	for _, p := range l.Parts {
		switch p.Kind {
		case PartTestID, PartCSS, PartTitle:
			return nil, false
		case PartNth:
			if !searched {
				// nth of the whole document: Playwright's "nth=0" alone
				// matches the first element; keep it simple, treat as root.
				current = mc.descendants(root, current, func(*Node) bool { return true })
				searched = true
			}
			i := p.Index
			if i < 0 {
				i = len(current) + i
			}
			if i < 0 || i >= len(current) {
				current = nil
			} else {
				current = []*Node{current[i]}
			}
		case PartHasText, PartHasNotText:
			if !searched {
				current = mc.descendants(root, current, func(*Node) bool { return true })
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

// labelledRoles are the roles getByLabel finds.
var labelledRoles = map[string]bool{
	"textbox": true, "searchbox": true, "combobox": true, "listbox": true,
	"checkbox": true, "radio": true, "switch": true, "slider": true, "spinbutton": true,
}

// nameFromContentRoles take their accessible name from their text, so the
// name is also text Playwright's getByText sees.
var nameFromContentRoles = map[string]bool{
	"button": true, "link": true, "heading": true, "cell": true, "gridcell": true,
	"columnheader": true, "rowheader": true, "option": true, "tab": true,
	"menuitem": true, "menuitemcheckbox": true, "menuitemradio": true,
	"treeitem": true, "tooltip": true, "listitem": true, "row": true,
	"generic": true, "paragraph": true, "strong": true, "emphasis": true, "code": true,
	"text": true, "status": true, "alert": true, "caption": true, "legend": true,
	"term": true, "definition": true, "note": true, "superscript": true, "subscript": true,
}

func partPredicate(p LocatorPart) func(*Node) bool {
	switch p.Kind {
	case PartRole:
		return func(n *Node) bool {
			return n.Role == p.Role && nameMatches(n.Name, p.Name, p.Exact) && statesMatch(n, p)
		}
	case PartLabel:
		return func(n *Node) bool {
			return labelledRoles[n.Role] && n.Name != "" && nameMatches(n.Name, p.Text, p.Exact)
		}
	case PartPlaceholder:
		return func(n *Node) bool {
			return n.Placeholder != "" && nameMatches(n.Placeholder, p.Text, p.Exact)
		}
	case PartAltText:
		return func(n *Node) bool {
			return (n.Role == "img" || n.Role == "image") && n.Name != "" && nameMatches(n.Name, p.Text, p.Exact)
		}
	}
	return nil
}

func statesMatch(n *Node, p LocatorPart) bool {
	orFalse := func(s string) string {
		if s == "" {
			return "false"
		}
		return s
	}
	b := func(v bool) string {
		if v {
			return "true"
		}
		return "false"
	}
	switch {
	case p.Checked != "" && orFalse(n.Checked) != p.Checked,
		p.Pressed != "" && orFalse(n.Pressed) != p.Pressed,
		p.Expanded != "" && orFalse(n.Expanded) != p.Expanded,
		p.Disabled != "" && b(n.Disabled) != p.Disabled,
		p.Selected != "" && b(n.Selected) != p.Selected,
		p.Level > 0 && n.Level != p.Level:
		return false
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
	got, want = collapseSpace(got), collapseSpace(want)
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
	t := collapseSpace(text)
	return want{text: t, lower: strings.ToLower(t), exact: exact}
}

// textMatches reports whether n's text equals (exact) or contains
// (case-insensitive) w.
func (mc *matchContext) textMatches(n *Node, w want) bool {
	if w.exact {
		return mc.normText(n) == w.text
	}
	return strings.Contains(mc.lowerText(n), w.lower)
}

func collapseSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// matchContext caches the text of nodes while locators are matched on one
// tree.
type matchContext struct {
	text  map[*Node]string
	norm  map[*Node]string
	lower map[*Node]string
}

func newMatchContext() *matchContext {
	return &matchContext{text: map[*Node]string{}, norm: map[*Node]string{}, lower: map[*Node]string{}}
}

func (mc *matchContext) normText(n *Node) string {
	t, ok := mc.norm[n]
	if !ok {
		t = collapseSpace(mc.textOf(n))
		mc.norm[n] = t
	}
	return t
}

func (mc *matchContext) lowerText(n *Node) string {
	t, ok := mc.lower[n]
	if !ok {
		t = strings.ToLower(mc.normText(n))
		mc.lower[n] = t
	}
	return t
}

// textOf is the text Playwright would see in n: values, names of roles named
// from content (unless the children already hold the name), and descendants.
func (mc *matchContext) textOf(n *Node) string {
	if t, ok := mc.text[n]; ok {
		return t
	}
	var parts []string
	if n.Value != "" {
		parts = append(parts, n.Value)
	}
	for _, c := range n.Children {
		if t := mc.textOf(c); t != "" {
			parts = append(parts, t)
		}
	}
	t := strings.Join(parts, " ")
	if n.Name != "" && nameFromContentRoles[n.Role] && !strings.Contains(t, n.Name) {
		if t == "" {
			t = n.Name
		} else {
			t = n.Name + " " + t
		}
	}
	mc.text[n] = t
	return t
}

// descendants returns, in document order and without repeats, the strict
// descendants of the scope nodes that satisfy pred.
func (mc *matchContext) descendants(root *Node, scopes []*Node, pred func(*Node) bool) []*Node {
	inScope := make(map[*Node]bool, len(scopes))
	for _, s := range scopes {
		inScope[s] = true
	}
	var out []*Node
	var visit func(n *Node, under bool)
	visit = func(n *Node, under bool) {
		if under && pred(n) {
			out = append(out, n)
		}
		under = under || inScope[n]
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
func (mc *matchContext) deepestText(root *Node, scopes []*Node, text string, exact bool) []*Node {
	w := newWant(text, exact)
	return mc.descendants(root, scopes, func(n *Node) bool {
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

// scopeRoles are the containers Synthesize may scope a locator by.
var scopeRoles = map[string]bool{
	"article": true, "region": true, "row": true, "listitem": true, "group": true,
	"dialog": true, "alertdialog": true, "form": true, "navigation": true,
	"banner": true, "main": true, "contentinfo": true, "complementary": true,
	"search": true, "tabpanel": true, "table": true, "list": true, "menu": true,
	"toolbar": true, "radiogroup": true, "tree": true, "grid": true, "figure": true,
}

// Synthesize returns a stable locator for target built from the tree alone,
// checked to match exactly target (Count == 1). In order of preference:
//   - role and exact accessible name, when unique in the tree;
//   - for unnamed elements: placeholder, their text (exact), their bare role,
//     their role filtered by a piece of their text (hasText);
//   - for a run of text (Role "text"): the element holding it, by the text;
//   - the above scoped by the nearest ancestor container (article, region,
//     row, listitem, group, dialog, form, navigation, ...) that has a unique
//     locator itself: by role and name, or for an unnamed container by role
//     and a hasText filter on some of its text, e.g.
//     internal:role=article[name="Blue Mug"i] >> internal:role=button[name="Add to cart"s];
//   - as a last resort, the simplest locator with nth.
//
// It never uses a snapshot ref. root should be the full tree (not minimized).
func Synthesize(root, target *Node) (Locator, error) {
	if root == nil || target == nil || target == root || !contains(root, target) {
		return Locator{}, ErrNotInTree
	}
	s := synth{root: root, mc: newMatchContext()}
	if target.Role == "text" {
		return s.text(target)
	}
	return s.element(target)
}

// maxScopes bounds how many enclosing containers Synthesize tries.
const maxScopes = 5

type synth struct {
	root *Node
	mc   *matchContext
}

func (s synth) element(target *Node) (Locator, error) {
	own := ownCandidates(target)
	for _, c := range own {
		if s.only(c, target) {
			return c, nil
		}
	}
	if target.Name == "" && len(target.Children) > 0 {
		// An unnamed container: its role and a piece of its text.
		if c := s.scopeCandidates(target); len(c) > 0 {
			return c[0], nil
		}
	}
	bare := own
	if target.Name != "" {
		bare = append(bare, Locator{Parts: []LocatorPart{{Kind: PartRole, Role: target.Role}}})
	}
	scopes := 0
	for a := target.Parent; a != nil && a != s.root && scopes < maxScopes; a = a.Parent {
		if !scopeRoles[a.Role] {
			continue
		}
		scopes++
		for _, sc := range s.scopeCandidates(a) {
			for _, c := range bare {
				chain := Locator{Parts: append(append([]LocatorPart{}, sc.Parts...), c.Parts...)}
				if s.only(chain, target) {
					return chain, nil
				}
			}
		}
	}
	// Last resort: the first candidate that matches target, and an index.
	for _, base := range bare {
		m, _ := s.mc.match(s.root, base)
		for i, n := range m {
			if n != target {
				continue
			}
			l := Locator{Parts: append(append([]LocatorPart{}, base.Parts...), LocatorPart{Kind: PartNth, Index: i})}
			if s.only(l, target) {
				return l, nil
			}
		}
	}
	return Locator{}, fmt.Errorf("no locator matches only the %s %q", target.Role, target.Name)
}

// text locates a run of text: the element holding it, by the text (exact,
// then as a substring), else by the element's own locator.
func (s synth) text(t *Node) (Locator, error) {
	el := t.Parent
	if v := collapseSpace(t.Value); v != "" {
		for _, exact := range []bool{true, false} {
			l := Locator{Parts: []LocatorPart{{Kind: PartText, Text: v, Exact: exact}}}
			if s.only(l, el) {
				return l, nil
			}
		}
	}
	if el == s.root {
		return Locator{}, fmt.Errorf("no locator matches only the text %q", t.Value)
	}
	return s.element(el)
}

// only reports whether l matches target and nothing else.
func (s synth) only(l Locator, target *Node) bool {
	m, ok := s.mc.match(s.root, l)
	return ok && len(m) == 1 && m[0] == target
}

func contains(root, target *Node) bool {
	for n := target; n != nil; n = n.Parent {
		if n == root {
			return true
		}
	}
	return false
}

// ownCandidates are the locators of element t by itself, best first.
func ownCandidates(t *Node) []Locator {
	var out []Locator
	add := func(p LocatorPart) { out = append(out, Locator{Parts: []LocatorPart{p}}) }
	if t.Name != "" {
		add(LocatorPart{Kind: PartRole, Role: t.Role, Name: t.Name, Exact: true})
		add(LocatorPart{Kind: PartRole, Role: t.Role, Name: t.Name})
		return out
	}
	if t.Placeholder != "" {
		add(LocatorPart{Kind: PartPlaceholder, Text: t.Placeholder, Exact: true})
	}
	if v := collapseSpace(t.Value); v != "" && len(t.Children) == 0 {
		// Text from a single place only: Playwright joins the text of
		// nested elements without the spaces this tree would add.
		add(LocatorPart{Kind: PartText, Text: v, Exact: true})
	}
	add(LocatorPart{Kind: PartRole, Role: t.Role})
	return out
}

// scopeCandidates are locators that match container a alone: by role and
// name, or by role and a piece of its text.
func (s synth) scopeCandidates(a *Node) []Locator {
	var out []Locator
	try := func(l Locator) {
		if s.only(l, a) {
			out = append(out, l)
		}
	}
	if a.Name != "" {
		try(Locator{Parts: []LocatorPart{{Kind: PartRole, Role: a.Role, Name: a.Name}}})
		try(Locator{Parts: []LocatorPart{{Kind: PartRole, Role: a.Role, Name: a.Name, Exact: true}}})
		if len(out) > 0 {
			return out[:1]
		}
	}
	// Unnamed (or ambiguous) container: its role filtered by some of its
	// text, the names and text of its non-interactive parts first.
	var texts []string
	seen := map[string]bool{}
	a.Walk(func(n *Node) bool {
		if n == a || len(texts) >= 6 {
			return len(texts) < 6
		}
		for _, t := range []string{n.Name, n.Value} {
			t = collapseSpace(t)
			if t != "" && !seen[t] && !n.Interactive() {
				seen[t] = true
				texts = append(texts, t)
			}
		}
		return true
	})
	for _, t := range texts {
		before := len(out)
		try(Locator{Parts: []LocatorPart{{Kind: PartRole, Role: a.Role}, {Kind: PartHasText, Text: t}}})
		if len(out) > before {
			break
		}
	}
	return out
}
