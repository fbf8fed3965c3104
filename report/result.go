// Package report turns replay results into what people and CI systems read:
// a console log written as the steps run (one line per step, then a PASSED or
// FAILED block), a JSON document, and JUnit XML.
//
// It takes in the result types declared here (RunResult, StepResult,
// StepEvent), which the replay package fills, and gives out text on an
// io.Writer. It knows nothing about MCP sessions or scenario files, and it
// never sees a secret: the player masks secret values before a result is
// built.
package report

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// Mask is what a secret value is replaced with in every result.
const Mask = "***"

// Step statuses.
const (
	StatusPassed  = "passed"  // the call succeeded
	StatusFailed  = "failed"  // the call failed (see Error); it stopped the run unless Tolerated
	StatusSkipped = "skipped" // its condition was false: the call was not made
	StatusDryRun  = "dry-run" // --dry-run: resolved and printed, not called
	StatusHealed  = "healed"  // --heal: its target no longer named its element; it ran on the one that fits (see Heal)
)

// Heal is a step that replay --heal ran on another target than its
// scenario names: the compiled target no longer resolved to exactly one
// element with the compiled identity, and re-reading the step's
// plain-English action on the page found exactly one element with the
// same role and name.
type Heal struct {
	Step        int    `json:"step"`
	Description string `json:"description,omitempty"` // the step's plain-English action
	Element     string `json:"element"`               // the compiled identity: role "name" (in container)
	OldTarget   string `json:"old_target"`
	NewTarget   string `json:"new_target"`
	NewElement  string `json:"new_element"` // the element it ran on, described as compile describes
	Found       string `json:"found"`       // who re-read the action: "rules", or the model's name
	// Why is why the old target did not do: it matched nothing, several
	// elements, or an element with another identity (named).
	Why string `json:"why"`
	// Screenshots of the page before the healed step ran, and after,
	// relative to the report folder; "" when none was taken.
	Before string `json:"before,omitempty"`
	After  string `json:"after,omitempty"`
}

// Summary is the result of replaying one or more scenarios: the object
// `plaintest replay --json` writes.
//
//	{
//	  "success": false,              // every scenario passed
//	  "total": 2, "passed": 1, "failed": 1,
//	  "duration_ms": 4210,
//	  "scenarios": [ RunResult, ... ] // in the order of the files given
//	}
type Summary struct {
	Success  bool   `json:"success"`
	Total    int    `json:"total"`
	Passed   int    `json:"passed"`
	Failed   int    `json:"failed"`
	Healed   int    `json:"healed"` // ran to the end only with heals (see RunResult.Healed)
	Duration Millis `json:"duration_ms"`
	// Proved is the score of plaintest prove over every scenario; nil in a
	// replay.
	Proved    *Score       `json:"proved,omitempty"`
	Scenarios []*RunResult `json:"scenarios"`
}

// NewSummary counts runs into a Summary.
func NewSummary(runs []*RunResult, d time.Duration) *Summary {
	s := &Summary{Success: true, Total: len(runs), Duration: Millis(d), Scenarios: runs}
	if runs == nil {
		s.Scenarios = []*RunResult{}
	}
	for _, r := range runs {
		switch {
		case r.Success:
			s.Passed++
		case r.Healed():
			s.Healed++
			s.Success = false
		default:
			s.Failed++
			s.Success = false
		}
	}
	return s
}

// RunResult is one scenario's replay.
//
//	{
//	  "scenario": "login-and-add-mug",   // metadata.name
//	  "file": ".sandy/scenarios/mug.json",
//	  "success": false,
//	  "failed_step": 4,                   // number of the step that stopped the run; absent when none
//	  "error": "step 4 (click Add to cart for Blue Mug) failed: ...", // why the run failed; absent on success
//	  "unavailable": false,               // true: an MCP server could not be reached or was lost
//	  "partial": true,                    // the scenario is partial (metadata.status); absent when complete
//	  "partial_detail": "compile stopped at action 4 of 6 (\"click Pay\"): ...", // its metadata.status_detail
//	  "steps": [ StepResult, ... ],       // the steps that were reached, in order
//	  "evidence": ["reports/mug-step4.png", "reports/mug-step4.snapshot.md"], // saved on failure
//	  "trace": "reports/mug.trace.zip",   // replay --trace: the Playwright trace kept
//	  "duration_ms": 3120,
//	  ... and Sandy's fields (see SandyResult): scenario_name, total_steps,
//	  passed_steps, duration, step_results, completed_steps, outputs, context
//	}
type RunResult struct {
	Scenario   string        `json:"scenario"`
	File       string        `json:"file,omitempty"`
	Success    bool          `json:"success"`
	Duration   time.Duration `json:"-"` // written as duration_ms
	FailedStep int           `json:"failed_step,omitempty"`
	Error      string        `json:"error,omitempty"`
	// Unavailable is true when the run stopped because an MCP server could
	// not be started or reached, or was lost mid-run: an environment
	// problem, not a failed check.
	Unavailable bool `json:"unavailable,omitempty"`
	// Partial is true when the scenario is a partial one (its compile
	// stopped early; replayed only when asked for): passing it proves
	// nothing about the actions it lacks. PartialDetail says where and
	// why the compile stopped.
	Partial       bool         `json:"partial,omitempty"`
	PartialDetail string       `json:"partial_detail,omitempty"`
	Steps         []StepResult `json:"steps"`
	Evidence      []string     `json:"evidence,omitempty"`
	// Trace is the run's Playwright trace (replay --trace), a zip that
	// npx playwright show-trace opens, as Evidence names its files; ""
	// when none was kept.
	Trace string `json:"trace,omitempty"`
	// TotalSteps is the number of steps in the scenario, run or not.
	TotalSteps int `json:"-"` // written as Sandy's total_steps
	// Outputs are the values the steps extracted, by step id then output
	// name (Sandy's outputs); a path that matched nothing is null.
	Outputs map[string]map[string]any `json:"-"` // written as Sandy's outputs
	// Heals are the steps replay --heal ran on another target. A run
	// with heals is not a pass (Success is false): it is HEALED when it
	// ran to its end and nothing else failed, else FAILED with its heals
	// listed.
	Heals []Heal `json:"heals,omitempty"`
	// Proved is the score of plaintest prove's proofs of the run's checks
	// (ScoreOf); nil in a replay.
	Proved *Score `json:"proved,omitempty"`
}

// Healed reports whether the run went to its end only thanks to heals:
// nothing failed, and at least one step was healed.
func (r *RunResult) Healed() bool {
	return len(r.Heals) > 0 && r.FailedStep == 0 && len(r.Tolerated()) == 0 && r.Error == "" && !r.Unavailable
}

// Tolerated returns the steps that failed and let the run go on
// (on_error skip, or retry that ran out). A run with any has failed, as in
// Sandy's player, though it went on to its end.
func (r *RunResult) Tolerated() []*StepResult {
	var out []*StepResult
	for i := range r.Steps {
		if s := &r.Steps[i]; s.Status == StatusFailed && s.Tolerated {
			out = append(out, s)
		}
	}
	return out
}

// Failed returns the step that stopped the run, or nil.
func (r *RunResult) Failed() *StepResult {
	if r.FailedStep == 0 {
		return nil
	}
	for i := range r.Steps {
		if r.Steps[i].Step == r.FailedStep && r.Steps[i].Status == StatusFailed && !r.Steps[i].Tolerated {
			return &r.Steps[i]
		}
	}
	return nil
}

// StepResult is one step's replay.
//
//	{
//	  "step": 4,                          // the step's number in the scenario
//	  "id": "add",                        // the step's id, when it has one
//	  "tool": "mcp__playwright__browser_click",
//	  "description": "click Add to cart for Blue Mug",
//	  "status": "failed",                 // passed | failed | skipped | dry-run
//	  "params": {"target": "..."},        // after substitution; secret values are "***"
//	  "retries": 48,                      // calls repeated: waiting for a late target, or on_error: retry
//	  "skipped": false,                   // true when its condition was false
//	  "tolerated": false,                 // failed, but on_error skip/retry let the run go on
//	  "error": "...does not match any elements.", // the server's (or built-in's) error text
//	  "output": {"title": "Demo Shop"},   // values extracted by the step's output paths
//	  "message": "cart checked",          // what a sandy__log step logged
//	  "duration_ms": 5012
//	}
type StepResult struct {
	Step        int            `json:"step"`
	ID          string         `json:"id,omitempty"`
	Tool        string         `json:"tool"`
	Description string         `json:"description,omitempty"`
	Status      string         `json:"status"`
	Params      map[string]any `json:"params,omitempty"`
	Duration    time.Duration  `json:"-"` // written as duration_ms
	Retries     int            `json:"retries"`
	Skipped     bool           `json:"skipped"`
	Tolerated   bool           `json:"tolerated,omitempty"`
	Error       string         `json:"error,omitempty"`
	Output      map[string]any `json:"output,omitempty"`
	// Message is what a sandy__log step logged (masked).
	Message string `json:"message,omitempty"`
	// Result is the tool's result (its text, parsed as JSON when it is
	// JSON), kept only as --include-results asks; written only in Sandy's
	// step_results.
	Result any `json:"-"`
	// Screenshot is the page after the step (or at its failure), relative
	// to the report folder; "" when none was taken (--screenshots).
	Screenshot string `json:"screenshot,omitempty"`
	// Proof is what plaintest prove found of a check step; nil for any
	// other step, and in a replay.
	Proof *Proof `json:"proof,omitempty"`
}

// Label is how a step is named to people: its description, else its tool.
func (s *StepResult) Label() string {
	if s.Description != "" {
		return s.Description
	}
	return s.Tool
}

// StepEvent tells a progress reporter that a step started or ended.
type StepEvent struct {
	Scenario string
	File     string
	Index    int  // 1-based position of the step in the scenario
	Total    int  // number of steps in the scenario
	Done     bool // false: the step is starting (Step has Step, ID, Tool, Description); true: Step is complete
	Step     StepResult
}

// Millis is a duration as plaintest's JSON documents write it: whole
// milliseconds, in fields named duration_ms or waited_ms.
type Millis time.Duration

// MarshalJSON writes m as a whole number of milliseconds.
func (m Millis) MarshalJSON() ([]byte, error) {
	return strconv.AppendInt(nil, time.Duration(m).Milliseconds(), 10), nil
}

// UnmarshalJSON reads a number of milliseconds.
func (m *Millis) UnmarshalJSON(b []byte) error {
	var n int64
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("a duration in milliseconds: %w", err)
	}
	*m = Millis(time.Duration(n) * time.Millisecond)
	return nil
}

// MarshalJSON writes the run with its duration as duration_ms, and Sandy's
// fields beside plaintest's.
func (r RunResult) MarshalJSON() ([]byte, error) {
	type plain RunResult
	sr := r.Sandy()
	return json.Marshal(struct {
		plain
		DurationMS Millis `json:"duration_ms"`
		sandyRunFields
	}{plain(r), Millis(r.Duration), sr.sandyRunFields})
}

// UnmarshalJSON reads what MarshalJSON writes (plaintest's fields, and of
// Sandy's the total and the outputs).
func (r *RunResult) UnmarshalJSON(b []byte) error {
	type plain RunResult
	return json.Unmarshal(b, &struct {
		*plain
		DurationMS *Millis                    `json:"duration_ms"`
		Total      *int                       `json:"total_steps"`
		Outputs    *map[string]map[string]any `json:"outputs"`
	}{(*plain)(r), (*Millis)(&r.Duration), &r.TotalSteps, &r.Outputs})
}

// MarshalJSON writes the step with its duration as duration_ms.
func (s StepResult) MarshalJSON() ([]byte, error) {
	type plain StepResult
	return json.Marshal(struct {
		plain
		DurationMS Millis `json:"duration_ms"`
	}{plain(s), Millis(s.Duration)})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (s *StepResult) UnmarshalJSON(b []byte) error {
	type plain StepResult
	return json.Unmarshal(b, &struct {
		*plain
		DurationMS *Millis `json:"duration_ms"`
	}{(*plain)(s), (*Millis)(&s.Duration)})
}
