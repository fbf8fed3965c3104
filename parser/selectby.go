package parser

// Selects the snapshot does not say enough for: an option unselected in a
// list box that takes several, and an option of a <select> named by its
// value attribute, which the snapshot does not show.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator/names"
)

var (
	probeOptionValues = lookupProbe(probes, "optionValues")
	probeMultiple     = lookupProbe(probes, "multiple")
)

// deselect unselects the option s.Value of the list box at target (a
// Negated Select): a <select multiple> is left with the options s.Values
// in one browser_select_option, an ARIA list box that takes several gets a
// click on the option. A <select multiple> cannot be left with none
// selected that way (browser_select_option with no values is read back as
// one empty value), nor does a list box that takes one option at a time
// unselect by a click: both are refused naming the list box.
func (r *run) deselect(ctx context.Context, ts *TestStep, s step.Step, list *dom.Node, target string) (bool, error) {
	how, _ := r.probe(ctx, target, probeMultiple)
	switch how {
	case "native":
		if len(s.Values) == 0 {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("cannot deselect %q, the last option selected in %s: browser_select_option cannot leave it with none; select another option instead", s.Value, s.Element), nil)
		}
		sel := s
		sel.Negated = false
		return r.act(ctx, ts, sel, target)
	case "aria":
		o, err := names.OptionIn(r.page, list, s.Value)
		if err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), nil)
		}
		if !o.Selected {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("option %q in %s is not selected: there is nothing to deselect", o.Name, s.Element), nil)
		}
		// Clicked only while it is selected, at replay too (Unless): a
		// click on an option not selected would select it.
		click := step.Step{Kind: step.Click, Role: o.Role, Ref: o.Ref, Element: fmt.Sprintf("option %q in %s", o.Name, s.Element), Action: s.Action, Model: s.Model,
			Unless: step.StateSelected, Negated: true}
		return r.step(ctx, ts, click)
	}
	return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("%s takes one option at a time: an option is unselected by selecting another", s.Element), nil)
}

// selectValue picks the option of the <select> at target whose value
// attribute is s.Value (Match step.MatchValue): the label of that option,
// read from the page, is what the step selects and the export keeps, as
// for any other select.
func (r *run) selectValue(ctx context.Context, ts *TestStep, s step.Step, target string) (bool, error) {
	v, ok := r.probe(ctx, target, probeOptionValues)
	var opts [][2]string
	if !ok || json.Unmarshal([]byte(v), &opts) != nil || opts == nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("%s is no <select>: its options have no value to pick one by; name the option by its text", s.Element), nil)
	}
	values := make([]string, len(opts))
	for i, o := range opts {
		if o[0] == s.Value {
			sel := s
			sel.Value, sel.Match = o[1], ""
			return r.act(ctx, ts, sel, target)
		}
		values[i] = fmt.Sprintf("%q", o[0])
	}
	return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("no option with value %q in %s: its values are %s", s.Value, s.Element, strings.Join(values, ", ")), nil)
}
