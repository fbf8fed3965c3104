package translator

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/plaintest/plaintest/dom"
)

type roleSet map[string]bool

func roles(names ...string) roleSet {
	s := roleSet{}
	for _, n := range names {
		s[n] = true
	}
	return s
}

// The kinds of element each verb may act on. A nil set means any named node.
var (
	clickRoles = roles("button", "link", "checkbox", "radio", "tab", "menuitem", "menuitemcheckbox",
		"menuitemradio", "option", "switch", "treeitem", "combobox", "textbox", "searchbox")
	fieldRoles  = roles("textbox", "searchbox", "combobox", "spinbutton")
	selectRoles = roles("combobox", "listbox")
	checkRoles  = roles("checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio")
	radioRoles  = roles("radio", "menuitemradio")
	linkRoles   = roles("link")
)

// rolePreference orders roles for breaking ties between elements of
// different roles that an action names equally well.
var rolePreference = []string{"button", "textbox", "searchbox", "combobox", "checkbox", "radio", "link", "tab", "menuitem", "option"}

// containerRoles are the named regions a scope phrase ("for Blue Mug", "in
// the Shipping group") and an element's description refer to.
var containerRoles = roles("article", "region", "row", "listitem", "group", "form", "dialog",
	"alertdialog", "navigation", "banner", "main", "contentinfo", "complementary", "table",
	"list", "tabpanel", "radiogroup", "menu", "toolbar", "search", "section")

// roleNouns are the words that may end a target phrase and hint at its role.
var roleNouns = []struct {
	word  string
	roles roleSet
}{
	{"radio button", radioRoles}, {"text field", fieldRoles}, {"text box", fieldRoles},
	{"checkbox", roles("checkbox")}, {"check box", roles("checkbox")}, {"button", roles("button")},
	{"link", roles("link")}, {"field", fieldRoles}, {"input", fieldRoles}, {"textbox", fieldRoles},
	{"box", nil}, {"dropdown", selectRoles}, {"drop-down", selectRoles}, {"select", selectRoles},
	{"menu", selectRoles}, {"list", selectRoles}, {"tab", roles("tab")}, {"radio", radioRoles},
	{"option", roles("option", "radio")}, {"icon", nil}, {"switch", roles("switch")},
}

// scopeWords split "Add to cart for Blue Mug" into target and scope.
var scopeWords = []string{" for ", " in the ", " inside ", " within ", " next to ", " beside ", " under ", " of the ", " in ", " on the "}

// containerNouns may end a scope phrase: "in the Blue Mug card".
var containerNouns = []string{" card", " row", " section", " item", " product", " panel", " line", " entry", " region", " area", " group", " box", " form", " tile", " listing"}

// resolve finds the one node that phrase names among nodes of the given roles.
func (r *Rules) resolve(page *dom.Node, phrase string, want roleSet, wantName string) (*dom.Node, error) {
	if page == nil {
		return nil, &NotFoundError{What: phrase, Want: wantName}
	}
	phrase = strings.TrimSpace(phrase)
	target, hint := splitRoleNoun(stripArticle(unquote(phrase)))
	set := want
	if hint != nil {
		set = intersect(want, hint)
	}
	nodes := candidates(page, set)

	best, top := rank(nodes, target)
	if hint == nil {
		best = preferRole(best, rolePreference)
	}
	if len(best) == 1 && top >= scoreExact {
		return best[0], nil
	}
	// A scope phrase: pick the candidate nearest the thing it names.
	for _, sw := range scopeWords {
		i := indexFold(target, sw)
		for i > 0 {
			t, scope := strings.TrimSpace(target[:i]), strings.TrimSpace(target[i+len(sw):])
			if n, err := resolveScoped(page, nodes, t, scope); n != nil || err != nil {
				return n, err
			}
			j := indexFold(target[i+1:], sw)
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	switch {
	case len(best) == 1:
		return best[0], nil
	case len(best) > 1:
		if n := sameDestination(best); n != nil {
			return n, nil
		}
		return nil, ambiguous(page, target, best)
	}
	return nil, notFound(page, target, nodes, wantName)
}

// sameDestination returns the first of nodes when they are all links to the
// same URL ("Log in" in the header and "log in" in the text): following any
// of them does the same, so picking one is not a guess.
func sameDestination(nodes []*dom.Node) *dom.Node {
	for _, n := range nodes {
		if n.Role != "link" || n.URL == "" || n.URL != nodes[0].URL {
			return nil
		}
	}
	return nodes[0]
}

// resolveScoped resolves "t in scope"; (nil, nil) means the split does not apply.
func resolveScoped(page *dom.Node, nodes []*dom.Node, t, scope string) (*dom.Node, error) {
	scope = stripArticle(unquote(scope))
	for _, noun := range containerNouns {
		if len(scope) >= len(noun) && strings.EqualFold(scope[len(scope)-len(noun):], noun) {
			scope = strings.TrimSpace(scope[:len(scope)-len(noun)])
			break
		}
	}
	t, _ = splitRoleNoun(stripArticle(t))
	best, top := rank(nodes, t)
	if top < scoreMatch || scope == "" {
		return nil, nil
	}
	var anchors []*dom.Node
	page.Walk(func(n *dom.Node) bool {
		if n != page && score(n.Name, scope) >= scoreExact || (n.Name == "" && n.Value != "" && score(n.Value, scope) >= scoreExact) {
			anchors = append(anchors, n)
		}
		return true
	})
	if len(anchors) == 0 {
		return nil, nil
	}
	bestDist, picks := -1, []*dom.Node(nil)
	for _, c := range best {
		d := -1
		for _, a := range anchors {
			if a == c {
				continue
			}
			if x := distance(c, a); d < 0 || x < d {
				d = x
			}
		}
		switch {
		case d < 0:
		case bestDist < 0 || d < bestDist:
			bestDist, picks = d, []*dom.Node{c}
		case d == bestDist:
			picks = append(picks, c)
		}
	}
	switch len(picks) {
	case 0:
		return nil, nil
	case 1:
		return picks[0], nil
	}
	return nil, ambiguous(page, t+" for "+scope, picks)
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

func candidates(page *dom.Node, set roleSet) []*dom.Node {
	var out []*dom.Node
	page.Walk(func(n *dom.Node) bool {
		if n == page || n.Disabled {
			return true
		}
		if set == nil {
			if n.Name != "" || (n.Value != "" && n.Role != "text") || n.Role == "text" && n.Value != "" {
				out = append(out, n)
			}
			return true
		}
		if set[n.Role] {
			out = append(out, n)
		}
		return true
	})
	return out
}

func hasRole(page *dom.Node, set roleSet) bool { return len(candidates(page, set)) > 0 }

// Match scores, highest first.
const (
	scoreExact   = 95 // same words, ignoring case, punctuation and spaces
	scoreMatch   = 70 // the phrase is a whole-word part of the name
	scoreNothing = 0
)

// label is what a node is called for matching: its name, else its text.
func label(n *dom.Node) string {
	if n.Name != "" {
		return n.Name
	}
	return n.Value
}

// score rates how well name fits the words a person used.
func score(name, words string) int {
	n, w := dom.Normalize(name), dom.Normalize(words)
	switch {
	case n == "" || w == "":
		return scoreNothing
	case n == w:
		return 100
	case strings.ReplaceAll(n, " ", "") == strings.ReplaceAll(w, " ", ""):
		return scoreExact
	case strings.HasPrefix(n+" ", w+" "):
		return 80
	case strings.Contains(" "+n+" ", " "+w+" "):
		return scoreMatch
	}
	return scoreNothing
}

// rank returns the nodes with the best score for words, and that score.
func rank(nodes []*dom.Node, words string) ([]*dom.Node, int) {
	top := scoreMatch - 1
	var best []*dom.Node
	for _, n := range nodes {
		s := score(label(n), words)
		if n.Placeholder != "" {
			if p := score(n.Placeholder, words) - 5; p > s {
				s = p
			}
		}
		switch {
		case s > top:
			top, best = s, []*dom.Node{n}
		case s == top:
			best = append(best, n)
		}
	}
	if best == nil {
		return nil, scoreNothing
	}
	return innermost(best), top
}

// innermost drops candidates that contain another candidate: an article
// named "Notebook" and its heading "Notebook" are one thing, and the heading
// is the precise one.
func innermost(nodes []*dom.Node) []*dom.Node {
	if len(nodes) < 2 {
		return nodes
	}
	var out []*dom.Node
	for _, n := range nodes {
		contains := false
		for _, m := range nodes {
			if m != n && isAncestor(n, m) {
				contains = true
				break
			}
		}
		if !contains {
			out = append(out, n)
		}
	}
	return out
}

func isAncestor(a, n *dom.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p == a {
			return true
		}
	}
	return false
}

// preferRole breaks a tie between elements of different roles by the order a
// verb lists them in ("click Log in" on a page with a "Log in" link in the
// header and a "Log in" button in the form means the button). Elements of the
// same role stay tied: that is a real ambiguity.
func preferRole(nodes []*dom.Node, order []string) []*dom.Node {
	if len(nodes) < 2 {
		return nodes
	}
	for _, role := range order {
		var out []*dom.Node
		for _, n := range nodes {
			if n.Role == role {
				out = append(out, n)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nodes
}

var reArticle = regexp.MustCompile(`(?i)^(?:the|a|an|my|our) `)

func stripArticle(s string) string {
	return strings.TrimSpace(reArticle.ReplaceAllString(strings.TrimSpace(s), ""))
}

// splitRoleNoun strips a trailing role word: "Log in button" -> "Log in", buttons.
func splitRoleNoun(s string) (string, roleSet) {
	for _, rn := range roleNouns {
		suffix := " " + rn.word
		if len(s) > len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix) {
			return strings.TrimSpace(s[:len(s)-len(suffix)]), rn.roles
		}
	}
	return s, nil
}

func intersect(a, b roleSet) roleSet {
	if a == nil {
		return b
	}
	out := roleSet{}
	for k := range a {
		if b[k] {
			out[k] = true
		}
	}
	if len(out) == 0 {
		return a // "the terms box" may be a checkbox although "box" hints a field
	}
	return out
}

// describe names n for people: `button "Add to cart" in article "Blue Mug"`.
// The container is added only when the role and name alone are not unique.
func describe(page *dom.Node, n *dom.Node) string {
	d := short(n)
	same := 0
	page.Walk(func(x *dom.Node) bool {
		if x.Role == n.Role && dom.Normalize(label(x)) == dom.Normalize(label(n)) {
			same++
		}
		return true
	})
	if same > 1 {
		if c := container(n); c != nil {
			d += " in " + short(c)
		}
	}
	return d
}

func short(n *dom.Node) string {
	if l := label(n); l != "" {
		return fmt.Sprintf("%s %q", n.Role, truncate(l, 60))
	}
	return n.Role
}

// container is the nearest ancestor that gives n a context: a named region,
// card or group, or a table row (named by its first cell).
func container(n *dom.Node) *dom.Node {
	for p := n.Parent; p != nil; p = p.Parent {
		if !containerRoles[p.Role] {
			continue
		}
		if p.Name != "" {
			return p
		}
		if l := firstCell(p, n); l != "" {
			return &dom.Node{Role: p.Role, Name: l}
		}
	}
	return nil
}

// firstCell names an unnamed row or list item by its first labelled child
// other than skip; "" for other elements.
func firstCell(p, skip *dom.Node) string {
	if p.Role != "row" && p.Role != "listitem" {
		return ""
	}
	for _, c := range p.Children {
		if l := label(c); l != "" && c != skip {
			return l
		}
	}
	return ""
}

// describeContainer describes a container an assertion is scoped to:
// `article "Blue Mug"`, or `row "Green Tea"` for an unnamed row.
func describeContainer(page, n *dom.Node) string {
	if label(n) == "" {
		if l := firstCell(n, nil); l != "" {
			return fmt.Sprintf("%s %q", n.Role, truncate(l, 60))
		}
	}
	return describe(page, n)
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func ambiguous(page *dom.Node, what string, nodes []*dom.Node) error {
	var c []string
	for _, n := range nodes {
		d := short(n)
		if ct := container(n); ct != nil {
			d += " in " + short(ct)
		}
		c = append(c, d)
	}
	hint := ""
	if ct := container(nodes[0]); ct != nil {
		hint = fmt.Sprintf("say which, e.g. %q", what+" for "+label(ct))
	}
	return &AmbiguousError{What: what, Candidates: c, Hint: hint}
}

func notFound(page *dom.Node, what string, nodes []*dom.Node, wantName string) error {
	type cand struct {
		n *dom.Node
		s float64
	}
	var cs []cand
	seen := map[string]bool{}
	for _, n := range nodes {
		l := label(n)
		if l == "" {
			continue
		}
		d := short(n)
		if seen[d] {
			continue
		}
		seen[d] = true
		cs = append(cs, cand{n, similarity(l, what)})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].s > cs[j].s })
	var names []string
	for i := 0; i < len(cs) && i < 5; i++ {
		names = append(names, short(cs[i].n))
	}
	return &NotFoundError{What: what, Want: wantName, Candidates: names}
}

// similarity is the Dice coefficient of the letter bigrams of a and b.
func similarity(a, b string) float64 {
	bg := func(s string) map[string]int {
		s = strings.ReplaceAll(dom.Normalize(s), " ", "")
		m := map[string]int{}
		r := []rune(s)
		for i := 0; i+1 < len(r); i++ {
			m[string(r[i:i+2])]++
		}
		return m
	}
	x, y := bg(a), bg(b)
	total, common := 0, 0
	for k, v := range x {
		total += v
		if w := y[k]; w > 0 {
			common += min(v, w)
		}
	}
	for _, v := range y {
		total += v
	}
	if total == 0 {
		return 0
	}
	return 2 * float64(common) / float64(total)
}

func asNotFound(err error, target **NotFoundError) bool { return errors.As(err, target) }

// indexFold is the byte offset in s of the first match of sub, ignoring
// case. Unlike an index into strings.ToLower(s), it is an offset into s
// itself, whose length lowering may change (invalid UTF-8, some letters).
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// assertNouns end a phrase that scopes an assertion to one element ("the
// Blue Mug card shows $12.00"), with the roles such an element may have.
// Only nouns that name a part of a page are here: "the cart shows 1 item"
// stays a check of the whole page.
var assertNouns = []struct {
	word  string
	roles roleSet
}{
	{"card", roles("article", "listitem", "group", "region", "row", "figure")},
	{"tile", roles("article", "listitem", "group", "region", "figure")},
	{"product", roles("article", "listitem", "group", "region", "row")},
	{"listing", roles("article", "listitem", "group", "region", "row")},
	{"item", roles("listitem", "article", "row", "menuitem", "option", "treeitem")},
	{"row", roles("row", "listitem")},
	{"section", roles("region", "group", "article", "form", "complementary", "section", "navigation", "banner", "contentinfo", "main")},
	{"panel", roles("region", "group", "tabpanel", "complementary", "dialog")},
	{"region", roles("region", "complementary", "navigation", "banner", "contentinfo", "main", "search")},
	{"group", roles("group", "radiogroup", "region")},
	{"form", roles("form", "region", "group")},
	{"dialog", roles("dialog", "alertdialog")},
	{"table", roles("table", "grid")},
	{"list", roles("list", "listbox", "menu")},
}

// namedContainer resolves a phrase naming a part of the page by a trailing noun
// of assertNouns ("the Blue Mug card", "the Grace Hopper row"): an element
// of a fitting role with that name, else the nearest such element around
// something with that name (an unnamed row around the cell "Grace Hopper").
// ok is false when the phrase ends in no such noun.
func namedContainer(page *dom.Node, phrase string) (n *dom.Node, ok bool, err error) {
	p := stripArticle(unquote(strings.TrimSpace(phrase)))
	var set roleSet
	var noun string
	for _, an := range assertNouns {
		suffix := " " + an.word
		if len(p) > len(suffix) && strings.EqualFold(p[len(p)-len(suffix):], suffix) {
			set, noun, p = an.roles, an.word, strings.TrimSpace(p[:len(p)-len(suffix)])
			break
		}
	}
	if set == nil || page == nil {
		return nil, false, nil
	}
	var found []*dom.Node
	add := func(n *dom.Node) {
		for _, f := range found {
			if f == n {
				return
			}
		}
		found = append(found, n)
	}
	page.Walk(func(n *dom.Node) bool {
		if n != page && set[n.Role] && score(n.Name, p) >= scoreExact {
			add(n)
		}
		return true
	})
	if len(found) == 0 {
		page.Walk(func(n *dom.Node) bool {
			if n == page || !(score(n.Name, p) >= scoreExact || n.Name == "" && n.Value != "" && score(n.Value, p) >= scoreExact) {
				return true
			}
			for a := n.Parent; a != nil && a != page; a = a.Parent {
				if set[a.Role] {
					add(a)
					break
				}
			}
			return true
		})
	}
	switch len(found) {
	case 1:
		return found[0], true, nil
	case 0:
		return nil, true, notFound(page, p+" "+noun, candidates(page, set), noun)
	}
	return nil, true, ambiguous(page, p+" "+noun, found)
}
