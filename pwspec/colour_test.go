package pwspec

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// TestColourSpec: a colour check polls coloursOf, which reads with the
// check's own coloursSeen and colourFamily (commandgen/colours.js, one
// source, not a copy), for the part the sentence names, and asserts the
// family is among them, or, negated, is not.
func TestColourSpec(t *testing.T) {
	call := func(s step.Step, target string) sandy.Step {
		c, err := (&commandgen.CallOptions{}).Call(s, target)
		if err != nil {
			t.Fatal(err)
		}
		return sandy.Step{Tool: "mcp__playwright__" + c.Tool, Params: c.Args, Description: s.Action, Check: commandgen.Record(s)}
	}
	open := sandy.Step{Tool: "mcp__playwright__browser_navigate", Params: map[string]any{"url": "http://127.0.0.1:1/"}, Description: "open"}
	sc := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: "colour"}, Steps: []sandy.Step{open,
		call(step.Step{Kind: step.AssertColour, Value: "red", Element: `status "Status"`, Role: "status", Action: "check the Status badge turns red"}, `internal:role=status[name="Status"i]`),
		call(step.Step{Kind: step.AssertColour, Value: "red", Match: step.MatchText, Negated: true, Element: "status", Role: "status", Action: "the status text is not red"}, `internal:role=status`),
		call(step.Step{Kind: step.AssertColour, Value: "green", Match: step.MatchBackground, Element: `button "Save"`, Role: "button", Action: "the Save button's background is green"}, `internal:role=button[name="Save"i]`),
	}}
	b, err := Generate(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	want := []string{
		"// prettier-ignore\nconst coloursOf = (el: any, how: string) => {\n",
		"  return coloursSeen(el, how).map((c: any) => c.family);\n};\n",
		`coloursOf,`,
		`"either",`,
		`.toContain("red");`,
		`coloursOf, "text"))`,
		`.not.toContain("red");`,
		`"background",`,
		`.toContain("green");`,
	}
	for _, d := range commandgen.ColourHelperDecls() {
		want = append(want, "\n  "+d+"\n")
	}
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("the spec lacks %q:\n%s", w, got)
		}
	}
}
