// Package nanoclaw writes and checks NanoClaw replay bundles (replay.json,
// adapter "nanoclaw-replay", schema 0.1): the record of an agent run that
// NanoClaw's assertion engine reads.
//
// A compile is such a run. Build takes its result (step.Compiled) and the
// calls a Recorder, the compile's observer, kept while it ran (every MCP call the compiler made, snapshots,
// waits and probes included, with their real times, and a language model's
// answers) and gives a Bundle: the scenario's text as the input message,
// each call a tool_call followed by its tool_result (its result trimmed) or,
// when it failed, by an error step, a summary of the compiled test as the
// final output, the compile's status and its metrics. Secret values are
// masked as {{NAME}} everywhere.
//
// Validate checks a bundle file as the engine does (REFERENCE §6 and the
// seed's validation rules) and reports every problem with its JSON path.
package nanoclaw

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/plaintest/plaintest/internal/jsonvalue"
	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/step"
)

// The fixed values of a bundle.
const (
	SchemaVersion = "0.1"
	Adapter       = "nanoclaw-replay"
	// GroupID is the NanoClaw group a compile runs in.
	GroupID = "plaintest"
)

// Bundle is a replay bundle (replay.json).
type Bundle struct {
	SchemaVersion string       `json:"schema_version"`
	Adapter       string       `json:"adapter"`
	Scenario      Scenario     `json:"scenario"`
	Capabilities  Capabilities `json:"capabilities"`
	InputMessages []Message    `json:"input_messages"`
	Script        []Step       `json:"script"`
	FinalOutput   *Message     `json:"final_output"`
	Status        string       `json:"status"`
	Metrics       Metrics      `json:"metrics"`
}

// Scenario is the bundle's context.
type Scenario struct {
	GroupID          string  `json:"group_id"`
	SessionID        string  `json:"session_id,omitempty"`
	TaskID           *string `json:"task_id"`
	Trigger          string  `json:"trigger"`
	SchedulerContext any     `json:"scheduler_context"`
}

// Capabilities are the flags the bundle declares.
type Capabilities struct {
	ToolTrace        bool `json:"supports_tool_trace"`
	MemoryEvents     bool `json:"supports_memory_events"`
	SchedulerContext bool `json:"supports_scheduler_context"`
	ContainerMeta    bool `json:"supports_container_metadata"`
}

// Message is an input message or the final output.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Step is one step of the script; which fields are set depends on Type.
type Step struct {
	Type   string `json:"type"`
	Tool   string `json:"tool,omitempty"`
	CallID string `json:"call_id,omitempty"`
	// Args are a tool_call's arguments (an object, {} when there are none).
	Args any `json:"args,omitempty"`
	// Success and Result: a tool_result.
	Success *bool `json:"success,omitempty"`
	Result  any   `json:"result,omitempty"`
	// Scope, ErrorType, Message and Retryable: an error.
	Scope     string `json:"scope,omitempty"`
	ErrorType string `json:"error_type,omitempty"`
	Message   string `json:"message,omitempty"`
	Retryable *bool  `json:"retryable,omitempty"`
	// Role and Content: the final_output.
	Role    string `json:"role,omitempty"`
	Content string `json:"content,omitempty"`
	TS      string `json:"ts,omitempty"`
}

// Metrics are the run's figures.
type Metrics struct {
	TimingMS   int64       `json:"timing_ms_total"`
	RetryCount int         `json:"retry_count"`
	TokenUsage *TokenUsage `json:"token_usage"`
}

// TokenUsage is what a language model's answers cost.
type TokenUsage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
	Requests         int `json:"requests"`
}

// Options describe the run. The zero value (or nil) is usable.
type Options struct {
	// Instruction is the scenario's text as the user gave it (secret values
	// masked); default the actions joined by " then ".
	Instruction string
	// Secrets maps the names of the run's secrets to their values, which
	// are written as {{NAME}} wherever they stand in a call or a result.
	Secrets map[string]string
	// Steps is the number of steps of the exported scenario, for the
	// summary.
	Steps int
	// File is the scenario file written, for the summary.
	File string
}

// ResultLimit is how many characters of a result's text a bundle keeps.
const ResultLimit = 1000

// Build returns the bundle of the compile run res, whose calls rec kept.
func Build(res *step.Compiled, calls []step.Record, opts *Options) *Bundle {
	var o Options
	if opts != nil {
		o = *opts
	}
	mask := secret.Names(o.Secrets)
	instruction := o.Instruction
	if instruction == "" {
		instruction = strings.Join(res.Actions, " then ")
	}
	name := res.Name
	b := &Bundle{
		SchemaVersion: SchemaVersion,
		Adapter:       Adapter,
		Scenario:      Scenario{GroupID: GroupID, TaskID: &name, Trigger: "user_message"},
		Capabilities:  Capabilities{ToolTrace: true},
		InputMessages: []Message{{Role: "user", Content: mask.Replace(instruction)}},
		Script:        []Step{},
		Status:        res.Status,
		Metrics:       Metrics{TimingMS: res.Duration.Milliseconds()},
	}
	if len(calls) > 0 {
		b.Scenario.SessionID = "compile-" + calls[0].Start.UTC().Format("20060102T150405.000Z")
	}
	for i, c := range calls {
		id := fmt.Sprintf("call-%d", i+1)
		b.Script = append(b.Script, Step{Type: "tool_call", Tool: c.Tool, CallID: id, Args: maskArgs(mask, c.Args), TS: stamp(c.Start)})
		if c.Model != nil {
			b.Script = append(b.Script, modelResult(c, id))
			continue
		}
		if c.Failure != "" {
			retryable := c.Retryable
			b.Script = append(b.Script, Step{Type: "error", Scope: "tool", Tool: c.Tool, CallID: id, ErrorType: string(c.Failure),
				Message: mask.Replace(c.Message), Retryable: &retryable, TS: stamp(c.End)})
			continue
		}
		b.Script = append(b.Script, Step{Type: "tool_result", Tool: c.Tool, CallID: id, Success: ptr(true),
			Result: maskArgs(mask, result(c.Result)), TS: stamp(c.End)})
	}
	summary := mask.Replace(Summary(res, o.Steps, o.File))
	final := Step{Type: "final_output", Role: "assistant", Content: summary}
	if n := len(calls); n > 0 {
		final.TS = stamp(calls[n-1].End)
	}
	b.Script = append(b.Script, final)
	b.FinalOutput = &Message{Role: "assistant", Content: summary}
	b.Metrics.RetryCount = Retries(calls)
	u := res.Model
	if u.Requests > 0 || u.Cached > 0 || u.PromptTokens > 0 {
		b.Metrics.TokenUsage = &TokenUsage{u.PromptTokens, u.CompletionTokens, u.PromptTokens + u.CompletionTokens, u.Requests}
	}
	return b
}

// Marshal returns the bundle as indented JSON, with a final newline.
func (b *Bundle) Marshal() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(b); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Summary is the final output of a compile: what it compiled (or where it
// stopped), then one line per action that ran.
func Summary(res *step.Compiled, steps int, file string) string {
	var b strings.Builder
	actions := 0
	for _, s := range res.Steps {
		if s.Index > 0 {
			actions++
		}
	}
	if res.Complete {
		fmt.Fprintf(&b, "compiled %q: %d steps from %d actions", res.Name, steps, len(res.Actions))
	} else {
		fmt.Fprintf(&b, "compiled %q in part: %d steps from %d of %d actions; %s", res.Name, steps, actions, len(res.Actions), res.StatusDetail())
	}
	if file != "" {
		fmt.Fprintf(&b, ", written to %s", file)
	}
	b.WriteString(" (Sandy v2.1)")
	for _, s := range res.Steps {
		fmt.Fprintf(&b, "\n- [%d] %s", s.Index, s.Action)
		if s.Element != "" {
			fmt.Fprintf(&b, " → %s", s.Element)
		}
		if s.Target != "" {
			fmt.Fprintf(&b, " [%s]", s.Target)
		}
	}
	return b.String()
}

// Retries counts the calls made again because the same call (the same
// tool, with the same arguments) had just failed, as compile does while
// it waits for a check or an element, and the model requests repeated
// because an answer was refused.
func Retries(calls []step.Record) int {
	n := 0
	for i, c := range calls {
		if c.Model != nil && c.Model.Requests > 1 {
			n += c.Model.Requests - 1
		}
		if i == 0 || c.Model != nil {
			continue
		}
		prev := calls[i-1]
		if prev.Failure != "" && prev.Tool == c.Tool && reflect.DeepEqual(prev.Args, c.Args) {
			n++
		}
	}
	return n
}

// The error types of a failed call.
const (
	ErrNoMatch     = string(step.FailNoMatch)     // the target matched no element yet (retried while waiting)
	ErrTimeout     = string(step.FailTimeout)     // the action or the page load timed out
	ErrNetwork     = string(step.FailNetwork)     // the site could not be reached
	ErrBrowserLost = string(step.FailBrowserLost) // the browser died or closed
	ErrUnavailable = string(step.FailUnavailable) // the server is gone or did not answer
	ErrRejected    = string(step.FailRejected)    // the server refused the request (an unknown tool)
	ErrInterrupted = string(step.FailInterrupted) // the run was stopped (Ctrl-C, a deadline)
	ErrTool        = string(step.FailTool)        // any other failure the tool reported
	ErrModel       = "model_error"                // a language model gave no usable answer
)

// modelResult is the step after a model's answer: its result, or an error
// when no usable answer came.
func modelResult(c step.Record, id string) Step {
	m := c.Model
	if m.Answer == "" {
		return Step{Type: "error", Scope: "tool", Tool: c.Tool, CallID: id, ErrorType: ErrModel,
			Message: "the model gave no usable answer", Retryable: ptr(true), TS: stamp(c.End)}
	}
	out := map[string]any{"answer": m.Answer, "prompt_tokens": m.PromptTokens, "completion_tokens": m.CompletionTokens,
		"requests": m.Requests, "cached": m.Cached}
	if m.Element != "" {
		out["element"] = m.Element
	}
	return Step{Type: "tool_result", Tool: c.Tool, CallID: id, Success: ptr(true), Result: out, TS: stamp(c.End)}
}

// result is what a bundle keeps of a tool's result: its sections, each
// trimmed to ResultLimit characters, or its text when it has none; images
// by type and size only.
func result(r *step.Result) map[string]any {
	out := map[string]any{}
	if r == nil {
		return out
	}
	for k, v := range r.Sections {
		if v != "" {
			out[k] = trim(v)
		}
	}
	if len(out) == 0 && r.Text != "" {
		out["text"] = trim(r.Text)
	}
	for _, img := range r.Images {
		out["images"] = append(asList(out["images"]), map[string]any{"mime_type": img.MIMEType, "bytes": img.Bytes})
	}
	return out
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// trim cuts s to ResultLimit characters, saying how much was left out.
func trim(s string) string {
	if utf8.RuneCountInString(s) <= ResultLimit {
		return s
	}
	r := []rune(s)
	return fmt.Sprintf("%s… [trimmed: %d of %d characters kept]", string(r[:ResultLimit]), ResultLimit, len(r))
}

// maskArgs copies v with every secret value in its strings (in every form)
// written as {{NAME}}.
func maskArgs[T any](m *secret.Masker, v T) T {
	return jsonvalue.MapStrings(any(v), m.Replace).(T)
}

// stamp writes t as the bundle's timestamps are: UTC, milliseconds.
func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02T15:04:05.000Z")
}

func ptr[T any](v T) *T { return &v }
