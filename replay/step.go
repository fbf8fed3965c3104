package replay

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// kind is what runs a step: an MCP tool call or one of the built-ins.
type kind uint8

const (
	kindCall kind = iota // mcp__<server>__<tool>
	kindWait
	kindLog
	kindAppendFile
	kindWaitForElement
	kindWaitUntil
)

// builtinKinds maps sandy__<name> to its kind.
var builtinKinds = map[string]kind{
	"wait":             kindWait,
	"log":              kindLog,
	"append_file":      kindAppendFile,
	"wait_for_element": kindWaitForElement,
	"wait_until":       kindWaitUntil,
}

// handler runs one attempt of a step with its substituted params. A failed
// step is outcome.fail; a Go error means the run cannot go on (a server was
// lost, the context ended).
type handler func(r *run, ctx context.Context, pl *plan, params map[string]any) (outcome, error)

// handlers is the dispatch table of step kinds.
var handlers = [...]handler{
	kindCall:           (*run).call,
	kindWait:           (*run).wait,
	kindLog:            (*run).logMessage,
	kindAppendFile:     (*run).appendFile,
	kindWaitForElement: (*run).waitForElement,
	kindWaitUntil:      (*run).waitUntil,
}

// outcome is what one attempt of a step produced.
type outcome struct {
	text    string         // the result text, read by output extraction
	fail    string         // why the step failed; "" when it passed
	retries int            // calls repeated (late target, on_error: retry)
	output  map[string]any // the values extracted by the step's output paths
	message string         // what sandy__log logged (masked)
	// excluded: the failure's text does not contain retry.condition, so
	// the author did not want it retried or tolerated: it ends the run.
	excluded bool
	heal     *report.Heal // set when the step ran on a healed target
}

// plan is a scenario step ready to run.
type plan struct {
	step   *sandy.Step
	index  int // 1-based position in the scenario
	total  int
	kind   kind
	server string // kindCall: the server; browser built-ins: an explicit mcp_server
	tool   string // kindCall: the tool name on the server
}

func newPlan(st *sandy.Step, i, total int) (*plan, error) {
	server, name, builtin, err := sandy.SplitTool(st.Tool)
	if err != nil {
		return nil, err
	}
	pl := &plan{step: st, index: i + 1, total: total, kind: kindCall, server: server, tool: name}
	if builtin {
		k, ok := builtinKinds[name]
		if !ok {
			return nil, fmt.Errorf("%w: tool %q: no such built-in", sandy.ErrInvalid, st.Tool)
		}
		pl.kind, pl.server, pl.tool = k, "", ""
		if k == kindWaitForElement || k == kindWaitUntil {
			if s, ok := st.Params["mcp_server"].(string); ok && !strings.Contains(s, "{{") {
				pl.server = s
			}
		}
	}
	return pl, nil
}

// serverFor is the server the step needs open, "" for none.
func (pl *plan) serverFor(browser string) string {
	switch pl.kind {
	case kindCall:
		return pl.server
	case kindWaitForElement, kindWaitUntil:
		if pl.server != "" {
			return pl.server
		}
		return browser
	}
	return ""
}

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
		// Variables resolve; step outputs do not exist without a server, so
		// params that read one are shown as written.
		sr.Status = report.StatusDryRun
		params, err := r.params(st)
		switch {
		case unknownVariable(err):
			sr.Params = r.mask.params(st.Params)
			return r.abort(&sr, finish, "params", err)
		case err != nil:
			sr.Params = r.mask.params(st.Params)
		default:
			sr.Params = r.mask.params(params)
		}
		finish()
		return false, nil
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
		return r.fail(ctx, pl, &sr, finish, "params: "+err.Error())
	}
	if pl.kind == kindCall {
		// The files a call names, with their values, must be the run's.
		confined, err := confine(r.opts.Files, params)
		if err != nil {
			sr.Params = r.mask.params(params)
			return r.abort(&sr, finish, "file argument", err)
		}
		params = confined
		if k, err := checkURLs(r.rule, params, false); err != nil {
			sr.Params = r.mask.params(params)
			return r.abort(&sr, finish, "URL argument "+k, err)
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
			sr.Status = report.StatusFailed
			sr.Error = r.mask.text(err.Error())
			r.res.FailedStep = st.Step
			r.res.Error = r.mask.text(fmt.Sprintf("step %d (%s): %v", st.Step, sr.Label(), err))
			finish()
			return true, fmt.Errorf("%s: step %d (%s): %w", r.where(), st.Step, st.Tool, err)
		}
	}

	o, err := r.attempts(ctx, pl, params)
	sr.Retries = o.retries
	if r.opts.Debug {
		r.log.Debug("step", "step", st.Step, "tool", st.Tool, "params", sr.Params,
			"result", trimmed(r.mask.text(o.text), 500), "error", r.mask.text(o.fail))
	}
	if err != nil {
		sr.Status = report.StatusFailed
		sr.Error = r.mask.text(err.Error())
		r.res.FailedStep = st.Step
		r.res.Error = r.mask.text(fmt.Sprintf("step %d (%s) failed: %v", st.Step, sr.Label(), err))
		finish()
		return true, fmt.Errorf("%s: step %d (%s): %w", r.where(), st.Step, st.Tool, err)
	}
	if o.fail != "" {
		if r.opts.IncludeResults != IncludeNone && o.text != "" {
			sr.Result = r.result(o.text)
		}
		if o.excluded {
			return r.stop(ctx, pl, &sr, finish, o.fail+fmt.Sprintf(" (not retried: the error does not contain retry.condition %q)", st.Retry.Condition))
		}
		return r.fail(ctx, pl, &sr, finish, o.fail)
	}
	sr.Status = report.StatusPassed
	if o.heal != nil {
		sr.Status = report.StatusHealed
		r.res.Heals = append(r.res.Heals, *o.heal)
		r.log.Info("step healed", "step", st.Step, "old", o.heal.OldTarget, "new", o.heal.NewTarget)
	}
	if len(st.Output) > 0 {
		sr.Output = r.mask.params(o.output)
	}
	sr.Message = o.message
	if r.opts.IncludeResults == IncludeAll {
		sr.Result = r.result(o.text)
	}
	finish()
	return false, r.waitAfter(ctx, st)
}

// fail records a failed step: it ends the run unless on_error says skip or
// retry (whose attempts were already made).
func (r *run) fail(ctx context.Context, pl *plan, sr *report.StepResult, finish func(), msg string) (bool, error) {
	st := pl.step
	if st.OnError == sandy.Skip || st.OnError == sandy.RetryStep {
		sr.Status = report.StatusFailed
		sr.Error = r.mask.text(msg)
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
	sr.Error = r.mask.text(msg)
	r.res.FailedStep = st.Step
	r.res.Error = fmt.Sprintf("step %d (%s) failed: %s: %s", st.Step, sr.Label(), st.Tool, sr.Error)
	finish()
	r.evidence(ctx, pl)
	return true, nil
}

// abort records a step that cannot run because its scenario names a
// variable nobody gave: bad input (the error wraps sandy.ErrInvalid), not a
// failed check.
func (r *run) abort(sr *report.StepResult, finish func(), what string, err error) (bool, error) {
	sr.Status = report.StatusFailed
	sr.Error = r.mask.text(what + ": " + err.Error())
	r.res.FailedStep = sr.Step
	r.res.Error = fmt.Sprintf("step %d (%s): %s", sr.Step, sr.Label(), sr.Error)
	finish()
	return true, fmt.Errorf("%s: step %d: %s: %w", r.where(), sr.Step, what, err)
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
	count, delay, backoff := 1, time.Duration(0), 0.0
	if st.OnError == sandy.RetryStep {
		count, delay = 3, 500*time.Millisecond
		if st.Retry != nil {
			if st.Retry.Count > 0 {
				count = st.Retry.Count
			}
			if st.Retry.Delay > 0 {
				delay = time.Duration(st.Retry.Delay) * time.Millisecond
			}
			backoff = st.Retry.Backoff
		}
	}
	retries := 0
	for attempt := 1; ; attempt++ {
		o, err := handlers[pl.kind](r, ctx, pl, params)
		retries += o.retries
		o.retries = retries
		if err == nil && o.fail == "" && len(st.Output) > 0 {
			values, xerr := Extract(o.text, st.Output)
			if xerr != nil {
				o.fail = xerr.Error()
			} else {
				r.vars.SetOutput(st.ID, values)
				r.res.Outputs[st.ID] = r.mask.params(values)
				o.output = values
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
		if err := clock.Sleep(ctx, delay); err != nil {
			return o, err
		}
		retries++
		if backoff > 1 {
			delay = time.Duration(float64(delay) * backoff)
		}
	}
}

func (r *run) waitAfter(ctx context.Context, st *sandy.Step) error {
	if st.WaitAfter <= 0 {
		return nil
	}
	return clock.Sleep(ctx, time.Duration(st.WaitAfter*float64(time.Second)))
}

// call calls an MCP tool. A call with a "target" that fails because the
// target matches nothing is repeated every Poll until Timeout has passed.
// An action on an element with a compiled identity is sent narrowed to it
// (see identity.go): when its target now names another element, it fails
// at once, saying which; with a Healer, such a step (or one whose target
// names nothing) is re-read and may run on a healed target.
func (r *run) call(ctx context.Context, pl *plan, params map[string]any) (outcome, error) {
	s, err := r.session(pl.server)
	if err != nil {
		return outcome{}, err
	}
	_, hasTarget := params["target"].(string)
	chk, isChecked := r.identityOf(pl, params)
	sent := params
	if isChecked {
		sent = chk.narrowed(params, chk.target)
	}
	deadline := time.Now().Add(r.opts.Timeout)
	probed := false
	var o outcome
	for {
		res, err := s.CallTool(ctx, pl.tool, sent)
		if errors.Is(err, mcpclient.ErrRejected) && ctx.Err() == nil {
			// The server is up and refused the request (an unknown tool,
			// params its schema rejects): the step failed.
			o.fail = err.Error()
			return o, nil
		}
		if err != nil {
			return o, err
		}
		if res == nil {
			return o, fmt.Errorf("%s: no result", pl.tool)
		}
		if err := refusedByServer(res); err != nil {
			return o, err // the page's text, if any, goes unread
		}
		o.text = res.Text
		if !res.IsError {
			return o, nil
		}
		msg := errorText(res)
		if pl.tool == mcpclient.ToolNavigate {
			return r.navigationFailed(o, params, res, msg)
		}
		if isChecked {
			// Say what the scenario says, not the narrowed selector.
			msg = strings.ReplaceAll(msg, sent["target"].(string), chk.target)
		}
		if !hasTarget || !res.NoMatch() {
			o.fail = msg
			return o, nil
		}
		left := time.Until(deadline)
		if isChecked && (!probed || left <= 0) {
			// Is it late, or does the target name another element now?
			probed = true
			if why := chk.why(r.resolve(ctx, s, chk.target)); why != "" {
				return r.missed(ctx, pl, s, params, chk, o, why)
			}
		}
		if left <= 0 {
			o.fail = fmt.Sprintf("%s (waited %s for the target)", msg, r.opts.Timeout)
			if isChecked {
				return r.missed(ctx, pl, s, params, chk, o, o.fail)
			}
			return o, nil
		}
		if err := clock.Sleep(ctx, min(left, r.opts.Poll)); err != nil {
			return o, err
		}
		o.retries++
	}
}

// missed ends an action whose target no longer names its compiled element
// (why): healed when a Healer finds it again, else failed with why.
func (r *run) missed(ctx context.Context, pl *plan, s ToolCaller, params map[string]any, chk checked, o outcome, why string) (outcome, error) {
	if r.opts.Healer == nil {
		o.fail = why
		return o, nil
	}
	h, err := r.heal(ctx, pl, s, params, chk, why)
	h.retries = o.retries
	return h, err
}

// navigationFailed classifies a failed browser_navigate: a site that cannot
// be reached at all ends the run as the environment's fault (the scenario
// was never tested), a page that did not load in time is the step's
// failure, named as such.
func (r *run) navigationFailed(o outcome, params map[string]any, res *mcpclient.Result, msg string) (outcome, error) {
	url, _ := params["url"].(string)
	if reason := res.NetError(); reason != "" {
		return o, &mcpclient.SiteError{URL: url, Reason: reason}
	}
	if res.TimedOut() {
		limit := "in time"
		if r.opts.NavTimeout > 0 {
			limit = fmt.Sprintf("within %s (--nav-timeout)", r.opts.NavTimeout)
		}
		o.fail = fmt.Sprintf("the page %s did not finish loading %s", url, limit)
		return o, nil
	}
	o.fail = msg
	return o, nil
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

// errorText is the message of a failed tool result.
func errorText(res *mcpclient.Result) string {
	msg := res.Error
	if msg == "" {
		msg = mcpclient.ParseText(res.Text).Error
	}
	if msg == "" {
		msg = res.Text
	}
	msg = strings.TrimSpace(msg)
	if msg == "" {
		return "the tool reported an error with no message"
	}
	return msg
}

// errNoSession is returned when a browser built-in has no server to use.
var errNoSession = errors.New("no browser session")
