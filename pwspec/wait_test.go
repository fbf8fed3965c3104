package pwspec

import (
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// TestWaitTimeout: a check the sentence waits for ("wait for Saved to
// appear") keeps its compiled timeout in the spec; any other check keeps
// the spec's expect timeout.
func TestWaitTimeout(t *testing.T) {
	o := &commandgen.CallOptions{WaitTimeout: 12 * time.Second}
	call := func(s step.Step, target string) sandy.Step {
		c, err := o.Call(s, target)
		if err != nil {
			t.Fatal(err)
		}
		return sandy.Step{Tool: "mcp__playwright__" + c.Tool, Params: c.Args, Description: s.Action, Check: commandgen.Record(s)}
	}
	sc := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: "waits"}, Steps: []sandy.Step{
		{Tool: "mcp__playwright__browser_navigate", Params: map[string]any{"url": "http://127.0.0.1:1/"}, Description: "open"},
		call(step.Step{Kind: step.AssertText, Value: "Saved", Wait: true, Action: "wait for Saved to appear"}, ""),
		call(step.Step{Kind: step.AssertValue, Role: "textbox", Element: `textbox "Code"`, Value: "A1", Match: step.MatchEquals, Wait: true, Action: "wait until the code shows A1"}, `internal:role=textbox[name="Code"i]`),
		{Tool: "mcp__playwright__browser_evaluate", Params: commandgen.EnabledWait(`internal:role=button[name="Pay"i]`, `button "Pay"`, 5*time.Second).Args, Description: "click Pay"},
		{Tool: "mcp__playwright__browser_click", Params: map[string]any{"target": `internal:role=button[name="Pay"i]`, "element": `button "Pay"`}, Description: "click Pay"},
		call(step.Step{Kind: step.AssertText, Value: "Done", Action: "verify Done is shown"}, ""),
	}}
	b, err := Generate(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	if n := strings.Count(got, "timeout: 12000"); n != 2 {
		t.Errorf("the spec has %d timeouts of 12s, want 2 (the two waits):\n%s", n, got)
	}
	if want := "toBeEnabled({\n      timeout: 5000,"; !strings.Contains(got, want) {
		t.Errorf("the spec lacks %s:\n%s", want, got)
	}
	if _, done, _ := strings.Cut(got, "verify Done is shown"); strings.Contains(done, "timeout") {
		t.Errorf("a check that does not wait has a timeout:\n%s", done)
	}
}
