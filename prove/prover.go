package prove

// The Prover: replay's AfterStep hook that proves each check, and the
// proofs it keeps until the runs end.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"
	"sync"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// ErrNotBack is wrapped by the error of a check that fails on the page
// its mutations were undone on: the page did not come back as it was,
// and the steps after it would run on a page the scenario never made.
var ErrNotBack = errors.New("the page did not come back after its mutations were undone")

// Options configure a Prover; nil or zero fields take the defaults.
type Options struct {
	// MutantTimeout is how long a check whose function is the one its
	// record makes runs on a broken page. Default defaults.Mutant.
	MutantTimeout time.Duration
	// Timeout bounds the wait for a check's target on the page put back
	// (replay's --timeout). Default defaults.Step.
	Timeout time.Duration
	// Proved, when set, is told of each check's proof as it is made, from
	// the run's goroutine: with replay's Parallel above 1 it must be safe
	// for concurrent use.
	Proved func(Event)
}

// Event is one check proved.
type Event struct {
	File        string // the scenario, as replay names it (its file)
	Step        int    // the step's number
	Description string // the step's description
	Proof       *report.Proof
}

// Prover proves the checks of the scenarios a replay.Player runs with
// AfterStep as its Options.AfterStep, and keeps the proofs for Attach.
// One Prover may serve runs in parallel.
type Prover struct {
	opts   Options
	mu     sync.Mutex
	proofs map[string]map[int]*report.Proof // by file, then step number
}

// New returns a Prover.
func New(opts *Options) *Prover {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.MutantTimeout <= 0 {
		o.MutantTimeout = defaults.Mutant
	}
	if o.Timeout <= 0 {
		o.Timeout = defaults.Step
	}
	return &Prover{opts: o, proofs: map[string]map[int]*report.Proof{}}
}

// AfterStep proves the step s when it is a check (replay.Options.AfterStep):
// for each mutation of its kind, it breaks what the check reads in the
// page, runs the check there, and puts the page back; then it runs the
// check as written once more, which must pass on the page put back. A
// step that is no check is left alone. An error is a session lost, or a
// page that did not come back (ErrNotBack).
func (p *Prover) AfterStep(ctx context.Context, s replay.StepInfo) error {
	proof, err := p.step(ctx, s)
	if err != nil || proof == nil {
		return err
	}
	p.mu.Lock()
	if p.proofs[s.File] == nil {
		p.proofs[s.File] = map[int]*report.Proof{}
	}
	p.proofs[s.File][s.Step.Step] = proof
	p.mu.Unlock()
	if p.opts.Proved != nil {
		p.opts.Proved(Event{File: s.File, Step: s.Step.Step, Description: s.Step.Description, Proof: proof})
	}
	return nil
}

// step makes the proof of the step s when it is a check; nil when it is
// none.
func (p *Prover) step(ctx context.Context, s replay.StepInfo) (*report.Proof, error) {
	cl, ok := claimOf(s.Step, s.Tool)
	if !ok {
		return nil, nil
	}
	return p.prove(ctx, s, cl)
}

// Attach sets the proofs of each result's check steps
// (report.StepResult.Proof) and its score (report.RunResult.Proved), and
// returns the score of them all.
func (p *Prover) Attach(results []*report.RunResult) report.Score {
	p.mu.Lock()
	defer p.mu.Unlock()
	total := report.Score{Percent: 100}
	for _, r := range results {
		if r == nil {
			continue
		}
		key := r.File
		if key == "" {
			key = r.Scenario
		}
		for i := range r.Steps {
			if proof := p.proofs[key][r.Steps[i].Step]; proof != nil {
				r.Steps[i].Proof = proof
			}
		}
		s := report.ScoreOf(r)
		r.Proved = &s
		total.Merge(s)
	}
	return total
}

// prove makes the proof of one check step.
func (p *Prover) prove(ctx context.Context, s replay.StepInfo, cl claim) (*report.Proof, error) {
	proof := &report.Proof{From: cl.from, Reads: cl.reads, Mutants: []report.Mutant{}}
	if cl.rec == nil {
		proof.From, proof.Reads = "", s.Step.Description
		proof.Unproven = "a check compiled before checks carried a record of what they read: compile the scenario again"
		if cl.from != "" {
			proof.From, proof.Unproven = cl.from, "it names nothing to break"
		}
		return proof, nil
	}
	rec, err := substituted(cl.rec, s.Substitute)
	if err != nil {
		proof.Unproven = "its record: " + err.Error()
		return proof, nil
	}
	target, _ := s.Params["target"].(string)
	sent := locator.WordNames(target) // as replay sends it
	if cl.from == FromRecord {
		st, err := commandgen.FromRecord(rec, target)
		if err != nil {
			proof.Unproven = "its record: " + err.Error()
			return proof, nil
		}
		if c, err := commandgen.Call(st, target); err == nil {
			proof.Reads, _ = c.Args["element"].(string)
		}
	}
	names, _ := commandgen.Mutations(rec.Kind)
	check, trusted := p.checkCall(s, sent)
	proof.AsWritten = !trusted
	if err := p.settle(ctx, s.Caller); err != nil {
		return nil, err
	}
	var skips []string
	for _, name := range names {
		m, err := p.mutant(ctx, s.Caller, name, rec, sent, check)
		if err != nil {
			return nil, err
		}
		if m.Status == report.MutantSkipped {
			skips = append(skips, name+": "+m.Message)
		}
		proof.Mutants = append(proof.Mutants, m)
	}
	if len(skips) == len(names) {
		proof.Unproven = "no mutation found anything to break (" + strings.Join(skips, "; ") + ")"
	}
	return proof, p.back(ctx, s, sent)
}

// shortFunction is the function of the check rec makes on target at
// MutantTimeout, its placeholders filled by subst (nil: none), when fn is
// the one rec makes at d; false when it is not.
func (p *Prover) shortFunction(rec *sandy.Check, target, fn string, d time.Duration, subst func(any) (any, error)) (any, bool) {
	st, err := commandgen.FromRecord(rec, target)
	if err != nil {
		return nil, false
	}
	same, err := (&commandgen.CallOptions{CheckTimeout: d, WaitTimeout: d}).Call(st, target)
	if err != nil || same.Args["function"] != fn {
		return nil, false
	}
	short, err := (&commandgen.CallOptions{CheckTimeout: p.opts.MutantTimeout, WaitTimeout: p.opts.MutantTimeout}).Call(st, target)
	if err != nil {
		return nil, false
	}
	if subst == nil {
		return short.Args["function"], true
	}
	v, err := subst(short.Args["function"])
	return v, err == nil
}

// checkCall is the check's call to run on a broken page: when its
// function is the one its record makes at its own timeout, the same at
// MutantTimeout (true); else the call as written (a function edited by
// hand or tampered with, a browser_verify_* tool), at its own timeout.
func (p *Prover) checkCall(s replay.StepInfo, sent string) (step.ToolCall, bool) {
	args := maps.Clone(s.Params)
	if sent != "" {
		args["target"] = sent
	}
	call := step.ToolCall{Tool: s.Tool, Args: args}
	raw, _ := s.Step.Params["function"].(string)
	d, ok := commandgen.CheckTimeout(raw)
	if s.Step.Check == nil || s.Tool != step.ToolEvaluate || !ok {
		return call, false
	}
	rawTarget, _ := s.Step.Params["target"].(string)
	fn, ok := p.shortFunction(s.Step.Check, rawTarget, raw, d, s.Substitute)
	if !ok {
		// A remembered value is written in the call in its JavaScript and
		// normalized forms ({{NAME.js}}, {{NAME.norm}}) and in the record
		// as read ({{NAME.value}}): the two are the same once filled in.
		rec, err := substituted(s.Step.Check, s.Substitute)
		sentFn, _ := s.Params["function"].(string)
		target, _ := s.Params["target"].(string)
		if err != nil {
			return call, false
		}
		if fn, ok = p.shortFunction(rec, target, sentFn, d, nil); !ok {
			return call, false
		}
	}
	args["function"] = fn
	return call, true
}

// mutant applies the mutation name, runs check on the broken page, and
// undoes the mutation.
func (p *Prover) mutant(ctx context.Context, caller replay.ToolCaller, name string, rec *sandy.Check, target string, check step.ToolCall) (report.Mutant, error) {
	m := report.Mutant{Name: name}
	mc, err := mutationCall(name, rec, target)
	if err != nil {
		return m, err
	}
	res, err := call(ctx, caller, mc)
	if err != nil {
		return m, err
	}
	var a applied
	if res.IsError {
		a.Skip = "it could not be applied: " + errorLine(res)
	} else if a, err = readApplied(res.Value); err != nil {
		a.Skip = err.Error()
	}
	if a.Skip != "" {
		m.Status, m.Message = report.MutantSkipped, a.Skip
		return m, p.undo(ctx, caller, name)
	}
	m.Did = a.Did
	res, err = call(ctx, caller, check)
	if err != nil {
		return m, err
	}
	m.Status = report.MutantSurvived
	if res.IsError {
		m.Status, m.Message = report.MutantKilled, errorLine(res)
	}
	return m, p.undo(ctx, caller, name)
}

// settle waits, up to the Prover's Timeout, until no part of the page
// says it is still loading (aria-busy="true", as compile waits for it):
// a check may pass as soon as its fact holds, while the page finishes
// what it is loading, and a loader that finishes on a broken page reacts
// to it as to a real one (the APG feed, finding its last article gone,
// loads ten more, and the page never comes back). A page still loading
// at the timeout is proved as it is.
func (p *Prover) settle(ctx context.Context, caller replay.ToolCaller) error {
	_, err := call(ctx, caller, commandgen.BusyWait(p.opts.Timeout))
	return err
}

// undo puts the page back as it was before the mutation name.
func (p *Prover) undo(ctx context.Context, caller replay.ToolCaller, name string) error {
	res, err := call(ctx, caller, undoCall())
	if err != nil {
		return err
	}
	if res.IsError {
		return fmt.Errorf("prove: undoing %s: %s: %w", name, errorLine(res), ErrNotBack)
	}
	return nil
}

// back runs the check as written on the page put back: it must pass, as
// it did before its mutations. A target not there yet is waited for, as
// replay waits for it.
func (p *Prover) back(ctx context.Context, s replay.StepInfo, sent string) error {
	args := maps.Clone(s.Params)
	if sent != "" {
		args["target"] = sent
	}
	deadline := time.Now().Add(p.opts.Timeout)
	for {
		res, err := call(ctx, s.Caller, step.ToolCall{Tool: s.Tool, Args: args})
		if err != nil {
			return err
		}
		if !res.IsError {
			return nil
		}
		if !res.NoMatch() || time.Now().After(deadline) {
			return fmt.Errorf("prove: step %d (%s): %w: the check fails: %s", s.Step.Step,
				printable.Excerpt(s.Step.Description), ErrNotBack, errorLine(res))
		}
		if err := clock.Sleep(ctx, defaults.Poll); err != nil {
			return err
		}
	}
}

// call makes c, a Go error when the server was not reached (a refused
// request is one too: prove's own calls are well formed).
func call(ctx context.Context, caller replay.ToolCaller, c step.ToolCall) (*mcpclient.Result, error) {
	res, err := caller.CallTool(ctx, c.Tool, c.Args)
	if err != nil {
		return nil, fmt.Errorf("prove: %s: %w", c.Tool, err)
	}
	if res == nil {
		return nil, fmt.Errorf("prove: %s: no result", c.Tool)
	}
	return res, nil
}

// errorLine is the first line of a failed call's message.
func errorLine(res *mcpclient.Result) string {
	l := res.ErrorLine()
	for strings.HasPrefix(l, "Error:") { // an Error the page threw, named again by the server
		l = strings.TrimSpace(strings.TrimPrefix(l, "Error:"))
	}
	if l == "" {
		l = report.FirstLine(res.Text)
	}
	return printable.Excerpt(l)
}

// substituted is rec with the run's placeholders filled in.
func substituted(rec *sandy.Check, subst func(any) (any, error)) (*sandy.Check, error) {
	b, err := json.Marshal(rec)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	v, err := subst(m)
	if err != nil {
		return nil, err
	}
	if b, err = json.Marshal(v); err != nil {
		return nil, err
	}
	var out sandy.Check
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
