package report

import (
	"encoding/json"
	"time"
)

// SandyResult is a run as Sandy's player (play.py --json) writes it, so
// that a script written for Sandy reads plaintest's --json unchanged:
//
//	{
//	  "scenario_name": "Login",
//	  "success": false,        // false also when a failed step was tolerated (on_error skip/retry)
//	  "total_steps": 6,        // steps in the scenario, run or not
//	  "passed_steps": 3,       // steps that passed or were skipped by their condition
//	  "failed_step": 4,        // the step that stopped the run, or null
//	  "duration": 3.12,        // seconds
//	  "step_results": [{"step": 1, "tool": "...", "success": true, "duration": 0.2,
//	                    "params": {...}, "result": null, "description": "...",
//	                    "error": null, "retries": 0, "skipped": false}],
//	  "completed_steps": [1, 2, 3],
//	  "outputs": {"search": {"first": "Blue Mug"}},
//	  "context": {"failed_step_error": "...", "failed_step_result": null},
//	  "error": "..."           // the failed step's error, or null
//	}
//
// "result" holds the tool's result only as --include-results asks (true,
// or on_failure for failed steps); Sandy's default, false, leaves it null.
type SandyResult struct {
	Success    bool    `json:"success"`
	FailedStep *int    `json:"failed_step"`
	Error      *string `json:"error"`
	sandyRunFields
}

// sandyRunFields are Sandy's fields that plaintest's RunResult does not
// have under the same name.
type sandyRunFields struct {
	ScenarioName   string                    `json:"scenario_name"`
	TotalSteps     int                       `json:"total_steps"`
	PassedSteps    int                       `json:"passed_steps"`
	Seconds        float64                   `json:"duration"`
	StepResults    []SandyStep               `json:"step_results"`
	CompletedSteps []int                     `json:"completed_steps"`
	Outputs        map[string]map[string]any `json:"outputs"`
	Context        map[string]any            `json:"context"`
}

// SandyStep is one step as Sandy's player writes it.
type SandyStep struct {
	Step        int            `json:"step"`
	Tool        string         `json:"tool"`
	Success     bool           `json:"success"`
	Seconds     float64        `json:"duration"`
	Params      map[string]any `json:"params"`
	Result      any            `json:"result"`
	Description *string        `json:"description"`
	Error       *string        `json:"error"`
	Retries     int            `json:"retries"`
	Skipped     bool           `json:"skipped"`
}

// Sandy returns r in Sandy's shape.
func (r *RunResult) Sandy() SandyResult {
	out := SandyResult{Success: r.Success, sandyRunFields: sandyRunFields{
		ScenarioName:   r.Scenario,
		TotalSteps:     max(r.TotalSteps, len(r.Steps)),
		Seconds:        secs(r.Duration),
		StepResults:    make([]SandyStep, 0, len(r.Steps)),
		CompletedSteps: []int{},
		Outputs:        r.Outputs,
		Context:        map[string]any{},
	}}
	if out.Outputs == nil {
		out.Outputs = map[string]map[string]any{}
	}
	for i := range r.Steps {
		s := &r.Steps[i]
		ok := s.Status != StatusFailed
		ss := SandyStep{Step: s.Step, Tool: s.Tool, Success: ok, Seconds: secs(s.Duration),
			Params: s.Params, Result: s.Result, Retries: s.Retries, Skipped: s.Skipped,
			Description: optional(s.Description), Error: optional(s.Error)}
		if ss.Params == nil {
			ss.Params = map[string]any{}
		}
		out.StepResults = append(out.StepResults, ss)
		if ok {
			out.PassedSteps++
			out.CompletedSteps = append(out.CompletedSteps, s.Step)
		}
	}
	if f := r.Failed(); f != nil {
		n := f.Step
		out.FailedStep = &n
		out.Error = optional(f.Error)
		out.Context["failed_step_error"] = f.Error
		out.Context["failed_step_result"] = f.Result
	} else if r.FailedStep != 0 {
		// The run stopped at a step before it could fail as a step (a
		// server that could not be opened, a variable nobody gave).
		n := r.FailedStep
		out.FailedStep = &n
		out.Error = optional(r.Error)
		out.Context["failed_step_error"] = r.Error
		out.Context["failed_step_result"] = nil
	}
	return out
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func secs(d time.Duration) float64 {
	return float64(d.Round(time.Millisecond)) / float64(time.Second)
}

// MarshalJSON writes the summary; a summary of one scenario also carries
// that run's Sandy fields at the top, where Sandy's play.py --json writes
// them (success, failed_step and error keep Sandy's meaning there).
func (s Summary) MarshalJSON() ([]byte, error) {
	type plain Summary
	if len(s.Scenarios) != 1 {
		return json.Marshal(plain(s))
	}
	sr := s.Scenarios[0].Sandy()
	// Summary's own success is the run's: written once.
	return json.Marshal(struct {
		plain
		FailedStep *int    `json:"failed_step"`
		Error      *string `json:"error"`
		sandyRunFields
	}{plain(s), sr.FailedStep, sr.Error, sr.sandyRunFields})
}
