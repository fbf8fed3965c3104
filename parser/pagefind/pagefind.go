// Package pagefind reads the page for what a person names as they see it
// and the accessibility snapshot lists under another name or not at all:
// an element clicked through script with no role, by its text; a text
// field by its placeholder; a field by its kind (dom.FieldKinds); a button
// or link that shows only an icon-font glyph, by its icon (dom.Icons).
// pagefind.js asks the page; Parse reads its answer, and each Found gives
// the node the translator reads, the locator that finds it, and what a step
// on it warns of. The compiler (package parser) adds the nodes to its page
// once the page confirms each locator finds its element alone.
package pagefind

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/pagejs"
)

//go:embed pagefind.js
var js string

// Fn lists the page's elements that pagefind.js finds, as a
// browser_evaluate function.
var Fn = pagejs.Function(js)

// Found is one element of pagefind.js's answer.
type Found struct {
	Kind    string `json:"kind"` // script, placeholder, icon, or a field's kind (dom.FieldKinds)
	Text    string `json:"text"` // its text, placeholder, kind or icon's ligature, white space collapsed
	Tag     string `json:"tag"`
	Type    string `json:"type"`
	Hint    string `json:"hint"`    // a field's name, id or label
	Label   string `json:"label"`   // a field's label (aria-label, aria-labelledby, <label>)
	Role    string `json:"role"`    // an icon's button or link
	Classes string `json:"classes"` // an icon's classes
	Path    string `json:"path"`    // as commandgen.ElementPathFn gives it
}

// Parse reads pagefind.js's answer as a server gives it: the JSON
// text the function returned, itself quoted as JSON or not. Elements of
// a kind it does not know are left out.
func Parse(value string) ([]Found, error) {
	raw := strings.TrimSpace(value)
	var s string
	if json.Unmarshal([]byte(raw), &s) == nil {
		raw = s
	}
	var all []Found
	if err := json.Unmarshal([]byte(raw), &all); err != nil {
		return nil, fmt.Errorf("pagefind.js's answer: %w", err)
	}
	found := all[:0]
	for _, f := range all {
		if f.Node() != nil {
			found = append(found, f)
		}
	}
	return found, nil
}

// Node is the element f as the translator sees it; nil for none.
func (f Found) Node() *dom.Node {
	switch f.Kind {
	case "script":
		if f.Tag == "a" {
			return &dom.Node{Role: "link", Name: f.Text}
		}
		return &dom.Node{Role: "button", Name: f.Text}
	case "placeholder":
		role := "textbox"
		if f.Type == "search" {
			role = "searchbox"
		}
		return &dom.Node{Role: role, Name: f.Text, Placeholder: f.Text}
	case "icon":
		ic, _, ok := dom.IconOf(strings.Fields(f.Classes), f.Text)
		if !ok {
			return nil
		}
		role := "button"
		if f.Role == "link" {
			role = "link"
		}
		return &dom.Node{Role: role, Name: ic.Name, Kind: dom.IconKindPrefix + ic.Name}
	}
	if k, ok := dom.FieldKindOf(f.Kind); ok {
		name := k.Words[0]
		if f.Kind == "contenteditable" && f.Label != "" {
			// The snapshot lists it with no role: by its label, it is
			// a field one types into.
			name = f.Label
		}
		return &dom.Node{Role: k.Role, Name: name, Kind: k.Kind}
	}
	return nil
}

// Note is what a step on node, found as f, warns of: an icon's name
// taken from its class; "" for none.
func (f Found) Note(node *dom.Node) string {
	if f.Kind != "icon" {
		return ""
	}
	_, glyph, _ := dom.IconOf(strings.Fields(f.Classes), f.Text)
	if glyph == f.Text {
		return fmt.Sprintf("%s %q is named by its icon, the ligature %q of an icon font", node.Role, node.Name, glyph)
	}
	return fmt.Sprintf("%s %q is named by its icon, class %s: the page gives it no name of its own", node.Role, node.Name, glyph)
}

// Locator is the locator that finds f, as Playwright's getBy… would.
func (f Found) Locator() locator.Locator {
	var p locator.LocatorPart
	switch f.Kind {
	case "script":
		p = locator.LocatorPart{Kind: locator.PartText, Text: f.Text, Exact: true}
	case "placeholder":
		p = locator.LocatorPart{Kind: locator.PartPlaceholder, Text: f.Text, Exact: true}
	case "search":
		p = locator.LocatorPart{Kind: locator.PartRole, Role: "searchbox"}
	case "icon":
		_, glyph, _ := dom.IconOf(strings.Fields(f.Classes), f.Text)
		if glyph == f.Text {
			// A ligature word is its name.
			p = locator.LocatorPart{Kind: locator.PartRole, Role: f.Role, Name: f.Text, Exact: true}
			break
		}
		el := f.Tag
		if f.Tag != "button" && f.Tag != "a" {
			el = "[role=" + commandgen.CSSString(f.Role) + "]"
		}
		p = locator.LocatorPart{Kind: locator.PartCSS, Text: el + ":has(." + glyph + ")"}
	case "textarea":
		p = locator.LocatorPart{Kind: locator.PartCSS, Text: "textarea"}
	case "contenteditable":
		if f.Label != "" {
			p = locator.LocatorPart{Kind: locator.PartLabel, Text: f.Label, Exact: true}
			break
		}
		p = locator.LocatorPart{Kind: locator.PartCSS, Text: `[contenteditable]:not([contenteditable="false"])`}
	default:
		p = locator.LocatorPart{Kind: locator.PartCSS, Text: "input[type=" + commandgen.CSSString(f.Kind) + "]"}
	}
	return locator.Locator{Parts: []locator.LocatorPart{p}}
}
