package commandgen

// A click that sets a state ("expand X", "collapse X": step.Step.Unless)
// is made only when the element is not in that state already: the export
// reads the state first (StateRead, a browser_evaluate whose answer is the
// Sandy step's output) and makes the click's step conditional on that
// answer (Unless, a Sandy condition), so its replay on a page where X
// starts open leaves it open. No tool of @playwright/mcp sets a state
// other than a box's (setchecked.go); a Sandy condition is how a scenario
// says "only when".

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/step"
)

// unlessStates are the states a click can be made conditional on, each
// with the attribute the spec export reads.
var unlessStates = map[string]string{step.StateExpanded: "aria-expanded", step.StateSelected: "aria-selected"}

// stateReadFn is the function of StateRead for state: an object whose one
// member, named as the state, is "true" or "false" (states.js).
func stateReadFn(state string) string {
	return "(el) => ({ " + state + ": String(" + stateJS[state] + ") })"
}

// StateRead is the call that reads whether the element at target is in
// state, as the Sandy step id whose output the click's condition reads.
// ok is false for a state no click is made conditional on.
func StateRead(id, state, target, element string) (step.ToolCall, bool) {
	if _, ok := unlessStates[state]; !ok || target == "" {
		return step.ToolCall{}, false
	}
	args := map[string]any{"target": target, "function": stateReadFn(state)}
	if element != "" {
		args["element"] = element
	}
	return step.ToolCall{Tool: step.ToolEvaluate, Args: args, ID: id, Output: map[string]string{state: "$." + state}}, true
}

// Unless is the condition of a click that sets state, read by the step id
// (StateRead): the click is made when the element is not in it, or, when
// negated (a collapse), when it is.
func Unless(id, state string, negated bool) string {
	op := "!="
	if negated {
		op = "=="
	}
	return "{{" + id + "." + state + "}} " + op + " true"
}

// unlessRe reads an Unless condition back.
var unlessRe = regexp.MustCompile(`^\{\{([A-Za-z_][A-Za-z0-9_]*)\.([a-z_]+)\}\} (!=|==) true$`)

// ReadUnless reads a condition Unless wrote: the step id it reads, the
// state, whether the click asks for the state's opposite, and the
// attribute a Playwright spec reads for it. ok is false for any other
// condition.
func ReadUnless(cond string) (id, state string, negated bool, attr string, ok bool) {
	m := unlessRe.FindStringSubmatch(cond)
	if m == nil {
		return "", "", false, "", false
	}
	attr, ok = unlessStates[m[2]]
	if !ok {
		return "", "", false, "", false
	}
	return m[1], m[2], m[3] == "==", attr, true
}

// readStateRead reads a StateRead call's function: the state it reads.
func readStateRead(fn string) (string, bool) {
	for state := range unlessStates {
		if fn == stateReadFn(state) {
			return state, true
		}
	}
	return "", false
}

// IsStateRead reports whether c is a StateRead: a call a step's click
// depends on, no step of its own.
func IsStateRead(c step.ToolCall) bool {
	fn, _ := c.Args["function"].(string)
	_, ok := readStateRead(fn)
	return c.Tool == step.ToolEvaluate && ok
}

// stateReadNotStep is Read's error for a StateRead.
func stateReadNotStep(state, target string) error {
	return fmt.Errorf("the read of whether %s is %s before the click that sets it: %w", strings.TrimSpace(target), state, ErrNotStep)
}
