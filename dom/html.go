package dom

import (
	"fmt"
	"io"
	"strconv"
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
// are empty: an HTML page has no snapshot refs.
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
		if t := collapseSpace(n.Data); t != "" {
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
	if nameFromContent[role] && node.Name != "" && len(node.Children) > 0 && !anyInteractive(node.Children) {
		mc := newMatchContext()
		var parts []string
		for _, c := range node.Children {
			parts = append(parts, mc.textOf(c))
		}
		if collapseSpace(strings.Join(parts, " ")) == node.Name {
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
	return collapseSpace(strings.Join(parts, " "))
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

// sectioning elements stop header and footer from being banner and contentinfo.
var sectioning = map[atom.Atom]bool{
	atom.Article: true, atom.Aside: true, atom.Main: true, atom.Nav: true, atom.Section: true,
}

func insideSectioning(n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && sectioning[p.DataAtom] {
			return true
		}
	}
	return false
}

var simpleRoles = map[atom.Atom]string{
	atom.Article: "article", atom.Aside: "complementary", atom.Blockquote: "blockquote",
	atom.Button: "button", atom.Caption: "caption", atom.Code: "code", atom.Datalist: "listbox",
	atom.Dd: "definition", atom.Del: "deletion", atom.Details: "group", atom.Dialog: "dialog",
	atom.Dt: "term", atom.Em: "emphasis", atom.Fieldset: "group", atom.Figure: "figure",
	atom.Hr: "separator", atom.Iframe: "iframe", atom.Ins: "insertion", atom.Li: "listitem",
	atom.Main: "main", atom.Mark: "mark", atom.Math: "math", atom.Menu: "list",
	atom.Meter: "meter", atom.Nav: "navigation", atom.Ol: "list", atom.Optgroup: "group",
	atom.Option: "option", atom.Output: "status", atom.P: "paragraph", atom.Progress: "progressbar",
	atom.S: "deletion", atom.Search: "search", atom.Strong: "strong", atom.B: "strong",
	atom.Sub: "subscript", atom.Sup: "superscript", atom.Table: "table", atom.Tbody: "rowgroup",
	atom.Textarea: "textbox", atom.Tfoot: "rowgroup", atom.Thead: "rowgroup", atom.Time: "time",
	atom.Tr: "row", atom.Ul: "list", atom.Td: "cell",
}

// role is the explicit role attribute's first known token, else the
// element's implicit role, else "generic".
func (b *htmlBuilder) role(n *html.Node) string {
	if r := strings.Fields(strings.ToLower(attr(n, "role"))); len(r) > 0 {
		return r[0]
	}
	if r, ok := simpleRoles[n.DataAtom]; ok {
		return r
	}
	switch n.DataAtom {
	case atom.A, atom.Area:
		if hasAttr(n, "href") {
			return "link"
		}
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return "heading"
	case atom.Header:
		if !insideSectioning(n) {
			return "banner"
		}
	case atom.Footer:
		if !insideSectioning(n) {
			return "contentinfo"
		}
	case atom.Form:
		if b.hasLabel(n) {
			return "form"
		}
	case atom.Section:
		if b.hasLabel(n) {
			return "region"
		}
	case atom.Img:
		if hasAttr(n, "alt") && attr(n, "alt") == "" && !b.hasLabel(n) {
			return "presentation"
		}
		return "img"
	case atom.Th:
		if strings.EqualFold(attr(n, "scope"), "row") {
			return "rowheader"
		}
		return "columnheader"
	case atom.Select:
		if hasAttr(n, "multiple") {
			return "listbox"
		}
		if s, err := strconv.Atoi(attr(n, "size")); err == nil && s > 1 {
			return "listbox"
		}
		return "combobox"
	case atom.Input:
		switch t := inputType(n); t {
		case "button", "submit", "reset", "image", "file":
			return "button"
		case "checkbox", "radio":
			return t
		case "range":
			return "slider"
		case "number":
			return "spinbutton"
		case "search":
			if hasAttr(n, "list") {
				return "combobox"
			}
			return "searchbox"
		default:
			if hasAttr(n, "list") {
				return "combobox"
			}
			return "textbox"
		}
	}
	return "generic"
}

// hasLabel reports whether n is named by aria-label or aria-labelledby.
func (b *htmlBuilder) hasLabel(n *html.Node) bool {
	return strings.TrimSpace(attr(n, "aria-label")) != "" || strings.TrimSpace(attr(n, "aria-labelledby")) != ""
}

// nameFromContent are the roles whose name is their text when nothing else
// names them.
var nameFromContent = map[string]bool{
	"button": true, "cell": true, "checkbox": true, "columnheader": true, "gridcell": true,
	"heading": true, "link": true, "menuitem": true, "menuitemcheckbox": true,
	"menuitemradio": true, "option": true, "radio": true, "rowheader": true, "switch": true,
	"tab": true, "tooltip": true, "treeitem": true,
}

// name computes a simplified accessible name.
func (b *htmlBuilder) name(n *html.Node, role string) string {
	if ids := strings.Fields(attr(n, "aria-labelledby")); len(ids) > 0 {
		var parts []string
		for _, id := range ids {
			if el := b.ids[id]; el != nil {
				parts = append(parts, b.text(el, true))
			}
		}
		if s := collapseSpace(strings.Join(parts, " ")); s != "" {
			return s
		}
	}
	if s := collapseSpace(attr(n, "aria-label")); s != "" {
		return s
	}
	switch n.DataAtom {
	case atom.Input, atom.Textarea, atom.Select:
		t := inputType(n)
		if n.DataAtom == atom.Input {
			switch t {
			case "submit", "reset", "button":
				if v := collapseSpace(attr(n, "value")); v != "" || hasAttr(n, "value") {
					return v
				}
				return map[string]string{"submit": "Submit", "reset": "Reset"}[t]
			case "image":
				if s := collapseSpace(attr(n, "alt")); s != "" {
					return s
				}
				return "Submit"
			}
		}
		if s := b.labelText(n); s != "" {
			return s
		}
		if s := collapseSpace(attr(n, "title")); s != "" {
			return s
		}
		return collapseSpace(attr(n, "placeholder"))
	case atom.Img, atom.Area:
		if s := collapseSpace(attr(n, "alt")); s != "" {
			return s
		}
	case atom.Fieldset:
		if l := firstChild(n, atom.Legend); l != nil {
			return collapseSpace(b.text(l, false))
		}
	case atom.Table:
		if c := firstChild(n, atom.Caption); c != nil {
			return collapseSpace(b.text(c, false))
		}
	case atom.Figure:
		if c := firstChild(n, atom.Figcaption); c != nil {
			return collapseSpace(b.text(c, false))
		}
	}
	if nameFromContent[role] && !(tableCells[role] && b.holdsControl(n)) {
		if s := collapseSpace(b.text(n, false)); s != "" {
			return s
		}
	}
	return collapseSpace(attr(n, "title"))
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
	return collapseSpace(strings.Join(parts, " "))
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

// states copies checked, selected, disabled, expanded, pressed, level,
// placeholder, value and URL from the element's attributes.
func (b *htmlBuilder) states(n *html.Node, node *Node) {
	switch node.Role {
	case "checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio":
		switch v := strings.ToLower(attr(n, "aria-checked")); {
		case v == "true" || v == "false" || v == "mixed":
			node.Checked = v
		case n.DataAtom == atom.Input && hasAttr(n, "checked"):
			node.Checked = "true"
		case n.DataAtom == atom.Input && hasAttr(n, "indeterminate"):
			node.Checked = "mixed"
		default:
			node.Checked = "false"
		}
	case "option", "tab", "row", "gridcell", "treeitem":
		node.Selected = hasAttr(n, "selected") || strings.EqualFold(attr(n, "aria-selected"), "true")
	case "heading":
		if l, err := strconv.Atoi(attr(n, "aria-level")); err == nil && l > 0 && l <= 100 {
			node.Level = l
		} else if len(n.Data) == 2 && n.Data[0] == 'h' && n.Data[1] >= '1' && n.Data[1] <= '6' {
			node.Level = int(n.Data[1] - '0')
		} else {
			node.Level = 2
		}
	}
	if v := strings.ToLower(attr(n, "aria-pressed")); v == "true" || v == "false" || v == "mixed" {
		node.Pressed = v
	}
	if v := strings.ToLower(attr(n, "aria-expanded")); v == "true" || v == "false" {
		node.Expanded = v
	}
	if n.DataAtom == atom.Details && node.Role == "group" {
		node.Expanded = strconv.FormatBool(hasAttr(n, "open"))
	}
	node.Disabled = strings.EqualFold(attr(n, "aria-disabled"), "true") ||
		hasAttr(n, "disabled") && formControls[n.DataAtom] || disabledFieldset(n)
	if p := collapseSpace(attr(n, "placeholder")); p != "" && (n.DataAtom == atom.Input || n.DataAtom == atom.Textarea) {
		node.Placeholder = p
	}
	switch {
	case node.Role == "link" && hasAttr(n, "href"):
		node.URL = attr(n, "href")
	case n.DataAtom == atom.Textarea:
		var sb strings.Builder
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.TextNode {
				sb.WriteString(c.Data)
			}
		}
		node.Value = strings.TrimSpace(sb.String())
	case n.DataAtom == atom.Input && (node.Role == "textbox" || node.Role == "searchbox" ||
		node.Role == "spinbutton" || node.Role == "combobox" || node.Role == "slider"):
		if inputType(n) != "password" {
			node.Value = attr(n, "value")
		}
	}
}

var formControls = map[atom.Atom]bool{
	atom.Button: true, atom.Input: true, atom.Select: true, atom.Textarea: true,
	atom.Option: true, atom.Optgroup: true, atom.Fieldset: true,
}

// disabledFieldset reports whether a form control sits in a disabled
// fieldset (outside its legend).
func disabledFieldset(n *html.Node) bool {
	if !formControls[n.DataAtom] || n.DataAtom == atom.Fieldset {
		return false
	}
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && p.DataAtom == atom.Fieldset && hasAttr(p, "disabled") {
			return true
		}
	}
	return false
}

// selectDefault marks the first option selected when a single select has
// no selected option, as browsers do.
func selectDefault(sel *Node) {
	if sel.Role != "combobox" {
		return
	}
	var first *Node
	found := false
	sel.Walk(func(n *Node) bool {
		if n.Role == "option" {
			if first == nil {
				first = n
			}
			found = found || n.Selected
		}
		return true
	})
	if first != nil && !found {
		first.Selected = true
	}
}
