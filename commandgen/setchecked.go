package commandgen

// A Check or Uncheck is Playwright's setChecked: browser_fill_form with one
// field, the box. setChecked clicks the box only when it is not as asked
// and then reads its state back (it fails when the click did not change
// it), so the step ends in the state its sentence names whatever state
// the page starts in: "check Remember me" on a page where the box starts
// checked leaves it checked. It is the one tool of @playwright/mcp that
// sets a state rather than toggling it; the built-in server does the same
// (browserserver's fillForm).

import (
	"fmt"
	"maps"
	"strconv"

	"github.com/plaintest/plaintest/step"
)

// setCheckedCall is the call of a Check or Uncheck s of the box at t.
func setCheckedCall(s step.Step, t string) step.ToolCall {
	kind := "checkbox"
	if s.Role == "radio" || s.Role == "menuitemradio" {
		kind = "radio"
	}
	field := map[string]any{"name": s.Element, "type": kind, "target": t, "value": strconv.FormatBool(s.Kind == step.Check)}
	return step.ToolCall{Tool: step.ToolFillForm, Args: map[string]any{"fields": []any{field}}}
}

// ToggleClick is the call of a Check or Uncheck s as the click it was
// before setChecked: the compiler keeps it for a box that the click
// removes from the page (a to-do ticked under the Active filter), which
// setChecked waits for in vain to read back.
func ToggleClick(s step.Step, t string) step.ToolCall {
	return step.ToolCall{Tool: step.ToolClick, Args: withElement(s, map[string]any{"target": t})}
}

// boxField is the one field of a browser_fill_form call that checks or
// unchecks a box, with whether the call is one.
func boxField(args map[string]any) (map[string]any, bool) {
	fields, ok := args["fields"].([]any)
	if !ok || len(fields) != 1 {
		return nil, false
	}
	f, ok := fields[0].(map[string]any)
	if !ok {
		return nil, false
	}
	switch f["type"] {
	case "checkbox", "radio":
		return f, true
	}
	return nil, false
}

// Lift returns the arguments of a call with its element where every other
// action's call has it: a browser_fill_form that checks one box has its
// field's target and name as "target" and "element" too, so that replay
// holds it to its identity, waits for its target and heals it as it does
// a click. Every other call's arguments are returned as they are. Lower
// is its inverse, for the server.
func Lift(tool string, args map[string]any) map[string]any {
	if tool != step.ToolFillForm {
		return args
	}
	f, ok := boxField(args)
	if !ok {
		return args
	}
	lifted := maps.Clone(args)
	lifted["target"], lifted["element"] = f["target"], f["name"]
	return lifted
}

// Lower returns lifted arguments (Lift) as the server takes them: a box's
// target and element, as replay may have narrowed or healed them, back in
// its field. Other arguments are returned as they are.
func Lower(tool string, args map[string]any) map[string]any {
	if tool != step.ToolFillForm {
		return args
	}
	f, ok := boxField(args)
	if _, lifted := args["target"]; !ok || !lifted {
		return args
	}
	field := maps.Clone(f)
	field["target"], field["name"] = args["target"], args["element"]
	out := maps.Clone(args)
	delete(out, "target")
	delete(out, "element")
	out["fields"] = []any{field}
	return out
}

// readFillForm reads a browser_fill_form call back: one box set is the
// Check or Uncheck it performs; any other form is no step's.
func readFillForm(args map[string]any) (step.Step, error) {
	f, ok := boxField(args)
	if !ok {
		return step.Step{}, notStep("a browser_fill_form that does not set one box: no step writes it")
	}
	target, _ := f["target"].(string)
	if target == "" {
		return step.Step{}, noTarget(step.ToolFillForm)
	}
	name, _ := f["name"].(string)
	var kind step.Kind
	switch f["value"] {
	case "true":
		kind = step.Check
	case "false":
		kind = step.Uncheck
	default:
		return step.Step{}, fmt.Errorf("%s: params.fields[0].value: %v: want \"true\" or \"false\" for a box", step.ToolFillForm, f["value"])
	}
	return step.Step{Kind: kind, Ref: target, Element: name, Role: roleOf(name)}, nil
}
