package dom

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// states copies checked, selected, disabled, expanded, pressed, level,
// placeholder, value and URL from the element's attributes.
func (b *htmlBuilder) states(n *html.Node, node *Node) {
	if checkableRoles[node.Role] {
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
	}
	switch node.Role {
	case "option", "tab", "row", "gridcell", "treeitem":
		node.Selected = hasAttr(n, "selected") || strings.EqualFold(attr(n, "aria-selected"), "true")
	case "heading":
		if l, err := strconv.Atoi(attr(n, "aria-level")); err == nil && l > 0 && l <= MaxLevel {
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
	if p := CollapseSpace(attr(n, "placeholder")); p != "" && (n.DataAtom == atom.Input || n.DataAtom == atom.Textarea) {
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
	case n.DataAtom == atom.Input && (textFieldRoles[node.Role] || node.Role == "slider"):
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
