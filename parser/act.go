package parser

import (
	"context"
	"fmt"
	"maps"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
)

// act runs s on target, its stable selector, and appends the exported call
// to ts (see targetedCall).
func (r *run) act(ctx context.Context, ts *TestStep, s step.Step, target string) (bool, error) {
	return r.targetedCall(ctx, ts, s, target, func(t string) step.ToolCall {
		call, _ := r.gen.Call(s, t)
		return call
	})
}

// labelCall ticks or unticks the box of s through its label, at lt: the
// box takes no click, its label does, as a person clicks it.
func (r *run) labelCall(ctx context.Context, ts *TestStep, s step.Step, lt string, build func(target string) step.ToolCall) (bool, error) {
	s.Element = labelElement(s)
	ts.Element = r.masker.Replace(s.Element)
	call := build(lt)
	args := maps.Clone(commandgen.Lift(call.Tool, call.Args))
	args["element"] = s.Element
	call.Args = commandgen.Lower(call.Tool, args)
	out, err := r.exec(ctx, call)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, ptr(r.export(call, s)), err.Error(), err)
	}
	return r.ran(ctx, ts, s, call, out, lt)
}

// ran records call's outcome: a failure with the call as exported, or the
// step kept with target.
func (r *run) ran(ctx context.Context, ts *TestStep, s step.Step, call step.ToolCall, out *mcpclient.Result, target string) (bool, error) {
	exported := r.export(call, s)
	if out.IsError {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, failureText(s, out), nil)
	}
	ts.Target = r.masker.Replace(target)
	r.keep(ts, exported, s)
	return true, nil
}

// targetedCall runs the call build makes for target, s's stable selector,
// and appends the exported call to ts. When there is no such selector, or
// it does not single out the element after all (none or several match),
// the call runs on the element's ref instead and the export keeps the
// locator Playwright reports in the code it ran. False means the step
// failed and the failure is recorded.
func (r *run) targetedCall(ctx context.Context, ts *TestStep, s step.Step, target string, build func(target string) step.ToolCall) (bool, error) {
	var err error
	var out *mcpclient.Result
	var call step.ToolCall
	if lt, ok := r.coveredLabel(ctx, s, target); ok {
		return r.labelCall(ctx, ts, s, lt, build)
	}
	if target != "" {
		call = build(target)
		if out, err = r.exec(ctx, call); err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, ptr(r.export(call, s)), err.Error(), err)
		}
	}
	if target == "" || out.SelectorProblem() {
		// The selector did not single out the element: act on the ref and
		// keep the locator Playwright reports for it.
		r.c.opts.Logger.Debug("selector fallback to ref", "target", r.masker.Replace(target), "ref", s.Ref)
		call = build(s.Ref)
		if out, err = r.exec(ctx, call); err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), err)
		}
		if !out.IsError {
			reported, lerr := r.targets().Reported(ctx, out.Code, r.page.FindRef(s.Ref))
			if lerr != nil {
				return false, r.fail(ctx, ts.Index, ts.Action, nil,
					fmt.Sprintf("%s ran, but no stable selector was found for %s: %v", s.Kind, s.Element, lerr), nil)
			}
			target = reported
			call = build(target)
		}
	}
	at, _ := commandgen.Lift(call.Tool, call.Args)["target"].(string)
	if lt, ok := r.labelTarget(ctx, s, at, out); ok {
		return r.labelCall(ctx, ts, s, lt, build)
	}
	if r.removedBox(ctx, s, at, out) {
		// The click removed the box: it ran, and the export is the click.
		s.Kind = step.Click
		return r.ran(ctx, ts, s, commandgen.ToggleClick(s, target), &mcpclient.Result{}, target)
	}
	return r.ran(ctx, ts, s, call, out, target)
}
