package parser

// A checkbox or radio a person ticks through its label, when the box
// itself cannot take a click.

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
)

// labelOfFn is probes.js's labelOf: how to find the first label of a
// checkbox or radio that shows.
var labelOfFn = lookupProbe(probes, "labelOf")

// labelTarget is the locator of the label of the checkbox or radio at
// target (a selector or a ref), when s ticks or unticks one whose click
// failed (it timed out: the box is covered by a styled glyph, or too
// small to hit). getByLabel(...).check() works so: a click on the label
// ticks the box. The locator (label[for="all"], label:has(#all),
// label:has(input[name="all"])) is kept only once the page confirms it
// finds one label alone. ok is false otherwise.
func (r *run) labelTarget(ctx context.Context, s step.Step, target string, out *mcpclient.Result) (string, bool) {
	if s.Kind != step.Check && s.Kind != step.Uncheck || target == "" || out == nil || !out.TimedOut() {
		return "", false
	}
	return r.labelOf(ctx, target)
}

// removedBox reports whether s, a Check or Uncheck whose setChecked at
// target timed out, removed its box from the page: a to-do ticked under the
// Active filter leaves the list, and setChecked waits in vain to read the
// new state back. Its click ran and did what the sentence says.
func (r *run) removedBox(ctx context.Context, s step.Step, target string, out *mcpclient.Result) bool {
	if s.Kind != step.Check && s.Kind != step.Uncheck || target == "" || out == nil || !out.TimedOut() {
		return false
	}
	res, err := r.exec(ctx, step.ToolCall{Tool: mcpclient.ToolEvaluate, Args: map[string]any{"target": target, "function": "() => true"}})
	return err == nil && res.NoMatch()
}

// coveredLabel is labelTarget asked before the click: the label's locator
// when another element takes a click at the box's centre (coveredBox), so
// that the click, which would wait its whole timeout on the box (Shoelace's
// styled control covers its input), goes to the label at once.
func (r *run) coveredLabel(ctx context.Context, s step.Step, target string) (string, bool) {
	if s.Kind != step.Check && s.Kind != step.Uncheck || target == "" || reRef.MatchString(target) {
		return "", false
	}
	if covered, ok := r.probe(ctx, target, coveredBoxFn); !ok || covered != "true" {
		return "", false
	}
	return r.labelOf(ctx, target)
}

// markCovered asks the page, of nodes that share one role and name (an
// ambiguous sentence's), which another element covers at its centre, and
// marks those dom.Node.Covered when exactly one is not: the one on top,
// which a person clicks, names.OnTop. It marks every node
// dom.Node.CoverAsked, and reports whether the sentence is to be read
// again: it marked some covered, or had not asked of these nodes before.
func (r *run) markCovered(ctx context.Context, nodes []*dom.Node) bool {
	first := false
	for _, n := range nodes {
		first = first || !n.CoverAsked
		n.CoverAsked = true
	}
	if len(nodes) < 2 || len(nodes) > maxCoverProbes {
		return first
	}
	var covered []*dom.Node
	for _, n := range nodes {
		if n.Ref == "" || n.Role != nodes[0].Role || n.Name != nodes[0].Name {
			return first
		}
		if v, ok := r.probe(ctx, n.Ref, coveredBoxFn); ok && v == "true" {
			covered = append(covered, n)
		}
	}
	if len(covered) != len(nodes)-1 {
		return first
	}
	for _, n := range covered {
		n.Covered = true
	}
	return true
}

// maxCoverProbes bounds the elements markCovered asks about.
const maxCoverProbes = 5

// coveredBoxFn is probes.js's coveredBox.
var coveredBoxFn = lookupProbe(probes, "coveredBox")

// labelOf is the locator of the first label of the checkbox or radio at
// target that shows, confirmed on the page to find one label alone.
func (r *run) labelOf(ctx context.Context, target string) (string, bool) {
	raw, ok := r.rawProbe(ctx, target, labelOfFn)
	var l struct {
		For  bool   `json:"for"`
		ID   string `json:"id"`
		Name string `json:"name"`
		Wrap bool   `json:"wrap"`
	}
	if !ok || json.Unmarshal([]byte(raw), &l) != nil {
		return "", false
	}
	var sel string
	switch {
	case l.For:
		sel = "label[for=" + commandgen.CSSString(l.ID) + "]"
	case l.ID != "":
		sel = "label:has(#" + commandgen.CSSIdent(l.ID) + ")"
	case l.Name != "":
		sel = "label:has(input[name=" + commandgen.CSSString(l.Name) + "])"
	case l.Wrap && !reRef.MatchString(target):
		// CSS cannot name a label inside a shadow root by what it holds;
		// the box's own locator can, up to the label around it.
		sel = target + " >> xpath=ancestor::label[1]"
	default:
		return "", false
	}
	if tag, ok := r.probe(ctx, sel, "(el) => el.localName"); !ok || tag != "label" {
		return "", false
	}
	return sel, true
}

// reRef matches a snapshot ref ("e12", "f1e3", "pf2"), which a locator
// exported must not hold.
var reRef = regexp.MustCompile(`^(?:aria-ref=)?[a-z]*\d+(?:[a-z]+\d+)*$`)

// rawProbe is probe's call with the page's answer as the server wrote it.
func (r *run) rawProbe(ctx context.Context, target, fn string) (string, bool) {
	out, err := r.exec(ctx, step.ToolCall{Tool: mcpclient.ToolEvaluate, Args: map[string]any{"target": target, "function": fn}})
	if err != nil || out.IsError {
		return "", false
	}
	v := strings.TrimSpace(out.Value)
	var s string
	if json.Unmarshal([]byte(v), &s) == nil {
		return s, true
	}
	return v, true
}

// labelElement is the description of a click on a box's label: not an
// identity replay holds the label to (the label has no role of its own).
func labelElement(s step.Step) string {
	if s.Element == "" {
		return "label of the box"
	}
	return "label of " + s.Element
}
