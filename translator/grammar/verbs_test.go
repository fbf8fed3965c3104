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

const toppingsPage = `- listbox "Toppings" [ref=e1]:
  - option "Ham" [ref=e2]
  - option "Cheese" [selected] [ref=e3]
  - option "Olives" [selected] [ref=e4]
- listbox "Extras" [ref=e5]:
  - option "Sauce" [selected] [ref=e6]
  - option "Chili" [ref=e7]
- combobox "Size" [ref=e8]:
  - option "S" [selected]
  - option "M"
  - option "L"
- listbox "Colours" [ref=e9]:
  - option "Red" [selected] [ref=e10]
- checkbox "Remember me" [checked] [ref=e11]
`

func translateOn(t *testing.T, markup, action string) ([]step.Step, error) {
	t.Helper()
	page, err := dom.ParseARIA(markup)
	if err != nil {
		t.Fatal(err)
	}
	return (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page})
}

// TestDeselect: "deselect Cheese in Toppings" unselects one option of a
// list box that takes several: a Negated Select of the list box whose
// Values are the options that stay selected (what a <select multiple>
// takes) and whose Value is the option (what an ARIA list box clicks),
// where it read as a checkbox "Cheese in Toppings"; an option that is not
// selected is refused naming it, and a checkbox is still unchecked.
func TestDeselect(t *testing.T) {
	for _, tc := range []struct {
		action, ref, value string
		stay               []string
	}{
		{"deselect Cheese in Toppings", "e1", "Cheese", []string{"Olives"}},
		{"unselect Cheese from Toppings", "e1", "Cheese", []string{"Olives"}},
		{"deselect Cheese", "e1", "Cheese", []string{"Olives"}},
		{"deselect Sauce in Extras", "e5", "Sauce", nil},
		{"deselect Red", "e9", "Red", nil},
	} {
		steps, err := translateOn(t, toppingsPage, tc.action)
		if err != nil || len(steps) != 1 {
			t.Errorf("%s: %+v, %v; want one deselect", tc.action, steps, err)
			continue
		}
		s := steps[0]
		if s.Kind != step.Select || !s.Negated || s.Ref != tc.ref || s.Value != tc.value || !reflect.DeepEqual(s.Values, tc.stay) {
			t.Errorf("%s: %+v; want a negated select of %s unselecting %q keeping %q", tc.action, s, tc.ref, tc.value, tc.stay)
		}
	}
	steps, err := translateOn(t, toppingsPage, "deselect Remember me")
	if err != nil || len(steps) != 1 || steps[0].Kind != step.Uncheck || steps[0].Ref != "e11" {
		t.Errorf("deselect Remember me: %+v, %v; want an uncheck of e11", steps, err)
	}
	for action, want := range map[string]string{
		"deselect Ham in Toppings": `option "Ham" in listbox "Toppings" is not selected`,
		"deselect Chili":           `option "Chili" in listbox "Extras" is not selected`,
	} {
		_, err := translateOn(t, toppingsPage, action)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %s", action, err, want)
		}
	}
}

// TestSelectByValue: "select the option with value large in Size" picks
// the <select>'s option by its value attribute (Match MatchValue, which
// compile turns into the option's label), where the whole phrase "the
// option with value large" was the option's text; a list box that is no
// <select> is refused.
func TestSelectByValue(t *testing.T) {
	for _, action := range []string{
		"select the option with value large in Size",
		"choose the option whose value is large from Size",
		"select value large in Size",
	} {
		steps, err := translateOn(t, toppingsPage, action)
		if err != nil || len(steps) != 1 || steps[0].Kind != step.Select || steps[0].Ref != "e8" || steps[0].Value != "large" || steps[0].Match != step.MatchValue {
			t.Errorf("%s: %+v, %v; want a select of e8 by value large", action, steps, err)
		}
	}
	_, err := translateOn(t, toppingsPage, "select value red in Colours")
	if want := "is no <select>"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("select value red in Colours: %v, want %s", err, want)
	}
}
