package dom

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"
)

// ranking holds the nodes of a minimized tree in document order, scored for
// how well they fit an action's words (MinimizeOptions.Focus), and the order
// in which a budget keeps them.
type ranking struct {
	nodes    []*Node // pre-order; nodes[0] is the root
	parent   []int   // index of each node's parent; -1 for the root
	children [][]int // indexes of each node's children, in order
	score    []float64
	// order lists the nodes but the root, the most worth keeping first:
	// the targets, then the relevant nodes by score, then the rest by how
	// close they sit to the first target (see sort). A node may come twice.
	order []int
	// targets is how many nodes at the start of order are the targets:
	// what the budget never cuts.
	targets int
	// target and relevant mark the targets, and the nodes whose score is
	// at least relevantShare of the best; relevant ones keep their link
	// URLs and the heading before them.
	target, relevant []bool
	// heading is the index of the nearest heading among a node's earlier
	// siblings, -1 when there is none.
	heading []int
	// holds says whether a node's subtree holds a control or a heading;
	// tallies caches tally.
	holds   []bool
	tallies map[int]map[string]int
	// unit is the index of the outermost small item (itemRoles, at most
	// smallContainer runes) a node is or sits in, -1 when there is none: a
	// node is kept with its whole unit, a card with its text and controls.
	unit []int
}

// relevantShare is the part of the best score a node needs to count as
// relevant; weaker matches (a role word that names every link) are ranked
// with the unmatched nodes, by their place.
const relevantShare = 0.25

// smallContainer is the most runes of text an item (itemRoles) holds for
// its words to count for the elements in it, and for it to be kept whole.
const smallContainer = 300

// itemRoles are the containers whose text tells its elements apart: the
// row, card, list item or group an element sits in ("the Remove button of
// the Green Tea row").
var itemRoles = roleSet(
	"row", "listitem", "article", "group", "radiogroup", "figure", "treeitem",
	"option", "menuitem", "tabpanel", "dialog", "alertdialog",
)

// maxFocusWords is how many distinct words of the focus count.
const maxFocusWords = 64

// stopWords are words of an action that say nothing about which element it
// means.
var stopWords = roleSet(
	"a", "an", "the", "to", "into", "in", "on", "onto", "of", "for", "and",
	"or", "with", "at", "by", "from", "is", "are", "be", "it", "its", "that",
	"this", "then", "as",
)

// roleWords are the words an action names a kind of element by, and the
// roles they fit ("the Email field", "the Submit button").
var roleWords = map[string][]string{
	"button": {"button"}, "link": {"link"}, "checkbox": {"checkbox"},
	"radio": {"radio"}, "switch": {"switch"}, "slider": {"slider"},
	"tab": {"tab"}, "option": {"option"}, "heading": {"heading"},
	"title": {"heading"}, "row": {"row"}, "cell": {"cell", "gridcell"},
	"column": {"columnheader"}, "dialog": {"dialog", "alertdialog"},
	"field":   {"textbox", "searchbox", "combobox", "spinbutton"},
	"input":   {"textbox", "searchbox", "combobox", "spinbutton"},
	"textbox": {"textbox"}, "box": {"textbox", "searchbox", "combobox", "checkbox"},
	"search": {"searchbox", "search"}, "combobox": {"combobox"},
	"dropdown": {"combobox", "listbox"}, "spinbutton": {"spinbutton"},
	"menu": {"menu", "menubar"}, "list": {"list", "listbox"},
	"item":  {"listitem", "menuitem", "treeitem", "option"},
	"table": {"table", "grid", "treegrid"}, "grid": {"grid"},
	"tree": {"tree", "treegrid"}, "image": {"img"}, "picture": {"img"},
	"panel": {"tabpanel", "region"}, "card": {"article"},
	"article": {"article"}, "form": {"form"}, "toolbar": {"toolbar"},
	"alert": {"alert", "alertdialog"}, "navigation": {"navigation"},
}

// focusWord folds a word for matching: a plural "s" is dropped ("mugs" is
// "mug").
func focusWord(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

// focusWords returns the distinct words of s that can point at an element:
// normalized (Normalize), folded (focusWord), stop words left out, at most
// maxFocusWords.
func focusWords(s string) []string {
	var out []string
	for _, w := range strings.Fields(Normalize(s)) {
		w = focusWord(w)
		if stopWords[w] || slices.Contains(out, w) {
			continue
		}
		out = append(out, w)
		if len(out) == maxFocusWords {
			break
		}
	}
	return out
}

// rankNodes scores every node of root for focus and orders them for a
// budget. A node scores by the focus words in its own name, text and
// placeholder (each weighted by how rare it is on the page, and the whole by
// how much of the node's text they make up), plus half for the focus words
// of its containers (their names, and all the text of a small row, card,
// list item or group it sits in: itemRoles) and half for a word naming its
// role.
func rankNodes(root *Node, focus string) *ranking {
	r := &ranking{}
	var depth []int
	index := map[*Node]int{}
	root.Walk(func(n *Node) bool {
		p, d := -1, 0
		if n != root {
			p = index[n.Parent]
			d = depth[p] + 1
		}
		index[n] = len(r.nodes)
		r.nodes = append(r.nodes, n)
		r.parent = append(r.parent, p)
		depth = append(depth, d)
		return true
	})
	n := len(r.nodes)
	r.children = make([][]int, n)
	for i := 1; i < n; i++ {
		r.children[r.parent[i]] = append(r.children[r.parent[i]], i)
	}
	words := focusWords(focus)
	bit := make(map[string]uint64, len(words))
	roleBits := map[string]uint64{}
	for i, w := range words {
		bit[w] = 1 << i
		for _, role := range roleWords[w] {
			roleBits[role] |= 1 << i
		}
	}

	// The focus words of each node's own text, how many distinct words
	// that text has, and the focus words and runes of its subtree.
	own := make([]uint64, n)
	count := make([]int, n)
	sub := make([]uint64, n)
	runes := make([]int, n)
	for i, nd := range r.nodes {
		seen := map[string]bool{}
		for _, s := range []string{nd.Name, nd.Value, nd.Placeholder} {
			for _, w := range strings.Fields(Normalize(s)) {
				w = focusWord(w)
				if stopWords[w] || seen[w] {
					continue
				}
				seen[w] = true
				own[i] |= bit[w]
			}
			runes[i] += utf8.RuneCountInString(s)
		}
		count[i] = max(len(seen), 1)
		sub[i] = own[i]
	}
	r.holds = make([]bool, n)
	for i := n - 1; i >= 0; i-- { // children come after their parents
		nd := r.nodes[i]
		r.holds[i] = r.holds[i] || nd.Interactive() || nd.Role == "heading"
		if p := r.parent[i]; p >= 0 {
			sub[p] |= sub[i]
			runes[p] += runes[i]
			r.holds[p] = r.holds[p] || r.holds[i]
		}
	}

	// How rare each word is: the nodes holding it, by their text or role.
	idf := make([]float64, len(words))
	for b := range words {
		df := 0
		for i, nd := range r.nodes {
			if (own[i]|roleBits[nd.Role])&(1<<b) != 0 {
				df++
			}
		}
		if df > 0 {
			idf[b] = math.Log(1 + float64(n)/float64(df))
		}
	}
	weight := func(m uint64) float64 {
		w := 0.0
		for ; m != 0; m &= m - 1 {
			w += idf[bits.TrailingZeros64(m)]
		}
		return w
	}

	// Context: the words of every container above a node, and all the
	// words of the small items.
	ctx := make([]uint64, n)
	r.score = make([]float64, n)
	r.unit = make([]int, n)
	r.heading = make([]int, n)
	small := func(i int) bool { return i > 0 && itemRoles[r.nodes[i].Role] && runes[i] <= smallContainer }
	for i, nd := range r.nodes {
		r.unit[i], r.heading[i] = -1, -1
		if p := r.parent[i]; p >= 0 {
			ctx[i] = ctx[p] | own[p]
			if small(p) {
				ctx[i] |= sub[p]
			}
			r.unit[i] = r.unit[p]
		}
		if r.unit[i] < 0 && small(i) {
			r.unit[i] = i
		}
		o := own[i]
		c := ctx[i] &^ o
		role := roleBits[nd.Role] &^ o &^ c
		precision := float64(bits.OnesCount64(o)) / float64(count[i])
		r.score[i] = weight(o)*(0.5+0.5*precision) + 0.5*weight(c) + 0.5*weight(role)
	}
	for _, kids := range r.children {
		h := -1
		for _, k := range kids {
			r.heading[k] = h
			if r.nodes[k].Role == "heading" {
				h = k
			}
		}
	}
	r.sort(depth)
	return r
}

// sort fills order, targets, target and relevant. The targets are the best
// fits, and the controls that fit best when they are relevant ("remove the
// Green Tea" fits the cell "Green Tea" best, and of the controls the Remove
// button in its row), the controls first. Then come the targets' units, then
// the relevant nodes, best first; then the rest, by how deep the container they share with the first
// target is (its form before its section before the page), headings before
// controls before text, the top of each list before its bottom (the first
// story of every section before the second), and in document order.
func (r *ranking) sort(depth []int) {
	n := len(r.nodes)
	best, control := 0.0, 0.0 // the best score, and the best of a control
	for i := 1; i < n; i++ {
		best = max(best, r.score[i])
		if r.nodes[i].Interactive() {
			control = max(control, r.score[i])
		}
	}
	if control < best*relevantShare {
		control = math.Inf(1)
	}
	tied := func(s, best float64) bool { return best > 0 && s >= best*(1-1e-9) }
	r.target, r.relevant = make([]bool, n), make([]bool, n)
	var ranked, rest []int
	for i := 1; i < n; i++ {
		s := r.score[i]
		r.target[i] = tied(s, best) || r.nodes[i].Interactive() && tied(s, control)
		r.relevant[i] = best > 0 && s >= best*relevantShare
		if r.relevant[i] {
			ranked = append(ranked, i)
		} else {
			rest = append(rest, i)
		}
		if r.target[i] {
			r.targets++
		}
	}
	notControl := func(i int) int {
		if r.nodes[i].Interactive() {
			return 0
		}
		return 1
	}
	slices.SortStableFunc(ranked, func(a, b int) int {
		if r.target[a] != r.target[b] {
			return cmp.Compare(boolInt(!r.target[a]), boolInt(!r.target[b]))
		}
		if r.target[a] {
			if c := cmp.Compare(notControl(a), notControl(b)); c != 0 {
				return c
			}
		}
		if c := cmp.Compare(r.score[b], r.score[a]); c != 0 {
			return c
		}
		return notControl(a) - notControl(b)
	})

	// near: the depth of the deepest container shared with the first
	// target; pos: the furthest place down a list on the way to the node;
	// kind: 0 for a heading, 1 for (a unit holding) a control, 2 else.
	near, pos, kind := make([]int, n), make([]int, n), make([]int, n)
	onPath := make([]bool, n)
	if r.targets > 0 {
		for i := ranked[0]; i >= 0; i = r.parent[i] {
			onPath[i] = true
		}
	}
	for _, kids := range r.children {
		for j, k := range kids {
			pos[k] = j
		}
	}
	for i := 1; i < n; i++ {
		p := r.parent[i]
		near[i] = near[p]
		if onPath[i] {
			near[i] = depth[i]
		}
		pos[i] = max(pos[i], pos[p])
	}
	for i := n - 1; i >= 0; i-- {
		switch nd := r.nodes[i]; {
		case nd.Role == "heading":
			kind[i] = 0
		case nd.Interactive() || nd.Ref != "":
			kind[i] = 1
		default:
			kind[i] = 2
		}
		for _, k := range r.children[i] {
			if r.unit[k] == r.unit[i] && r.unit[i] >= 0 {
				kind[i] = min(kind[i], max(kind[k], 1))
			}
		}
	}
	key := func(i int) int { // a node in a unit goes by the unit
		if u := r.unit[i]; u >= 0 {
			return u
		}
		return i
	}
	slices.SortStableFunc(rest, func(a, b int) int {
		a, b = key(a), key(b)
		if c := cmp.Compare(near[b], near[a]); c != 0 {
			return c
		}
		if c := cmp.Compare(kind[a], kind[b]); c != 0 {
			return c
		}
		if c := cmp.Compare(pos[a], pos[b]); c != 0 {
			return c
		}
		return a - b
	})
	// An unnamed wrapper is kept for what it holds, not for itself.
	rest = slices.DeleteFunc(rest, func(i int) bool {
		nd := r.nodes[i]
		return len(r.children[i]) > 0 && nd.Name == "" && nd.Value == "" && nd.Ref == "" && !nd.Interactive()
	})
	// Right after the targets, their units whole: one node of each that
	// is not a target brings its unit (the card of the button).
	var units []int
	seen := map[int]bool{}
	for _, t := range ranked[:r.targets] {
		u := r.unit[t]
		if u < 0 || seen[u] {
			continue
		}
		seen[u] = true
		stack := []int{u}
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !r.target[j] {
				units = append(units, j)
				break
			}
			stack = append(stack, r.children[j]...)
		}
	}
	r.order = slices.Concat(ranked[:r.targets], units, ranked[r.targets:], rest)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tally counts by role the controls and headings of node i's subtree or,
// when it holds none, its leaves: what a marker says of i when it is cut.
func (r *ranking) tally(i int) map[string]int {
	if t, ok := r.tallies[i]; ok {
		return t
	}
	t := map[string]int{}
	n := r.nodes[i]
	if r.holds[i] && (n.Interactive() || n.Role == "heading") || !r.holds[i] && len(r.children[i]) == 0 {
		t[n.Role]++
	}
	for _, k := range r.children[i] {
		if r.holds[k] == r.holds[i] {
			for role, c := range r.tally(k) {
				t[role] += c
			}
		}
	}
	if r.tallies == nil {
		r.tallies = map[int]map[string]int{}
	}
	r.tallies[i] = t
	return t
}
