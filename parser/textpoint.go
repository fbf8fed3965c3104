package parser

// A click on an element that is no control, named by its whole text, goes
// to that text: Playwright clicks an element at its centre, which for a
// list item as wide as its list, or a cell, may land beside the span that
// holds the text and takes the click. A person clicks the words.

import (
	"context"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
)

// textPointFn is probes.js's textPoint.
var textPointFn = lookupProbe(probes, "textPoint")

// textPoint returns target narrowed to the element that holds node's whole
// text (` >> internal:text="…"s`, which Playwright resolves to the
// smallest element holding it, node itself included), when s clicks node,
// no control, and a click at node's centre would not land in that text;
// ok is false otherwise, and when the page does not confirm that the
// narrowed target finds one element.
func (r *run) textPoint(ctx context.Context, s step.Step, node *dom.Node, target string) (string, bool) {
	if s.Kind != step.Click && s.Kind != step.DoubleClick || s.Unless != "" || node.Interactive() || target == "" || reRef.MatchString(target) {
		return "", false
	}
	text, ok := r.probe(ctx, target, textPointFn)
	if !ok || text == "" {
		return "", false
	}
	narrowed := target + " >> " + locator.Locator{Parts: []locator.LocatorPart{{Kind: locator.PartText, Text: text, Exact: true}}}.Selector()
	if v, ok := r.probe(ctx, narrowed, "(el) => true"); !ok || v != "true" {
		return "", false
	}
	return narrowed, true
}
