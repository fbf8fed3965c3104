package commandgen

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/pagejs"
)

// attrTarget finds a locator for node from its element's attributes, for
// when the accessibility tree gives only a position or nothing: the
// element's own test id; its role (and name, when it has one) inside its
// nearest ancestor with a test id; its id, when locator.StableID; a form
// control's tag and name attribute (input[name="email"]). The first that
// the page confirms to match node's element alone wins; none gives an
// empty locator. The attributes are read in the page through node's ref
// (locatorattrs.js), so every browser server gives the same answer. Only a
// broken session is an error.
func (tg Targets) attrTarget(ctx context.Context, node *dom.Node) (locator.Locator, error) {
	v, failed, err := tg.Page.Evaluate(ctx, node.Ref, LocatorAttrsFn)
	if err != nil {
		return locator.Locator{}, err
	}
	if failed {
		return locator.Locator{}, nil
	}
	var a ElementAttrs
	if json.Unmarshal([]byte(strings.TrimSpace(v)), &a) != nil {
		tg.logger().Debug("the page's answer for an element's attributes is not understood", "ref", node.Ref)
		return locator.Locator{}, nil
	}
	cands := a.candidates(node)
	if len(cands) == 0 {
		return locator.Locator{}, nil
	}
	want, ok := tg.probe(ctx, node.Ref, ElementPathFn)
	if !ok || want == "" {
		return locator.Locator{}, nil
	}
	for _, c := range cands {
		if f, err := locator.Reframe(tg.Tree, c, node); err == nil {
			c = f // an element of a frame: inside its frame
		}
		if got, ok := tg.probe(ctx, c.Selector(), ElementPathFn); ok && got == want {
			return c, nil
		}
	}
	return locator.Locator{}, nil
}

// LocatorAttrsFn reads what a locator can use of an element
// (ElementAttrs).
var LocatorAttrsFn = pagejs.Function(locatorAttrsJS)

//go:embed locatorattrs.js
var locatorAttrsJS string

// ElementAttrs is locatorattrs.js's answer.
type ElementAttrs struct {
	Tag    string   `json:"tag"`
	ID     string   `json:"id"`
	Name   string   `json:"name"`   // a form control's name attribute
	TestID []string `json:"testID"` // [attribute, value], or none
	Scope  []string `json:"scope"`  // the nearest ancestor's test id
}

// candidates are the locators of node's element from its attributes a, in
// order of preference (see attrTarget).
func (a ElementAttrs) candidates(node *dom.Node) []locator.Locator {
	var out []locator.Locator
	add := func(parts ...locator.LocatorPart) { out = append(out, locator.Locator{Parts: parts}) }
	if p, ok := testIDPart(a.TestID); ok {
		add(p)
	}
	if scope, ok := testIDPart(a.Scope); ok && node.Role != "text" {
		own := locator.LocatorPart{Kind: locator.PartRole, Role: node.Role, Name: node.Name}
		add(scope, own)
		if node.Name != "" {
			own.Exact = true
			add(scope, own)
		}
	}
	if locator.StableID(a.ID) {
		add(locator.LocatorPart{Kind: locator.PartCSS, Text: "#" + a.ID})
	}
	if a.Name != "" && a.Tag != "" {
		add(locator.LocatorPart{Kind: locator.PartCSS, Text: a.Tag + "[name=" + CSSString(a.Name) + "]"})
	}
	return out
}

// testIDPart is the locator part of a test id, [attribute, value]:
// getByTestId's for data-testid, Playwright's default test id attribute; a
// CSS attribute selector for the others ([data-test="x"]), as Playwright's
// generator writes them.
func testIDPart(id []string) (locator.LocatorPart, bool) {
	switch {
	case len(id) != 2 || id[0] == "" || id[1] == "":
		return locator.LocatorPart{}, false
	case id[0] == "data-testid":
		return locator.LocatorPart{Kind: locator.PartTestID, Text: id[1]}, true
	}
	return locator.LocatorPart{Kind: locator.PartCSS, Text: "[" + id[0] + "=" + CSSString(id[1]) + "]"}, true
}

// CSSString quotes s as a CSS string, as Playwright's
// quoteCSSAttributeValue does.
func CSSString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// ElementPathFn answers where the element it is given sits in the page
// (elementpath.js).
var ElementPathFn = pagejs.Function(elementPathJS)

//go:embed elementpath.js
var elementPathJS string

// CSSIdent escapes an id for a CSS #id selector: every character that is
// not a letter, digit, - or _ escaped as its code point.
func CSSIdent(id string) string {
	var b strings.Builder
	for i, c := range id {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c == '-', c >= 0x80,
			c >= '0' && c <= '9' && i > 0:
			b.WriteRune(c)
		default:
			fmt.Fprintf(&b, `\%x `, c)
		}
	}
	return b.String()
}
