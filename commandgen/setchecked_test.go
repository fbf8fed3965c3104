package commandgen

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/step"
)

// TestLift: a box's fill_form has its field's target and element lifted
// where replay reads an action's, and lower puts an edited target back
// in the field as the server takes it; every other call is left alone.
func TestLift(t *testing.T) {
	c, err := Call(step.Step{Kind: step.Check, Role: "checkbox", Element: `checkbox "Terms"`}, "#terms")
	if err != nil {
		t.Fatal(err)
	}
	lifted := Lift(c.Tool, c.Args)
	if lifted["target"] != "#terms" || lifted["element"] != `checkbox "Terms"` {
		t.Fatalf("lifted %v, want the field's target and name", lifted)
	}
	if _, ok := c.Args["target"]; ok {
		t.Error("Lift changed the call's own arguments")
	}
	edited := map[string]any{"fields": lifted["fields"], "target": "#terms >> visible=true", "element": lifted["element"]}
	got := Lower(c.Tool, edited)
	want := map[string]any{"fields": []any{map[string]any{"name": `checkbox "Terms"`, "type": "checkbox", "target": "#terms >> visible=true", "value": "true"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("lower = %v, want %v", got, want)
	}
	if s, err := Read(step.ToolCall{Tool: c.Tool, Args: got}); err != nil || s.Kind != step.Check || s.Ref != "#terms >> visible=true" {
		t.Errorf("Read(lowered) = %+v, %v", s, err)
	}
	click := map[string]any{"target": "#b", "element": `button "B"`}
	if l := Lift(step.ToolClick, click); !reflect.DeepEqual(l, click) || !reflect.DeepEqual(Lower(step.ToolClick, click), click) {
		t.Errorf("Lift of a click: %v", l)
	}
	form := map[string]any{"fields": []any{map[string]any{"name": "Name", "type": "textbox", "target": "#n", "value": "Ada"}}}
	if l := Lift(step.ToolFillForm, form); l["target"] != nil || !reflect.DeepEqual(Lower(step.ToolFillForm, form), form) {
		t.Errorf("Lift of a text field's form: %v, want it left alone", l)
	}
}

// TestReadFillForm: a form that sets anything but one box is no step's,
// and a box's field must say true or false.
func TestReadFillForm(t *testing.T) {
	for _, args := range []map[string]any{
		{"fields": []any{map[string]any{"name": "Name", "type": "textbox", "target": "#n", "value": "Ada"}}},
		{"fields": []any{
			map[string]any{"name": "A", "type": "checkbox", "target": "#a", "value": "true"},
			map[string]any{"name": "B", "type": "checkbox", "target": "#b", "value": "true"},
		}},
		{"fields": "x"},
		{},
	} {
		if s, err := Read(step.ToolCall{Tool: step.ToolFillForm, Args: args}); !errors.Is(err, ErrNotStep) {
			t.Errorf("Read(%v) = %+v, %v; want ErrNotStep", args, s, err)
		}
	}
	bad := map[string]any{"fields": []any{map[string]any{"name": "A", "type": "checkbox", "target": "#a", "value": "yes"}}}
	if _, err := Read(step.ToolCall{Tool: step.ToolFillForm, Args: bad}); err == nil || !strings.Contains(err.Error(), `want "true" or "false"`) {
		t.Errorf("Read of a box set to yes: %v", err)
	}
	none := map[string]any{"fields": []any{map[string]any{"name": "A", "type": "checkbox", "value": "true"}}}
	if _, err := Read(step.ToolCall{Tool: step.ToolFillForm, Args: none}); err == nil || !strings.Contains(err.Error(), "names no element") {
		t.Errorf("Read of a box with no target: %v", err)
	}
}

// TestUnless: the read of an element's state before the click that sets
// it is no step's, and the click's condition reads back to its state.
func TestUnless(t *testing.T) {
	read, ok := StateRead("state_2_0", step.StateExpanded, "#faq", `button "FAQ"`)
	if !ok || read.ID != "state_2_0" || read.Output[step.StateExpanded] != "$.expanded" {
		t.Fatalf("StateRead = %+v, %v", read, ok)
	}
	if _, err := Read(read); !errors.Is(err, ErrNotStep) || !IsStateRead(read) {
		t.Errorf("Read(StateRead) = %v, want ErrNotStep", err)
	}
	if _, ok := StateRead("x", step.StateChecked, "#b", ""); ok {
		t.Error("StateRead of checked: a box is set by setChecked, not a conditional click")
	}
	for _, negated := range []bool{false, true} {
		cond := Unless("state_2_0", step.StateExpanded, negated)
		id, state, neg, attr, ok := ReadUnless(cond)
		if !ok || id != "state_2_0" || state != step.StateExpanded || neg != negated || attr != "aria-expanded" {
			t.Errorf("ReadUnless(%q) = %q %q %v %q %v", cond, id, state, neg, attr, ok)
		}
	}
	if _, state, neg, attr, ok := ReadUnless(Unless("state_3_0", step.StateSelected, true)); !ok || state != step.StateSelected || !neg || attr != "aria-selected" {
		t.Errorf("ReadUnless of a deselect's click: %q %v %q %v", state, neg, attr, ok)
	}
	if _, _, _, _, ok := ReadUnless("{{a.b}} != c"); ok {
		t.Error("ReadUnless read a condition Unless does not write")
	}
}
