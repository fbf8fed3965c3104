// Package compileout is what a compile writes when it ends: the scenario
// file (or the partial one beside it), the summary on the console, the
// --json result, the run as the HTML report and JUnit show it, and what a
// language model's answers cost.
package compileout

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/safefile"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/parser"
	rpt "github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// Written is one export file Written.
type Written struct {
	Format string `json:"format"`
	Path   string `json:"path"`
}

// Saved is what a compile wrote.
type Saved struct {
	// path is the file Written: the -o target for a complete scenario,
	// the partial file beside it (see PartialPath) for a partial one; ""
	// when nothing ran and nothing was Written.
	Path    string
	Partial bool
	// removed is the stale partial file beside the target that a complete
	// compile removed; removeErr says why it could not be.
	Removed   string
	RemoveErr error
}

// SaveScenario writes sc atomically: a complete scenario to out, removing a
// partial scenario left beside it by an earlier compile; a partial one
// beside out (PartialPath), leaving out as it was.
func SaveScenario(out string, sc *sandy.Scenario) (Saved, error) {
	data, err := sc.Marshal()
	if err != nil {
		return Saved{}, err
	}
	w := Saved{Path: out, Partial: sc.Partial()}
	if w.Partial {
		w.Path = PartialPath(out)
	}
	if err := os.MkdirAll(filepath.Dir(w.Path), 0o755); err != nil {
		return Saved{}, err
	}
	if err := safefile.Write(w.Path, data, 0o644); err != nil {
		return Saved{}, err
	}
	if stale := PartialPath(out); !w.Partial && isPartialScenario(stale) {
		if w.RemoveErr = os.Remove(stale); w.RemoveErr == nil {
			w.Removed = stale
		}
	}
	return w, nil
}

// PartialPath is where the partial scenario of a compile to out goes:
// beside out, ".partial" before its .json extension (mug.json →
// mug.partial.json), or ".partial.json" added to another name.
func PartialPath(out string) string {
	if ext := filepath.Ext(out); strings.EqualFold(ext, ".json") {
		return strings.TrimSuffix(out, ext) + ".partial" + ext
	}
	return out + ".partial.json"
}

// isPartialScenario reports whether the file at path is a scenario whose
// metadata.status is partial; any other file is not one, and is kept.
func isPartialScenario(path string) bool {
	data, err := sandy.ReadFile(path)
	if err != nil {
		return false
	}
	var head struct {
		Metadata struct {
			Status string `json:"status"`
		} `json:"metadata"`
	}
	return json.Unmarshal(data, &head) == nil && head.Metadata.Status == sandy.StatusPartial
}

func Summarize(w io.Writer, res *parser.ParserResult, out string, sv Saved, steps int) {
	done := 0
	for _, s := range res.Steps {
		if s.Index > 0 {
			done++
		}
	}
	switch {
	case sv.Path == "":
		fmt.Fprintf(w, "nothing ran, no scenario Written (%.1fs)\n", res.Duration.Seconds())
	case !sv.Partial:
		fmt.Fprintf(w, "wrote %s: %d %s from %d %s (%.1fs)\n", printable.String(sv.Path), steps, rpt.Plural(steps, "step", "steps"),
			len(res.Actions), rpt.Plural(len(res.Actions), "action", "actions"), res.Duration.Seconds())
	default:
		fmt.Fprintf(w, "wrote PARTIAL scenario %s: %d %s from %d of %d %s (%.1fs); %s was left as it was, and replay refuses the partial file unless --allow-partial\n",
			printable.String(sv.Path), steps, rpt.Plural(steps, "step", "steps"), done, len(res.Actions), rpt.Plural(len(res.Actions), "action", "actions"),
			res.Duration.Seconds(), printable.String(out))
	}
	switch {
	case sv.Removed != "":
		fmt.Fprintf(w, "removed the stale partial scenario %s\n", printable.String(sv.Removed))
	case sv.RemoveErr != nil:
		fmt.Fprintf(w, "could not remove the stale partial scenario: %s\n", printable.String(sv.RemoveErr.Error()))
	}
}

// jsonResult is the --json output of compile.
type jsonResult struct {
	Name       string        `json:"name"`
	Status     parser.Status `json:"status"`
	Target     string        `json:"target"`           // the -o file, Written only by a complete compile
	Output     string        `json:"output,omitempty"` // the file Written: Target, or the partial file beside it
	Partial    bool          `json:"partial,omitempty"`
	Removed    string        `json:"removed_partial,omitempty"` // a stale partial file removed beside Target
	Translator string        `json:"translator"`
	Duration   rpt.Millis    `json:"duration_ms"`
	Steps      []jsonStep    `json:"steps"`
	Errors     []jsonError   `json:"errors,omitempty"`
	Usage      jsonUsage     `json:"usage"`
	Secrets    []string      `json:"secrets,omitempty"`
	// Exports are the files of the other --format values Written.
	Exports []Written `json:"exports,omitempty"`
}

type jsonStep struct {
	Index    int        `json:"index"`
	Action   string     `json:"action"`
	Kind     string     `json:"kind"`
	Element  string     `json:"element,omitempty"`
	Target   string     `json:"target,omitempty"`
	Waited   rpt.Millis `json:"waited_ms,omitempty"`
	Duration rpt.Millis `json:"duration_ms"`
	// Translator is who read the action: rules or llm; Model the model's
	// answers for it.
	Translator string          `json:"translator,omitempty"`
	Model      []jsonModelStep `json:"model_steps,omitempty"`
	// Warnings: a check that already held before its action, a name read
	// by some of its words, a button named by its icon.
	Warnings []string `json:"warnings,omitempty"`
}

type jsonError struct {
	Index      int    `json:"index"`
	Action     string `json:"action"`
	Message    string `json:"message"`
	Screenshot string `json:"screenshot,omitempty"`
	Snapshot   string `json:"snapshot_file,omitempty"`
}

func WriteJSON(w io.Writer, res *parser.ParserResult, out string, sv Saved, exports []Written) {
	jr := jsonResult{Name: res.Name, Status: res.Status, Target: out, Output: sv.Path, Partial: sv.Partial, Removed: sv.Removed,
		Translator: res.Translator, Duration: rpt.Millis(res.Duration), Usage: jsonUsage(res.Usage), Secrets: res.SecretNames, Steps: []jsonStep{},
		Exports: exports}
	for _, s := range res.Steps {
		jr.Steps = append(jr.Steps, jsonStep{s.Index, s.Action, string(s.Kind), s.Element, s.Target, rpt.Millis(s.Waited), rpt.Millis(s.Duration),
			s.Translator, jsonModel(s.Model), s.Warnings})
	}
	for _, e := range res.Errors {
		jr.Errors = append(jr.Errors, jsonError{e.Index, e.Action, e.Message, e.Screenshot, e.SnapshotFile})
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	_ = enc.Encode(jr)
	// Page text and actions' control and bidi characters as \u escapes,
	// as replay --json writes them.
	_, _ = w.Write(printable.JSON(b.Bytes()))
}

// Run is a compile as the HTML report shows a run: one step per
// tool call that ran, with its action, params (variables and secrets as
// {{NAME}}) and the action's duration on its last call, then the failed
// action with its error and evidence. Screenshots are named relative to
// reportDir.
func Run(res *parser.ParserResult, out, reportDir string) *rpt.RunResult {
	r := &rpt.RunResult{Scenario: res.Name, File: out, Success: res.Status == parser.Success, Duration: res.Duration,
		Steps: []rpt.StepResult{}}
	n := 0
	tool := func(name string) string { return "mcp__" + mcpclient.PlaywrightServer + "__" + name }
	for _, ts := range res.Steps {
		for i, c := range ts.Calls {
			n++
			s := rpt.StepResult{Step: n, Tool: tool(c.Tool), Description: ts.Action, Status: rpt.StatusPassed, Params: c.Args}
			if i == len(ts.Calls)-1 {
				s.Duration = ts.Duration
			}
			r.Steps = append(r.Steps, s)
		}
	}
	for _, e := range res.Errors {
		n++
		s := rpt.StepResult{Step: n, Description: e.Action, Status: rpt.StatusFailed, Error: e.Message}
		if e.Call != nil {
			s.Tool, s.Params = tool(e.Call.Tool), e.Call.Args
		}
		if e.Screenshot != "" {
			s.Screenshot = relTo(reportDir, e.Screenshot)
			r.Evidence = append(r.Evidence, e.Screenshot)
		}
		if e.SnapshotFile != "" {
			r.Evidence = append(r.Evidence, e.SnapshotFile)
		}
		if r.FailedStep == 0 {
			r.FailedStep = n
			r.Error = fmt.Sprintf("action %d (%s) failed: %s", e.Index, e.Action, e.Message)
		}
		r.Steps = append(r.Steps, s)
	}
	return r
}

// relTo is path relative to dir, both relative to the working directory
// or absolute; path itself when it cannot be.
func relTo(dir, path string) string {
	absDir, err1 := filepath.Abs(dir)
	absPath, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return path
	}
	if rel, err := filepath.Rel(absDir, absPath); err == nil {
		return rel
	}
	return path
}
