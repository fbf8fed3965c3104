package replay

// One step's run: its plan, params, condition, attempts and record.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// step runs one planned step and records it. stop is true when the step
// failed and ends the run.
func (r *run) step(ctx context.Context, pl *plan) (stop bool, err error) {
	st := pl.step
	sr := report.StepResult{Step: st.Step, ID: st.ID, Tool: st.Tool, Description: r.mask.text(st.Description)}
	r.progress(pl, sr, false)
	started := time.Now()
	finish := func() {
		sr.Duration = time.Since(started)
		r.stepShot(ctx, pl, &sr)
		r.res.Steps = append(r.res.Steps, sr)
		r.progress(pl, sr, true)
	}

	if r.opts.DryRun {
		return r.dryRun(pl, &sr, finish)
	}

	if st.Condition != "" {
		ok, err := r.vars.EvalCondition(st.Condition)
		if unknownVariable(err) {
			return r.abort(&sr, finish, "condition", err)
		}
		if err != nil {
			return r.fail(ctx, pl, &sr, finish, "condition: "+err.Error())
		}
		if !ok {
			sr.Status, sr.Skipped = report.StatusSkipped, true
			finish()
			return false, nil
		}
	}

	params, err := r.params(st)
	if err != nil {
		sr.Params = r.mask.params(st.Params)
		if unknownVariable(err) {
			return r.abort(&sr, finish, "params", err)
		}
		if le := limitError(err); le != nil {
			return r.refuse(pl, &sr, finish, "params", le)
		}
		return r.fail(ctx, pl, &sr, finish, "params: "+err.Error())
	}
	if pl.kind == kindCall {
		var what string
		if params, what, err = r.guardArgs(params); err != nil {
			sr.Params = r.mask.params(params)
			return r.abort(&sr, finish, what, err)
		}
	}
	sr.Params = r.mask.params(params)

	if name := pl.serverFor(r.browser); name != "" {
		if _, err := r.session(name); err != nil {
			// The server could not be opened: the step fails. Tolerated
			// (on_error skip or retry), the run goes on, as in Sandy's
			// player; otherwise the run ends with the server's error.
			if st.OnError == sandy.Skip || st.OnError == sandy.RetryStep {
				return r.fail(ctx, pl, &sr, finish, err.Error())
			}
			return r.broken(pl, &sr, finish, fmt.Sprintf("step %d (%s): %v", st.Step, sr.Label(), err), err)
		}
	}

	o, err := r.attempts(ctx, pl, params)
	return r.record(ctx, pl, &sr, finish, params, o, err)
}

// dryRun records a step of a dry run: variables resolve; step outputs do
// not exist without a server, so params that read one are shown as
// written.
func (r *run) dryRun(pl *plan, sr *report.StepResult, finish func()) (bool, error) {
	st := pl.step
	sr.Status = report.StatusDryRun
	params, err := r.params(st)
	switch {
	case unknownVariable(err):
		sr.Params = r.mask.params(st.Params)
		return r.abort(sr, finish, "params", err)
	case err != nil:
		sr.Params = r.mask.params(st.Params)
	default:
		sr.Params = r.mask.params(params)
	}
	finish()
	return false, nil
}

// guardArgs holds a call's arguments to the run's rights: the files it
// names, with their values, must be the run's, and the URLs it opens
// allowed. On a refusal it returns the arguments as far as they were
// read, what was refused, and why.
func (r *run) guardArgs(params map[string]any) (map[string]any, string, error) {
	if hasFileArgs(params) {
		if err := r.checkFiles(); err != nil {
			return params, "file argument", err
		}
	}
	confined, err := confine(r.opts.Files, params)
	if err != nil {
		return params, "file argument", err
	}
	if k, err := checkURLs(r.rule, confined, false); err != nil {
		return confined, "URL argument " + k, err
	}
	return confined, "", nil
}

// record records what a step's attempts on params gave: a Go error ends
// the run, a failure fails the step (under its on_error), else it passed
// (or ran on a healed target), Options.AfterStep is told, and its
// wait_after follows.
func (r *run) record(ctx context.Context, pl *plan, sr *report.StepResult, finish func(), params map[string]any, o outcome, err error) (bool, error) {
	st := pl.step
	sr.Retries = o.retries
	if r.opts.Debug {
		r.log.Debug("step", "step", st.Step, "tool", st.Tool, "params", sr.Params,
			"result", trimmed(r.mask.text(o.text), 500), "error", r.mask.text(o.fail))
	}
	if le := limitError(err); le != nil {
		return r.refuse(pl, sr, finish, "", le)
	}
	if err != nil {
		return r.broken(pl, sr, finish, fmt.Sprintf("step %d (%s) failed: %v", st.Step, printable.Excerpt(sr.Label()), err), err)
	}
	if pl.kind == kindCall {
		o = dialogLeft(pl, o)
	}
	if o.fail != "" {
		if r.opts.IncludeResults != IncludeNone && o.text != "" {
			sr.Result = r.result(o.text)
		}
		if o.excluded {
			return r.stop(ctx, pl, sr, finish, o.fail+fmt.Sprintf(" (not retried: the error does not contain retry.condition %s)", printable.Quote(st.Retry.Condition)))
		}
		return r.fail(ctx, pl, sr, finish, o.fail)
	}
	sr.Status = report.StatusPassed
	if o.heal != nil {
		sr.Status = report.StatusHealed
		r.res.Heals = append(r.res.Heals, *o.heal)
		r.log.Info("step healed", "step", st.Step, "old", o.heal.OldTarget, "new", o.heal.NewTarget)
	}
	if len(st.Output) > 0 {
		sr.Output = o.output
	}
	sr.Message = o.message
	if r.opts.IncludeResults == IncludeAll {
		sr.Result = r.result(o.text)
	}
	finish()
	if err := r.afterStep(ctx, pl, sr, params); err != nil {
		r.res.FailedStep = st.Step
		r.res.Error = r.mask.message(fmt.Sprintf("after step %d (%s): %v", st.Step, printable.Excerpt(sr.Label()), err))
		return true, fmt.Errorf("%s: after step %d (%s): %w", r.where(), st.Step, st.Tool, err)
	}
	return false, r.waitAfter(ctx, st)
}

// broken records a step that ends the run with err, a Go error (a server
// not opened or lost, the context ended): runErr is the run's message.
func (r *run) broken(pl *plan, sr *report.StepResult, finish func(), runErr string, err error) (bool, error) {
	st := pl.step
	sr.Status = report.StatusFailed
	sr.Error = r.mask.message(err.Error())
	r.res.FailedStep = st.Step
	r.res.Error = r.mask.message(runErr)
	finish()
	return true, fmt.Errorf("%s: step %d (%s): %w", r.where(), st.Step, st.Tool, err)
}

// fail records a failed step: it ends the run unless on_error says skip or
// retry (whose attempts were already made).
func (r *run) fail(ctx context.Context, pl *plan, sr *report.StepResult, finish func(), msg string) (bool, error) {
	st := pl.step
	if st.OnError == sandy.Skip || st.OnError == sandy.RetryStep {
		sr.Status = report.StatusFailed
		sr.Error = r.mask.message(msg)
		sr.Tolerated = true
		r.log.Info("step failed, continuing", "step", st.Step, "on_error", string(st.OnError), "error", sr.Error)
		finish()
		return false, r.waitAfter(ctx, st)
	}
	return r.stop(ctx, pl, sr, finish, msg)
}

// stop records a failed step that ends the run, and saves the evidence.
func (r *run) stop(ctx context.Context, pl *plan, sr *report.StepResult, finish func(), msg string) (bool, error) {
	st := pl.step
	sr.Status = report.StatusFailed
	sr.Error = r.mask.message(msg)
	r.res.FailedStep = st.Step
	r.res.Error = fmt.Sprintf("step %d (%s) failed: %s: %s", st.Step, printable.Excerpt(sr.Label()), printable.Excerpt(st.Tool), sr.Error)
	finish()
	r.evidence(ctx, pl)
	return true, nil
}

// abort records a step that cannot run because its scenario names a
// variable nobody gave: bad input (the error wraps sandy.ErrInvalid), not a
// failed check.
func (r *run) abort(sr *report.StepResult, finish func(), what string, err error) (bool, error) {
	sr.Status = report.StatusFailed
	sr.Error = r.mask.message(what + ": " + err.Error())
	r.res.FailedStep = sr.Step
	r.res.Error = fmt.Sprintf("step %d (%s): %s", sr.Step, printable.Excerpt(sr.Label()), sr.Error)
	finish()
	return true, fmt.Errorf("%s: step %d: %s: %w", r.where(), sr.Step, what, err)
}

// refuse records a step whose values grew past a limit of what a run makes
// of them (le, at its path in the step's part: "params", or "" for the
// step, as in "output.items"): bad input,
// which ends the run whatever the step's on_error, since running it again
// makes the same values.
func (r *run) refuse(pl *plan, sr *report.StepResult, finish func(), part string, le *sandy.LimitError) (bool, error) {
	path := fmt.Sprintf("steps[%d]", pl.index-1)
	if part != "" {
		path += "." + part
	}
	switch {
	case le.Path == "":
	case strings.HasPrefix(le.Path, "["):
		path += le.Path
	default:
		path += "." + le.Path
	}
	err := &sandy.LimitError{Path: path, Msg: le.Msg}
	sr.Status = report.StatusFailed
	sr.Error = r.mask.text(err.Error())
	r.res.FailedStep = sr.Step
	r.res.Error = fmt.Sprintf("step %d (%s): %s", sr.Step, sr.Label(), sr.Error)
	finish()
	return true, fmt.Errorf("%s: step %d (%s): %w", r.where(), sr.Step, sr.Label(), err)
}

// limitError is err's *sandy.LimitError, or nil.
func limitError(err error) *sandy.LimitError {
	var le *sandy.LimitError
	if errors.As(err, &le) {
		return le
	}
	return nil
}

// unknownVariable reports whether err is a placeholder naming a variable
// that no layer defines (as opposed to a step output not recorded).
func unknownVariable(err error) bool {
	var ue *sandy.UnresolvedError
	return errors.As(err, &ue) && ue.Step == ""
}

func (r *run) progress(pl *plan, sr report.StepResult, done bool) {
	if r.opts.Progress == nil {
		return
	}
	r.opts.Progress(report.StepEvent{
		Scenario: r.sc.Metadata.Name, File: r.file,
		Index: pl.index, Total: pl.total, Done: done, Step: sr,
	})
}

// params substitutes the step's params.
func (r *run) params(st *sandy.Step) (map[string]any, error) {
	if st.Params == nil {
		return map[string]any{}, nil
	}
	v, err := r.vars.Substitute(st.Params)
	if err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("substituted params are %T, not an object", v)
	}
	return m, nil
}

// attempts runs a step's handler and extracts its outputs, as many times as
// on_error: retry allows.
func (r *run) attempts(ctx context.Context, pl *plan, params map[string]any) (outcome, error) {
	st := pl.step
	var delays []time.Duration // before each attempt after the first
	if st.OnError == sandy.RetryStep {
		delays = sandy.RetryDelays(st.Retry)
	}
	count := len(delays) + 1
	retries := 0
	for attempt := 1; ; attempt++ {
		o, err := handlers[pl.kind](r, ctx, pl, params)
		retries += o.retries
		o.retries = retries
		if err == nil && o.fail == "" && len(st.Output) > 0 {
			values, xerr := Extract(o.text, st.Output)
			if xerr == nil {
				xerr = r.vars.SetOutput(st.ID, values)
			}
			switch {
			case limitError(xerr) != nil:
				return o, xerr
			case xerr != nil:
				o.fail = xerr.Error()
			default:
				// One masked copy, for the run's outputs and the step's.
				o.output = r.mask.params(values)
				r.res.Outputs[st.ID] = o.output
			}
		}
		if err != nil || o.fail == "" {
			return o, err
		}
		if st.OnError == sandy.RetryStep && st.Retry != nil && st.Retry.Condition != "" &&
			!strings.Contains(o.fail, st.Retry.Condition) {
			o.excluded = true
			return o, nil
		}
		if attempt >= count {
			return o, nil
		}
		r.log.Info("step failed, retrying", "step", st.Step, "attempt", attempt, "of", count, "error", r.mask.text(o.fail))
		if err := clock.Sleep(ctx, delays[attempt-1]); err != nil {
			return o, err
		}
		retries++
	}
}

// waitAfter sleeps the step's wait_after, at most defaults.MaxWait (which
// validate holds it to).
func (r *run) waitAfter(ctx context.Context, st *sandy.Step) error {
	if !(st.WaitAfter > 0) {
		return nil
	}
	return clock.Sleep(ctx, min(time.Duration(st.WaitAfter*float64(time.Second)), defaults.MaxWait))
}

// trimmed cuts s to n bytes (on a rune boundary), marking the cut.
func trimmed(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// result is a tool's result text as Sandy's step_results carry it: its
// JSON when it holds some (see Document), else the text; secrets masked.
func (r *run) result(text string) any {
	return r.mask.value(Document(text))
}
