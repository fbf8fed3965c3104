package prove

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// CompileCheck returns a parser.Options.ProveCheck that proves each check
// as the compile keeps it, on the page it has just passed on, with the
// mutations of its kind (compile --prove). proved, when set, is told of
// each proof. A check a mutation survived, or none could break, is
// refused: the error's words are the proof's, naming the mutation that
// survived and what the check reads.
func (p *Prover) CompileCheck(proved func(c parser.CheckRun, proof *report.Proof)) func(context.Context, parser.CheckRun) error {
	return func(ctx context.Context, c parser.CheckRun) error {
		st := &sandy.Step{Step: c.Index, Tool: "mcp__" + step.Server + "__" + c.Call.Tool, Description: c.Action, Params: c.Call.Args, Check: c.Record}
		proof, err := p.step(ctx, replay.StepInfo{Index: c.Index, Step: st, Tool: c.Call.Tool, Params: c.Args, Caller: c.Browser, Substitute: c.Fill})
		if err != nil {
			return fmt.Errorf("proving the check: %w", err)
		}
		if proof == nil {
			return errors.New("proving the check: it is no check prove reads")
		}
		if proved != nil {
			proved(c, proof)
		}
		if !proof.Proven() { // the action's failure names the step: the proof's words alone
			line := report.ProofLine(c.Index, c.Action, proof)
			return fmt.Errorf("the check cannot be shown to fail (compile --prove): %s", strings.TrimPrefix(line, fmt.Sprintf("step %d (%s): ", c.Index, c.Action)))
		}
		return nil
	}
}
