package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/internal/printable"
)

// Position is where an annotation points: a file, as a run names it, and
// a line and column in it (1-based; 0 when not known).
type Position struct {
	File      string
	Line, Col int
}

// Where says where step number step of run r comes from (0: the run as a
// whole), for WriteGitHub; its caller knows the scenario files.
type Where func(r *RunResult, step int) Position

// WriteGitHub writes a GitHub Actions workflow command for each problem
// of s, which GitHub shows as an annotation on the file and line it names
// (in the run's summary, and on a pull request's changed lines):
//
//	::error file=tests/cart.feature,line=7,title=checkout%3A step 4%2C check the cart shows 1 item::step 4 (check ...) failed: ...
//
// One ::error for the step that stopped each failed run and for each step
// that failed and let it go on (on_error skip, a retry that ran out), one
// for a failed run with no failed step (a server that did not start), and
// one ::warning for each healed step; a run that passed writes nothing.
// The title is the scenario's name and the step; the message is what the
// console's FAILED block says of it (its error, which names what was
// expected and what was found, and the evidence saved), secrets masked as
// the results hold them. Every text is written through printable.String
// and then escaped as GitHub's toolkit escapes it (escapeData,
// escapeProperty), so that no text from a page or a server can end the
// command line or start another command.
func WriteGitHub(w io.Writer, s *Summary, where Where) error {
	if where == nil {
		where = func(r *RunResult, _ int) Position { return Position{File: r.File} }
	}
	var b strings.Builder
	for _, r := range s.Scenarios {
		if r == nil || r.Success {
			continue
		}
		for _, a := range annotations(r, where) {
			b.WriteString(a.String())
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// annotation is one workflow command: ::error or ::warning.
type annotation struct {
	command        string // "error" or "warning"
	at             Position
	title, message string
}

// annotations are r's: its failures, then its heals.
func annotations(r *RunResult, where Where) []annotation {
	var out []annotation
	failed := func(s *StepResult, how string) {
		out = append(out, annotation{"error", where(r, s.Step),
			fmt.Sprintf("%s: step %d, %s%s", r.Scenario, s.Step, printable.Excerpt(s.Label()), how),
			withEvidence(s.Error, r.Evidence)})
	}
	if s := r.Failed(); s != nil {
		failed(s, "")
	}
	for _, s := range r.Tolerated() {
		failed(s, " (failed, the run went on)")
	}
	for i := range r.Steps {
		// plaintest prove: a check a mutation survived, or that none
		// could break, at its own line.
		s := &r.Steps[i]
		if p := s.Proof; p != nil && p.From != "" && !p.Proven() {
			out = append(out, annotation{"error", where(r, s.Step),
				fmt.Sprintf("%s: step %d, %s not proven", r.Scenario, s.Step, printable.Excerpt(s.Label())),
				ProofLine(s.Step, s.Label(), p)})
		}
	}
	if len(out) == 0 && !r.Healed() {
		msg := r.Error
		if msg == "" {
			msg = "the scenario failed"
		}
		out = append(out, annotation{"error", where(r, r.FailedStep), r.Scenario, withEvidence(msg, r.Evidence)})
	}
	for _, h := range r.Heals {
		out = append(out, annotation{"warning", where(r, h.Step),
			fmt.Sprintf("%s: step %d healed, %s", r.Scenario, h.Step, printable.Excerpt(h.Description)),
			fmt.Sprintf("%s\nold target %s\nnew target %s (%s)", h.Why, h.OldTarget, h.NewTarget, h.NewElement)})
	}
	return out
}

// withEvidence is msg followed by the evidence files, as the console's
// FAILED block lists them.
func withEvidence(msg string, evidence []string) string {
	msg = strings.TrimSpace(msg)
	if len(evidence) > 0 {
		msg += "\nevidence: " + strings.Join(evidence, ", ")
	}
	return msg
}

// String writes the command, its properties as GitHub's documentation
// lists them (file, line, col, title), one that is not known left out.
func (a annotation) String() string {
	var props []string
	add := func(k, v string) {
		if v != "" {
			props = append(props, k+"="+escapeProperty(printable.String(v)))
		}
	}
	add("file", a.at.File)
	if a.at.Line > 0 {
		add("line", strconv.Itoa(a.at.Line))
		if a.at.Col > 0 {
			add("col", strconv.Itoa(a.at.Col))
		}
	}
	add("title", a.title)
	cmd := "::" + a.command
	if len(props) > 0 {
		cmd += " " + strings.Join(props, ",")
	}
	return cmd + "::" + escapeData(printable.String(a.message))
}

// escapeData escapes a command's message as GitHub's toolkit does: "%"
// first, so that an escape is never read twice, then CR and LF, which
// would end the command.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a property's value as the toolkit does: as a
// message, and ":" and ",", which would end the value.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
