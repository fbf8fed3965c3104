package dom

// How well each node of a tree fits an action's words: its score and unit.

import (
	"math"
	"math/bits"
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

// rankNodes scores every node of root for focus and orders them for a
// budget. A node scores by the focus words in its own name, text and
// placeholder (each weighted by how rare it is on the page, and the whole by
// how much of the node's text they make up), plus half for the focus words
// of its containers (their names, and all the text of a small row, card,
// list item or group it sits in: itemRoles) and half for a word naming its
// role (Nouns).
func rankNodes(root *Node, focus string) *ranking {
	r := &ranking{}
	depth := r.index(root)
	words := focusWords(focus)
	bit := make(map[string]uint64, len(words))
	roleBits := map[string]uint64{}
	for i, w := range words {
		bit[w] = 1 << i
		for _, role := range nounRanks[w] {
			roleBits[role] |= 1 << i
		}
	}
	nw := r.words(bit)
	weight := r.weigher(len(words), nw.own, roleBits)
	r.scoreAll(nw, roleBits, weight)
	r.markHeadings()
	r.sort(depth)
	return r
}

// index lists root's nodes in pre-order with their parents and children,
// and returns each one's depth.
func (r *ranking) index(root *Node) []int {
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
	r.children = make([][]int, len(r.nodes))
	for i := 1; i < len(r.nodes); i++ {
		r.children[r.parent[i]] = append(r.children[r.parent[i]], i)
	}
	return depth
}

// nodeWords are, for each node, the focus words of its own text (a bit
// each), how many distinct words that text has, and the focus words and
// runes of its subtree.
type nodeWords struct {
	own, sub     []uint64
	count, runes []int
}

// words reads each node's text for the focus words (bit), and fills holds.
func (r *ranking) words(bit map[string]uint64) nodeWords {
	n := len(r.nodes)
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
	return nodeWords{own: own, sub: sub, count: count, runes: runes}
}

// weigher returns the weight of a set of the focus words (of nwords): the
// sum of how rare each is, by the nodes holding it by their text (own) or
// role.
func (r *ranking) weigher(nwords int, own []uint64, roleBits map[string]uint64) func(uint64) float64 {
	n := len(r.nodes)
	idf := make([]float64, nwords)
	for b := range nwords {
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
	return func(m uint64) float64 {
		w := 0.0
		for ; m != 0; m &= m - 1 {
			w += idf[bits.TrailingZeros64(m)]
		}
		return w
	}
}

// scoreAll fills score and unit. Context: the words of every container
// above a node, and all the words of the small items.
func (r *ranking) scoreAll(nw nodeWords, roleBits map[string]uint64, weight func(uint64) float64) {
	n := len(r.nodes)
	ctx := make([]uint64, n)
	r.score = make([]float64, n)
	r.unit = make([]int, n)
	small := func(i int) bool { return i > 0 && itemRoles[r.nodes[i].Role] && nw.runes[i] <= smallContainer }
	for i, nd := range r.nodes {
		r.unit[i] = -1
		if p := r.parent[i]; p >= 0 {
			ctx[i] = ctx[p] | nw.own[p]
			if small(p) {
				ctx[i] |= nw.sub[p]
			}
			r.unit[i] = r.unit[p]
		}
		if r.unit[i] < 0 && small(i) {
			r.unit[i] = i
		}
		o := nw.own[i]
		c := ctx[i] &^ o
		role := roleBits[nd.Role] &^ o &^ c
		precision := float64(bits.OnesCount64(o)) / float64(nw.count[i])
		r.score[i] = weight(o)*(0.5+0.5*precision) + 0.5*weight(c) + 0.5*weight(role)
	}
}

// markHeadings fills heading.
func (r *ranking) markHeadings() {
	r.heading = make([]int, len(r.nodes))
	r.heading[0] = -1
	for _, kids := range r.children {
		h := -1
		for _, k := range kids {
			r.heading[k] = h
			if r.nodes[k].Role == "heading" {
				h = k
			}
		}
	}
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
