package dom

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// fillTries is how many more nodes a focused budget tries to add, one by
// one, past the first that did not fit: a long line in the way does not end
// the filling.
const fillTries = 64

// fitFocus cuts the minimized tree out (which it may change) to the token
// budget, keeping what fits MinimizeOptions.Focus best: see
// MinimizeOptions.Focus. The result always fits.
func (m *minimizer) fitFocus(out *Node) *Node {
	budget := m.opts.Budget
	if m.tally.fits(out, budget) {
		return out
	}
	r := rankNodes(out, m.opts.Focus)
	for i, n := range r.nodes {
		if !r.relevant[i] {
			n.URL = "" // a link's URL is worth its tokens only when it may be the answer
		}
	}
	c := &cutter{r: r, keep: make([]bool, len(r.nodes)), budget: budget, tally: m.tally}
	// Markers where runs were cut, or, for a budget too small for them,
	// none.
	for _, s := range []cutStyle{{markers: true}, {}} {
		if out := c.fill(s); out != nil {
			return out
		}
	}
	if r.targets == 0 {
		return &Node{Role: "document"} // the root's own line does not fit
	}
	return c.smallest(r.order[0])
}

// cutter builds the trees a focused budget chooses from: the nodes of a
// ranking it keeps, with markers where it cut.
type cutter struct {
	r      *ranking
	keep   []bool // by index in r.nodes; the root is always kept
	budget int
	tally  *tally
}

// fill returns the tree in style s that keeps the most of the order within
// the budget, or nil when the first target (or, on a page without targets,
// the root) does not fit. It keeps all the targets when they fit together.
func (c *cutter) fill(s cutStyle) *Node {
	first := 0
	switch {
	case c.r.targets > 0 && c.fits(c.r.targets, s):
		first = c.r.targets
	case c.r.targets > 0 && c.fits(1, s):
		first = 1
	case c.r.targets > 0 || !c.fits(0, s):
		return nil
	}
	// The longest prefix of the order that fits, found by bisection (more
	// kept is more tokens, but for the markers), then a few more nodes
	// tried one by one.
	lo, hi := first, len(c.r.order)
	if c.fits(hi, s) {
		return c.assemble(s)
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if c.fits(mid, s) {
			lo = mid
		} else {
			hi = mid
		}
	}
	c.reset(lo)
	for j, tries := hi, 0; j < len(c.r.order) && tries < fillTries; j++ {
		added := c.add(c.r.order[j])
		if len(added) == 0 {
			continue
		}
		tries++
		if c.tally.fits(c.assemble(s), c.budget) {
			continue
		}
		for _, i := range added {
			c.keep[i] = false
		}
	}
	return c.assemble(s)
}

// reset keeps the first k nodes of the order, and what they need.
func (c *cutter) reset(k int) {
	clear(c.keep)
	c.keep[0] = true
	for _, i := range c.r.order[:k] {
		c.add(i)
	}
}

// add keeps node i with its ancestors; when it is relevant, the heading
// before it and before each of its ancestors; and when it is not a target,
// the whole unit it sits in. It returns the nodes newly kept.
func (c *cutter) add(i int) []int {
	var added []int
	mark := func(j int) {
		for ; j >= 0 && !c.keep[j]; j = c.r.parent[j] {
			c.keep[j] = true
			added = append(added, j)
		}
	}
	mark(i)
	if c.r.relevant[i] {
		for j := i; j >= 0; j = c.r.parent[j] {
			if h := c.r.heading[j]; h >= 0 {
				mark(h)
			}
		}
	}
	if u := c.r.unit[i]; u >= 0 && !c.r.target[i] {
		stack := []int{u}
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			mark(j)
			stack = append(stack, c.r.children[j]...)
		}
	}
	return added
}

// fits keeps the first k nodes of the order and reports whether they fit
// the budget in style s.
func (c *cutter) fits(k int, s cutStyle) bool {
	c.reset(k)
	return c.tally.fits(c.assemble(s), c.budget)
}

// cutStyle says how a cut tree is written.
type cutStyle struct {
	markers bool // a marker in place of each run of cut siblings
	// bare, when set, is the kept node whose ancestors lose their names
	// and text (roles and refs stay), and whose own text is cut to runes.
	bare  bool
	runes int
}

// assemble copies the kept nodes into a new tree, each run of cut siblings
// replaced by a marker when s.markers is set; else unnamed wrappers left
// empty are dropped.
func (c *cutter) assemble(s cutStyle) *Node {
	out := c.copyKept(0, s)
	setParents(out)
	return out
}

// copyKept returns the copy of kept node i with its kept descendants, or
// nil for a wrapper left empty without markers.
func (c *cutter) copyKept(i int, s cutStyle) *Node {
	n := c.r.nodes[i]
	cp := *n
	cp.Children, cp.Parent = nil, nil
	var run []int
	flush := func() {
		if len(run) > 0 && s.markers {
			cp.Children = append(cp.Children, c.marker(run))
		}
		run = nil
	}
	for _, k := range c.r.children[i] {
		if !c.keep[k] {
			run = append(run, k)
			continue
		}
		flush()
		if kc := c.copyKept(k, s); kc != nil {
			cp.Children = append(cp.Children, kc)
		}
	}
	flush()
	if s.bare {
		if i == 0 || len(cp.Children) > 0 {
			cp.Name, cp.Value, cp.URL, cp.Placeholder = "", "", "", ""
		} else {
			cutText(&cp, s.runes)
		}
	}
	if !s.markers && i > 0 && len(cp.Children) == 0 && !c.r.target[i] && !n.Interactive() && n.Ref == "" &&
		n.Name == "" && n.Value == "" && !keepRoles[n.Role] {
		return nil
	}
	return &cp
}

// marker returns the marker of a run of cut siblings, or the sibling
// itself when it is one leaf that costs no more than its marker.
func (c *cutter) marker(run []int) *Node {
	marker := &Node{Role: "more", Value: c.markerText(run)}
	if k := run[0]; len(run) == 1 && len(c.r.children[k]) == 0 &&
		c.tally.line(c.r.nodes[k].Line()) <= c.tally.line(marker.Line()) {
		cp := *c.r.nodes[k]
		cp.Parent = nil
		return &cp
	}
	return marker
}

// markerText says what a run of cut siblings held: "… 214 more links,
// 3 more headings". It counts the controls and headings inside them by
// role; a sibling that holds neither counts its leaves ("… 2 more
// paragraphs"). Every role of a control or heading is named; other roles
// past the fifth are counted together ("4 more elements").
func (c *cutter) markerText(run []int) string {
	counts := map[string]int{}
	for _, k := range run {
		for r, n := range c.r.tally(k) {
			counts[r] += n
		}
	}
	// Controls and headings first, each named; then the rest, up to
	// maxKinds roles in all.
	const maxKinds = 5
	counted := func(role string) bool { return interactiveRoles[role] || role == "heading" }
	roles := make([]string, 0, len(counts))
	for r := range counts {
		roles = append(roles, r)
	}
	slices.SortFunc(roles, func(a, b string) int {
		if counted(a) != counted(b) {
			if counted(a) {
				return -1
			}
			return 1
		}
		if c := cmp.Compare(counts[b], counts[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	var parts []string
	others := 0
	for i, r := range roles {
		if i < maxKinds || counted(r) {
			parts = append(parts, fmt.Sprintf("%d more %s", counts[r], plural(r, counts[r])))
		} else {
			others += counts[r]
		}
	}
	if others > 0 {
		parts = append(parts, fmt.Sprintf("%d more elements", others))
	}
	return "… " + strings.Join(parts, ", ")
}

// plural returns role, in the plural when n is not 1.
func plural(role string, n int) string {
	switch {
	case n == 1:
		return role
	case strings.HasSuffix(role, "x") || strings.HasSuffix(role, "s") || strings.HasSuffix(role, "ch"):
		return role + "es"
	}
	return role + "s"
}

// smallest returns the smallest tree that still shows node t, for a budget
// too small for t with its ancestors and the headings before them: t with
// its ancestors only; then the ancestors without names or text; then t's
// text cut as short as needed; then t alone, its text cut; at worst an
// empty page.
func (c *cutter) smallest(t int) *Node {
	clear(c.keep)
	for j := t; j >= 0; j = c.r.parent[j] {
		c.keep[j] = true
	}
	if out := c.assemble(cutStyle{}); c.tally.fits(out, c.budget) {
		return out
	}
	full := c.textRunes(c.r.nodes[t])
	shortest := func(tree func(runes int) *Node) *Node {
		if !c.tally.fits(tree(0), c.budget) {
			return nil
		}
		lo, hi := 0, full+1 // tree(lo) fits; tree(hi) does not, or is whole
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			if c.tally.fits(tree(mid), c.budget) {
				lo = mid
			} else {
				hi = mid
			}
		}
		return tree(lo)
	}
	if out := shortest(func(runes int) *Node { return c.assemble(cutStyle{bare: true, runes: runes}) }); out != nil {
		return out
	}
	if out := shortest(func(runes int) *Node {
		cp := *c.r.nodes[t]
		cp.Children, cp.Parent = nil, nil
		cutText(&cp, runes)
		top := &Node{Role: "document", Children: []*Node{&cp}}
		setParents(top)
		return top
	}); out != nil {
		return out
	}
	return &Node{Role: "document"}
}

// textRunes is how many runes of text n shows: name, text, placeholder
// and URL.
func (c *cutter) textRunes(n *Node) int {
	return utf8.RuneCountInString(n.Name) + utf8.RuneCountInString(n.Value) +
		utf8.RuneCountInString(n.Placeholder) + utf8.RuneCountInString(n.URL)
}

// cutText cuts the text of n to runes runes in all, the name first kept,
// then the text; placeholder and URL go. A cut string ends with "…".
func cutText(n *Node, runes int) {
	n.Placeholder, n.URL = "", ""
	n.Name = cutRunes(n.Name, runes)
	n.Value = cutRunes(n.Value, runes-utf8.RuneCountInString(n.Name))
}

// cutRunes shortens s to at most max runes, the last an ellipsis when cut;
// below 2 runes nothing is left.
func cutRunes(s string, max int) string {
	if utf8.RuneCountInString(s) > max && max < 2 {
		return ""
	}
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	r := []rune(s)
	return strings.TrimRight(string(r[:max-1]), " ") + "…"
}
