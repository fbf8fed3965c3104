package dom

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// name computes a simplified accessible name.
func (b *htmlBuilder) name(n *html.Node, role string) string {
	if ids := strings.Fields(attr(n, "aria-labelledby")); len(ids) > 0 {
		var parts []string
		for _, id := range ids {
			if el := b.ids[id]; el != nil {
				parts = append(parts, b.text(el, true))
			}
		}
		if s := CollapseSpace(strings.Join(parts, " ")); s != "" {
			return s
		}
	}
	if s := CollapseSpace(attr(n, "aria-label")); s != "" {
		return s
	}
	switch n.DataAtom {
	case atom.Input, atom.Textarea, atom.Select:
		t := inputType(n)
		if n.DataAtom == atom.Input {
			switch t {
			case "submit", "reset", "button":
				if v := CollapseSpace(attr(n, "value")); v != "" || hasAttr(n, "value") {
					return v
				}
				return map[string]string{"submit": "Submit", "reset": "Reset"}[t]
			case "image":
				if s := CollapseSpace(attr(n, "alt")); s != "" {
					return s
				}
				return "Submit"
			}
		}
		if s := b.labelText(n); s != "" {
			return s
		}
		if s := CollapseSpace(attr(n, "title")); s != "" {
			return s
		}
		return CollapseSpace(attr(n, "placeholder"))
	case atom.Img, atom.Area:
		if s := CollapseSpace(attr(n, "alt")); s != "" {
			return s
		}
	case atom.Fieldset:
		if l := firstChild(n, atom.Legend); l != nil {
			return CollapseSpace(b.text(l, false))
		}
	case atom.Table:
		if c := firstChild(n, atom.Caption); c != nil {
			return CollapseSpace(b.text(c, false))
		}
	case atom.Figure:
		if c := firstChild(n, atom.Figcaption); c != nil {
			return CollapseSpace(b.text(c, false))
		}
	}
	if nameFromContentRoles[role] && !(tableCells[role] && b.holdsControl(n)) {
		if s := CollapseSpace(b.text(n, false)); s != "" {
			return s
		}
	}
	return CollapseSpace(attr(n, "title"))
}

// tableCells are not named by content that holds a control (a cell with
// a Remove button is unnamed in Chromium's tree).
var tableCells = map[string]bool{"cell": true, "gridcell": true, "columnheader": true, "rowheader": true}

// holdsControl reports whether n has a focusable control inside.
func (b *htmlBuilder) holdsControl(n *html.Node) bool {
	found := false
	var visit func(n *html.Node, depth int)
	visit = func(n *html.Node, depth int) {
		if found || depth > maxHTMLDepth {
			return
		}
		if n.Type == html.ElementNode && depth > 0 {
			switch n.DataAtom {
			case atom.Button, atom.Select, atom.Textarea:
				found = true
			case atom.Input:
				found = inputType(n) != "hidden"
			case atom.A:
				found = hasAttr(n, "href")
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c, depth+1)
		}
	}
	visit(n, 0)
	return found
}

// labelText is the text of the labels of a form control: label[for=id], or
// the label wrapping it.
func (b *htmlBuilder) labelText(n *html.Node) string {
	var parts []string
	if id := attr(n, "id"); id != "" {
		for _, l := range b.labelsFor[id] {
			parts = append(parts, b.text(l, false))
		}
	}
	if len(parts) == 0 {
		for p := n.Parent; p != nil; p = p.Parent {
			if p.Type == html.ElementNode && p.DataAtom == atom.Label {
				parts = append(parts, b.text(p, false))
				break
			}
		}
	}
	return CollapseSpace(strings.Join(parts, " "))
}

func firstChild(n *html.Node, a atom.Atom) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == a {
			return c
		}
	}
	return nil
}

// blockTags separate their text from their neighbours'.
var blockTags = map[atom.Atom]bool{
	atom.Address: true, atom.Article: true, atom.Aside: true, atom.Blockquote: true,
	atom.Br: true, atom.Dd: true, atom.Div: true, atom.Dl: true, atom.Dt: true,
	atom.Fieldset: true, atom.Figcaption: true, atom.Figure: true, atom.Footer: true,
	atom.Form: true, atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true,
	atom.H5: true, atom.H6: true, atom.Header: true, atom.Hr: true, atom.Li: true,
	atom.Main: true, atom.Nav: true, atom.Ol: true, atom.P: true, atom.Pre: true,
	atom.Section: true, atom.Table: true, atom.Td: true, atom.Th: true, atom.Tr: true,
	atom.Ul: true, atom.Option: true,
}

// text is the text of n for naming: text nodes, alt text of images, the
// aria-label of labelled descendants; hidden parts skipped unless
// includeHidden (aria-labelledby may point at hidden elements); form
// controls inside contribute nothing.
func (b *htmlBuilder) text(n *html.Node, includeHidden bool) string {
	var sb strings.Builder
	var visit func(n *html.Node, depth int)
	visit = func(n *html.Node, depth int) {
		if depth > maxHTMLDepth {
			return
		}
		switch n.Type {
		case html.TextNode:
			sb.WriteString(n.Data)
			return
		case html.ElementNode:
		default:
			return
		}
		if skippedTags[n.DataAtom] || !includeHidden && depth > 0 && isHidden(n) {
			return
		}
		switch n.DataAtom {
		case atom.Input, atom.Select, atom.Textarea:
			return
		case atom.Img:
			sb.WriteString(" " + attr(n, "alt") + " ")
			return
		}
		if depth > 0 {
			if l := attr(n, "aria-label"); strings.TrimSpace(l) != "" {
				sb.WriteString(" " + l + " ")
				return
			}
		}
		block := blockTags[n.DataAtom]
		if block {
			sb.WriteByte(' ')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c, depth+1)
		}
		if block {
			sb.WriteByte(' ')
		}
	}
	visit(n, 0)
	return sb.String()
}
