package dom

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

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

// role is the explicit role attribute's first token that names a concrete
// ARIA role (ariaRoles), else the element's implicit role, else "generic".
// As in Playwright, an abstract or unknown role (role="section") is ignored.
func (b *htmlBuilder) role(n *html.Node) string {
	for _, r := range strings.Fields(strings.ToLower(attr(n, "role"))) {
		if ariaRoles[r] {
			return r
		}
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
