package nanoclaw

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/jsonscan"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/textpos"
	"github.com/plaintest/plaintest/sandy"
)

// Problem is one violation of the bundle rules, at a JSON path
// ("script[3].call_id"; "" for the whole file): a scenario's problem type.
type Problem = sandy.Problem

// The values the rules allow.
var (
	triggers  = []string{"user_message", "scheduler"}
	statuses  = []string{"success", "partial", "failed", "blocked"}
	stepTypes = []string{"message_received", "tool_call", "tool_result", "memory_read", "memory_write", "error", "final_output"}
)

// Looks reports whether data, a JSON file, is meant as a replay bundle: an
// object with "script" and "schema_version" or "adapter", which a Sandy
// scenario never has.
func Looks(data []byte) bool {
	var head map[string]json.RawMessage
	if json.Unmarshal(data, &head) != nil {
		return false
	}
	_, script := head["script"]
	_, version := head["schema_version"]
	_, adapter := head["adapter"]
	return script && (version || adapter)
}

// Validate checks data, a replay bundle, against the rules NanoClaw's
// engine applies (REFERENCE §6, and the seed's validation rules), and
// returns every problem it finds: the required keys and their types;
// scenario.trigger user_message or scheduler, the latter with a
// scheduler_context; each script step's type and fields; call_ids unique,
// every tool_result and tool error after the tool_call of its call_id (and
// of the same tool), one result a call; timestamps in order; a known
// status, and final_output.content when it is success; an integer
// metrics.timing_ms_total. Malformed JSON is one problem, at its line.
func Validate(data []byte) []Problem {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		if off, path, msg, ok := textpos.JSONError(data, err); ok {
			line, col := textpos.LineCol(data, off)
			return []Problem{{Path: path, Msg: fmt.Sprintf("malformed JSON at line %d, column %d: %s", line, col, msg)}}
		}
		return []Problem{{Msg: "malformed JSON: " + err.Error()}}
	}
	if dec.More() {
		return []Problem{{Msg: "malformed JSON: more than one value"}}
	}
	v := &validator{}
	v.bundle(doc)
	return v.problems
}

type validator struct {
	problems []Problem
}

func (v *validator) add(path, format string, args ...any) {
	v.problems = append(v.problems, Problem{Path: path, Msg: fmt.Sprintf(format, args...)})
}

// object returns the object at path, or nil and a problem.
func (v *validator) object(path string, x any, required bool) map[string]any {
	switch o := x.(type) {
	case map[string]any:
		return o
	case nil:
		if required {
			v.add(path, "missing: want an object")
		}
		return nil
	}
	v.add(path, "want an object, got %s", kind(x))
	return nil
}

// str checks that o[key] is a string (and present when required) and
// returns it.
func (v *validator) str(o map[string]any, path, key string, required bool) (string, bool) {
	x, ok := o[key]
	p := jsonscan.Key(path, key)
	if !ok || x == nil {
		if required {
			v.add(p, "missing: want a string")
		}
		return "", false
	}
	s, ok := x.(string)
	if !ok {
		v.add(p, "want a string, got %s", kind(x))
	}
	return s, ok
}

func (v *validator) boolean(o map[string]any, path, key string, required bool) {
	x, ok := o[key]
	p := jsonscan.Key(path, key)
	switch {
	case !ok && required:
		v.add(p, "missing: want true or false")
	case !ok:
	case x == nil && !required:
	default:
		if _, ok := x.(bool); !ok {
			v.add(p, "want true or false, got %s", kind(x))
		}
	}
}

func (v *validator) oneOf(path, s string, allowed []string) {
	for _, a := range allowed {
		if s == a {
			return
		}
	}
	v.add(path, "unknown value %s (want %s)", printable.Quote(s), strings.Join(allowed, ", "))
}

func (v *validator) bundle(doc any) {
	top := v.object("", doc, true)
	if top == nil {
		return
	}
	if s, ok := v.str(top, "", "schema_version", true); ok && s != SchemaVersion {
		v.add("schema_version", "unsupported version %s (want %q)", printable.Quote(s), SchemaVersion)
	}
	if s, ok := v.str(top, "", "adapter", false); ok && s != Adapter {
		v.add("adapter", "unknown adapter %s (want %q)", printable.Quote(s), Adapter)
	}
	v.scenario(top["scenario"])
	if c := v.object("capabilities", top["capabilities"], false); c != nil {
		for _, k := range []string{"supports_tool_trace", "supports_memory_events", "supports_scheduler_context", "supports_container_metadata"} {
			v.boolean(c, "capabilities", k, false)
		}
	}
	v.messages(top["input_messages"])
	finalStep := v.script(top["script"])
	status, _ := v.str(top, "", "status", true)
	if _, ok := top["status"].(string); ok {
		v.oneOf("status", status, statuses)
	}
	final := v.object("final_output", top["final_output"], false)
	content := ""
	if final != nil {
		content, _ = v.str(final, "final_output", "content", false)
		v.str(final, "final_output", "role", false)
	}
	if status == "success" && content == "" && !finalStep {
		v.add("final_output.content", "missing: status success needs the final output")
	}
	v.metrics(top["metrics"])
}

func (v *validator) scenario(x any) {
	sc := v.object("scenario", x, true)
	if sc == nil {
		return
	}
	v.str(sc, "scenario", "group_id", true)
	v.str(sc, "scenario", "session_id", false)
	v.str(sc, "scenario", "task_id", false)
	trigger, ok := v.str(sc, "scenario", "trigger", true)
	if ok {
		v.oneOf("scenario.trigger", trigger, triggers)
	}
	if trigger == "scheduler" && sc["scheduler_context"] == nil {
		v.add("scenario.scheduler_context", "missing: trigger scheduler needs a scheduler_context")
	}
}

func (v *validator) messages(x any) {
	list, ok := x.([]any)
	if !ok {
		if x == nil {
			v.add("input_messages", "missing: want a list of messages")
		} else {
			v.add("input_messages", "want a list of messages, got %s", kind(x))
		}
		return
	}
	for i, m := range list {
		p := jsonscan.Index("input_messages", i)
		if o := v.object(p, m, true); o != nil {
			v.str(o, p, "role", true)
			v.str(o, p, "content", true)
		}
	}
}

// script checks the steps and reports whether one is a final_output with
// content.
func (v *validator) script(x any) (final bool) {
	list, ok := x.([]any)
	if !ok {
		if x == nil {
			v.add("script", "missing: want a list of steps")
		} else {
			v.add("script", "want a list of steps, got %s", kind(x))
		}
		return false
	}
	type call struct {
		tool     string
		index    int
		answered bool
	}
	calls := map[string]*call{}
	var lastTS time.Time
	lastTSPath := ""
	for i, x := range list {
		p := jsonscan.Index("script", i)
		st := v.object(p, x, true)
		if st == nil {
			continue
		}
		typ, ok := v.str(st, p, "type", true)
		if !ok {
			continue
		}
		if ts, ok := v.str(st, p, "ts", false); ok {
			t, err := time.Parse(time.RFC3339Nano, ts)
			switch {
			case err != nil:
				v.add(p+".ts", "want an RFC 3339 time such as 2026-02-24T17:00:00.500Z, got %s", printable.Quote(ts))
			case !lastTS.IsZero() && t.Before(lastTS):
				v.add(p+".ts", "%s is before %s of %s: the steps are not in the order they happened", ts, lastTS.Format(time.RFC3339Nano), lastTSPath)
			default:
				lastTS, lastTSPath = t, p
			}
		}
		switch typ {
		case "tool_call":
			tool, _ := v.str(st, p, "tool", true)
			id, ok := v.str(st, p, "call_id", true)
			if a, present := st["args"]; !present || a == nil {
				v.add(p+".args", "missing: want an object")
			} else {
				v.object(p+".args", a, true)
			}
			if !ok || id == "" {
				continue
			}
			if prev, dup := calls[id]; dup {
				v.add(p+".call_id", "%s is the call_id of script[%d] too: call_ids must be unique", printable.Quote(id), prev.index)
				continue
			}
			calls[id] = &call{tool: tool, index: i}
		case "tool_result", "error":
			tool, hasTool := v.str(st, p, "tool", typ == "tool_result")
			id, hasID := v.str(st, p, "call_id", typ == "tool_result")
			if typ == "tool_result" {
				v.boolean(st, p, "success", true)
				if _, ok := st["result"]; !ok {
					v.add(p+".result", "missing: want the tool's result")
				}
			} else {
				scope, _ := v.str(st, p, "scope", true)
				v.str(st, p, "error_type", true)
				v.str(st, p, "message", true)
				v.boolean(st, p, "retryable", true)
				if scope == "tool" {
					if !hasTool {
						v.str(st, p, "tool", true)
					}
					if !hasID {
						v.str(st, p, "call_id", true)
					}
				}
			}
			if !hasID {
				continue
			}
			c, ok := calls[id]
			switch {
			case !ok:
				v.add(p+".call_id", "%s for call_id %s, which no earlier tool_call has", typ, printable.Quote(id))
			case c.answered:
				v.add(p+".call_id", "a second result for call_id %s (the call is script[%d])", printable.Quote(id), c.index)
			case hasTool && tool != c.tool:
				v.add(p+".tool", "%s, but the tool_call %s (script[%d]) is of %s", printable.Quote(tool), printable.Quote(id), c.index, printable.Quote(c.tool))
			default:
				c.answered = true
			}
		case "final_output":
			if s, ok := v.str(st, p, "content", true); ok && s != "" {
				final = true
			}
		case "memory_read", "memory_write":
			v.str(st, p, "source", true)
			v.str(st, p, "path", true)
		case "message_received":
		default:
			v.oneOf(p+".type", typ, stepTypes)
		}
	}
	return final
}

func (v *validator) metrics(x any) {
	m := v.object("metrics", x, true)
	if m == nil {
		return
	}
	v.integer(m, "timing_ms_total", true)
	v.integer(m, "retry_count", false)
	if t, ok := m["token_usage"]; ok && t != nil {
		v.object("metrics.token_usage", t, false)
	}
}

// integer checks that metrics[key] is a whole number, not negative.
func (v *validator) integer(m map[string]any, key string, required bool) {
	p := "metrics." + key
	x, ok := m[key]
	if !ok || x == nil {
		if required {
			v.add(p, "missing: want an integer number of milliseconds")
		}
		return
	}
	n, ok := x.(json.Number)
	if !ok {
		v.add(p, "want an integer, got %s", kind(x))
		return
	}
	i, err := n.Int64()
	switch {
	case err != nil:
		v.add(p, "want an integer, got %s", printable.Excerpt(string(n)))
	case i < 0:
		v.add(p, "want 0 or more, got %d", i)
	}
}

// kind names the JSON type of x, for messages.
func kind(x any) string {
	switch x := x.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "a number"
	case string:
		return "the string " + printable.Quote(x)
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", x)
}
