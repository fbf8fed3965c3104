package parser

import (
	"maps"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/internal/jsonvalue"
	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// export returns call as the scenario keeps it: a navigation to the
// scenario's site as {{BASE_URL}}/path, a typed or selected value that
// equals a declared variable as {{NAME}}, and every secret value standing as
// written in an argument (a typed text that equals or holds it, a selector
// or text that names it) as {{NAME}}. Replay expands {{NAME}} back to the
// value, so the scenario does what compile did without holding the value.
func (r *run) export(call step.ToolCall, s step.Step) step.ToolCall {
	c := r.exportURL(call)
	out := step.ToolCall{Tool: c.Tool, Args: map[string]any{}}
	for k, v := range c.Args {
		out.Args[k] = r.exportValue(v)
	}
	if t, ok := c.Args["text"].(string); ok && (s.Kind == step.Type) {
		if name := r.variable(t); name != "" {
			out.Args["text"] = name
		}
	}
	if vs, ok := c.Args["values"].([]any); ok {
		for i, v := range vs {
			if str, ok := v.(string); ok {
				if name := r.variable(str); name != "" {
					out.Args["values"].([]any)[i] = name
				}
			}
		}
	}
	out.Args = r.exportRemembered(out.Args)
	return out
}

// keep appends a call that ran, as exported, to ts, with the step it came
// from written as the call is: secret values as {{NAME}}.
func (r *run) keep(ts *TestStep, exported step.ToolCall, s step.Step) {
	w := func(v string) string { return sandy.MapText(v, r.masker.ReplaceWritten) }
	s.Ref = ""
	s.Element, s.Value, s.Words, s.Action = r.masker.Replace(s.Element), w(s.Value), w(s.Words), r.masker.Replace(s.Action)
	s.Values = slices.Clone(s.Values)
	for i, v := range s.Values {
		s.Values[i] = w(v)
	}
	ts.Calls = append(ts.Calls, exported)
	ts.Steps = append(ts.Steps, s)
}

// exportValue copies an argument with the secret values in its strings
// written as {{NAME}}; placeholders already there are kept as they are.
func (r *run) exportValue(v any) any {
	return jsonvalue.MapStrings(v, func(s string) string { return sandy.MapText(s, r.masker.ReplaceWritten) })
}

// variable returns {{NAME}} for the declared variable whose value is v
// (the first by name), or "".
func (r *run) variable(v string) string {
	names := slices.Sorted(maps.Keys(r.res.Variables))
	for _, k := range names {
		if r.res.Variables[k] == v && v != "" {
			return "{{" + k + "}}"
		}
	}
	return ""
}

// exportURL writes a navigation to the scenario's site as {{BASE_URL}}/path.
func (r *run) exportURL(c step.ToolCall) step.ToolCall {
	u, ok := c.Args["url"].(string)
	if !ok || r.res.BaseURL == "" {
		return c
	}
	if rest, ok := strings.CutPrefix(u, r.res.BaseURL); ok && (rest == "" || strings.HasPrefix(rest, "/") || strings.HasPrefix(rest, "?")) {
		return step.ToolCall{Tool: c.Tool, Args: map[string]any{"url": "{{BASE_URL}}" + rest}}
	}
	return c
}

// MaskSecrets returns s with every secret value (secrets maps a name to its
// value) replaced by {{NAME}}, in every form and by the rules of package
// internal/secret, for text that is shown or kept but never run.
func MaskSecrets(s string, secrets map[string]string) string {
	return secretNames(secrets).Replace(s)
}

// secretNames returns the Masker that writes each secret value as {{NAME}}.
func secretNames(secrets map[string]string) *secret.Masker { return secret.Names(secrets) }
