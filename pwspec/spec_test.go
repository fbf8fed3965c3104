package pwspec

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/internal/golden"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// TestShapes pins the spec of a scenario holding every kind of step the
// spec writes, with names long enough to make Prettier break each form
// (a member chain, a hugged object, call arguments, an assignment): the
// golden file passes prettier --check (checked when it was written, and in
// cmd/plaintest's TestExportedSpecsRun for the demo specs).
func TestShapes(t *testing.T) {
	chk := func(s step.Step, target string) sandy.Step {
		c, err := commandgen.Call(s, target)
		if err != nil {
			t.Fatal(err)
		}
		return sandy.Step{Tool: "mcp__playwright__" + c.Tool, Params: c.Args, Description: s.Action, Check: commandgen.Record(s)}
	}
	act := func(s step.Step, target string) sandy.Step {
		c, err := commandgen.Call(s, target)
		if err != nil {
			t.Fatal(err)
		}
		return sandy.Step{Tool: "mcp__playwright__" + c.Tool, Params: c.Args, Description: s.Action}
	}
	long := "internal:testid=[data-testid=\"product-a-very-long-product-identifier-for-wrapping\"s] >> internal:role=button[name=\"Add this wonderful thing to the cart right now\"i]"
	sc := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: "a \"quoted\" name with 'both'"}, Variables: map[string]any{"BASE_URL": "http://127.0.0.1:8080/some/very/long/base/path/that/goes/on/and/on/and/on", "TOKEN": ""},
		Steps: []sandy.Step{
			{Tool: "mcp__playwright__browser_navigate", Params: map[string]any{"url": "{{BASE_URL}}/a/very/long/path/that/will/not/fit/on/a/line/of/eighty/columns/at/all"}, Description: "open"},
			{Tool: "mcp__playwright__browser_evaluate", Params: commandgen.BusyWait(30 * time.Second).Args, Description: "open"},
			{Tool: "mcp__playwright__browser_click", Params: map[string]any{"target": long}, Description: "click"},
			{Tool: "mcp__playwright__browser_type", Params: map[string]any{"target": "internal:label=\"Search the whole catalogue for anything\"i", "text": "x{{TOKEN}}y", "slowly": true}, Description: "type"},
			{Tool: "mcp__playwright__browser_select_option", Params: map[string]any{"target": "internal:label=\"Country\"i >> visible=true", "values": []any{"Japan", "United Kingdom of Great Britain"}}, Description: "select"},
			act(step.Step{Kind: step.Check, Role: "checkbox", Element: `checkbox "Remember me"`, Action: "check"}, "internal:role=checkbox[name=\"Remember me\"i]"),
			act(step.Step{Kind: step.Uncheck, Role: "switch", Element: `switch "Dark mode"`, Action: "uncheck"}, "internal:role=switch[name=\"Dark mode\"i]"),
			{Tool: "mcp__playwright__browser_wait_for", Params: map[string]any{"text": "Claim this extraordinarily long discount text that goes on"}, Description: "wait"},
			{Tool: "mcp__playwright__browser_evaluate", Params: map[string]any{"target": "internal:role=textbox[name=\"Email\"i]", "function": "(el) => { el.focus(); return document.activeElement === el || el.contains(document.activeElement); }"}, Description: "press"},
			{Tool: "mcp__playwright__browser_press_key", Params: map[string]any{"key": "Enter"}, Description: "press"},
			chk(step.Step{Kind: step.AssertValue, Role: "textbox", Element: "textbox \"Email\"", Value: "ada@example.com", Match: "equals", Action: "value"}, "internal:role=textbox[name=\"Email\"i]"),
			chk(step.Step{Kind: step.AssertCount, Element: "list \"Todos and other very long things\"", Value: "3", Values: []string{"listitem"}, Action: "count"}, "internal:role=list[name=\"Todos and other very long things to do today\"i]"),
			chk(step.Step{Kind: step.AssertState, Role: "checkbox", Element: "checkbox \"I agree\"", Value: "checked", Negated: true, Action: "state"}, "internal:role=checkbox[name=\"I agree to the terms and conditions of the shop\"i]"),
			chk(step.Step{Kind: step.AssertURL, Value: "/active", Match: "ends", Action: "url"}, ""),
			chk(step.Step{Kind: step.AssertText, Element: "row \"Blue Mug\"", Value: "$24.00 and a long text to wrap the line", Action: "scoped"}, "internal:testid=[data-testid=\"line-blue-mug\"s] >> internal:has-text=\"Blue\"i"),
			chk(step.Step{Kind: step.AssertVisible, Element: "button \"Save\"", Value: "Save", Values: []string{"button"}, Negated: true, Action: "gone"}, ""),
			chk(step.Step{Kind: step.AssertCount, Element: "table \"T\"", Value: "2", Values: []string{"row"}, Action: "rows"}, "internal:role=table[name=\"T\"i]"),
			chk(step.Step{Kind: step.AssertText, Value: "Foyle’s  War", Action: "quotes"}, ""),
			chk(step.Step{Kind: step.AssertState, Role: "link", Element: "link \"Home\"", Value: "current", Action: "current"}, "internal:role=link[name=\"Home\"i]"),
			chk(step.Step{Kind: step.AssertState, Role: "textbox", Element: "textbox \"Email\"", Value: "required", Action: "required"}, "internal:role=textbox[name=\"Email address for the receipt of the order\"i]"),
			chk(step.Step{Kind: step.AssertState, Role: "textbox", Element: "textbox \"Email\"", Value: "readonly", Negated: true, Action: "readonly"}, "internal:role=textbox[name=\"Email\"i]"),
			chk(step.Step{Kind: step.AssertState, Role: "spinbutton", Element: "spinbutton \"Hours\"", Value: "invalid", Action: "invalid"}, "internal:role=spinbutton[name=\"Hours\"i]"),
			chk(step.Step{Kind: step.AssertValue, Role: "combobox", Element: "combobox \"Country\"", Value: "United Kingdom.", Match: "equals", Action: "select value"}, "internal:role=combobox[name=\"Country\"i]"),
			chk(step.Step{Kind: step.AssertValue, Role: "slider", Element: "slider \"Red\"", Value: "128", Match: "now", Negated: true, Action: "slider now"}, "internal:role=slider[name=\"Red\"i]"),
			chk(step.Step{Kind: step.AssertOrder, Element: "list \"Todos\"", Values: []string{"Milk", "Bread (white)"}, Action: "order"}, "internal:role=list[name=\"Todos\"i]"),
			chk(step.Step{Kind: step.AssertOrder, Element: "the page", Values: []string{"Eggs"}, Match: "nth:3", Action: "nth"}, ""),
			chk(step.Step{Kind: step.AssertOrder, Element: "list \"Todos\"", Values: []string{"Eggs"}, Match: "last", Action: "last"}, "internal:role=list[name=\"Todos\"i]"),
		}}
	b, err := Generate(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/shapes.spec.ts", b)
}

// TestRefusals: a step with no spec form is named with why, every one of
// them at once.
func TestRefusals(t *testing.T) {
	sc := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: "x"}, Steps: []sandy.Step{
		{Step: 1, Tool: "mcp__playwright__browser_take_screenshot", Params: map[string]any{}},
		{Step: 2, Tool: "mcp__playwright__browser_evaluate", Params: map[string]any{"function": "() => 1"}},
		{Step: 3, Tool: "mcp__playwright__browser_navigate", Params: map[string]any{"url": "{{HOST}}/x"}},
		{Step: 4, Tool: "sandy__wait", Params: map[string]any{}},
		{Step: 5, Tool: "mcp__playwright__browser_click", Params: map[string]any{}},
	}}
	_, err := Generate(sc, nil)
	want := []string{
		"steps[0] (step 1): mcp__playwright__browser_take_screenshot has no Playwright Test form",
		`steps[1] (step 2): a browser_evaluate that is not one of plaintest's steps (element ""): its intent cannot be read`,
		"steps[2] (step 3): {{HOST}} is not a variable of the scenario",
		"steps[3] (step 4): sandy__wait has no Playwright Test form",
		"steps[4] (step 5): params.target: missing: the step names no element",
	}
	if !errors.Is(err, ErrNoSpec) || err.Error() != strings.Join(want, "\n") {
		t.Errorf("error =\n%v\nwant\n%s", err, strings.Join(want, "\n"))
	}
}

// TestHelpersFile: helpers.ts holds a section for every helper a spec
// declares and no other, and each value helper holds norm in place of
// its marker.
func TestHelpersFile(t *testing.T) {
	for _, h := range helperOrder {
		if strings.TrimSpace(helperJS[h]) == "" {
			t.Errorf("helpers.ts has no section %q", h)
		}
		if strings.Contains(helperJS[h], "//#") {
			t.Errorf("helper %s keeps a marker:\n%s", h, helperJS[h])
		}
	}
	for h := range helperJS {
		if !slices.Contains(helperOrder, h) {
			t.Errorf("helpers.ts has section %q, which helperOrder does not declare", h)
		}
	}
	for _, h := range []string{"valuesOf", "itemTexts"} {
		if !strings.Contains(helperJS[h], normJS) {
			t.Errorf("helper %s does not hold norm:\n%s", h, helperJS[h])
		}
	}
	for _, d := range commandgen.CheckHelperDecls("showsDeep(") {
		if !strings.Contains(helperJS["showsText"], "\n  "+d+"\n") {
			t.Errorf("helper showsText does not hold the checks' %.40s:\n%s", d, helperJS["showsText"])
		}
	}
}
