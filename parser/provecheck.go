package parser

// Each check proved on the page it passed on, as it compiles (compile
// --prove): Options.ProveCheck.

import (
	"context"
	"maps"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/internal/jsonvalue"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// CheckRun is one check the compile keeps, on the page it passed on, as
// Options.ProveCheck is asked of it.
type CheckRun struct {
	// Index is the action's number (0 opens the URL); Action its words,
	// with secret values written as {{NAME}}.
	Index  int
	Action string
	// Call is the check's call as the export writes it (placeholders for
	// secrets, variables and remembered values), Record what it reads
	// (commandgen.Record), as the export writes it too.
	Call   step.ToolCall
	Record *sandy.Check
	// Args are Call's arguments as the browser was sent them: Fill
	// applied.
	Args map[string]any
	// Browser is the compile's session: the page as the check left it.
	Browser ToolCaller
	// Fill fills the placeholders in v (a call's arguments, a string, a
	// record as JSON) with the values the compile knows, as replay fills
	// them from its variables and the outputs of earlier steps.
	Fill func(v any) (any, error)
}

// proveChecks asks Options.ProveCheck of each check call ts kept from
// position from on. false means one was refused: the failure is recorded
// with the error's words, and its cause when the session was lost.
func (r *run) proveChecks(ctx context.Context, ts *TestStep, from int) (bool, error) {
	prove := r.c.opts.ProveCheck
	if prove == nil {
		return true, nil
	}
	for i := from; i < len(ts.Calls) && i < len(ts.Steps); i++ {
		call := ts.Calls[i]
		rec := commandgen.Record(ts.Steps[i])
		if rec == nil || !commandgen.IsCheck(call) {
			continue
		}
		commandgen.RememberedAsOutputs(rec, slices.Collect(maps.Keys(r.remembered))) // as the export writes it
		args, err := r.fill(call.Args)
		if err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, &call, err.Error(), nil)
		}
		run := CheckRun{Index: ts.Index, Action: ts.Action, Call: call, Record: rec,
			Args: args.(map[string]any), Browser: r.c.browser, Fill: r.fill}
		if err := prove(ctx, run); err != nil {
			var cause error
			if ctx.Err() != nil {
				cause = ctx.Err()
			}
			return false, r.fail(ctx, ts.Index, ts.Action, &call, err.Error(), cause)
		}
	}
	return true, nil
}

// fill writes the values the compile knows in for the placeholders of v
// as an export writes them: {{NAME}} for a variable or a secret, and
// {{NAME.value}}, {{NAME.js}} and {{NAME.norm}} for a remembered value.
func (r *run) fill(v any) (any, error) {
	var pairs []string
	for name, rv := range r.remembered {
		pairs = append(pairs, "{{"+name+"."+commandgen.OutputValue+"}}", rv.Value,
			"{{"+name+"."+commandgen.OutputJS+"}}", rv.JS, "{{"+name+"."+commandgen.OutputNorm+"}}", rv.Norm)
	}
	outputs := strings.NewReplacer(pairs...)
	return jsonvalue.MapStrings(v, func(s string) string { return r.replacer.Replace(outputs.Replace(s)) }), nil
}
