package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/prove"
	"github.com/plaintest/plaintest/replay"
	rpt "github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// checkProver proves each check compile --prove keeps, on the page it
// passed on and before the next action (parser.Options.ProveCheck), with
// plaintest prove's mutations: a check one survived, or none could break,
// is refused, and the action fails with the proof's words.
type checkProver struct {
	prover   *prove.Prover
	progress io.Writer
	last     *rpt.Proof
	score    rpt.Score
}

func newCheckProver(progress io.Writer, timeout time.Duration) *checkProver {
	cp := &checkProver{progress: progress, score: rpt.Score{Percent: 100}}
	cp.prover = prove.New(&prove.Options{Timeout: timeout, Proved: func(ev prove.Event) { cp.last = ev.Proof }})
	return cp
}

// check is parser.Options.ProveCheck.
func (cp *checkProver) check(ctx context.Context, c parser.CheckRun) error {
	cp.last = nil
	st := &sandy.Step{Step: c.Index, Tool: "mcp__" + step.Server + "__" + c.Call.Tool, Description: c.Action, Params: c.Call.Args, Check: c.Record}
	err := cp.prover.AfterStep(ctx, replay.StepInfo{Index: c.Index, Step: st, Tool: c.Call.Tool, Params: c.Args,
		Caller: c.Browser, Substitute: c.Fill})
	if err != nil {
		return fmt.Errorf("proving the check: %w", err)
	}
	p := cp.last
	if p == nil {
		return errors.New("proving the check: prove made no proof of it")
	}
	line := rpt.ProofLine(c.Index, c.Action, p)
	cp.score.Add(p)
	if !p.Proven() { // the action's failure names the step: the proof's words alone
		head := fmt.Sprintf("step %d (%s): ", c.Index, c.Action)
		return fmt.Errorf("the check cannot be shown to fail (compile --prove): %s", strings.TrimPrefix(line, head))
	}
	fmt.Fprintf(cp.progress, "  proved: %s\n", printable.String(line))
	return nil
}

// summarize prints the score of the checks proved, when there were any.
func (cp *checkProver) summarize() {
	if cp.score.Checks > 0 {
		fmt.Fprintf(cp.progress, "checks proved: %s\n", cp.score)
	}
}
