package pwspec

import (
	"errors"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// TestConditionalClick: "expand X" compiled as a read of X's state and a
// click conditional on it is, in the spec, an if on the attribute that
// says the state and the click inside it; any other condition has no spec
// form, rather than a click made always.
func TestConditionalClick(t *testing.T) {
	target := `internal:role=button[name="Shipping"i]`
	read, ok := commandgen.StateRead("state_1_0", step.StateExpanded, target, `button "Shipping"`)
	if !ok {
		t.Fatal("no StateRead")
	}
	for _, tt := range []struct {
		negated bool
		want    string
	}{
		{false, "const state_1_0 = await page\n      .getByRole(\"button\", { name: says(\"Shipping\") })\n      .getAttribute(\"aria-expanded\");\n    if (state_1_0 !== \"true\") {\n      await page"},
		{true, `if (state_1_0 === "true") {`},
	} {
		sc := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: "faq"}, Steps: []sandy.Step{
			{Step: 1, Tool: "mcp__playwright__browser_navigate", Params: map[string]any{"url": "http://127.0.0.1:8080/faq"}, Description: "open"},
			{Step: 2, ID: read.ID, Output: read.Output, Tool: "mcp__playwright__" + read.Tool, Params: read.Args, Description: "expand Shipping"},
			{Step: 3, Tool: "mcp__playwright__browser_click", Params: map[string]any{"target": target, "element": `button "Shipping"`},
				Condition: commandgen.Unless(read.ID, step.StateExpanded, tt.negated), Description: "expand Shipping"},
		}}
		b, err := Generate(sc, nil)
		if err != nil {
			t.Fatal(err)
		}
		spec := string(b)
		if !strings.Contains(spec, tt.want) || strings.Count(spec, ".click()") != 1 || strings.Contains(spec, "evaluate") {
			t.Errorf("negated %v: the spec does not click only in an if on aria-expanded (%s):\n%s", tt.negated, tt.want, spec)
		}
	}
	sc := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: "x"}, Steps: []sandy.Step{
		{Step: 1, Tool: "mcp__playwright__browser_click", Params: map[string]any{"target": "#b"}, Condition: "{{search.first}}"},
	}}
	if _, err := Generate(sc, nil); !errors.Is(err, ErrNoSpec) || !strings.Contains(err.Error(), `condition "{{search.first}}" has no Playwright Test form`) {
		t.Errorf("a step with another condition: %v", err)
	}
}
