package dom

import (
	"strconv"
	"strings"
)

// Serialize writes n and its descendants as compact lines, one node per line,
// indented one space per level, for language-model prompts and golden files:
//
//	button "Add to cart" [e16]
//	textbox "Email" [e15] placeholder="you@example.com"
//	radio "Express ($9.00)" [e23] checked
//	heading "Products" level=1
//	paragraph: A sturdy ceramic mug in ocean blue.
//
// A line is the role, the quoted name, the ref in brackets, then states
// (level=N, checked, checked=mixed, selected, disabled, expanded,
// expanded=false, pressed, pressed=mixed, active), placeholder="..." and
// url=..., then ": " and the node's text. The synthetic "document" root is not
// written; its children start at depth 0. Output is deterministic and ends
// without a trailing newline.
//
// Minimize marks what it left out with nodes of role "more", written as
// other nodes are: "more: 3 more listitem" (a collapsed run of similar
// items), "more: details of the last 5 article left out" (cards kept by name
// and controls only), "more: … 214 more links, 3 more headings" (elements a
// focused budget cut, counted by role).
func Serialize(n *Node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	each(n, func(m *Node, depth int) {
		for range depth {
			b.WriteByte(' ')
		}
		writeLine(&b, m)
		b.WriteByte('\n')
	})
	return strings.TrimSuffix(b.String(), "\n")
}

// each calls fn for every node Serialize writes of n, in order, with its
// depth: the children of a synthetic "document" root at depth 0, else n
// at depth 0.
func each(n *Node, fn func(m *Node, depth int)) {
	if n.Role == "document" && n.Parent == nil {
		for _, c := range n.Children {
			eachTree(c, 0, fn)
		}
		return
	}
	eachTree(n, 0, fn)
}

func eachTree(n *Node, depth int, fn func(m *Node, depth int)) {
	// An explicit stack keeps very deep trees from growing the Go stack.
	type item struct {
		n     *Node
		depth int
	}
	stack := []item{{n, depth}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		fn(it.n, it.depth)
		for i := len(it.n.Children) - 1; i >= 0; i-- {
			stack = append(stack, item{it.n.Children[i], it.depth + 1})
		}
	}
}

// Line returns the one-line form of n alone, as Serialize writes it.
func (n *Node) Line() string {
	var b strings.Builder
	writeLine(&b, n)
	return b.String()
}

func writeLine(b *strings.Builder, n *Node) {
	b.WriteString(n.Role)
	if n.Name != "" {
		b.WriteByte(' ')
		b.WriteString(strconv.Quote(n.Name))
	}
	if n.Ref != "" {
		b.WriteString(" [")
		b.WriteString(n.Ref)
		b.WriteByte(']')
	}
	if n.Level > 0 {
		b.WriteString(" level=")
		b.WriteString(strconv.Itoa(n.Level))
	}
	writeState(b, "checked", n.Checked)
	if n.Selected {
		b.WriteString(" selected")
	}
	if n.Disabled {
		b.WriteString(" disabled")
	}
	switch n.Expanded {
	case "true":
		b.WriteString(" expanded")
	case "false":
		b.WriteString(" expanded=false")
	}
	writeState(b, "pressed", n.Pressed)
	if n.Active {
		b.WriteString(" active")
	}
	if n.Placeholder != "" {
		b.WriteString(" placeholder=")
		b.WriteString(strconv.Quote(n.Placeholder))
	}
	if n.URL != "" {
		b.WriteString(" url=")
		if strings.ContainsAny(n.URL, " \"\\\n\r\t") {
			b.WriteString(strconv.Quote(n.URL))
		} else {
			b.WriteString(n.URL)
		}
	}
	if n.Value != "" {
		b.WriteString(": ")
		b.WriteString(oneLine(n.Value))
	}
}

// writeState writes " name" for "true" and " name=mixed" for "mixed"; false
// and empty write nothing, as in Playwright snapshots.
func writeState(b *strings.Builder, name, v string) {
	switch v {
	case "true":
		b.WriteByte(' ')
		b.WriteString(name)
	case "mixed":
		b.WriteByte(' ')
		b.WriteString(name)
		b.WriteString("=mixed")
	}
}

// oneLine escapes line breaks so a value never spans lines.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r") {
		return s
	}
	return strings.NewReplacer("\r\n", `\n`, "\n", `\n`, "\r", `\n`).Replace(s)
}
