package grammar

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// kindsPage has one element of several kinds, a region whose name holds
// "tabs", help text that says "the dialog", and two buttons.
const kindsPage = `- region "About tabs" [ref=e1]:
  - paragraph: Each tab shows one panel. Close the dialog when done.
- tablist "Details" [ref=e2]:
  - tab "Description" [ref=e3]
  - tab "Shipping" [selected] [ref=e4]
- tabpanel "Shipping" [ref=e5]:
  - paragraph: Free over $50, else $5.
- status [ref=e6]: Saved
- dialog "Edit" [ref=e7]:
  - button "Close" [ref=e8]
- button "Save" [ref=e9]
- checkbox "Gift wrap" [ref=e10]
`

// TestKindAlone: a subject that is a kind noun alone ("the dialog", "the
// tab panel") is the one element of that kind, or, gone, any of it; a noun
// of two words is never split by the shorter noun it ends with ("the tab
// panel" was a group, region or tab panel whose name holds "tab", which
// the region "About tabs" passed).
func TestKindAlone(t *testing.T) {
	p, err := dom.ParseARIA(kindsPage)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		action string
		want   step.Step
	}{
		{"check the tab panel is visible", step.Step{Kind: step.AssertVisible, Role: "tabpanel", Ref: "e5"}},
		{"the tab panel shows Free over $50", step.Step{Kind: step.AssertText, Role: "tabpanel", Ref: "e5", Value: "Free over $50"}},
		{"the tab panel should not say Description", step.Step{Kind: step.AssertGone, Role: "tabpanel", Ref: "e5", Value: "Description"}},
		{"check the tab list is visible", step.Step{Kind: step.AssertVisible, Role: "tablist", Ref: "e2"}},
		{"verify the tab list shows 2 tabs", step.Step{Kind: step.AssertCount, Role: "tablist", Ref: "e2", Value: "2", Values: []string{"tab"}}},
		{"check the dialog is visible", step.Step{Kind: step.AssertVisible, Role: "dialog", Ref: "e7"}},
		{"the status is shown", step.Step{Kind: step.AssertVisible, Role: "status", Ref: "e6"}},
		// Gone: no element of the kind may be shown, whatever its name.
		{"the dialog is gone", step.Step{Kind: step.AssertVisible, Values: []string{"alertdialog", "dialog"}, Negated: true}},
		{"the alert is gone", step.Step{Kind: step.AssertVisible, Values: []string{"alert", "alertdialog"}, Negated: true}},
		// Not on the page: the page is asked by role, and fails there.
		{"the alert is shown", step.Step{Kind: step.AssertVisible, Values: []string{"alert", "alertdialog"}}},
		// A dialog is open while shown: not the expanded state of the
		// paragraph whose text says "the dialog" (which is never expanded,
		// so "should be closed" held whatever the dialog did).
		{"the dialog is open", step.Step{Kind: step.AssertVisible, Role: "dialog", Ref: "e7"}},
		{"the dialog should be closed", step.Step{Kind: step.AssertVisible, Values: []string{"alertdialog", "dialog"}, Negated: true}},
		{"the menu is closed", step.Step{Kind: step.AssertVisible, Values: []string{"menu"}, Negated: true}},
		// A state of the one element of a kind, none focused.
		{"the checkbox is checked", step.Step{Kind: step.AssertState, Role: "checkbox", Ref: "e10", Value: step.StateChecked}},
		{"the checkbox should not be checked", step.Step{Kind: step.AssertState, Role: "checkbox", Ref: "e10", Value: step.StateChecked, Negated: true}},
	} {
		steps, err := NewRules().Translate(context.Background(), translator.Request{Action: tt.action, Page: p})
		if err != nil || len(steps) != 1 {
			t.Errorf("%q: %+v, %v; want one step", tt.action, steps, err)
			continue
		}
		got := steps[0]
		got.Action, got.Element, got.Words = "", "", ""
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tt.action, got, tt.want)
		}
	}
	// Several of the kind: refused, naming them, not read as the words.
	for action, want := range map[string]string{
		"check the button is visible": `"the button" matches 2 elements`,
		"the panel is shown":          `"the panel" matches`,
		"the tab is selected":         `"the tab" matches 2 elements`,
	} {
		_, err := NewRules().Translate(context.Background(), translator.Request{Action: action, Page: p})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error saying %q", action, err, want)
		}
	}
	// Text has no state: "not expanded" of it could never fail.
	text, err := dom.ParseARIA("- paragraph: Shipping details\n- button \"Save\" [ref=e1]\n")
	if err != nil {
		t.Fatal(err)
	}
	_, err = NewRules().Translate(context.Background(), translator.Request{Action: "verify Shipping details is not expanded", Page: text})
	if want := "is text, which is never expanded"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a state of text: %v, want an error saying %q", err, want)
	}
}

// TestKindAloneAction: "click the switch" acts on the page's one switch,
// not on the cell of a table of roles whose text is "switch" (the APG
// switch example documents its roles in such a table).
func TestKindAloneAction(t *testing.T) {
	p, err := dom.ParseARIA(`- table "Roles":
  - row "switch Identifies the element as a switch.":
    - rowheader "switch" [ref=e1]
    - cell "Identifies the element as a switch." [ref=e2]
- switch "Notifications" [ref=e3]
- button "Save" [ref=e4]
- button "Cancel" [ref=e5]
- textbox "Name" [ref=e6]
- textbox "Email" [active] [ref=e7]
- button "Link" [ref=e8]
- link "Docs" [ref=e9]
`)
	if err != nil {
		t.Fatal(err)
	}
	for action, want := range map[string]string{
		"click the switch":                "e3",
		"the switch is on":                "e3",
		"type Ada into the field":         "e7", // of several, the focused one
		"type Ada into the edit box":      "e7",
		"click the Save button":           "e4",
		"click switch":                    "e1", // no article: the words, which the cell is named
		"the Notifications switch is off": "e3",
	} {
		steps, err := NewRules().Translate(context.Background(), translator.Request{Action: action, Page: p})
		if err != nil || len(steps) == 0 || steps[0].Ref != want {
			t.Errorf("%q: %+v, %v; want %s", action, steps, err, want)
		}
	}
	if _, err := NewRules().Translate(context.Background(), translator.Request{Action: "click the button", Page: p}); err == nil || !strings.Contains(err.Error(), `"the button" matches 3 elements`) {
		t.Errorf("click the button: %v, want the two buttons named", err)
	}
}

// TestKindPlace: a place named by a kind alone ("in the tab panel") is the
// one part of that kind: its element, or, when it has none, a hover of it
// (the element may show on hover), never the element of that name beside a
// part whose name is a word of the noun (the section "Tab").
func TestKindPlace(t *testing.T) {
	p, err := dom.ParseARIA(`- region "Tab" [ref=e1]:
  - button "Save" [ref=e2]
- tablist "Sections" [ref=e3]:
  - tab "Draft" [selected] [ref=e4]
- tabpanel "Draft" [ref=e5]:
  - button "Apply" [ref=e6]
`)
	if err != nil {
		t.Fatal(err)
	}
	for action, want := range map[string]step.Step{
		"click Apply in the tab panel": {Kind: step.Click, Role: "button", Ref: "e6"},
		"click Save in the tab panel":  {Kind: step.Hover, Role: "tabpanel", Ref: "e5"},
		"click Draft in the tab list":  {Kind: step.Click, Role: "tab", Ref: "e4"},
	} {
		steps, err := NewRules().Translate(context.Background(), translator.Request{Action: action, Page: p})
		if err != nil || len(steps) == 0 {
			t.Errorf("%q: %v", action, err)
			continue
		}
		got := steps[0]
		got.Action, got.Element, got.Words = "", "", ""
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n got %+v\nwant %+v", action, got, want)
		}
	}
}
