package translator

import (
	"fmt"

	"github.com/plaintest/plaintest/dom"
)

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
		if l := label(c); c != p && l != "" && dom.Normalize(l) != "" {
			found = l
			return false
		}
		return true
	})
	return found
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
