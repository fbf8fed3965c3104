package suite

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/printable"
)

// The statuses of a suite's tests.
const (
	StatusCompiled  = "compiled"
	StatusUnchanged = "unchanged"
	StatusPartial   = "partial"
	StatusFailed    = "failed"
	StatusRefused   = "refused"
)

// Outcome is what became of one test of a suite compile.
type Outcome struct {
	File     string `json:"file"`
	Name     string `json:"name,omitempty"`
	Status   string `json:"status"`
	Scenario string `json:"scenario,omitempty"`
	Error    string `json:"error,omitempty"`
	Duration int64  `json:"duration_ms"`
}

// Result is a suite compile's end, as its --json document.
type Result struct {
	Success  bool           `json:"success"`
	Counts   map[string]int `json:"counts"`
	Tests    []Outcome      `json:"tests"`
	Orphaned []string       `json:"orphaned"`
	Duration int64          `json:"duration_ms"`
}

// NewResult sums up the outcomes.
func NewResult(tests []Outcome, orphaned []string, d time.Duration) *Result {
	r := &Result{Counts: map[string]int{}, Tests: tests, Orphaned: orphaned, Duration: d.Milliseconds()}
	if r.Tests == nil {
		r.Tests = []Outcome{}
	}
	if r.Orphaned == nil {
		r.Orphaned = []string{}
	}
	for _, t := range tests {
		r.Counts[t.Status]++
	}
	r.Success = r.NotCompiled() == 0
	return r
}

// NotCompiled counts the tests that did not compile, refused ones too.
func (r *Result) NotCompiled() int {
	return r.Counts[StatusPartial] + r.Counts[StatusFailed] + r.Counts[StatusRefused]
}

// WriteText writes a line a test, one an orphan and the counts; a line
// more when every test was unchanged.
func (r *Result) WriteText(w io.Writer) {
	for _, t := range r.Tests {
		line := fmt.Sprintf("%-9s %s", t.Status, t.File)
		if t.Name != "" {
			line += ": " + t.Name
		}
		if t.Scenario != "" {
			line += " → " + t.Scenario
		}
		switch {
		case atLine(t.Error, t.File): // FILE:LINE:COL: as editors link it
			line = fmt.Sprintf("%-9s %s", t.Status, t.Error)
		case t.Error != "":
			line += ": " + t.Error
		}
		fmt.Fprintln(w, printable.String(line))
	}
	for _, o := range r.Orphaned {
		fmt.Fprintln(w, printable.String(fmt.Sprintf("%-9s %s: its test is gone (remove it, or restore its test)", "orphaned", o)))
	}
	c := r.Counts
	fmt.Fprintf(w, "suite: %d test(s): %d compiled, %d unchanged, %d partial, %d failed, %d refused; %d orphaned (%.1fs)\n",
		len(r.Tests), c[StatusCompiled], c[StatusUnchanged], c[StatusPartial], c[StatusFailed], c[StatusRefused], len(r.Orphaned), float64(r.Duration)/1000)
	if len(r.Tests) > 0 && c[StatusUnchanged] == len(r.Tests) {
		fmt.Fprintln(w, "nothing compiled: every test is unchanged since its scenario was written (--force compiles them again)")
	}
}

// WriteJSON writes the result as its --json document.
func (r *Result) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// atLine reports whether msg starts with file and a line number after a
// colon (FILE:LINE:…).
func atLine(msg, file string) bool {
	rest, ok := strings.CutPrefix(msg, file+":")
	return ok && rest != "" && rest[0] >= '0' && rest[0] <= '9'
}
