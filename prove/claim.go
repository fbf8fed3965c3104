package prove

// What a check step claims to read: its record, or what a
// browser_verify_* call's params say.

import (
	"fmt"
	"slices"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// FromRecord is Proof.From for a check read from its record.
const FromRecord = "record"

// toolVerifyList is @playwright/mcp's browser_verify_list_visible (with
// --caps testing), which the built-in server does not have.
const toolVerifyList = "browser_verify_list_visible"

// claim is what a check step claims to read, as written (placeholders
// not filled in).
type claim struct {
	rec  *sandy.Check // nil for a compiled check with no record
	from string       // FromRecord, or the browser_verify_* tool
	// reads says it in words for a browser_verify_* call ("" for a
	// record, whose words its kind makes).
	reads string
}

// claimOf is what the step st, a call of tool (its name on its server),
// claims to read; false for a step that is no check.
func claimOf(st *sandy.Step, tool string) (claim, bool) {
	p := st.Params
	str := func(k string) string { s, _ := p[k].(string); return s }
	switch tool {
	case step.ToolEvaluate:
		if st.Check != nil {
			return claim{rec: st.Check, from: FromRecord}, true
		}
		if commandgen.IsCheck(step.ToolCall{Tool: tool, Args: p}) {
			return claim{}, true
		}
	case mcpclient.ToolVerifyTextVisible:
		return claim{rec: &sandy.Check{Kind: "text", Value: str("text")}, from: tool,
			reads: fmt.Sprintf("text %q is visible", str("text"))}, true
	case mcpclient.ToolVerifyElementVisible:
		role, name := str("role"), str("accessibleName")
		return claim{rec: &sandy.Check{Kind: "visible", Element: fmt.Sprintf("%s %q", role, name), Value: name,
			Values: []string{role}, Match: step.MatchContains}, from: tool,
			reads: fmt.Sprintf("%s %q is visible", role, name)}, true
	case mcpclient.ToolVerifyValue:
		el, v := str("element"), str("value")
		if typ := str("type"); typ == "checkbox" || typ == "radio" {
			not := map[bool]string{true: "not ", false: ""}[v == "false"]
			return claim{rec: &sandy.Check{Kind: "state", Element: el, Role: typ, Value: step.StateChecked, Negated: v == "false"},
				from: tool, reads: fmt.Sprintf("%s is %schecked", el, not)}, true
		}
		return claim{rec: &sandy.Check{Kind: "value", Element: el, Value: v, Match: step.MatchEquals}, from: tool,
			reads: fmt.Sprintf("%s has the value %q", el, v)}, true
	case toolVerifyList:
		items, _ := p["items"].([]any)
		var texts []string
		for _, it := range items {
			if s, ok := it.(string); ok {
				texts = append(texts, s)
			}
		}
		if len(texts) == 0 {
			return claim{from: tool, reads: "a list of no items"}, true
		}
		// Each item must be found: breaking the first breaks the claim.
		return claim{rec: &sandy.Check{Kind: "text", Element: str("element"), Value: texts[0], Values: slices.Clone(texts)},
			from: tool, reads: fmt.Sprintf("%s lists %q", str("element"), texts)}, true
	}
	return claim{}, false
}
