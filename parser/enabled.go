package parser

// Targets that are there but disabled: an action waits (up to the
// timeout) for its target to be enabled, and exports that wait.

import (
	"context"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// disabledTarget tells, for a request the translator answered with "not
// found", whether the element the action names is on the page but
// disabled (the translator acts on enabled elements only): the rules
// read the action against a copy of the page with every element enabled,
// and the element they pick is disabled on the page. It returns that
// element's description, "" when the action's target is missing or not
// one element. The rules answer at once and ask no model, so the probe
// costs nothing while the compile waits.
func (r *run) disabledTarget(ctx context.Context, req translator.Request) string {
	if r.page == nil {
		return ""
	}
	req.Page, req.Record = enabledCopy(r.page, nil), nil
	steps, err := r.enabled.Translate(ctx, req)
	if err != nil {
		return ""
	}
	for _, s := range steps {
		if s.Kind.IsCheck() || s.Ref == "" {
			continue
		}
		if n := r.page.FindRef(s.Ref); n != nil && n.Disabled {
			return s.Element
		}
		return ""
	}
	return ""
}

// enabledCopy is a deep copy of n with no element disabled.
func enabledCopy(n, parent *dom.Node) *dom.Node {
	c := *n
	c.Parent, c.Disabled, c.Children = parent, false, make([]*dom.Node, len(n.Children))
	for i, ch := range n.Children {
		c.Children[i] = enabledCopy(ch, &c)
	}
	return &c
}

// waitEnabled runs and keeps, before the action s on target, the wait for
// its target to be enabled, when compile saw it disabled while waiting:
// replay then waits as compile did. Playwright's actions wait for an
// enabled target too, but not every player's do, nor a hover.
func (r *run) waitEnabled(ctx context.Context, ts *TestStep, s step.Step, target string) (bool, error) {
	wait := commandgen.EnabledWait(target, s.Element, r.c.opts.Timeout)
	out, err := r.exec(ctx, wait)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, ptr(r.export(wait, s)), err.Error(), err)
	}
	if out.IsError {
		return false, r.fail(ctx, ts.Index, ts.Action, ptr(r.export(wait, s)), out.ErrorLine(), nil)
	}
	r.keep(ts, r.export(wait, s), s)
	return true, nil
}
