package parser

// One step run: its call made against its target, or the steps that act
// on no element.

import (
	"context"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
)

// step runs one translated step and appends its calls to ts; false means it
// failed and the failure is recorded.
func (r *run) step(ctx context.Context, ts *TestStep, s step.Step) (bool, error) {
	ts.Kind, ts.Element = s.Kind, r.masker.Replace(s.Element)
	if !s.Kind.IsCheck() && s.Kind != step.Wait && s.Kind != step.Remember {
		r.acting(ctx)
	}
	if s.Kind == step.SwitchTab {
		return r.switchTab(ctx, ts, s)
	}
	if s.Kind == step.Submit {
		return r.submit(ctx, ts, s)
	}
	if s.Kind.IsCheck() {
		s.Shadow = r.shadowed(ctx)
	}
	if anchored(s) {
		return r.anchoredText(ctx, ts, s)
	}
	// Words no snapshot listed, which the page holds hidden, are a text
	// that can show: their check can fail.
	if why := r.vacuousGone(s, ts.Action); why != "" && !r.holdsHidden(ctx, s.Value) {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, why, nil)
	}
	if s.Ref == "" && !commandgen.NeedsTarget(s.Kind) {
		return r.untargeted(ctx, ts, s)
	}

	node := r.page.FindRef(s.Ref)
	if node == nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, missingRef(s, s.Ref), nil)
	}
	if !s.Kind.IsCheck() {
		r.previous = nameOf(node)
	}
	disabled := r.disabled != "" && !s.Kind.IsCheck()
	r.disabled = ""
	s.Element = r.foundElementText(node, s)
	ts.Element = r.masker.Replace(s.Element)
	if ts.Waited > 0 && !disabled && node.Name != "" && r.textShown(ctx, node.Name) {
		// The element came late: the export waits for it as compile did.
		wait := commandgen.WaitForText(node.Name)
		if out, err := r.exec(ctx, wait); err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, ptr(r.export(wait, s)), err.Error(), err)
		} else if !out.IsError {
			r.keep(ts, r.export(wait, s), s)
		}
	}
	target, err := r.targets().Stable(ctx, node, s)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), err)
	}
	if t, ok := r.textPoint(ctx, s, node, target); ok {
		target = t
	}
	if commandgen.Transient(node, s) {
		s.Element = commandgen.Unnamed(s.Element, node.Role)
		ts.Element = r.masker.Replace(s.Element)
	}
	if disabled {
		// Seen disabled while the action waited: the export waits for it
		// to be enabled as compile did.
		if ok, err := r.waitEnabled(ctx, ts, s, target); !ok {
			return false, err
		}
	}
	switch {
	case commandgen.Scoped(s):
		return r.check(ctx, ts, s, target)
	case s.Kind == step.Remember:
		return r.remember(ctx, ts, s, target)
	case s.Kind == step.Choose:
		return r.choose(ctx, ts, s, target)
	case s.Kind == step.SetValue:
		return r.setValue(ctx, ts, s, target)
	case s.Kind == step.Press:
		return r.pressIn(ctx, ts, s, target)
	case s.Kind == step.Upload:
		return r.upload(ctx, ts, s, target)
	case s.Kind == step.Drag:
		return r.drag(ctx, ts, s, target)
	case s.Kind == step.Select && s.Negated:
		return r.deselect(ctx, ts, s, node, target)
	case s.Kind == step.Select && s.Match == step.MatchValue:
		return r.selectValue(ctx, ts, s, target)
	case s.Kind == step.Select && len(s.Values) > 0:
		return r.selectMany(ctx, ts, s, node, target)
	case s.Kind == step.Click && s.Unless != "":
		return r.unless(ctx, ts, s, target)
	}
	return r.act(ctx, ts, s, target)
}

// untargeted runs a step that acts on no element (a navigation, a key, a
// wait) and appends its call to ts; false means it failed and the failure
// is recorded.
func (r *run) untargeted(ctx context.Context, ts *TestStep, s step.Step) (bool, error) {
	call, err := r.gen.Call(s, "")
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), nil)
	}
	if s.Kind == step.Navigate {
		call.Args["url"] = r.absolute(s.Value)
	}
	exported := r.export(call, s)
	var out *mcpclient.Result
	if s.Kind.IsCheck() { // of the page: its URL, its title, a text gone
		out, err = r.askCheck(ctx, call, false)
	} else {
		out, err = r.exec(ctx, call)
	}
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, err.Error(), err)
	}
	if out.IsError && s.Kind == step.Navigate {
		if reason := out.NetError(); reason != "" {
			err := &mcpclient.SiteError{URL: call.Args["url"].(string), Reason: reason}
			return false, r.fail(ctx, ts.Index, ts.Action, &exported, err.Error(), err)
		}
		if out.TimedOut() {
			return false, r.fail(ctx, ts.Index, ts.Action, &exported, r.slowLoad(call.Args["url"].(string)), nil)
		}
	}
	if out.IsError {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, failureText(s, out)+r.inFrameHint(s), nil)
	}
	var wait *step.ToolCall
	if s.Kind == step.Navigate {
		wait = r.settle(ctx)
	}
	r.keep(ts, exported, s)
	if wait != nil {
		r.keep(ts, *wait, s)
	}
	return true, nil
}

// nameOf is what an action that acted on n calls it, for "its" in the next
// one: its name, else the first words of its row or item.
func nameOf(n *dom.Node) string {
	for a := n; a != nil; a = a.Parent {
		if a.Name != "" {
			return a.Name
		}
		if a.Role == "text" || a.Role == "generic" || a.Role == "paragraph" {
			if v := strings.TrimSpace(a.Value); v != "" {
				return v
			}
		}
		if a.Role == "listitem" || a.Role == "row" {
			found := ""
			a.Walk(func(c *dom.Node) bool {
				if found == "" && (c.Name != "" || c.Value != "") && dom.Normalize(c.Name+c.Value) != "" {
					found = strings.TrimSpace(c.Name + " " + c.Value)
				}
				return found == ""
			})
			return found
		}
	}
	return ""
}
