package sandy

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// doc wraps step JSON in an otherwise valid v2.1 scenario.
func doc(steps string) string {
	return `{"version": "2.1", "metadata": {"name": "t"}, "variables": {"USER": "demo", "PASSWORD": ""}, "steps": [` + steps + `]}`
}

const okStep = `{"step": 1, "tool": "mcp__playwright__browser_navigate", "params": {"url": "http://x/"}}`

func problemsOf(t *testing.T, src string) []Problem {
	t.Helper()
	_, err := Parse([]byte(src), "t.json")
	if err == nil {
		return nil
	}
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("Parse: %v, want a *ValidationError", err)
	}
	if !errors.Is(err, ErrInvalid) {
		t.Errorf("Parse error %v does not wrap ErrInvalid", err)
	}
	if ve.File != "t.json" {
		t.Errorf("File = %q, want t.json", ve.File)
	}
	return ve.Problems
}

// missingVersion is the problem of a file with no version that is not of
// v1.1's shape.
const missingVersion = `required: a Sandy scenario starts with "version": "2.1" (a file with none is read as v1.1 only when every step has an "action" and none a "tool")`

func TestValidateRules(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []Problem // nil: valid
	}{
		{"valid", doc(okStep), nil},
		{"valid all fields", doc(`{"step": 1, "id": "open", "tool": "mcp__playwright__browser_navigate", "params": {"url": "{{BASE}}"},
			"output": {"all": "$", "n": "$.items[*].id"}, "description": "d", "wait_after": 0.5, "on_error": "retry",
			"retry": {"count": 2, "delay": 0, "backoff": 2}, "condition": "{{USER}} != \"\""},
			{"step": 2, "tool": "sandy__log", "params": {"message": "{{open.n}} {{open.all.x.0}}"}, "condition": "{{open.n}} == 3"}`), nil},
		{"every built-in", doc(`{"step": 1, "tool": "sandy__wait", "params": {}}, {"step": 2, "tool": "sandy__log", "params": {}},
			{"step": 3, "tool": "sandy__append_file", "params": {}}, {"step": 4, "tool": "sandy__wait_for_element", "params": {}},
			{"step": 5, "tool": "sandy__wait_until", "params": {}}`), nil},
		{"undeclared plain variable is left to UndefinedVars", doc(`{"step": 1, "tool": "mcp__a__b", "params": {"x": "{{FROM_ENV}}"}}`), nil},
		{"v1.1 version", `{"version": "1.1", "metadata": {"name": "t"}, "steps": [{"step": 1, "action": "navigate", "params": {"url": "u"}}]}`, nil},
		{"missing version with actions", `{"metadata": {"name": "t"}, "steps": [{"step": 1, "action": "click", "params": {"uid": "1_2"}}]}`, nil},
		{"partial status", `{"version": "2.1", "metadata": {"name": "t", "status": "partial", "status_detail": "stopped"}, "steps": [` + okStep + `]}`, nil},
		{"unknown top-level field", `{"version": "2.1", "x-extra": 1, "metadata": {"name": "t"}, "steps": [` + okStep + `]}`, nil},

		{"missing version with tools", `{"metadata": {"name": "t"}, "steps": [` + okStep + `]}`,
			[]Problem{{"version", missingVersion}}},
		{"missing version, actions and tools", `{"metadata": {"name": "t"}, "steps": [{"step": 1, "action": "click", "params": {"uid": "1_2"}}, {"step": 2, "tool": "mcp__a__b", "params": {}}]}`,
			[]Problem{{"version", missingVersion}}},
		{"unknown version", `{"version": "3.0", "metadata": {"name": "t"}, "steps": [` + okStep + `]}`,
			[]Problem{{"version", `unsupported version "3.0" (want "2.1" or "1.1")`}}},
		{"missing name", `{"version": "2.1", "metadata": {}, "steps": [` + okStep + `]}`,
			[]Problem{{"metadata.name", "required"}}},
		{"unknown status", `{"version": "2.1", "metadata": {"name": "t", "status": "done"}, "steps": [` + okStep + `]}`,
			[]Problem{{"metadata.status", `must be absent (a complete scenario) or "partial", got "done"`}}},
		{"blank name", `{"version": "2.1", "metadata": {"name": "  "}, "steps": [` + okStep + `]}`,
			[]Problem{{"metadata.name", "required"}}},
		{"no steps", `{"version": "2.1", "metadata": {"name": "t"}, "steps": []}`,
			[]Problem{{"steps", "required: at least one step"}}},
		{"missing steps", `{"version": "2.1", "metadata": {"name": "t"}}`,
			[]Problem{{"steps", "required: at least one step"}}},
		{"bad variable name", `{"version": "2.1", "metadata": {"name": "t"}, "variables": {"base url": "x"}, "steps": [` + okStep + `]}`,
			[]Problem{{`variables["base url"]`, "name must match ^[A-Za-z_][A-Za-z0-9_-]*$"}}},
		{"null variable", `{"version": "2.1", "metadata": {"name": "t"}, "variables": {"X": null}, "steps": [` + okStep + `]}`,
			[]Problem{{"variables.X", `must not be null (use "" for a required variable)`}}},
		{"missing step number", doc(`{"tool": "mcp__a__b", "params": {}}`),
			[]Problem{{"steps[0].step", "required: a positive integer"}}},
		{"negative step number", doc(`{"step": -2, "tool": "mcp__a__b", "params": {}}`),
			[]Problem{{"steps[0].step", "must be a positive integer, got -2"}}},
		{"duplicate step number", doc(okStep + `,` + okStep),
			[]Problem{{"steps[1].step", "duplicate step number 1 (also steps[0])"}}},
		{"step numbers with gaps", doc(`{"step": 1, "tool": "mcp__a__b", "params": {}}, {"step": 2, "tool": "mcp__a__b", "params": {}},
			{"step": 5, "tool": "mcp__a__b", "params": {}}`), nil},
		{"step numbers out of order", doc(`{"step": 1, "tool": "mcp__a__b", "params": {}}, {"step": 5, "tool": "mcp__a__b", "params": {}},
			{"step": 2, "tool": "mcp__a__b", "params": {}}, {"step": 3, "tool": "mcp__a__b", "params": {}}, {"step": 6, "tool": "mcp__a__b", "params": {}}`),
			[]Problem{
				{"steps[2].step", "2 comes after 5 (steps[1]); step numbers must increase in the order steps run"},
				{"steps[3].step", "3 comes after 5 (steps[1]); step numbers must increase in the order steps run"},
			}},
		{"v1.1 step numbers out of order", `{"version": "1.1", "metadata": {"name": "t"}, "steps": [
			{"step": 2, "action": "navigate", "params": {"url": "u"}}, {"step": 1, "action": "click", "params": {"uid": "1_2"}}]}`,
			[]Problem{{"steps[1].step", "1 comes after 2 (steps[0]); step numbers must increase in the order steps run"}}},
		{"no tool", doc(`{"step": 1, "params": {}}`),
			[]Problem{{"steps[0].tool", "required: mcp__<server>__<tool> or sandy__<built-in>"}}},
		{"tool without prefix", doc(`{"step": 1, "tool": "browser_click", "params": {}}`),
			[]Problem{{"steps[0].tool", "want mcp__<server>__<tool> or sandy__<built-in>"}}},
		{"tool without tool name", doc(`{"step": 1, "tool": "mcp__playwright", "params": {}}`),
			[]Problem{{"steps[0].tool", "want mcp__<server>__<tool>"}}},
		{"tool with empty server", doc(`{"step": 1, "tool": "mcp____click", "params": {}}`),
			[]Problem{{"steps[0].tool", "want mcp__<server>__<tool>"}}},
		{"tool with space", doc(`{"step": 1, "tool": "mcp__a__b c", "params": {}}`),
			[]Problem{{"steps[0].tool", "must not contain white space"}}},
		{"unknown built-in", doc(`{"step": 1, "tool": "sandy__sleep", "params": {}}`),
			[]Problem{{"steps[0].tool", `unknown built-in "sleep" (want one of wait, log, append_file, wait_for_element, wait_until)`}}},
		{"unknown action", doc(`{"step": 1, "action": "teleport", "params": {}}`),
			[]Problem{{"steps[0].action", `unknown v1.1 action "teleport" (want one of click, fill, hover, key, navigate, screenshot, scroll, type, wait, wait_for_text)`}}},
		{"missing params", doc(`{"step": 1, "tool": "mcp__a__b"}`),
			[]Problem{{"steps[0].params", "required: an object"}}},
		{"null params", doc(`{"step": 1, "tool": "mcp__a__b", "params": null}`),
			[]Problem{{"steps[0].params", "required: an object"}}},
		{"bad id", doc(`{"step": 1, "id": "1st", "tool": "mcp__a__b", "params": {}}`),
			[]Problem{{"steps[0].id", `"1st" must match ^[A-Za-z_][A-Za-z0-9_-]*$`}}},
		{"id with dot", doc(`{"step": 1, "id": "a.b", "tool": "mcp__a__b", "params": {}}`),
			[]Problem{{"steps[0].id", `"a.b" must match ^[A-Za-z_][A-Za-z0-9_-]*$`}}},
		{"duplicate id", doc(`{"step": 1, "id": "x", "tool": "mcp__a__b", "params": {}}, {"step": 2, "id": "x", "tool": "mcp__a__b", "params": {}}`),
			[]Problem{{"steps[1].id", `duplicate id "x" (also steps[0])`}}},
		{"output without id", doc(`{"step": 1, "tool": "mcp__a__b", "params": {}, "output": {"n": "$.n"}}`),
			[]Problem{{"steps[0].output", "requires an id, so later steps can refer to it"}}},
		{"output path without $", doc(`{"step": 1, "id": "a", "tool": "mcp__a__b", "params": {}, "output": {"n": "number"}}`),
			[]Problem{{"steps[0].output.n", `JSONPath "number" must start with $`}}},
		{"output path that does not parse", doc(`{"step": 1, "id": "a", "tool": "mcp__a__b", "params": {}, "output": {"n": "$.items[?"}}`),
			[]Problem{{"steps[0].output.n", `bad JSONPath "$.items[?": not terminated at 10`}}},
		{"bad output name", doc(`{"step": 1, "id": "a", "tool": "mcp__a__b", "params": {}, "output": {"a.b": "$"}}`),
			[]Problem{{`steps[0].output["a.b"]`, "name must match ^[A-Za-z_][A-Za-z0-9_-]*$"}}},
		{"unknown on_error", doc(`{"step": 1, "tool": "mcp__a__b", "params": {}, "on_error": "ignore"}`),
			[]Problem{{"steps[0].on_error", `unknown value "ignore" (want stop, skip or retry)`}}},
		{"retry count 0", doc(`{"step": 1, "tool": "mcp__a__b", "params": {}, "on_error": "retry", "retry": {"count": 0}}`),
			[]Problem{{"steps[0].retry.count", "must be at least 1"}}},
		{"retry count negative", doc(`{"step": 1, "tool": "mcp__a__b", "params": {}, "on_error": "retry", "retry": {"count": -1}}`),
			[]Problem{{"steps[0].retry.count", "must be at least 1"}}},
		{"retry delay negative", doc(`{"step": 1, "tool": "mcp__a__b", "params": {}, "on_error": "retry", "retry": {"delay": -5}}`),
			[]Problem{{"steps[0].retry.delay", "must be at least 0, got -5"}}},
		{"retry backoff negative", doc(`{"step": 1, "tool": "mcp__a__b", "params": {}, "on_error": "retry", "retry": {"backoff": -1.5}}`),
			[]Problem{{"steps[0].retry.backoff", "must be at least 0, got -1.5"}}},
		{"retry without on_error retry", doc(`{"step": 1, "tool": "mcp__a__b", "params": {}, "on_error": "skip", "retry": {"count": 2}}`),
			[]Problem{{"steps[0].retry", `only used with on_error "retry" (on_error is "skip")`}}},
		{"retry without on_error", doc(`{"step": 1, "tool": "mcp__a__b", "params": {}, "retry": {"count": 2}}`),
			[]Problem{{"steps[0].retry", `only used with on_error "retry" (on_error is not set)`}}},
		{"negative wait_after", doc(`{"step": 1, "tool": "mcp__a__b", "params": {}, "wait_after": -1}`),
			[]Problem{{"steps[0].wait_after", "must be at least 0, got -1"}}},
		{"condition of one operand (Sandy's non-empty test)", doc(`{"step": 1, "tool": "mcp__a__b", "params": {}, "condition": "{{USER}}"}`), nil},
		{"condition with a single =", doc(`{"step": 1, "tool": "mcp__a__b", "params": {}, "condition": "{{USER}} = demo"}`),
			[]Problem{{"steps[0].condition", "want a == b or a != b (or one operand, true when not empty)"}}},
		{"condition with two operators", doc(`{"step": 1, "tool": "mcp__a__b", "params": {}, "condition": "a == b == c"}`),
			[]Problem{{"steps[0].condition", "more than one operator (quote operands that contain == or !=)"}}},
		{"ref to unknown step", doc(okStep + `, {"step": 2, "tool": "mcp__a__b", "params": {"text": "#{{create.number}}"}}`),
			[]Problem{{"steps[1].params.text", `{{create.number}} refers to unknown step "create"`}}},
		{"ref to a later step", doc(`{"step": 1, "tool": "mcp__a__b", "params": {"n": ["{{later.n}}"]}}, {"step": 2, "id": "later", "tool": "mcp__a__b", "params": {}, "output": {"n": "$"}}`),
			[]Problem{{"steps[0].params.n[0]", `{{later.n}} refers to step "later", which runs later (steps[1])`}}},
		{"ref to its own step", doc(`{"step": 1, "id": "me", "tool": "mcp__a__b", "params": {"a": {"b": "{{me.n}}"}}, "output": {"n": "$"}}`),
			[]Problem{{"steps[0].params.a.b", `{{me.n}} refers to its own step "me"`}}},
		{"ref to undeclared output", doc(`{"step": 1, "id": "create", "tool": "mcp__a__b", "params": {}, "output": {"url": "$.url"}}, {"step": 2, "tool": "mcp__a__b", "params": {"t": "{{create.number}}"}}`),
			[]Problem{{"steps[1].params.t", `{{create.number}} refers to output "number", which step "create" does not declare`}}},
		{"ref in condition", doc(okStep + `, {"step": 2, "tool": "mcp__a__b", "params": {}, "condition": "{{nope.x}} != \"\""}`),
			[]Problem{{"steps[1].condition", `{{nope.x}} refers to unknown step "nope"`}}},
		{"escaped ref is text", doc(okStep + `, {"step": 2, "tool": "mcp__a__b", "params": {"t": "\\{{nope.x}}"}}`), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := problemsOf(t, tt.src)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("problems:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestValidateReportsEveryProblem(t *testing.T) {
	_, err := Load("testdata/invalid/many.json")
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("Load: %v, want a *ValidationError", err)
	}
	want := []Problem{
		{"version", `unsupported version "2.0" (want "2.1" or "1.1")`},
		{"metadata.name", "required"},
		{"steps[0].tool", "want mcp__<server>__<tool> or sandy__<built-in>"},
		{"steps[0].output", "requires an id, so later steps can refer to it"},
		{"steps[1].step", "duplicate step number 1 (also steps[0])"},
		{"steps[1].params", "required: an object"},
		{"steps[1].on_error", `unknown value "continue" (want stop, skip or retry)`},
		{"steps[2].params.text", `{{create.number}} refers to unknown step "create"`},
		{"steps[2].id", `duplicate id "login" (also steps[1])`},
		{"steps[2].condition", "want a == b or a != b (or one operand, true when not empty)"},
		{"steps[3].action", `unknown v1.1 action "teleport" (want one of click, fill, hover, key, navigate, screenshot, scroll, type, wait, wait_for_text)`},
		{"steps[3].retry", `only used with on_error "retry" (on_error is not set)`},
		{"steps[3].retry.count", "must be at least 1"},
	}
	if !reflect.DeepEqual(ve.Problems, want) {
		t.Errorf("problems:\n got %q\nwant %q", ve.Problems, want)
	}
	msg := err.Error()
	lines := strings.Split(msg, "\n")
	if len(lines) != len(want) {
		t.Fatalf("Error() has %d lines, want %d:\n%s", len(lines), len(want), msg)
	}
	if got, want := lines[2], "testdata/invalid/many.json: steps[0].tool: want mcp__<server>__<tool> or sandy__<built-in>"; got != want {
		t.Errorf("Error() line 3 = %q, want %q", got, want)
	}
}

func TestValidateWithoutParse(t *testing.T) {
	s := &Scenario{Version: Version, Metadata: Metadata{Name: "go"}, Steps: []Step{
		{Step: 1, Action: "navigate", Params: map[string]any{"url": "u"}},
		{Step: 2, ID: "s", Tool: "mcp__a__b", Params: map[string]any{}, Output: map[string]string{"v": "$.v"}},
		{Step: 3, Tool: "mcp__a__b", Params: map[string]any{"list": []string{"{{s.v}}", "{{s.w}}"}, "m": map[string]string{"k": "{{s.v}}"}}},
	}}
	err := s.Validate()
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("Validate: %v, want a *ValidationError", err)
	}
	want := []Problem{{"steps[2].params.list[1]", `{{s.w}} refers to output "w", which step "s" does not declare`}}
	if !reflect.DeepEqual(ve.Problems, want) {
		t.Errorf("problems:\n got %q\nwant %q", ve.Problems, want)
	}
	if got := ve.Error(); got != want[0].Path+": "+want[0].Msg {
		t.Errorf("Error() without a file = %q", got)
	}
}

func TestUndefinedVars(t *testing.T) {
	sc, err := Parse([]byte(doc(`
		{"step": 1, "tool": "mcp__playwright__browser_navigate", "params": {"url": "{{HOST}}/login", "user": "{{USER}}"}},
		{"step": 2, "id": "s", "tool": "mcp__a__b", "params": {"a": [{"t": "{{ HOST }} and {{TOKEN}} and {{HOST}}"}]}, "output": {"n": "$"}},
		{"step": 3, "tool": "mcp__a__b", "params": {"ok": "{{s.n}} {{PASSWORD}}", "escaped": "\\{{NOPE}}", "js": "() => {{ a: 1 }}", "open": "{{NOPE"},
		 "condition": "{{MODE}} == \"ci\""},
		{"step": 4, "tool": "mcp__a__b", "params": {"n": 3, "b": true, "x": null, "s": "{{HOST}}"}}`)), "t.json")
	if err != nil {
		t.Fatal(err)
	}
	msg := func(name string) string {
		return "{{" + name + `}} is not defined: declare it in "variables" ("" makes it required) or pass --var ` + name + "=... / --env FILE"
	}
	want := []Problem{
		{"steps[0].params.url", msg("HOST")},
		{"steps[1].params.a[0].t", msg("HOST")},
		{"steps[1].params.a[0].t", msg("TOKEN")},
		{"steps[2].condition", msg("MODE")},
		{"steps[3].params.s", msg("HOST")},
	}
	if got := sc.UndefinedVars(); !reflect.DeepEqual(got, want) {
		t.Errorf("UndefinedVars():\n got %q\nwant %q", got, want)
	}
	// A layer defines a name, even as "", and any layer will do.
	got := sc.UndefinedVars(map[string]string{"HOST": "", "OTHER": "x"}, map[string]string{"MODE": "ci"})
	if want := []Problem{{"steps[1].params.a[0].t", msg("TOKEN")}}; !reflect.DeepEqual(got, want) {
		t.Errorf("UndefinedVars(layers):\n got %q\nwant %q", got, want)
	}
	if got := sc.UndefinedVars(map[string]string{"HOST": "h", "TOKEN": "t", "MODE": "m"}); got != nil {
		t.Errorf("UndefinedVars with every name given = %q, want nil", got)
	}
}

func TestLoadWithVars(t *testing.T) {
	path := filepath.Join(t.TempDir(), "login.json")
	src := doc(`{"step": 1, "tool": "mcp__a__b", "params": {"url": "{{HOST}}"}},
		{"step": 1, "tool": "mcp__a__b", "params": {"t": "{{USER}} {{TOKEN}}"}}`)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err == nil || strings.Contains(err.Error(), "not defined") {
		t.Fatalf("Load = %v, want only the duplicate step number", err)
	}
	// The undefined names are listed with the file's other problems.
	_, err := LoadWithVars(path, map[string]string{"TOKEN": "t"})
	var ve *ValidationError
	if !errors.As(err, &ve) || !errors.Is(err, ErrInvalid) {
		t.Fatalf("LoadWithVars = %v, want a *ValidationError", err)
	}
	want := []string{
		path + `: steps[0].params.url: {{HOST}} is not defined: declare it in "variables" ("" makes it required) or pass --var HOST=... / --env FILE`,
		path + ": steps[1].step: duplicate step number 1 (also steps[0])",
	}
	if got := strings.Split(err.Error(), "\n"); !reflect.DeepEqual(got, want) {
		t.Errorf("LoadWithVars error:\n got %q\nwant %q", got, want)
	}
	if _, err := LoadWithVars(path + ".missing"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("LoadWithVars(missing) = %v, want os.ErrNotExist", err)
	}
}
