package pwspec

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// TestRemember: a remember step is a const its action's test.step
// returns, read with innerText (a field's with inputValue); the steps
// after it read {{NAME.value}} as that const.
func TestRemember(t *testing.T) {
	call := func(s step.Step, target string) sandy.Step {
		c, err := commandgen.Call(s, target)
		if err != nil {
			t.Fatal(err)
		}
		return sandy.Step{Tool: "mcp__playwright__" + c.Tool, Params: c.Args, Description: s.Action, Check: commandgen.Record(s)}
	}
	sc := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: "order"}, Steps: []sandy.Step{
		{Tool: "mcp__playwright__browser_navigate", Params: map[string]any{"url": "http://127.0.0.1:1/"}, Description: "open"},
		call(step.Step{Kind: step.Remember, Role: "status", Element: `status "Order number"`, Value: "ORDER", Action: "remember the order number as ORDER"}, `internal:role=status[name="Order number"i]`),
		call(step.Step{Kind: step.Remember, Role: "textbox", Element: `textbox "Coupon"`, Value: "CODE", Action: "remember the value of Coupon as CODE"}, `internal:role=textbox[name="Coupon"i]`),
		call(step.Step{Kind: step.AssertText, Role: "region", Element: `region "Receipt"`, Value: "{{ORDER.value}}", Action: "verify the Receipt region shows {{ORDER}}"}, `internal:role=region[name="Receipt"i]`),
		call(step.Step{Kind: step.Type, Role: "searchbox", Element: `searchbox "Search"`, Value: "{{ORDER.value}} {{CODE.value}}", Action: "type {{ORDER}} {{CODE}} into Search"}, `internal:role=searchbox[name="Search"i]`),
	}}
	b, err := Generate(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, want := range []string{
		"const ORDER =\n    await test.step(\"remember the order number as ORDER\", async () => {",
		"const value = await page\n        .getByRole(\"status\", { name: says(\"Order number\") })\n        .innerText();",
		"const CODE =\n    await test.step(",
		`.inputValue()`,
		`return value.replace(/\s+/g, " ").trim();`,
		`.not.toBe("")`,
		".getByText(says(ORDER)),",
		".fill(`${ORDER} ${CODE}`)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the spec lacks %q:\n%s", want, got)
		}
	}
	sc.Steps = append(sc.Steps[:1], sc.Steps[3:]...) // no remember step: {{ORDER.value}} names nothing
	if _, err := Generate(sc, nil); err == nil || !strings.Contains(err.Error(), "{{ORDER.value}} is not a variable") {
		t.Errorf("a spec reading a value never remembered: got %v", err)
	}
}
