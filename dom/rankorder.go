package dom

// The order in which a budget keeps a ranking's nodes.

import (
	"cmp"
	"math"
	"slices"
)

// sort fills order, targets, target and relevant. The targets are the best
// fits, and the controls that fit best when they are relevant ("remove the
// Green Tea" fits the cell "Green Tea" best, and of the controls the Remove
// button in its row), the controls first. Then come the targets' units, then
// the relevant nodes, best first; then the rest, by how deep the container they share with the first
// target is (its form before its section before the page), headings before
// controls before text, the top of each list before its bottom (the first
// story of every section before the second), and in document order.
func (r *ranking) sort(depth []int) {
	ranked, rest := r.mark()
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
	rest = r.sortRest(rest, ranked, depth)
	units := r.units(ranked[:r.targets])
	r.order = slices.Concat(ranked[:r.targets], units, ranked[r.targets:], rest)
}

// mark fills target, relevant and targets, and returns the relevant nodes
// and the rest, each in document order.
func (r *ranking) mark() (ranked, rest []int) {
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
	return ranked, rest
}

// sortRest orders the nodes that are not relevant (rest) by their place
// against the first target (ranked[0], when there are targets), and leaves
// out unnamed wrappers.
func (r *ranking) sortRest(rest, ranked []int, depth []int) []int {
	near, pos, kind := r.places(ranked, depth)
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
	return slices.DeleteFunc(rest, func(i int) bool {
		nd := r.nodes[i]
		return len(r.children[i]) > 0 && nd.Name == "" && nd.Value == "" && nd.Ref == "" && !nd.Interactive()
	})
}

// places returns, for each node, near: the depth of the deepest container
// shared with the first target; pos: the furthest place down a list on the
// way to the node; kind: 0 for a heading, 1 for (a unit holding) a
// control, 2 else.
func (r *ranking) places(ranked []int, depth []int) (near, pos, kind []int) {
	n := len(r.nodes)
	near, pos, kind = make([]int, n), make([]int, n), make([]int, n)
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
	return near, pos, kind
}

// units returns, for the units of targets, one node of each that is not
// a target: it brings its unit (the card of the button) right after the
// targets.
func (r *ranking) units(targets []int) []int {
	var units []int
	seen := map[int]bool{}
	for _, t := range targets {
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
	return units
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
