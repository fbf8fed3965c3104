package main

// What prove writes: one line per check as it is proved, a verdict per
// scenario and for the run, the --json document, -o, --junit and
// --report; and its exit.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/prove"
	rpt "github.com/plaintest/plaintest/report" // main has a func report
	"github.com/plaintest/plaintest/sandy"
)

// proveConsole writes prove's progress. Its methods are safe for
// concurrent use (scenarios proved in parallel).
type proveConsole struct {
	mu      sync.Mutex
	w       io.Writer
	color   bool
	prefix  bool   // start each check's line with its file (--parallel)
	current string // the file whose lines are being written (without prefix)
	failed  *rpt.Console
}

func newProveConsole(w io.Writer, color, prefix bool) *proveConsole {
	return &proveConsole{w: w, color: color, prefix: prefix, failed: rpt.NewConsole(w, &rpt.ConsoleOptions{Color: color})}
}

func (c *proveConsole) paint(code, s string) string {
	if !c.color {
		return s
	}
	return code + s + "\x1b[0m"
}

// check writes one check's line as it is proved.
func (c *proveConsole) check(ev prove.Event) {
	c.mu.Lock()
	defer c.mu.Unlock()
	label := ev.Description
	if label == "" {
		label = ev.Proof.Reads
	}
	line := printable.String(rpt.ProofLine(ev.Step, label, ev.Proof))
	mark := c.paint("\x1b[32m", "✓")
	switch {
	case len(ev.Proof.Survived()) > 0:
		mark = c.paint("\x1b[31m", "✗")
	case !ev.Proof.Proven():
		mark = c.paint("\x1b[33m", "?")
	}
	if c.prefix {
		fmt.Fprintf(c.w, "%s: %s %s\n", printable.String(ev.File), mark, line)
		return
	}
	if ev.File != c.current {
		c.current = ev.File
		fmt.Fprintf(c.w, "%s%s\n", c.paint("\x1b[1m", "▶ "), printable.String(ev.File))
	}
	fmt.Fprintf(c.w, "  %s %s\n", mark, line)
}

// run writes a scenario's verdict: PROVEN, VACUOUS (a mutation survived a
// check) or NOT PROVEN (a check no mutation could break) with its score, or
// replay's FAILED block for a scenario that did not replay.
func (c *proveConsole) run(r *rpt.RunResult) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.current = ""
	where := r.File
	if where == "" {
		where = r.Scenario
	}
	score := ""
	if r.Proved != nil {
		score = r.Proved.String()
	}
	switch {
	case r.Success:
		fmt.Fprintf(c.w, "%s %s: %s\n", c.paint("\x1b[32;1m", "PROVEN"), printable.String(where), score)
	case r.Proved != nil && r.FailedStep == 0 && !r.Unavailable && strings.HasPrefix(r.Error, notProven):
		verdict := "VACUOUS" // a mutation survived a check
		if r.Proved.Vacuous == 0 {
			verdict = "NOT PROVEN" // no mutation could break a check, or its record could not be read
		}
		fmt.Fprintf(c.w, "%s %s: %s\n", c.paint("\x1b[31;1m", verdict), printable.String(where), score)
	default:
		c.failed.Run(r)
	}
}

// summary writes the run's verdict and score, and names the scenarios
// that did not prove, when there were several.
func (c *proveConsole) summary(s *rpt.Summary) {
	c.mu.Lock()
	defer c.mu.Unlock()
	verdict := c.paint("\x1b[32;1m", "PROVEN")
	if !s.Success {
		verdict = c.paint("\x1b[31;1m", "NOT PROVEN")
	}
	fmt.Fprintf(c.w, "%s %d %s: %s in %.2fs\n", verdict, s.Total, rpt.Plural(s.Total, "scenario", "scenarios"), s.Proved, time.Duration(s.Duration).Seconds())
	if s.Total < 2 {
		return
	}
	for _, r := range s.Scenarios {
		if !r.Success {
			fmt.Fprintf(c.w, "  %s %s: %s\n", c.paint("\x1b[31m", "✗"), printable.String(r.File), printable.String(rpt.FirstLine(r.Error)))
		}
	}
}

// writeProof writes what the flags ask for: the --json document, -o,
// --junit (suite "plaintest prove"), and --report's HTML report.
func (f *proveFlags) writeProof(e *env, out io.Writer, saved *bytes.Buffer, s *rpt.Summary, started time.Time) error {
	return summaryOut{json: f.json, output: f.output, junit: f.junit, report: f.report,
		suite: "plaintest prove", title: "plaintest prove", reportDir: f.evidenceDir()}.write(e, out, saved, s, started)
}

// proveOutcome chooses the exit: interrupted, then bad input (2), then an
// unreachable server (3), then a scenario that did not replay or a check
// not proven (1).
func proveOutcome(ctx context.Context, s *rpt.Summary, errs []error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted: %w", context.Canceled)
	}
	var input, environment, notBack []error
	for _, err := range errs {
		switch {
		case err == nil, errors.Is(err, context.Canceled):
		case errors.Is(err, sandy.ErrInvalid), errors.Is(err, mcpclient.ErrNoServer):
			input = append(input, err)
		case errors.Is(err, prove.ErrNotBack):
			notBack = append(notBack, err)
		default:
			environment = append(environment, err)
		}
	}
	switch {
	case len(input) > 0:
		return inputError(errors.Join(input...))
	case len(environment) > 0:
		return environmentError(errors.Join(environment...))
	case len(notBack) > 0:
		return failed(errors.Join(notBack...))
	case !s.Success:
		var names []string
		for _, r := range s.Scenarios {
			if !r.Success {
				names = append(names, r.File+": "+rpt.FirstLine(strings.TrimPrefix(r.Error, notProven)))
			}
		}
		return failed(fmt.Errorf("%d of %d %s not proven: %s", s.Total-s.Passed, s.Total,
			rpt.Plural(s.Total, "scenario", "scenarios"), strings.Join(names, "; ")))
	}
	return nil
}
