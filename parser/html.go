package parser

import (
	"context"
	"errors"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/mcpclient"
)

// htmlTarget finds a locator for node in the page's HTML, for when the
// accessibility tree gives only a position or nothing: the element's own
// test id; its role (and name, when it has one) inside its nearest ancestor
// with a test id; its id, when dom.StableID; a form control's tag and name
// attribute (input[name="email"]). The first that the page confirms to
// match node's element alone wins; none gives an empty locator. The
// element is node's twin in the HTML tree (htmlTwin). Only a broken
// session is an error.
func (r *run) htmlTarget(ctx context.Context, node *dom.Node) (dom.Locator, error) {
	tree, err := r.pageHTML(ctx)
	if tree == nil || err != nil {
		return dom.Locator{}, err
	}
	el := htmlTwin(r.page, tree, node)
	if el == nil {
		r.c.opts.Logger.Debug("the element is not told apart in the page's HTML", "role", node.Role, "ref", node.Ref)
		return dom.Locator{}, nil
	}
	cands := htmlCandidates(el, node)
	if len(cands) == 0 {
		return dom.Locator{}, nil
	}
	want, ok := r.probe(ctx, node.Ref, elementPathFn)
	if !ok || want == "" {
		return dom.Locator{}, nil
	}
	for _, c := range cands {
		if got, ok := r.probe(ctx, c.Selector(), elementPathFn); ok && got == want {
			return c, nil
		}
	}
	return dom.Locator{}, nil
}

// pageHTML returns the tree (dom.ParseHTML) of the HTML that
// browser_snapshot {"format": "html"} gives for the page r.page shows,
// asked once per snapshot: it is kept with the snapshot it goes with and
// asked again when the page is snapshotted anew. nil when the server has
// no HTML snapshots: it rejected the argument, failed, or answered with an
// ARIA snapshot (@playwright/mcp ignores the argument); that is remembered
// for the rest of the compile. Only a broken session is an error.
func (r *run) pageHTML(ctx context.Context) (*dom.Node, error) {
	if r.noHTML {
		return nil, nil
	}
	if r.html != nil && r.htmlOf == r.page {
		return r.html, nil
	}
	out, err := r.c.browser.CallTool(ctx, mcpclient.ToolSnapshot, map[string]any{"format": "html"})
	if err != nil && !errors.Is(err, mcpclient.ErrRejected) {
		return nil, err
	}
	// HTML opens with a tag; an ARIA snapshot is a YAML list.
	var tree *dom.Node
	if err == nil && !out.IsError && strings.HasPrefix(strings.TrimSpace(out.Snapshot), "<") {
		tree, err = dom.ParseHTML(strings.NewReader(out.Snapshot))
	}
	if tree == nil || err != nil {
		r.c.opts.Logger.Debug("the browser server gives no HTML snapshots: locators come from the accessibility tree only")
		r.noHTML = true
		return nil, nil
	}
	r.html, r.htmlOf = tree, r.page
	return tree, nil
}

// htmlTwin returns node's element in tree, the page's HTML: the node of
// node's role and name that is at node's place among the nodes of that role
// and name in page, in document order. nil when the two trees hold
// different numbers of them (the HTML's approximation of the accessibility
// tree differs there), or node is not in page.
func htmlTwin(page, tree, node *dom.Node) *dom.Node {
	alike := func(root *dom.Node) []*dom.Node {
		var out []*dom.Node
		root.Walk(func(n *dom.Node) bool {
			if n.Role == node.Role && n.Name == node.Name {
				out = append(out, n)
			}
			return true
		})
		return out
	}
	inPage, inHTML := alike(page), alike(tree)
	if len(inPage) != len(inHTML) {
		return nil
	}
	for i, n := range inPage {
		if n == node {
			return inHTML[i]
		}
	}
	return nil
}

// htmlCandidates are the locators of el, node's element in the page's
// HTML, from its attributes, in order of preference (see htmlTarget).
func htmlCandidates(el, node *dom.Node) []dom.Locator {
	var out []dom.Locator
	add := func(parts ...dom.LocatorPart) { out = append(out, dom.Locator{Parts: parts}) }
	if p, ok := testIDPart(el); ok {
		add(p)
	}
	if node.Role != "text" {
		for a := el.Parent; a != nil; a = a.Parent {
			scope, ok := testIDPart(a)
			if !ok {
				continue
			}
			own := dom.LocatorPart{Kind: dom.PartRole, Role: node.Role, Name: node.Name}
			add(scope, own)
			if node.Name != "" {
				own.Exact = true
				add(scope, own)
			}
			break
		}
	}
	if dom.StableID(el.ID) {
		add(dom.LocatorPart{Kind: dom.PartCSS, Text: "#" + el.ID})
	}
	if el.FieldName != "" && el.Tag != "" {
		add(dom.LocatorPart{Kind: dom.PartCSS, Text: el.Tag + "[name=" + cssString(el.FieldName) + "]"})
	}
	return out
}

// testIDPart is the locator part of n's test id: getByTestId's for
// data-testid, Playwright's default test id attribute; a CSS attribute
// selector for the others ([data-test="x"]), as Playwright's generator
// writes them.
func testIDPart(n *dom.Node) (dom.LocatorPart, bool) {
	switch n.TestIDAttr {
	case "":
		return dom.LocatorPart{}, false
	case "data-testid":
		return dom.LocatorPart{Kind: dom.PartTestID, Text: n.TestID}, true
	}
	return dom.LocatorPart{Kind: dom.PartCSS, Text: "[" + n.TestIDAttr + "=" + cssString(n.TestID) + "]"}, true
}

// cssString quotes s as a CSS string, as Playwright's
// quoteCSSAttributeValue does.
func cssString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// elementPathFn answers, for the element it is given, where it sits in the
// page: its index in its parent's child nodes, and its parent's, up to the
// top document, through shadow roots ("s") and same-origin frames; a
// cross-origin frame's document ends the path ("x"). Two targets give the
// same path only for the same element.
const elementPathFn = `(el) => {
  const path = [];
  for (let n = el; n; ) {
    if (n.nodeType === 9) {
      const w = n.defaultView, f = w && w.frameElement;
      if (!f && w && w !== w.top) path.push('x');
      n = f;
      continue;
    }
    const up = n.parentNode;
    if (!up) break;
    const shadow = up.nodeType === 11 && up.host;
    path.push((shadow ? 's' : '') + Array.prototype.indexOf.call(up.childNodes, n));
    n = shadow ? up.host : up;
  }
  return path.join('/');
}`
