package pwspec

// A remember step ("remember the order number as ORDER") is a const read
// from the page: its action's test.step returns the text, and the steps
// after it use the const where the scenario has {{ORDER.value}}.

import (
	"github.com/plaintest/plaintest/step"
)

// remember reads s's element's text (a field's value) and fails when it
// is empty, as the scenario's step does; its test.step returns the text,
// spaces collapsed (Generate).
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
	what := s.Element
	if what == "" {
		what = "the element"
	}
	g.vars[s.Value] = true
	g.remembered[s.Value] = true
	g.binding = s.Value
	value := ident("value")
	return []doc{
		[]doc{"const value = await ", printExpr(read), ";"},
		[]doc{printExpr(mc(c(ident("expect"), mc(value, "trim"), str(what+" is empty: there is no value to remember as "+s.Value)), "not.toBe", str(""))), ";"},
		[]doc{"return ", printExpr(mc(mc(value, "replace", raw(`/\s+/g`), str(" ")), "trim")), ";"},
	}, 0, nil
}
