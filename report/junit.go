package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/printable"
)

// The JUnit XML that CI systems (Jenkins, GitLab, GitHub test reporters) read:
// one <testsuite> for the replay, one <testcase> per scenario. A failed
// scenario has a <failure> whose message names the failed step and the
// server's error; a scenario stopped by an unreachable server has an <error>.
// A partial scenario's test case has the property partial=true and says so
// in the first line of its <system-out>.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name      string      `xml:"name,attr"`
	Tests     int         `xml:"tests,attr"`
	Failures  int         `xml:"failures,attr"`
	Errors    int         `xml:"errors,attr"`
	Skipped   int         `xml:"skipped,attr"`
	Time      string      `xml:"time,attr"`
	Timestamp string      `xml:"timestamp,attr,omitempty"`
	Cases     []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name       string           `xml:"name,attr"`
	Classname  string           `xml:"classname,attr"`
	File       string           `xml:"file,attr,omitempty"`
	Time       string           `xml:"time,attr"`
	Properties *junitProperties `xml:"properties,omitempty"`
	Failure    *junitProblem    `xml:"failure,omitempty"`
	Error      *junitProblem    `xml:"error,omitempty"`
	SystemOut  *junitText       `xml:"system-out,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",cdata"`
}

type junitProperties struct {
	Property []junitProperty `xml:"property"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

// junitText keeps its lines readable in the file (CDATA, not &#xA;).
type junitText struct {
	Text string `xml:",cdata"`
}

// JUnitOptions configure WriteJUnit; nil is fine.
type JUnitOptions struct {
	// Suite names the test suite; default "plaintest replay".
	Suite string
	// Timestamp is when the replay started; zero leaves it out.
	Timestamp time.Time
	// ReportDir is the folder that StepResult.Screenshot and Heal.Before
	// and After are relative to (replay's --report); default ".".
	ReportDir string
}

// WriteJUnit writes s as JUnit XML: one test case per scenario, named by the
// scenario and classed by its file; the failure message names the failed step
// (number, description, tool) and the error text, and the failure body has the
// step's params (secrets masked), the evidence files, the trace and the step
// log.
func WriteJUnit(w io.Writer, s *Summary, opts *JUnitOptions) error {
	var o JUnitOptions
	if opts != nil {
		o = *opts
	}
	if o.Suite == "" {
		o.Suite = "plaintest replay"
	}
	o.Suite = xmlSafe(o.Suite)
	suite := junitSuite{Name: o.Suite, Time: xmlSeconds(time.Duration(s.Duration))}
	if !o.Timestamp.IsZero() {
		suite.Timestamp = o.Timestamp.UTC().Format("2006-01-02T15:04:05")
	}
	for _, r := range s.Scenarios {
		c := junitCase{
			Name:      xmlSafe(r.Scenario),
			Classname: xmlSafe(classname(r)),
			File:      xmlSafe(r.File),
			Time:      xmlSeconds(r.Duration),
		}
		log := stepLog(r)
		if r.Partial {
			c.Properties = &junitProperties{[]junitProperty{{Name: "partial", Value: "true"}}}
			log = "partial scenario: " + r.PartialDetail + "\n" + log
		}
		if shots := attachments(r, o.ReportDir); len(shots) > 0 {
			log += strings.Join(shots, "\n") + "\n"
		}
		if log != "" {
			c.SystemOut = &junitText{xmlSafe(log)}
		}
		if !r.Success {
			p := &junitProblem{Message: xmlSafe(failureMessage(r)), Text: xmlSafe(failureDetail(r))}
			if r.Unavailable {
				p.Type = "ServerUnavailable"
				c.Error = p
				suite.Errors++
			} else {
				p.Type = "StepFailed"
				c.Failure = p
				suite.Failures++
			}
		}
		suite.Tests++
		suite.Cases = append(suite.Cases, c)
	}
	doc := junitSuites{Name: o.Suite, Tests: suite.Tests, Failures: suite.Failures, Errors: suite.Errors,
		Time: suite.Time, Suites: []junitSuite{suite}}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("write junit: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// attachments are the screenshots of r (each step's, each heal's before
// and after, the failure's evidence), then its Playwright trace, as the
// lines "[[ATTACHMENT|path]]"
// that Jenkins' JUnit Attachments plugin and GitLab read from a test
// case's system-out, each once, in the order of the steps. Paths are
// relative to the working directory (as --report was given) or absolute.
func attachments(r *RunResult, dir string) []string {
	if dir == "" {
		dir = "."
	}
	var out []string
	seen := map[string]bool{}
	add := func(path string) {
		if path == "" || seen[filepath.Clean(path)] {
			return
		}
		seen[filepath.Clean(path)] = true
		out = append(out, "[[ATTACHMENT|"+filepath.ToSlash(path)+"]]")
	}
	inDir := func(shot string) string {
		if shot == "" || filepath.IsAbs(shot) {
			return shot
		}
		return filepath.Join(dir, shot)
	}
	for _, h := range r.Heals {
		add(inDir(h.Before))
		add(inDir(h.After))
	}
	for i := range r.Steps {
		add(inDir(r.Steps[i].Screenshot))
	}
	for _, e := range r.Evidence {
		if strings.EqualFold(filepath.Ext(e), ".png") {
			add(e)
		}
	}
	add(r.Trace)
	return out
}

// classname groups a scenario by its file, as dotted path ("scenarios.mug").
func classname(r *RunResult) string {
	if r.File == "" {
		return "plaintest"
	}
	f := filepath.ToSlash(filepath.Clean(r.File))
	f = strings.TrimSuffix(f, filepath.Ext(f))
	f = strings.TrimLeft(f, "./")
	return strings.ReplaceAll(f, "/", ".")
}

func failureMessage(r *RunResult) string {
	if r.Healed() {
		return fmt.Sprintf("HEALED: %d %s ran on a new target; the scenario no longer matches the site (see %s)",
			len(r.Heals), Plural(len(r.Heals), "step", "steps"), "the .healed.json beside it")
	}
	if s := r.Failed(); s != nil {
		return fmt.Sprintf("step %d (%s) failed: %s: %s", s.Step, s.Label(), s.Tool, FirstLine(s.Error))
	}
	if r.Error != "" {
		return FirstLine(r.Error)
	}
	return "scenario failed"
}

func failureDetail(r *RunResult) string {
	var b strings.Builder
	if s := r.Failed(); s != nil {
		fmt.Fprintf(&b, "step:   %d, %s\ntool:   %s\nparams: %s\nerror:  %s\n", s.Step, s.Label(), s.Tool, paramsText(s.Params), s.Error)
	} else if r.Error != "" {
		fmt.Fprintf(&b, "error: %s\n", r.Error)
	}
	for _, h := range r.Heals {
		fmt.Fprintf(&b, "healed: step %d (%s): %s\n  old target %s\n  new target %s\n", h.Step, h.Description, h.Why, h.OldTarget, h.NewTarget)
	}
	for _, e := range r.Evidence {
		fmt.Fprintf(&b, "evidence: %s\n", e)
	}
	if r.Trace != "" {
		fmt.Fprintf(&b, "trace: %s\n", r.Trace)
	}
	return b.String()
}

// stepLog is one line per step reached, as the console writes them, without colours.
func stepLog(r *RunResult) string {
	var b strings.Builder
	plain := NewConsole(nil, nil)
	for i := range r.Steps {
		s := &r.Steps[i]
		fmt.Fprintf(&b, "step %d: %s … %s\n", s.Step, s.Label(), plain.outcome(s))
	}
	return b.String()
}

func xmlSeconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

// xmlSafe writes the control characters and bidi overrides that a
// scenario or a server's error text may carry as visible escapes
// (printable.String), and replaces what XML 1.0 still cannot hold
// (U+FFFE, U+FFFF) with U+FFFD. CDATA sections are written as they are, so
// they need it.
func xmlSafe(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r',
			r >= 0x20 && r <= 0xD7FF,
			r >= 0xE000 && r <= 0xFFFD,
			r >= 0x10000 && r <= 0x10FFFF:
			return r
		}
		return '\uFFFD'
	}, printable.String(s))
}
