package dom

import (
	"fmt"
	"strings"
)

// collapse shortens runs of 4 or more similar siblings (same role and
// shape). A run of non-interactive siblings keeps its first two and one
// "more" node counting the rest. A run that holds interactive elements (the
// product cards of a shop) keeps its first two whole and, of the rest, only
// the names and the interactive elements, with one "more" node saying that
// their details were left out: every control stays, with the name of the
// card it belongs to.
func (m *minimizer) collapse(kids []*Node) []*Node {
	if len(kids) < 4 {
		return kids
	}
	shapes := make([]string, len(kids))
	for i, k := range kids {
		shapes[i] = shape(k)
		if m.inter[k] {
			shapes[i] = "*" + shapes[i]
		}
	}
	var out []*Node
	for i := 0; i < len(kids); {
		j := i + 1
		for j < len(kids) && shapes[j] == shapes[i] {
			j++
		}
		switch {
		case j-i < 4:
			out = append(out, kids[i:j]...)
		case m.inter[kids[i]]:
			out = append(out, kids[i], kids[i+1])
			cut := false
			for _, k := range kids[i+2 : j] {
				sk, dropped := m.skeleton(k)
				out = append(out, sk)
				cut = cut || dropped
			}
			if cut {
				out = append(out, &Node{Role: "more", Value: fmt.Sprintf("details of the last %d %s left out", j-i-2, kids[i].Role)})
			}
		default:
			out = append(out, kids[i], kids[i+1], &Node{
				Role:  "more",
				Value: fmt.Sprintf("%d more %s", j-i-2, kids[i].Role),
			})
		}
		i = j
	}
	return out
}

// skeleton keeps n with only the children that are or hold interactive
// elements; dropped says whether anything was left out.
func (m *minimizer) skeleton(n *Node) (sk *Node, dropped bool) {
	c := *n
	c.Children = nil
	if !n.Interactive() && c.Value != "" {
		c.Value, dropped = "", true
	}
	for _, k := range n.Children {
		if !m.inter[k] {
			dropped = true
			continue
		}
		kc, d := m.skeleton(k)
		c.Children = append(c.Children, kc)
		dropped = dropped || d
	}
	return &c, dropped
}

// shape is a node's role and the shapes of its children, names and text left
// out: the structure that makes siblings "similar".
func shape(n *Node) string {
	if len(n.Children) == 0 {
		return n.Role
	}
	var b strings.Builder
	b.WriteString(n.Role)
	b.WriteByte('(')
	for i, c := range n.Children {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(shape(c))
	}
	b.WriteByte(')')
	return b.String()
}
