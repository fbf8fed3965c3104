package pwspec

// A remember step ("remember the order number as ORDER") is a const read
// from the page: its action's test.step returns the text, and the steps
// after it use the const where the scenario has {{ORDER.value}}.

import (
	"github.com/plaintest/plaintest/step"
)

// remembered is the variable the spec reads a value into: the statements
// of the step's test.step, which returns it.
const remembered = "value"

// remember reads s's element's text (a field's value), spaces collapsed,
// and fails when it is empty, as the scenario's step does.
func (g *gen) remember(s step.Step, target string) ([]doc, int, error) {
	l, err := g.locator(target)
	if err != nil {
		return nil, 0, err
	}
	read := mc(l, "innerText")
	switch s.Role {
	case "textbox", "searchbox", "spinbutton", "combobox":
		read = mc(l, "inputValue")
	}
	text := mc(mc(raw("(await "+printDoc(printExpr(read))+")"), "replace", raw(`/\s+/g`), str(" ")), "trim")
	what := s.Element
	if what == "" {
		what = "the element"
	}
	g.vars[s.Value] = true
	g.remembered[s.Value] = true
	g.binding = s.Value
	return []doc{
		[]doc{"const ", remembered, " = ", printExpr(text), ";"},
		[]doc{printExpr(mc(c(ident("expect"), ident(remembered), str(what+" is empty: there is no value to remember as "+s.Value)), "not.toBe", str(""))), ";"},
	}, 0, nil
}
