package replay

// A click that follows a hover: hovered again once when its target hid.

import (
	"context"

	"github.com/plaintest/plaintest/step"
)

// hovered is the hover step a run passed last, while the step after it has
// not run yet.
type hovered struct {
	pl     *plan
	params map[string]any
}

// call calls an MCP tool (callOnce). A click right after a hover whose
// target was never reached (it matched nothing, or never became visible
// and stable before the action timeout) hovers again and clicks once more:
// a control a page shows only under the pointer (a row's "move up" button)
// hides when the page moves under it (a list that scrolls, Playwright's
// own scroll to show the button), and a person would point at the row
// again. The
// exported Playwright spec does the same (a hover and its click retried
// together). Any other step, and a click whose second try also fails, is
// reported as it is.
func (r *run) call(ctx context.Context, pl *plan, params map[string]any) (outcome, error) {
	h := r.hovered
	r.hovered = nil
	o, err := r.callOnce(ctx, pl, params)
	if err != nil {
		return o, err
	}
	switch {
	case pl.tool == step.ToolHover && o.fail == "":
		r.hovered = &hovered{pl: pl, params: params}
	case pl.tool == step.ToolClick && o.unreached && h != nil && h.pl.index == pl.index-1:
		r.log.Info("a click after a hover did not reach its target; hovering again", "step", pl.step.Step, "error", r.mask.text(o.fail))
		ho, err := r.callOnce(ctx, h.pl, h.params)
		if err != nil || ho.fail != "" {
			return o, err // the first failure says what the scenario missed
		}
		again, err := r.callOnce(ctx, pl, params)
		again.retries += o.retries + ho.retries + 2
		return again, err
	}
	return o, nil
}
