package parser

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/translator"
)

// stableTarget finds a selector for node that is not a ref: Playwright's own
// locator generator when the server has it (test ids, role and name), else
// one synthesized from the tree and checked to be unique in it. "" means
// neither worked; the caller falls back to the ref and the code it ran.
func (r *run) stableTarget(ctx context.Context, node *dom.Node) (string, error) {
	if !r.noGen {
		out, err := r.c.browser.CallTool(ctx, mcpclient.ToolGenLocator, map[string]any{"target": node.Ref})
		switch {
		case errors.Is(err, mcpclient.ErrRejected):
			r.noGen = true // a server without the tool (not @playwright/mcp with --caps testing)
		case err != nil:
			return "", err
		}
		switch {
		case out == nil:
		case !out.IsError:
			if loc, err := dom.ParseLocatorCode("await page." + strings.TrimSpace(out.Value) + ".click();"); err == nil {
				if loc.Positional() {
					// Playwright fell back to a position ("the second Delete
					// button"), which another row's removal would shift: a
					// locator scoped by the element's container is stabler.
					if syn, err := dom.Synthesize(r.page, node); err == nil && !syn.Positional() {
						return syn.Selector(), nil
					}
				}
				return loc.Selector(), nil
			}
		case out.UnknownTool():
			r.noGen = true
		}
	}
	if loc, err := dom.Synthesize(r.page, node); err == nil {
		return loc.Selector(), nil
	}
	return "", nil
}

// act runs s on target, its stable selector, and appends the exported call
// to ts. When there is no such selector, or it does not single out the
// element after all (none or several match), s runs on the element's ref
// instead and the export keeps the locator Playwright reports in the code
// it ran. False means the step failed and the failure is recorded.
func (r *run) act(ctx context.Context, ts *TestStep, s translator.Step, target string) (bool, error) {
	var err error
	var out *mcpclient.Result
	var call commandgen.Call
	if target != "" {
		call, _ = commandgen.For(s, target)
		if out, err = r.exec(ctx, call); err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, ptr(r.export(call, s)), err.Error(), err)
		}
	}
	if target == "" || out.SelectorProblem() {
		// The selector did not single out the element: act on the ref and
		// keep the locator Playwright reports for it.
		r.c.opts.Logger.Debug("selector fallback to ref", "target", r.masker.Replace(target), "ref", s.Ref)
		call, _ = commandgen.For(s, s.Ref)
		if out, err = r.exec(ctx, call); err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), err)
		}
		if !out.IsError {
			loc, lerr := dom.ParseLocatorCode(out.Code)
			if lerr != nil {
				return false, r.fail(ctx, ts.Index, ts.Action, nil,
					fmt.Sprintf("%s ran, but no stable selector was found for %s: %v", s.Kind, s.Element, lerr), nil)
			}
			target = loc.Selector()
			call, _ = commandgen.For(s, target)
		}
	}
	exported := r.export(call, s)
	if out.IsError {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, failureText(s, out), nil)
	}
	ts.Target = r.masker.Replace(target)
	ts.Calls = append(ts.Calls, exported)
	return true, nil
}
