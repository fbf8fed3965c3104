package commandgen

// A check's record: what it claims to read, as data in the scenario beside
// its call (sandy.Step.Check). Compile writes it from the check's step;
// the spec export and plaintest prove read the step back from it, never
// from the call's English description or its JavaScript.

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// ErrNoRecord is wrapped by ReadStep's error for a check call with no
// record: a scenario compiled before checks carried one, or a check
// written by hand.
var ErrNoRecord = errors.New("the check carries no record of what it reads")

// Record is the record of the check s, nil for a step that is no check.
func Record(s step.Step) *sandy.Check {
	e, ok := kindOf(s.Kind)
	if !ok {
		return nil
	}
	return &sandy.Check{Kind: e.name, Element: s.Element, Role: s.Role, Value: s.Value, Values: slices.Clone(s.Values),
		Match: s.Match, Negated: s.Negated, Wait: s.Wait, Shadow: s.Shadow}
}

// RememberedAsOutputs writes each value named in remembered (the names
// earlier remember steps read values into) in c's value, values and
// element as its remember step's output, {{NAME.value}}, as the check's
// call has it and replay fills it in; {{NAME}} names no variable.
func RememberedAsOutputs(c *sandy.Check, remembered []string) {
	if c == nil || len(remembered) == 0 {
		return
	}
	var pairs []string
	for _, name := range remembered {
		pairs = append(pairs, "{{"+name+"}}", "{{"+name+"."+OutputValue+"}}")
	}
	r := strings.NewReplacer(pairs...)
	c.Value, c.Element = r.Replace(c.Value), r.Replace(c.Element)
	for i, v := range c.Values {
		c.Values[i] = r.Replace(v)
	}
}

// FromRecord is the check step c records, on target (its call's target,
// "" for a check of the page). A record the table cannot build a call
// from (an unknown kind or state, a count that is no number) is an error
// naming what is wrong.
func FromRecord(c *sandy.Check, target string) (step.Step, error) {
	e, ok := kindNamed(c.Kind)
	if !ok {
		return step.Step{}, fmt.Errorf("check.kind: %q is no kind of check (%s)", c.Kind, kindNames())
	}
	s := step.Step{Kind: e.kind, Ref: target, Element: c.Element, Role: c.Role, Value: c.Value, Values: slices.Clone(c.Values),
		Match: c.Match, Negated: c.Negated, Wait: c.Wait, Shadow: c.Shadow}
	what := s.Element
	if what == "" {
		what = "the page"
	}
	if _, _, err := e.page(s, what, target != ""); err != nil {
		return step.Step{}, fmt.Errorf("check: %w", err)
	}
	return s, nil
}

// ReadStep is the step a scenario step performs: a check's from its
// record; any other call's as Read reads it. A check call with no record
// is an error wrapping ErrNoRecord.
func ReadStep(st sandy.Step, tool string) (step.Step, error) {
	target, _ := st.Params["target"].(string)
	if st.Check != nil {
		return FromRecord(st.Check, target)
	}
	c := step.ToolCall{Tool: tool, Args: st.Params}
	if IsCheck(c) {
		return step.Step{}, fmt.Errorf("%w: compile the scenario again to record it", ErrNoRecord)
	}
	return Read(c)
}

// kindNames lists the kinds' record names.
func kindNames() string {
	var b []byte
	for i, e := range checkKinds {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, e.name...)
	}
	return string(b)
}

// RecordProblems lists what is wrong with the check records of sc, each
// at its step's path: a record the table cannot build a check from (an
// unknown kind or state, a count that is no number), or a record on a
// step that is no browser_evaluate. Replay runs each call as written
// whatever its record says; plaintest prove and the spec export read the
// record, so plaintest validate reports these.
func RecordProblems(sc *sandy.Scenario) []sandy.Problem {
	var out []sandy.Problem
	for i, st := range sc.Steps {
		if st.Check == nil {
			continue
		}
		path := fmt.Sprintf("steps[%d].check", i)
		if _, name, _, err := sandy.SplitTool(st.Tool); err != nil || name != step.ToolEvaluate {
			out = append(out, sandy.Problem{Path: path, Msg: "a check record on a step that is no browser_evaluate"})
			continue
		}
		target, _ := st.Params["target"].(string)
		if _, err := FromRecord(st.Check, target); err != nil {
			out = append(out, sandy.Problem{Path: path, Msg: strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(err.Error(), "check: "), "commandgen: "), "check.")})
		}
	}
	return out
}
