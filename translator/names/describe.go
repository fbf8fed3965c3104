package names

import (
	"fmt"

	"github.com/plaintest/plaintest/dom"
)

// describe names n for people: `button "Add to cart" in article "Blue Mug"`.
// The container is added only when the role and name alone are not unique.
func Describe(page *dom.Node, n *dom.Node) string {
	d := Short(n)
	var same []*dom.Node
	page.Walk(func(x *dom.Node) bool {
		if x.Role == n.Role && dom.Normalize(Label(x)) == dom.Normalize(Label(n)) {
			same = append(same, x)
		}
		return true
	})
	if len(same) > 1 {
		if c := distinct(n, same); c != nil {
			d += " in " + Short(c)
		}
	}
	return d
}

func Short(n *dom.Node) string {
	if l := Label(n); l != "" {
		return fmt.Sprintf("%s %q", n.Role, truncate(l, 60))
	}
	return n.Role
}

// container is the nearest ancestor that gives n a context: a named region,
// card or group, or a table row (named by its first cell).
func container(n *dom.Node) *dom.Node {
	if cs := containers(n); len(cs) > 0 {
		return cs[0]
	}
	return nil
}

// containers are the ancestors that give n a context, nearest first.
func containers(n *dom.Node) []*dom.Node {
	var out []*dom.Node
	for p := n.Parent; p != nil; p = p.Parent {
		if !containerRoles[p.Role] {
			continue
		}
		if p.Name != "" {
			out = append(out, p)
		} else if l := firstCell(p, n); l != "" {
			out = append(out, &dom.Node{Role: p.Role, Name: l})
		}
	}
	return out
}

// distinct is the nearest container of n that none of its look-alikes
// (twins, which may hold n) shares: the grid "Transactions January 1
// through January 7" where every grid's Amount header sits in a row
// "Date". The nearest container when none differs.
func distinct(n *dom.Node, twins []*dom.Node) *dom.Node {
	shared := map[string]bool{}
	for _, t := range twins {
		if t == n {
			continue
		}
		for _, c := range containers(t) {
			shared[Short(c)] = true
		}
	}
	cs := containers(n)
	for _, c := range cs {
		if !shared[Short(c)] {
			return c
		}
	}
	if len(cs) > 0 {
		return cs[0]
	}
	return nil
}

// firstCell names an unnamed row or list item by the first text in it that
// is a word, not a symbol (a to-do row holds a checkbox, "Buy milk" and a
// "×"), outside skip; "" for other elements.
func firstCell(p, skip *dom.Node) string {
	if p.Role != "row" && p.Role != "listitem" {
		return ""
	}
	found := ""
	p.Walk(func(c *dom.Node) bool {
		if found != "" || c == skip {
			return false
		}
		if l := Label(c); c != p && l != "" && dom.Normalize(l) != "" {
			found = l
			return false
		}
		return true
	})
	return found
}

// describeContainer describes a container an assertion is scoped to:
// `article "Blue Mug"`, or `row "Green Tea"` for an unnamed row.
func DescribeContainer(page, n *dom.Node) string {
	if Label(n) == "" {
		if l := firstCell(n, nil); l != "" {
			return fmt.Sprintf("%s %q", n.Role, truncate(l, 60))
		}
	}
	return Describe(page, n)
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
