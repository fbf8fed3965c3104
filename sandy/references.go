package sandy

// Placeholders that name no earlier step's output, or no variable.

import (
	"strings"

	"github.com/plaintest/plaintest/internal/jsonscan"
	"github.com/plaintest/plaintest/internal/printable"
)

// refs checks the {{id.field}} placeholders in x (params or a condition) of
// step i.
func (v *validator) refs(i int, path string, x any, ids map[string]int) {
	placeholders(path, x, func(path, name string) {
		id, rest, dotted := strings.Cut(name, ".")
		if !dotted || v.ps.full() || v.refSeen[[2]string{path, name}] {
			return
		}
		field, _, _ := strings.Cut(rest, ".")
		j, ok := ids[id]
		if ok && j < i {
			if _, ok := v.s.Steps[j].Output[field]; ok {
				return // the common case, with nothing to write
			}
		}
		if v.refSeen == nil {
			v.refSeen = map[[2]string]bool{}
		}
		v.refSeen[[2]string{path, name}] = true // a problem each: as many as the cap
		ref := "{{" + printable.Excerpt(name) + "}}"
		switch {
		case !ok:
			v.add(path, "%s refers to unknown step %s", ref, printable.Quote(id))
		case j == i:
			v.add(path, "%s refers to its own step %s", ref, printable.Quote(id))
		case j > i:
			v.add(path, "%s refers to step %s, which runs later (steps[%d])", ref, printable.Quote(id), j)
		default:
			if _, ok := v.s.Steps[j].Output[field]; !ok {
				v.add(path, "%s refers to output %s, which step %s does not declare", ref, printable.Quote(field), printable.Quote(id))
			}
		}
	})
}

// UndefinedVars returns a problem for each plain {{NAME}} placeholder in the
// params or condition of any step that neither the scenario's variables nor
// any of layers (the variables a run is given: an env file, --var values)
// define, with its JSON path:
//
//	steps[2].params.url: {{HOST}} is not defined: declare it in "variables" ("" makes it required) or pass --var HOST=... / --env FILE
//
// Every step is checked, whichever steps a run selects. {{id.field}} step
// outputs are Validate's to check. The result is nil when every name is
// defined.
func (s *Scenario) UndefinedVars(layers ...map[string]string) []Problem {
	ps, _ := s.undefinedVars(layers)
	return ps
}

// undefinedVars is UndefinedVars, at most maxProblems of them, and
// whether there were more.
func (s *Scenario) undefinedVars(layers []map[string]string) ([]Problem, bool) {
	defined := func(name string) bool {
		if _, ok := s.Variables[name]; ok {
			return true
		}
		for _, l := range layers {
			if _, ok := l[name]; ok {
				return true
			}
		}
		return false
	}
	var ps problems
	seen := map[[2]string]bool{} // {path, name} found undefined: a problem each
	check := func(path, name string) {
		if !strings.Contains(name, ".") && !defined(name) && !ps.full() && !seen[[2]string{path, name}] {
			seen[[2]string{path, name}] = true
			ps.add(path, `{{%s}} is not defined: declare it in "variables" ("" makes it required) or pass --var %s=... / --env FILE`, printable.Excerpt(name), printable.Excerpt(name))
		}
	}
	for i := range s.Steps {
		p := jsonscan.Index("steps", i)
		placeholders(p+".params", s.Steps[i].Params, check)
		placeholders(p+".condition", s.Steps[i].Condition, check)
	}
	if len(ps.ps) == 0 {
		return nil, false
	}
	return sortProblems(ps.ps), ps.truncated
}
