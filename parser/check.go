package parser

import (
	"context"
	"fmt"
	"time"

	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
)

// check runs an assertion scoped to one element (target), repeating it
// while its text filter matches nothing, up to the action timeout: it waits
// for the page as browser_wait_for does, and as replay will.
func (r *run) check(ctx context.Context, ts *TestStep, s step.Step, target string) (bool, error) {
	return r.checkOr(ctx, ts, s, target, "")
}

// checkOr is check whose failure, when its element was found, says
// instead (when set) rather than the check's own message.
func (r *run) checkOr(ctx context.Context, ts *TestStep, s step.Step, target, instead string) (bool, error) {
	if target == "" {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("no stable selector was found for %s", s.Element), nil)
	}
	if e := r.unexpand(s.Element, s.Value); e != s.Element {
		s.Element, ts.Element = e, r.masker.Replace(e)
	}
	call, err := r.gen.Call(s, target)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), nil)
	}
	exported := r.export(call, s)
	start := time.Now()
	out, err := r.askCheck(ctx, call, true)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, err.Error(), err)
	}
	if !out.IsError {
		ts.Target = r.masker.Replace(target)
		r.keep(ts, exported, s)
		return true, nil
	}
	msg := failureText(s, out)
	switch {
	case out.NoMatch():
		msg = scopedFailure(s, time.Since(start))
	case instead != "":
		msg = instead
	case out.TimedOut() && s.Kind == step.AssertText:
		// The server could not reach the element: an empty status
		// takes no room, and counts as hidden.
		msg = fmt.Sprintf("expected text %q is not shown in %s, which is empty or hidden (%s)", s.Value, s.Element, out.ErrorLine())
	}
	return false, r.fail(ctx, ts.Index, ts.Action, &exported, msg, nil)
}

// askCheck runs a check's call (or another question that changes nothing
// on the page) until it passes or fails for good: a page
// navigating under it (a submit's page on its way: the document it waited
// in went away) is asked again, of the new page, as replay does; so is a
// target not there yet, when late is set. Both up to the compile's
// timeout. A session's error is returned as it is.
func (r *run) askCheck(ctx context.Context, call step.ToolCall, late bool) (*mcpclient.Result, error) {
	start := time.Now()
	backoff := clock.Backoff{First: r.c.opts.Poll} // as replay asks for a late target
	for {
		out, err := r.exec(ctx, call)
		left := r.c.opts.Timeout - time.Since(start)
		if err != nil || !out.IsError || !(out.Navigated() || late && out.NoMatch()) || left < r.c.opts.Poll {
			return out, err
		}
		wait := r.c.opts.Poll // a page on its way comes soon
		if !out.Navigated() {
			wait = backoff.Next()
		}
		if err := clock.Sleep(ctx, min(wait, left)); err != nil {
			return nil, err
		}
	}
}

// scopedFailure says why a check of one element failed when the element
// never came.
func scopedFailure(s step.Step, waited time.Duration) string {
	return fmt.Sprintf("%s is not on the page (waited %s)", s.Element, waited.Round(time.Millisecond))
}
