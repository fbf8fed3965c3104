package parser

// A click that sets a state ("expand X"), made only when the element is
// not in it already: the state read first and kept as the Sandy step the
// click's condition reads (commandgen.StateRead, commandgen.Unless).

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/step"
)

// unless runs s, a Click with Unless, on target: it reads the element's
// state, keeps that read, and clicks only when the element is not as s
// asks; the click is kept either way, conditional on the read, so that a
// replay on a page that starts in the other state clicks there.
func (r *run) unless(ctx context.Context, ts *TestStep, s step.Step, target string) (bool, error) {
	id := fmt.Sprintf("state_%d_%d", ts.Index, len(ts.Calls))
	read, ok := commandgen.StateRead(id, s.Unless, target, s.Element)
	if !ok {
		return r.act(ctx, ts, s, target)
	}
	exported := r.export(read, s)
	exported.ID, exported.Output = read.ID, read.Output
	out, err := r.exec(ctx, read)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, err.Error(), err)
	}
	if out.IsError {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, failureText(s, out), nil)
	}
	var got map[string]string
	if err := json.Unmarshal([]byte(out.Value), &got); err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, fmt.Sprintf("could not read whether %s is %s: %q", s.Element, s.Unless, out.Value), nil)
	}
	r.keep(ts, exported, s)
	cond := commandgen.Unless(id, s.Unless, s.Negated)
	if on := got[s.Unless] == "true"; on != s.Negated {
		// Already as asked: no click now, and the click kept for a page
		// that starts otherwise.
		click, err := r.gen.Call(s, target)
		if err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), nil)
		}
		click = r.export(click, s)
		click.Condition = cond
		ts.Target = r.masker.Replace(target)
		r.keep(ts, click, s)
		return true, nil
	}
	n := len(ts.Calls)
	ran, err := r.act(ctx, ts, s, target)
	if ran && len(ts.Calls) > n {
		ts.Calls[len(ts.Calls)-1].Condition = cond
	}
	return ran, err
}
