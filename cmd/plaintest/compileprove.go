package main

import (
	"fmt"
	"io"
	"time"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/prove"
	rpt "github.com/plaintest/plaintest/report"
)

// checkProver proves each check compile --prove keeps, on the page it
// passed on and before the next action (prove.Prover.CompileCheck),
// printing one line a proof and, at the end, the score.
type checkProver struct {
	progress io.Writer
	score    rpt.Score
}

// install sets opts.ProveCheck to prove each check the compile keeps.
func (cp *checkProver) install(opts *parser.Options, timeout time.Duration) {
	cp.score = rpt.Score{Percent: 100}
	opts.ProveCheck = prove.New(&prove.Options{Timeout: timeout}).CompileCheck(func(c parser.CheckRun, p *rpt.Proof) {
		cp.score.Add(p)
		if p.Proven() {
			fmt.Fprintf(cp.progress, "  proved: %s\n", printable.String(rpt.ProofLine(c.Index, c.Action, p)))
		}
	})
}

// summarize prints the score of the checks proved, when there were any.
func (cp *checkProver) summarize() {
	if cp.score.Checks > 0 {
		fmt.Fprintf(cp.progress, "checks proved: %s\n", cp.score)
	}
}
