package pwspec

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// TestNegatedPageFacts: a URL or title check that says what they must not
// be is the web-first assertion turned around (not.toHaveURL,
// not.toHaveTitle), read from the step's call as every check is.
func TestNegatedPageFacts(t *testing.T) {
	got := specOf(t, "facts", []step.Step{
		{Kind: step.AssertURL, Value: "/admin", Match: step.MatchContains, Negated: true, Action: "the URL should not contain /admin"},
		{Kind: step.AssertTitle, Value: "Error", Match: step.MatchEquals, Negated: true, Action: "the title is not Error"},
		{Kind: step.AssertURL, Value: "/cart", Match: step.MatchEnds, Action: "the URL ends with /cart"},
		{Kind: step.AssertURL, Value: "/done", Match: step.MatchPath, Action: "I should be on /done"},
	})
	for _, want := range []string{"expect(page).not.toHaveURL(/\\/admin/", "expect(page).not.toHaveTitle(", "expect(page).toHaveURL(/\\/cart$/",
		"expect(page).toHaveURL(/^[^?#]*\\/done(?:[?#].*)?$/"} {
		if !strings.Contains(got, want) {
			t.Errorf("the spec lacks %q:\n%s", want, got)
		}
	}
}

// specOf is the spec of a scenario that opens a page, then makes the
// calls of steps (each described by its Action).
func specOf(t *testing.T, name string, steps []step.Step) string {
	t.Helper()
	sc := &sandy.Scenario{Version: "2.1", Metadata: sandy.Metadata{Name: name}, Steps: []sandy.Step{
		{Tool: "mcp__playwright__browser_navigate", Params: map[string]any{"url": "http://127.0.0.1:1/"}, Description: "open"},
	}}
	for _, s := range steps {
		c, err := commandgen.Call(s, "")
		if err != nil {
			t.Fatal(err)
		}
		sc.Steps = append(sc.Steps, sandy.Step{Tool: "mcp__playwright__" + c.Tool, Params: c.Args, Description: s.Action, Check: commandgen.Record(s)})
	}
	b, err := Generate(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
