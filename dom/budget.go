package dom

import "sort"

// fitBudget drops what it may from the minimized tree out (which it owns)
// until its serialization fits the budget: first link URLs, then
// non-interactive subtrees, the least useful and longest first.
func (m *minimizer) fitBudget(out *Node) {
	budget := m.opts.Budget
	total := m.tally.tree(out)
	if total <= budget {
		return
	}
	out.Walk(func(n *Node) bool {
		if n.URL != "" {
			n.URL = ""
		}
		return true
	})
	total = m.tally.tree(out)

	type cand struct {
		n      *Node
		class  int // 0 dropped first, 1 later
		tokens int
	}
	for total > budget {
		keep := refHolders(out)
		var cands []cand
		out.Walk(func(n *Node) bool {
			if n == out {
				return true
			}
			if keep[n] {
				return true // keep; look for droppable text inside
			}
			class := 0
			switch n.Role {
			case "heading", "alert", "status", "alertdialog", "dialog":
				class = 1
			}
			cands = append(cands, cand{n, class, m.tally.tree(n) + 1})
			return false
		})
		if len(cands) == 0 {
			return
		}
		sort.SliceStable(cands, func(i, j int) bool {
			if cands[i].class != cands[j].class {
				return cands[i].class < cands[j].class
			}
			return cands[i].tokens > cands[j].tokens
		})
		for _, c := range cands {
			if total <= budget {
				break
			}
			removeChild(c.n.Parent, c.n)
			total -= c.tokens
		}
		pruneEmpty(out)
		total = m.tally.tree(out)
	}
}

// refHolders returns the nodes that are or hold an interactive element or
// a node with a ref (a clickable container): what the budget never drops.
func refHolders(root *Node) map[*Node]bool {
	set := map[*Node]bool{}
	var visit func(n *Node) bool
	visit = func(n *Node) bool {
		in := n.Interactive() || n.Ref != ""
		for _, c := range n.Children {
			if visit(c) {
				in = true
			}
		}
		if in {
			set[n] = true
		}
		return in
	}
	visit(root)
	return set
}

func removeChild(p, c *Node) {
	for i, k := range p.Children {
		if k == c {
			p.Children = append(p.Children[:i:i], p.Children[i+1:]...)
			c.Parent = nil
			return
		}
	}
}

// pruneEmpty removes non-interactive nodes left with no name, text or
// children after fitBudget dropped their content.
func pruneEmpty(n *Node) {
	kept := n.Children[:0]
	for _, c := range n.Children {
		pruneEmpty(c)
		if !c.Interactive() && c.Name == "" && c.Value == "" && len(c.Children) == 0 && !keepRoles[c.Role] {
			continue
		}
		kept = append(kept, c)
	}
	for i := len(kept); i < len(n.Children); i++ {
		n.Children[i] = nil
	}
	n.Children = kept
}
