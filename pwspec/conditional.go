package pwspec

// A step made only when its condition holds: the click of "expand X",
// made only when X is closed (commandgen.Unless).

import (
	"fmt"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// conditional is a click made only when its element is not in the state
// it sets (commandgen.Unless: "expand X"), as an if on the attribute that
// says the state. Any other condition has no spec form: a spec that made
// the step always would not do what the scenario does.
func (g *gen) conditional(st sandy.Step, in *step.Step, next *sandy.Step) ([]doc, int, error) {
	_, tool, _, _ := sandy.SplitTool(st.Tool)
	id, _, negated, attr, ok := commandgen.ReadUnless(st.Condition)
	target, _ := st.Params["target"].(string)
	if !ok || tool != "browser_click" || target == "" {
		return nil, 0, fmt.Errorf("condition %q has no Playwright Test form", st.Condition)
	}
	plain := st
	plain.Condition = ""
	stmts, used, err := g.step(plain, in, next)
	if err != nil {
		return nil, 0, err
	}
	l, err := g.locator(target)
	if err != nil {
		return nil, 0, err
	}
	op := "!=="
	if negated {
		op = "==="
	}
	// The read's id names the const: unique in the spec, as in the scenario.
	return []doc{
		[]doc{"const " + id + " = await ", printExpr(mc(l, "getAttribute", str(attr))), ";"},
		[]doc{"if (" + id + " " + op + ` "true") {`, indent(hardline, join(hardline, stmts)), hardline, "}"},
	}, used, nil
}
