package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/safefile"
)

// HTMLFile is the name of the HTML report in its folder.
const HTMLFile = "index.html"

// Limits that keep the HTML report small: a passing step's long param
// values (a check's generated function) are cut, the step that failed or
// was healed keeps them whole; a failure's page snapshot is embedded up to
// maxSnapshot bytes (the file beside the report has it all).
const (
	maxParamValue = 80
	maxSnapshot   = 64 << 10
)

//go:embed html.tmpl
var htmlSource string

var htmlTemplate = template.Must(template.New("report").Parse(htmlSource))

// HTMLOptions configure WriteHTML; nil is fine.
type HTMLOptions struct {
	// Title heads the page; default "plaintest report".
	Title string
	// Dir is the folder the report is written in: evidence paths (as
	// replay writes them, relative to the working directory or absolute)
	// are linked relative to it. StepResult.Screenshot and Heal.Before and
	// After are relative to it already. Default ".".
	Dir string
	// Generated is when the report was made; zero leaves it out.
	Generated time.Time
}

// WriteHTML writes s as one self-contained HTML page: inline CSS and
// script, no request to any server; images are the screenshots beside it,
// linked by relative paths. It shows the summary (passed, failed, healed,
// durations), and each scenario with its steps (action, tool call with its
// params, status, duration, retries, screenshot), the failure's error
// text, expected against found for a check, and the page snapshot from
// the evidence (*.snapshot.md or *.snapshot.txt files, read from disk),
// and the heals with their old and new locators and screenshots. Failed
// scenarios are expanded, the others collapsed; buttons filter by status
// and a search box by text. Every text from outside is escaped by
// html/template, and its control characters and bidi controls, which
// html/template passes as they are, are written as printable.String
// writes them (\x1b, \u202e).
func WriteHTML(w io.Writer, s *Summary, opts *HTMLOptions) error {
	var o HTMLOptions
	if opts != nil {
		o = *opts
	}
	if o.Title == "" {
		o.Title = "plaintest report"
	}
	if o.Dir == "" {
		o.Dir = "."
	}
	page := htmlPage{Title: printable.String(o.Title), Total: s.Total, Passed: s.Passed, Failed: s.Failed, Healed: s.Healed,
		Duration: seconds(time.Duration(s.Duration)), Proved: htmlScore(s.Proved)}
	if !o.Generated.IsZero() {
		page.Generated = o.Generated.UTC().Format("2006-01-02 15:04:05 UTC")
	}
	for _, r := range s.Scenarios {
		page.Scenarios = append(page.Scenarios, htmlScenarioOf(r, o.Dir))
	}
	var b bytes.Buffer
	if err := htmlTemplate.Execute(&b, page); err != nil {
		return fmt.Errorf("html report: %w", err)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// WriteHTMLFile writes the HTML report of s as dir/index.html (creating
// dir), replacing an earlier one atomically, and returns its path.
func WriteHTMLFile(dir string, s *Summary, opts *HTMLOptions) (string, error) {
	var o HTMLOptions
	if opts != nil {
		o = *opts
	}
	o.Dir = dir
	var b bytes.Buffer
	if err := WriteHTML(&b, s, &o); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("html report: %w", err)
	}
	path := filepath.Join(dir, HTMLFile)
	if err := safefile.Write(path, b.Bytes(), 0o644); err != nil {
		return "", fmt.Errorf("html report: %w", err)
	}
	return path, nil
}

// ScenarioStatus is a run's verdict as the reports name it: passed,
// healed (see RunResult.Healed) or failed.
func ScenarioStatus(r *RunResult) string {
	switch {
	case r.Success:
		return StatusPassed
	case r.Healed():
		return StatusHealed
	}
	return StatusFailed
}

// The page as the template reads it.
type htmlPage struct {
	Title, Generated, Duration    string
	Proved                        string // plaintest prove's score, "" in a replay
	Total, Passed, Failed, Healed int
	Scenarios                     []htmlScenario
}

type htmlScenario struct {
	Status, Name, File, Duration string
	Open                         bool // expanded: it failed
	Partial, Unavailable         bool
	PartialDetail, Error         string
	Proved                       string // plaintest prove's score
	Steps                        []htmlStep
	Heals                        []htmlHeal
	Snapshot, SnapshotFile       string
	SnapshotCut                  bool
	Evidence                     []htmlLink
	Trace                        *htmlLink // the Playwright trace kept (replay --trace)
}

type htmlStep struct {
	Num                int
	Status, Label      string
	Tool               string
	Params             []htmlParam
	Duration           string
	Retries            int
	Tolerated, Stopped bool // failed and let the run go on; failed and ended it
	Error              string
	Expected, Found    string // a check's failure, split
	Screenshot         string // a relative URL
	Eager              bool   // load the image at once (its scenario is expanded)
	Proof              *htmlProof
}

type htmlHeal struct {
	Step                                int
	Description, Element, Old, New, Why string
	Before, After                       string // relative URLs
}

type htmlLink struct{ Name, Href string }

// htmlParam is one argument of a tool call: a string as it is, anything
// else as JSON.
type htmlParam struct{ Key, Value string }

func htmlScenarioOf(r *RunResult, dir string) htmlScenario {
	text := printable.String // every text from outside, shown with its controls escaped
	sc := htmlScenario{Status: ScenarioStatus(r), Name: text(r.Scenario), File: text(r.File), Duration: seconds(r.Duration),
		Partial: r.Partial, PartialDetail: text(r.PartialDetail), Unavailable: r.Unavailable, Error: text(r.Error), Proved: htmlScore(r.Proved)}
	sc.Open = sc.Status == StatusFailed
	healed := map[int]bool{}
	for _, h := range r.Heals {
		healed[h.Step] = true
		sc.Heals = append(sc.Heals, htmlHeal{Step: h.Step, Description: text(h.Description), Element: text(h.Element),
			Old: text(h.OldTarget), New: text(h.NewTarget), Why: text(h.Why),
			Before: relURL(dir, h.Before, false), After: relURL(dir, h.After, false)})
	}
	stopped := r.Failed()
	for i := range r.Steps {
		s := &r.Steps[i]
		st := htmlStep{Num: s.Step, Status: text(s.Status), Label: text(s.Label()), Tool: text(shortTool(s.Tool)),
			Duration: seconds(s.Duration), Retries: s.Retries, Tolerated: s.Tolerated, Error: text(s.Error),
			Stopped: s == stopped, Screenshot: relURL(dir, s.Screenshot, false), Eager: sc.Open, Proof: htmlProofOf(s.Proof)}
		whole := s.Status == StatusFailed || s.Status == StatusHealed || healed[s.Step]
		st.Params = htmlParams(s.Params, whole)
		if s.Status == StatusFailed {
			expected, found := Expectation(s.Error)
			st.Expected, st.Found = text(expected), text(found)
		}
		sc.Steps = append(sc.Steps, st)
	}
	for _, e := range r.Evidence {
		sc.Evidence = append(sc.Evidence, htmlLink{Name: text(filepath.Base(e)), Href: relURL(dir, e, true)})
		if sc.Snapshot == "" && (strings.HasSuffix(e, ".snapshot.md") || strings.HasSuffix(e, ".snapshot.txt")) {
			snap, cut := readSnapshot(e)
			sc.Snapshot, sc.SnapshotCut = text(snap), cut
			sc.SnapshotFile = relURL(dir, e, true)
		}
	}
	if r.Trace != "" {
		sc.Trace = &htmlLink{Name: text(filepath.Base(r.Trace)), Href: relURL(dir, r.Trace, true)}
	}
	return sc
}

// shortTool drops the mcp__playwright__ of the bundled browser's tools.
func shortTool(tool string) string {
	return strings.TrimPrefix(tool, "mcp__playwright__")
}

// htmlParams is params in key order, each string as it is and any other
// value as JSON; unless whole, a value longer than maxParamValue bytes is
// cut, saying how much was left out (whole, one longer than
// printable.MaxMessage characters).
func htmlParams(p map[string]any, whole bool) []htmlParam {
	out := make([]htmlParam, 0, len(p))
	for _, k := range slices.Sorted(maps.Keys(p)) {
		v, ok := p[k].(string)
		if !ok {
			v = compactJSON(p[k])
		}
		if whole {
			v = printable.Message(v)
		} else if len(v) > maxParamValue {
			n := maxParamValue
			for n > 0 && !utf8.RuneStart(v[n]) {
				n--
			}
			v = fmt.Sprintf("%s… (%d more bytes)", v[:n], len(v)-n)
		}
		out = append(out, htmlParam{printable.String(k), printable.String(v)})
	}
	return out
}

// reExpected splits a check's failure: what the page showed, then what
// was expected ("the cart shows 2 items, expected 1 (waited 5s)").
var (
	reFoundExpected = regexp.MustCompile(`(?s)^(?:Error: )?(.*?), (expected .*?)(?: \(waited [^)]*\))?$`)
	reExpectedOnly  = regexp.MustCompile(`(?s)^(?:Error: )?(expected .*?)(?: \(waited [^)]*\))?$`)
)

// Expectation splits the first line of a failed check's error text into
// what was expected and what the page showed, as package commandgen's checks
// word them: "the URL is X, expected it to end with Y" gives
// ("expected it to end with Y", "the URL is X"); "expected text "7 items"
// is not shown" gives it as expected, with found "". Both are "" when the
// text is not a check's.
func Expectation(msg string) (expected, found string) {
	line := strings.TrimSpace(msg)
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = strings.TrimSpace(line[:i])
	}
	if m := reExpectedOnly.FindStringSubmatch(line); m != nil {
		return m[1], ""
	}
	if m := reFoundExpected.FindStringSubmatch(line); m != nil {
		return m[2], m[1]
	}
	return "", ""
}

// relURL is the relative URL, from the report folder dir, of a file at
// path: relative to the working directory (fromCWD: evidence) or to dir
// already (screenshots), or absolute. "" for "".
func relURL(dir, path string, fromCWD bool) string {
	if path == "" {
		return ""
	}
	if fromCWD || filepath.IsAbs(path) {
		absDir, err1 := filepath.Abs(dir)
		absPath, err2 := filepath.Abs(path)
		if err1 == nil && err2 == nil {
			if rel, err := filepath.Rel(absDir, absPath); err == nil {
				path = rel
			}
		}
	}
	u := url.URL{Path: filepath.ToSlash(path)}
	return u.String()
}

// readSnapshot reads an evidence snapshot, cut at maxSnapshot bytes; cut
// says it was. A file that cannot be read gives a line saying so.
func readSnapshot(path string) (text string, cut bool) {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Sprintf("(the snapshot could not be read: %v)", err), false
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxSnapshot+1))
	if err != nil {
		return fmt.Sprintf("(the snapshot could not be read: %v)", err), false
	}
	if len(b) > maxSnapshot {
		n := maxSnapshot
		for n > 0 && !utf8.RuneStart(b[n]) {
			n--
		}
		return string(b[:n]), true
	}
	return string(b), false
}
