package sandy

import (
	"errors"
	"reflect"
	"testing"
)

func testVars() *Vars {
	v := NewVars(map[string]any{
		"BASE":     "http://shop",
		"PORT":     8080.0,
		"RATIO":    0.25,
		"ON":       true,
		"USER":     map[string]any{"name": "demo", "tags": []any{"a", "b"}},
		"LIST":     []any{1.0, "two"},
		"NOTHING":  nil,
		"PASSWORD": "",
		"HTML":     "<b>&</b>",
	})
	v.SetOutput("create", map[string]any{
		"number": 42.0,
		"url":    "https://x/42",
		"issue":  map[string]any{"labels": []any{map[string]any{"name": "bug"}}, "open": true},
	})
	return v
}

func TestSubstitute(t *testing.T) {
	tests := []struct {
		in   any
		want any
	}{
		// a whole-string placeholder keeps the value's type
		{"{{PORT}}", 8080.0},
		{"{{ON}}", true},
		{"{{ PORT }}", 8080.0},
		{"{{USER}}", map[string]any{"name": "demo", "tags": []any{"a", "b"}}},
		{"{{LIST}}", []any{1.0, "two"}},
		{"{{NOTHING}}", nil},
		{"{{create.number}}", 42.0},
		{"{{create.issue.labels.0.name}}", "bug"},
		{"{{create.issue.open}}", true},
		// inside a longer string
		{"{{BASE}}:{{PORT}}/x", "http://shop:8080/x"},
		{"r={{RATIO}} on={{ON}}", "r=0.25 on=true"},
		{"u={{USER}}", `u={"name":"demo","tags":["a","b"]}`},
		{"l={{LIST}}", `l=[1,"two"]`},
		{"n=[{{NOTHING}}]", "n=[]"},
		{"{{HTML}}!", "<b>&</b>!"},
		{"#{{create.number}}: {{create.url}}", "#42: https://x/42"},
		// not placeholders
		{"{{BASE", "{{BASE"},
		{"a }} b {{", "a }} b {{"},
		{"() => {{ return 1 }}", "() => {{ return 1 }}"},
		{"{{two words}}", "{{two words}}"},
		{"{{}}", "{{}}"},
		{`\{{BASE}}`, "{{BASE}}"},
		{`x \{{BASE}} {{BASE}}`, "x {{BASE}} http://shop"},
		{"{{{{BASE}}", "{{http://shop"},
		// deep
		{map[string]any{"a": []any{"{{PORT}}", map[string]any{"b": "{{BASE}}/p"}}, "n": 3.0, "t": true, "z": nil},
			map[string]any{"a": []any{8080.0, map[string]any{"b": "http://shop/p"}}, "n": 3.0, "t": true, "z": nil}},
		{map[string]string{"a": "{{ON}}"}, map[string]any{"a": true}},
		{[]string{"{{PORT}}", "x"}, []any{8080.0, "x"}},
		{7, 7},
	}
	for _, tt := range tests {
		v := testVars()
		got, err := v.Substitute(tt.in)
		if err != nil {
			t.Errorf("Substitute(%#v): %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Substitute(%#v) = %#v, want %#v", tt.in, got, tt.want)
		}
	}
}

func TestSubstituteDoesNotShareValues(t *testing.T) {
	v := testVars()
	in := map[string]any{"u": "{{USER}}"}
	got, err := v.Substitute(in)
	if err != nil {
		t.Fatal(err)
	}
	got.(map[string]any)["u"].(map[string]any)["name"] = "changed"
	if in["u"] != "{{USER}}" {
		t.Errorf("input changed: %#v", in)
	}
	user, _ := v.Lookup("USER")
	if name := user.(map[string]any)["name"]; name != "demo" {
		t.Errorf("stored variable changed through a substituted value: name = %v", name)
	}
}

func TestSubstituteErrors(t *testing.T) {
	tests := []struct {
		in   any
		want string
		name string
		step string
	}{
		{"{{NOPE}}", `{{NOPE}}: unknown variable "NOPE"`, "NOPE", ""},
		{"x {{NOPE}} y", `{{NOPE}}: unknown variable "NOPE"`, "NOPE", ""},
		{map[string]any{"a": []any{"ok", "{{NOPE}}"}}, `a[1]: {{NOPE}}: unknown variable "NOPE"`, "NOPE", ""},
		{"{{other.id}}", `{{other.id}}: no output from step "other"`, "other.id", "other"},
		{"{{create.missing}}", `{{create.missing}}: step "create" has no output "missing"`, "create.missing", "create"},
		{"{{create.issue.labels.3}}", `{{create.issue.labels.3}}: output "issue.labels" of step "create" has no "3"`, "create.issue.labels.3", "create"},
		{"{{create.number.x}}", `{{create.number.x}}: output "number" of step "create" has no "x"`, "create.number.x", "create"},
		// dotted names are step references, never a path into a variable
		{"{{USER.name}}", `{{USER.name}}: no output from step "USER"`, "USER.name", "USER"},
	}
	for _, tt := range tests {
		_, err := testVars().Substitute(tt.in)
		if err == nil {
			t.Errorf("Substitute(%#v) succeeded, want an error", tt.in)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("Substitute(%#v) error:\n got %s\nwant %s", tt.in, err, tt.want)
		}
		var ue *UnresolvedError
		if !errors.As(err, &ue) || ue.Name != tt.name || ue.Step != tt.step {
			t.Errorf("Substitute(%#v) error %#v, want an *UnresolvedError for %q (step %q)", tt.in, err, tt.name, tt.step)
		}
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("error %v does not wrap ErrInvalid", err)
		}
	}
}

func TestVarsLayers(t *testing.T) {
	scenario := map[string]any{"A": "scenario", "B": "scenario", "C": "scenario", "PORT": 8080.0, "ON": false,
		"OBJ": map[string]any{"k": 1.0}, "PASSWORD": "", "TOKEN_X": ""}
	env := map[string]string{"B": "env", "C": "env", "PORT": "9090", "ON": "maybe", "OBJ": `{"k": 2}`, "PASSWORD": "s3cret"}
	flags := map[string]string{"C": "flag", "NEW": "n"}
	v := NewVars(scenario, env, flags)
	for name, want := range map[string]any{
		"A": "scenario", "B": "env", "C": "flag", "NEW": "n",
		"PORT": 9090.0,                   // parsed: declared as a number
		"ON":   "maybe",                  // not a boolean: stays text
		"OBJ":  map[string]any{"k": 2.0}, // parsed: declared as an object
	} {
		got, err := v.Substitute("{{" + name + "}}")
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("{{%s}} = %#v, %v; want %#v", name, got, err, want)
		}
	}
	s := &Scenario{Variables: scenario}
	if got, want := s.Required(), []string{"PASSWORD", "TOKEN_X"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Required() = %q, want %q", got, want)
	}
	if got, want := v.Missing(s.Required()), []string{"TOKEN_X"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Missing() = %q, want %q", got, want)
	}
	v.Set("TOKEN_X", "tok")
	if got := v.Missing(s.Required()); got != nil {
		t.Errorf("Missing() after Set = %q, want none", got)
	}
	if got := NewVars(scenario, map[string]string{"PASSWORD": ""}).Missing([]string{"PASSWORD"}); len(got) != 1 {
		t.Errorf("an empty layer value still counts as missing: got %q", got)
	}
}

func TestSecrets(t *testing.T) {
	v := NewVars(map[string]any{
		"USER":        "demo",
		"PASSWORD":    "", // required: its value is secret whatever its name
		"OTP":         "", // required
		"api_key":     "k-123",
		"GH_TOKEN":    "ghp_abc",
		"MySecret":    42.0,
		"BYPASS_FLAG": "on",
		"EMPTY_TOKEN": "",
		"SAME_KEY":    "k-123",
	}, map[string]string{"PASSWORD": "hunter2", "OTP": "123456", "SESSION_KEY": "zz"})
	want := []string{"ghp_abc", "hunter2", "123456", "k-123", "42", "on", "zz"}
	if got := v.Secrets(); !reflect.DeepEqual(got, want) {
		t.Errorf("Secrets() = %q, want %q", got, want)
	}
	if got, want := v.Mask("login demo/hunter2 with ghp_abc"), "login demo/*** with ***"; got != want {
		t.Errorf("Mask = %q, want %q", got, want)
	}
}

func TestVarsEvalCondition(t *testing.T) {
	v := NewVars(map[string]any{"A": "x", "Q": `he said "hi" == yes`, "EMPTY": "", "N": 3.0, "SP": " x "})
	v.SetOutput("s", map[string]any{"count": 0.0})
	tests := []struct {
		expr string
		want bool
	}{
		{"", true},
		{"{{A}} == x", true},
		{`"{{A}}" != "x"`, false},
		{`{{Q}} == 'he said "hi" == yes'`, true}, // the value's quotes and == do not break the expression
		{`{{EMPTY}} != ""`, false},
		{`{{EMPTY}} == ""`, true},
		{"{{N}} == 3", true},
		{"{{s.count}} != 0", false},
		{"{{SP}} == x", true},    // bare operands are trimmed
		{`"{{SP}}" == x`, false}, // quoted ones are not
		{"{{A}}", true},          // one operand: true when not empty
		{"{{EMPTY}}", false},
		{`"{{EMPTY}}"`, false},
		// A step output not recorded (its step failed and was tolerated)
		// reads as empty, so Sandy's documented guard skips the step.
		{`{{gone.number}} != ""`, false},
		{"{{gone.number}}", false},
		{`{{s.missing}} == ""`, true},
	}
	for _, tt := range tests {
		got, err := v.EvalCondition(tt.expr)
		if err != nil || got != tt.want {
			t.Errorf("EvalCondition(%q) = %v, %v; want %v", tt.expr, got, err, tt.want)
		}
	}
	if _, err := v.EvalCondition("{{NOPE}} == x"); !errors.Is(err, ErrInvalid) {
		t.Errorf("unknown variable: err = %v, want ErrInvalid", err)
	}
	if _, err := v.EvalCondition("{{A}} = 1"); !errors.Is(err, ErrCondition) {
		t.Errorf("a single =: err = %v, want ErrCondition", err)
	}
}
