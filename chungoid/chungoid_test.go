package chungoid

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/sandy"
)

// mug is the README's quick start as compile exports it (functions cut).
const mug = `{"version": "2.1", "metadata": {"name": "mug", "instruction": "go to the login page then type {{PASSWORD}} into Password"},
 "variables": {"BASE_URL": "http://127.0.0.1:8080", "PASSWORD": ""},
 "steps": [
  {"step": 1, "id": "open", "tool": "mcp__playwright__browser_navigate", "params": {"url": "{{BASE_URL}}"}, "description": "open http://127.0.0.1:8080"},
  {"step": 2, "tool": "mcp__playwright__browser_navigate", "params": {"url": "{{BASE_URL}}/login"}, "description": "go to the login page"},
  {"step": 3, "tool": "mcp__playwright__browser_type", "params": {"element": "textbox \"Password\"", "target": "internal:role=textbox[name=\"Password\"i]", "text": "{{PASSWORD}}"}, "description": "type {{PASSWORD}} into Password"},
  {"step": 4, "tool": "mcp__playwright__browser_click", "params": {"element": "button \"Add to cart\" in article \"Blue Mug\"", "target": "internal:testid=[data-testid=\"product-blue-mug\"s] >> internal:role=button[name=\"Add to cart\"i]"}, "description": "click Add to cart for Blue Mug"},
  {"step": 5, "tool": "mcp__playwright__browser_click", "params": {"element": "button \"Add to cart\" in article \"Blue Mug\"", "target": "internal:testid=[data-testid=\"product-blue-mug\"s] >> internal:role=button[name=\"Add to cart\"i]"}, "description": "click Add to cart for Blue Mug"},
  {"step": 6, "tool": "mcp__playwright__browser_evaluate", "params": {"element": "text \"1 item\" is shown", "function": "async () => { const why = () => ''; }"}, "description": "verify the cart shows 1 item"}
 ]}`

func mugScenario(t *testing.T) *sandy.Scenario {
	t.Helper()
	sc, err := sandy.Parse([]byte(mug), "mug.json")
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestFromScenario: one stage per step, named from the step, agents the
// MCP tools, inputs their params, a chain of next ending in null, every
// on_error to report_failure, the check as a success criterion under
// extra; both encodings validate.
func TestFromScenario(t *testing.T) {
	f := FromScenario(mugScenario(t))
	var names []string
	for _, s := range f.Stages {
		names = append(names, s.Name)
	}
	want := []string{"open", "open_login", "type_password", "click_add_to_cart_blue_mug", "click_add_to_cart_blue_mug_2", "assert_cart_1_item", "report_failure"}
	if !slices.Equal(names, want) {
		t.Errorf("stages %v, want %v", names, want)
	}
	if f.StartStage != "open" || f.Stages[2].AgentID != "mcp.playwright.browser_type" || f.Stages[2].Inputs["text"] != "{{PASSWORD}}" {
		t.Errorf("flow = %+v", f)
	}
	// Each step goes on to the next; the last one ends the flow, and
	// report_failure is reached only on error.
	for i, s := range f.Stages[:len(f.Stages)-1] {
		next := ""
		if s.Next != nil {
			next = s.Next.(string)
		}
		if want := f.Stages[i+1].Name; i == len(f.Stages)-2 {
			want = ""
		} else if next != want {
			t.Errorf("stage %s: next %q, want %q", s.Name, next, want)
		}
		if s.OnError == nil || *s.OnError != ReportFailure {
			t.Errorf("stage %s: on_error %v", s.Name, s.OnError)
		}
	}
	if last := f.Stages[len(f.Stages)-2]; last.Next != nil {
		t.Errorf("the last step goes on to %v", last.Next)
	}
	if got := f.Stages[5].Extra["success_criteria"]; !slices.Equal(got.([]any), []any{`text "1 item" is shown`}) {
		t.Errorf("success criteria %v", got)
	}
	for _, asJSON := range []bool{false, true} {
		data, err := f.Marshal(asJSON)
		if err != nil {
			t.Fatal(err)
		}
		if ps := Validate(data, asJSON); len(ps) > 0 {
			t.Errorf("json=%v: problems %v\n%s", asJSON, ps, data)
		}
		if !strings.Contains(string(data), "assert_cart_1_item") {
			t.Errorf("json=%v:\n%s", asJSON, data)
		}
	}
}

const goodFlow = `name: Example Flow
version: "1.0"
start_stage: s1
stages:
  s1:
    agent_id: agent.alpha
    inputs:
      param1: foo
    next:
      condition: "input > 5"
      true: s2
      false: s3
    plugins: ["log", "audit"]
    extra:
      success_criteria: ["x"]
  s2:
    agent_id: agent.beta
    next: s4
  s3:
    agent_id: agent.gamma
    on_error:
      condition: "error_code == 404"
      true: s4
      false: s5
  s4:
    agent_id: agent.delta
    parallel_group: group1
  s5:
    agent_id: agent.epsilon
`

// TestValidateRejectsBrokenFlows: each hand-broken flow is refused with
// every problem at its path and line.
func TestValidateRejectsBrokenFlows(t *testing.T) {
	if ps := Validate([]byte(goodFlow), false); len(ps) > 0 {
		t.Fatalf("the good flow has problems: %v", ps)
	}
	for _, tc := range []struct {
		name, from, to string
		want           []string
	}{
		{"stage key with a space", "  s5:\n    agent_id: agent.epsilon", "  s 5:\n    agent_id: agent.epsilon",
			[]string{`stages["s 5"]: stage name "s 5" does not match ^[a-zA-Z_][\w-]*$ (letters, digits, _ and -, not starting with a digit or -) (line 28)`,
				`stages.s3.on_error.false: no stage "s5" (stages: s1, s2, s3, s4, s 5) (line 24)`,
				`stages["s 5"]: stage "s 5" cannot be reached from start_stage "s1" (line 28)`}},
		{"next to a missing stage", "next: s4", "next: s9",
			[]string{`stages.s2.next: no stage "s9" (stages: s1, s2, s3, s4, s5) (line 18)`}},
		{"success_criteria outside extra", "    plugins:", "    success_criteria: [\"y\"]\n    plugins:",
			[]string{`stages.s1.success_criteria: unknown key "success_criteria" (a stage holds only agent_id, inputs, next, on_error, parallel_group, plugins, extra; put anything else under extra) (line 13)`}},
		{"missing agent and start", "start_stage: s1\n", "",
			[]string{"start_stage: missing: want the name of the first stage (line 1)"}},
		{"unreachable stage", "      false: s3\n", "      false: s2\n",
			[]string{`stages.s3: stage "s3" cannot be reached from start_stage "s1" (line 19)`, `stages.s5: stage "s5" cannot be reached from start_stage "s1" (line 28)`}},
		{"bad branch and agent", "    agent_id: agent.beta\n", "    agent_id: 3\n    on_error: {condition: x, true: s1, maybe: s2}\n",
			[]string{"stages.s2.agent_id: want an agent name, got a number (line 17)",
				`stages.s2.on_error.maybe: unknown key "maybe" (a branch holds only condition, true and false) (line 18)`,
				"stages.s2.on_error.false: missing: a branch needs condition, true and false (line 18)"}},
		{"top-level key", "version:", "owner: me\nversion:",
			[]string{`owner: unknown key "owner" (a flow holds only name, description, version, start_stage, stages) (line 2)`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := strings.Replace(goodFlow, tc.from, tc.to, 1)
			if bad == goodFlow {
				t.Fatal("the test's replacement did not apply")
			}
			var got []string
			for _, p := range Validate([]byte(bad), false) {
				got = append(got, p.String()+" (line "+strconv.Itoa(p.Line)+")")
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("problems =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestValidateJSONPositions(t *testing.T) {
	data := "{\n  \"start_stage\": \"a\",\n  \"stages\": {\n    \"a\": {\"agent_id\": \"x\", \"next\": \"b\"}\n  }\n}\n"
	ps := Validate([]byte(data), true)
	if len(ps) != 1 || ps[0].String() != `stages.a.next: no stage "b" (stages: a)` || ps[0].Line != 4 || ps[0].Col != 36 {
		t.Errorf("problems = %+v", ps)
	}
	if ps := Validate([]byte("{\"stages\": [}"), true); len(ps) != 1 || !strings.HasPrefix(ps[0].Msg, "malformed JSON") {
		t.Errorf("malformed: %+v", ps)
	}
}

func TestValidateYAMLBomb(t *testing.T) {
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n" +
		"d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nstages: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
	ps := Validate([]byte(bomb), false)
	if len(ps) != 1 || !strings.Contains(ps[0].Msg, "more than 100000 values") {
		t.Errorf("problems = %v", ps)
	}
}

func FuzzValidate(f *testing.F) {
	f.Add([]byte(goodFlow), false)
	f.Add([]byte(`{"start_stage": "a", "stages": {"a": {"agent_id": "x", "next": {"condition": "c", "true": "a", "false": "b"}}}}`), true)
	f.Add([]byte("stages:\n  a: &x {agent_id: y, next: *x}\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, asJSON bool) {
		for _, p := range Validate(data, asJSON) {
			if p.Msg == "" {
				t.Errorf("a problem with no message at %q", p.Path)
			}
		}
	})
}

// TestStageNameOfABox: a box set through browser_fill_form is named by
// what it does to the box, as a click is.
func TestStageNameOfABox(t *testing.T) {
	box := func(value string) sandy.Step {
		return sandy.Step{Tool: "mcp__playwright__browser_fill_form", Params: map[string]any{"fields": []any{
			map[string]any{"name": `checkbox "Remember me"`, "type": "checkbox", "target": "#r", "value": value}}}}
	}
	if got := StageName(box("true")); got != "check_remember_me" {
		t.Errorf("check: %q", got)
	}
	if got := StageName(box("false")); got != "uncheck_remember_me" {
		t.Errorf("uncheck: %q", got)
	}
}

// TestConditionalStage: a Sandy step made only when its condition holds
// (a click that expands only what is closed) is reached by a branch of
// the stage before it, whose false goes past it; both encodings validate.
func TestConditionalStage(t *testing.T) {
	sc := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: "faq"}, Steps: []sandy.Step{
		{Step: 1, Tool: "mcp__playwright__browser_navigate", Params: map[string]any{"url": "http://x/faq"}},
		{Step: 2, ID: "state_1_0", Output: map[string]string{"expanded": "$.expanded"}, Tool: "mcp__playwright__browser_evaluate", Params: map[string]any{"target": "#s", "function": "(el) => 1"}},
		{Step: 3, Tool: "mcp__playwright__browser_click", Params: map[string]any{"target": "#s", "element": `button "Shipping"`}, Condition: "{{state_1_0.expanded}} != true"},
		{Step: 4, Tool: "mcp__playwright__browser_evaluate", Params: map[string]any{"target": "#s", "function": "(el) => 2"}},
	}}
	f := FromScenario(sc)
	b, ok := f.Stages[1].Next.(*Branch)
	if !ok || b.Condition != "{{state_1_0.expanded}} != true" || b.True != f.Stages[2].Name || b.False != f.Stages[3].Name {
		t.Fatalf("the read's next is %+v, want a branch to the click or past it", f.Stages[1].Next)
	}
	for _, asJSON := range []bool{false, true} {
		data, err := f.Marshal(asJSON)
		if err != nil {
			t.Fatal(err)
		}
		if ps := Validate(data, asJSON); len(ps) > 0 {
			t.Errorf("json %v: %v\n%s", asJSON, ps, data)
		}
		if !strings.Contains(string(data), "state_1_0.expanded") {
			t.Errorf("json %v: the branch's condition is not written:\n%s", asJSON, data)
		}
	}
}
