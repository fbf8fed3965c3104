package dom

import (
	"fmt"
	"io"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// ParseHTML reads an HTML page into the same Node tree ParseARIA gives, for
// pages that come as markup rather than an ARIA snapshot. Elements get their
// implicit ARIA role (or an explicit role attribute) and an accessible name
// from aria-labelledby, aria-label, label[for] or a wrapping label, alt,
// legend, caption, value, their text, title or placeholder, in that order of
// preference. Scripts, styles and hidden elements (hidden, aria-hidden,
// display:none, visibility:hidden, type=hidden) are skipped. Elements with no
// role become "generic"; text-only elements carry their text in Value. Refs
// are empty: an HTML page has no snapshot refs. Each element's node keeps
// its tag, test id, id and form control name (Node.Tag, TestID, ID,
// FieldName), for locators; an element flattened away (role none or
// presentation) leaves none.
//
// This is an approximation of the browser's accessibility tree, good for
// minimizing and for locators; it does not run CSS or scripts.
func ParseHTML(r io.Reader) (*Node, error) {
	doc, err := goquery.NewDocumentFromReader(r)
	if err != nil {
		return nil, fmt.Errorf("parse html: %w", err)
	}
	b := htmlBuilder{ids: map[string]*html.Node{}, labelsFor: map[string][]*html.Node{}}
	doc.Find("[id]").Each(func(_ int, s *goquery.Selection) {
		id, _ := s.Attr("id")
		if _, dup := b.ids[id]; !dup {
			b.ids[id] = s.Get(0)
		}
	})
	doc.Find("label[for]").Each(func(_ int, s *goquery.Selection) {
		id, _ := s.Attr("for")
		b.labelsFor[id] = append(b.labelsFor[id], s.Get(0))
	})
	root := &Node{Role: "document"}
	body := doc.Find("body")
	if body.Length() > 0 {
		root.Children = b.children(body.Get(0), 0)
	}
	setParents(root)
	return root, nil
}

type htmlBuilder struct {
	ids       map[string]*html.Node
	labelsFor map[string][]*html.Node
}

// maxHTMLDepth bounds recursion on pathological nesting.
const maxHTMLDepth = 512

func (b *htmlBuilder) children(n *html.Node, depth int) []*Node {
	var out []*Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		out = append(out, b.build(c, depth+1)...)
	}
	return out
}

// build converts one HTML node into the Nodes that stand for it.
func (b *htmlBuilder) build(n *html.Node, depth int) []*Node {
	if depth > maxHTMLDepth {
		return nil
	}
	switch n.Type {
	case html.TextNode:
		if t := CollapseSpace(n.Data); t != "" {
			return []*Node{{Role: "text", Value: t}}
		}
		return nil
	case html.ElementNode:
	default:
		return nil
	}
	if skippedTags[n.DataAtom] || isHidden(n) {
		return nil
	}
	if n.DataAtom == atom.Svg && attr(n, "aria-label") == "" && attr(n, "aria-labelledby") == "" {
		return nil // icons: their insides are drawing, not content
	}
	role := b.role(n)
	if role == "none" || role == "presentation" {
		return b.children(n, depth)
	}
	node := &Node{Role: role, Name: b.name(n, role)}
	b.states(n, node)
	locatorAttrs(n, node)

	switch n.DataAtom {
	case atom.Input, atom.Img, atom.Br, atom.Hr, atom.Iframe, atom.Textarea:
		// no child content in the tree (a textarea's text is its value)
	default:
		node.Children = b.children(n, depth)
	}
	if n.DataAtom == atom.Select {
		selectDefault(node)
	}
	// Text that only repeats the name (a button's label) goes; text-only
	// elements carry their text inline, as ARIA snapshots do.
	if nameFromContentRoles[role] && node.Name != "" && len(node.Children) > 0 && !anyInteractive(node.Children) {
		texts := NewTexts()
		var parts []string
		for _, c := range node.Children {
			parts = append(parts, texts.Of(c))
		}
		if CollapseSpace(strings.Join(parts, " ")) == node.Name {
			node.Children = nil
		}
	}
	if allText(node.Children) {
		t := joinText(node.Children)
		if t == node.Name && node.Name != "" {
			node.Children = nil
		} else if t != "" && node.Value == "" {
			node.Value = t
			node.Children = nil
		}
	}
	return []*Node{node}
}

// testIDAttrs are the attributes read as test ids, in order of preference:
// those Playwright's locator generator reads as test ids (data-testid, its
// getByTestId default; data-test-id and data-test, which it writes as CSS).
var testIDAttrs = []string{"data-testid", "data-test-id", "data-test"}

// locatorAttrs copies onto node what a locator can use of n: its tag, test
// id, id, and a form control's name.
func locatorAttrs(n *html.Node, node *Node) {
	node.Tag = n.Data
	for _, a := range testIDAttrs {
		if v := attr(n, a); v != "" {
			node.TestID, node.TestIDAttr = v, a
			break
		}
	}
	node.ID = attr(n, "id")
	switch n.DataAtom {
	case atom.Input, atom.Select, atom.Textarea, atom.Button:
		node.FieldName = attr(n, "name")
	}
}

var skippedTags = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true,
	atom.Head: true, atom.Meta: true, atom.Link: true, atom.Title: true, atom.Base: true,
}

func anyInteractive(kids []*Node) bool {
	for _, k := range kids {
		if hasInteractive(k) {
			return true
		}
	}
	return false
}

func allText(kids []*Node) bool {
	for _, k := range kids {
		if k.Role != "text" {
			return false
		}
	}
	return len(kids) > 0
}

func joinText(kids []*Node) string {
	parts := make([]string, 0, len(kids))
	for _, k := range kids {
		parts = append(parts, k.Value)
	}
	return CollapseSpace(strings.Join(parts, " "))
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

func isHidden(n *html.Node) bool {
	if hasAttr(n, "hidden") || strings.EqualFold(attr(n, "aria-hidden"), "true") {
		return true
	}
	if n.DataAtom == atom.Input && strings.EqualFold(attr(n, "type"), "hidden") {
		return true
	}
	if n.DataAtom == atom.Dialog && !hasAttr(n, "open") {
		return true
	}
	style := strings.ToLower(strings.ReplaceAll(attr(n, "style"), " ", ""))
	return strings.Contains(style, "display:none") || strings.Contains(style, "visibility:hidden")
}

// inputType is an input's type, lower case, "text" when absent.
func inputType(n *html.Node) string {
	t := strings.ToLower(strings.TrimSpace(attr(n, "type")))
	if t == "" {
		return "text"
	}
	return t
}
