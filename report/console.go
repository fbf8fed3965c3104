package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/plaintest/plaintest/internal/printable"
)

// ConsoleOptions configure a Console. The zero value (or nil) writes plain
// text, one whole line per finished step.
type ConsoleOptions struct {
	// Color adds ANSI colours; set it only when the writer is a terminal.
	Color bool
	// Live writes a step's label when it starts and its outcome when it
	// ends, on the same line. Only for one scenario at a time on a terminal.
	Live bool
	// Prefix starts every step line with the scenario's name, for scenarios
	// that run in parallel.
	Prefix bool
}

// Console writes a replay as it runs: one line per step
// ("[3/6] click Add to cart for Blue Mug … ok 0.21s"), then a PASSED or FAILED
// block per scenario and a summary. Its methods are safe for concurrent use.
//
// Every text it is given (scenario names, files, descriptions, params, error
// texts) comes from outside and is written through printable.String: only
// the Console's own colour and line codes reach the terminal.
type Console struct {
	mu      sync.Mutex
	w       io.Writer
	opts    ConsoleOptions
	open    bool   // a live line is waiting for its outcome
	current string // the scenario whose lines are being written (without Prefix)
}

// NewConsole returns a Console writing to w.
func NewConsole(w io.Writer, opts *ConsoleOptions) *Console {
	c := &Console{w: w}
	if opts != nil {
		c.opts = *opts
	}
	return c
}

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiRed    = "\x1b[31m"
	ansiGreen  = "\x1b[32m"
	ansiYellow = "\x1b[33m"
)

func (c *Console) paint(code, s string) string {
	if !c.opts.Color || s == "" {
		return s
	}
	return code + s + ansiReset
}

// Step reports a step starting or ending; pass it as the player's progress
// callback.
func (c *Console) Step(ev StepEvent) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.opts.Prefix && ev.Scenario != c.current {
		c.endLine()
		c.current = ev.Scenario
		name := printable.String(ev.Scenario)
		if ev.File != "" {
			name += " " + c.paint(ansiDim, "("+printable.String(ev.File)+")")
		}
		fmt.Fprintf(c.w, "%s\n", c.paint(ansiBold, "▶ ")+name)
	}
	head := fmt.Sprintf("[%d/%d] %s …", ev.Index, ev.Total, printable.String(ev.Step.Label()))
	if c.opts.Prefix {
		head = printable.String(ev.Scenario) + ": " + head
	}
	if !ev.Done {
		if c.opts.Live {
			c.endLine()
			fmt.Fprint(c.w, head)
			c.open = true
		}
		return
	}
	if c.open {
		fmt.Fprintf(c.w, " %s\n", c.outcome(&ev.Step))
		c.open = false
	} else {
		fmt.Fprintf(c.w, "%s %s\n", head, c.outcome(&ev.Step))
	}
	if ev.Step.Message != "" {
		// A sandy__log message, printed as Sandy's player prints it.
		prefix := "  [LOG] "
		if c.opts.Prefix {
			prefix = printable.String(ev.Scenario) + ": " + prefix
		}
		fmt.Fprintf(c.w, "%s%s\n", prefix, printable.String(ev.Step.Message))
	}
}

// endLine finishes a live line left open (by a run that ended abnormally).
func (c *Console) endLine() {
	if c.open {
		fmt.Fprintln(c.w)
		c.open = false
	}
}

func (c *Console) outcome(s *StepResult) string {
	d := seconds(s.Duration)
	var extra string
	if s.Retries > 0 {
		extra = fmt.Sprintf(", %d %s", s.Retries, Plural(s.Retries, "retry", "retries"))
	}
	switch {
	case s.Status == StatusDryRun:
		return printable.String(s.Tool + " " + paramsText(s.Params))
	case s.Skipped:
		return c.paint(ansiYellow, "skipped") + " (condition false)"
	case s.Status == StatusFailed && s.Tolerated:
		return c.paint(ansiYellow, "failed, continuing") + " " + d + extra + ": " + printable.String(FirstLine(s.Error))
	case s.Status == StatusFailed:
		return c.paint(ansiRed, "FAILED") + " " + d + extra
	case s.Status == StatusHealed:
		return c.paint(ansiYellow, "HEALED") + " " + d + extra
	default:
		return c.paint(ansiGreen, "ok") + " " + d + extra
	}
}

// Run writes the PASSED or FAILED block of one finished scenario. A failed
// block names the step that failed, its tool, its params (secrets already
// masked) and the error text, and lists the evidence files.
func (c *Console) Run(r *RunResult) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.endLine()
	where := r.Scenario
	if r.File != "" {
		where += " (" + r.File + ")"
	}
	where = printable.String(where)
	if r.Partial {
		where += " " + c.paint(ansiYellow, "[partial scenario]")
	}
	if r.Success && dryRun(r) {
		fmt.Fprintf(c.w, "%s %s: %d %s resolved, nothing called\n", c.paint(ansiBold, "DRY RUN"), where,
			len(r.Steps), Plural(len(r.Steps), "step", "steps"))
		return
	}
	if r.Success {
		fmt.Fprintf(c.w, "%s %s: %d %s in %s\n", c.paint(ansiGreen+ansiBold, "PASSED"), where,
			len(r.Steps), Plural(len(r.Steps), "step", "steps"), seconds(r.Duration))
		return
	}
	if r.Healed() {
		fmt.Fprintf(c.w, "%s %s: %d %s in %s, %d healed\n", c.paint(ansiYellow+ansiBold, "HEALED"), where,
			len(r.Steps), Plural(len(r.Steps), "step", "steps"), seconds(r.Duration), len(r.Heals))
		c.heals(r)
		c.trace(r)
		return
	}
	fmt.Fprintf(c.w, "%s %s after %s\n", c.paint(ansiRed+ansiBold, "FAILED"), where, seconds(r.Duration))
	defer c.heals(r)
	if s := r.Failed(); s != nil {
		fmt.Fprintf(c.w, "  step:     %d, %s\n", s.Step, printable.String(s.Label()))
		fmt.Fprintf(c.w, "  tool:     %s\n", printable.String(s.Tool))
		fmt.Fprintf(c.w, "  params:   %s\n", printable.String(paramsText(s.Params)))
		fmt.Fprintf(c.w, "  error:    %s\n", indent(printable.String(s.Error), "            "))
	} else if r.Error != "" {
		fmt.Fprintf(c.w, "  error:    %s\n", indent(printable.String(r.Error), "            "))
	}
	if len(r.Evidence) > 0 {
		fmt.Fprintf(c.w, "  evidence: %s\n", printable.String(strings.Join(r.Evidence, ", ")))
	}
	c.trace(r)
}

// trace names the run's Playwright trace, when one was kept, and what
// opens it.
func (c *Console) trace(r *RunResult) {
	if r.Trace != "" {
		fmt.Fprintf(c.w, "  trace:    %s (npx playwright show-trace opens it)\n", printable.String(r.Trace))
	}
}

// heals lists the heals of a run: the step, why, and the old and new
// targets.
func (c *Console) heals(r *RunResult) {
	for _, h := range r.Heals {
		fmt.Fprintf(c.w, "  healed:   step %d, %s\n", h.Step, printable.String(h.Description))
		fmt.Fprintf(c.w, "            %s\n", printable.String(h.Why))
		fmt.Fprintf(c.w, "            old target %s\n", printable.String(h.OldTarget))
		fmt.Fprintf(c.w, "            new target %s (%s)\n", printable.String(h.NewTarget), printable.String(h.NewElement))
		for _, shot := range []string{h.Before, h.After} {
			if shot != "" {
				fmt.Fprintf(c.w, "            %s\n", printable.String(shot))
			}
		}
	}
}

// Summary writes the one summary line of a replay of several scenarios and
// names those that failed.
func (c *Console) Summary(s *Summary) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.endLine()
	verdict := c.paint(ansiGreen+ansiBold, "PASSED")
	if !s.Success {
		verdict = c.paint(ansiRed+ansiBold, "FAILED")
	}
	healed := ""
	if s.Healed > 0 {
		healed = fmt.Sprintf(", %d healed", s.Healed)
		if s.Failed == 0 {
			verdict = c.paint(ansiYellow+ansiBold, "HEALED")
		}
	}
	fmt.Fprintf(c.w, "%s %d %s: %d passed, %d failed%s in %s\n", verdict, s.Total,
		Plural(s.Total, "scenario", "scenarios"), s.Passed, s.Failed, healed, seconds(time.Duration(s.Duration)))
	for _, r := range s.Scenarios {
		if r.Success || r.Healed() {
			continue
		}
		name := r.Scenario
		if r.File != "" {
			name = r.File
		}
		fmt.Fprintf(c.w, "  %s %s: %s\n", c.paint(ansiRed, "✗"), printable.String(name), printable.String(FirstLine(r.Error)))
	}
}

// dryRun reports whether every step of r was only resolved (--dry-run).
func dryRun(r *RunResult) bool {
	for i := range r.Steps {
		if r.Steps[i].Status != StatusDryRun {
			return false
		}
	}
	return len(r.Steps) > 0
}

// paramsText is params as compact JSON with sorted keys, cut at
// printable.MaxMessage characters: a value may be megabytes long (a
// placeholder's), and the reports show params of every failed step.
func paramsText(p map[string]any) string {
	if len(p) == 0 {
		return "{}"
	}
	return printable.Message(compactJSON(p))
}

// compactJSON is v as compact JSON (maps with sorted keys), <, > and &
// kept.
func compactJSON(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.2fs", d.Seconds()) }

// Plural returns one when n is 1, else many: "step" or "steps".
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// FirstLine returns the first line of a message, trimmed, followed by " …"
// when more lines follow.
func FirstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

func indent(s, pad string) string {
	return strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n"+pad)
}
