package replay

// Options.AfterStep: another package acting in a step's browser session
// right after the step passed (plaintest prove breaks what a check reads
// there, and runs the check again).

import (
	"context"

	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// StepInfo is a step that has just passed, as Options.AfterStep is told
// of it.
type StepInfo struct {
	// File names the scenario as the run does (its file, else its name).
	File string
	// Index is the step's 1-based position in the scenario.
	Index int
	// Step is the step as the scenario writes it: placeholders in its
	// params and in its check record not filled in. It is the run's own:
	// read it, never change it.
	Step *sandy.Step
	// Tool is the tool's name on its server ("browser_evaluate").
	Tool string
	// Params are the params the call was made with: placeholders filled
	// in, file arguments confined to the files folder.
	Params map[string]any
	// Caller is the session of the step's server: the browser the step
	// ran in, with the page as the step left it.
	Caller ToolCaller
	// Substitute fills the run's placeholders in v ({{VARS}}, outputs of
	// earlier steps), as the step's params were filled.
	Substitute func(v any) (any, error)
}

// afterStep tells Options.AfterStep of a tool call that passed on its own
// target (not healed, whose params are no longer the scenario's). An
// error ends the run.
func (r *run) afterStep(ctx context.Context, pl *plan, sr *report.StepResult, params map[string]any) error {
	if r.opts.AfterStep == nil || pl.kind != kindCall || sr.Status != report.StatusPassed {
		return nil
	}
	s, err := r.session(pl.server)
	if err != nil {
		return err
	}
	return r.opts.AfterStep(ctx, StepInfo{File: r.where(), Index: pl.index, Step: pl.step, Tool: pl.tool,
		Params: params, Caller: s, Substitute: r.vars.Substitute})
}
