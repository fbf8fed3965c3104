package grammar

import (
	"slices"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
)

// TestKindCount: a count of things named by their kind ("links",
// "buttons") is a count of that role in the part of the page the subject
// names, or in the whole page; it was the text "3 links", which no page
// shows. "a Cart link" names a link, and a count by an item noun keeps
// its list.
func TestKindCount(t *testing.T) {
	page, err := dom.ParseARIA(`- banner [ref=e1]:
  - link "Home" [ref=e2]
  - link "Cart" [ref=e3]
- navigation "Main" [ref=e20]:
  - list [ref=e21]:
    - listitem [ref=e22]:
      - link "A" [ref=e23]
    - listitem [ref=e24]:
      - link "B" [ref=e25]
- main [ref=e5]:
  - article "Blue Mug" [ref=e30]:
    - button "Add" [ref=e31]
    - checkbox "Gift" [ref=e33]
`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		action, ref, value string
		roles              []string
	}{
		{`verify the header has 2 links`, "e1", "2", []string{"link"}},
		{`verify 2 links are shown in the header`, "e1", "2", []string{"link"}},
		{`I should see 2 links in the header`, "e1", "2", []string{"link"}},
		{`the navigation shows 2 links`, "e20", "2", []string{"link"}},
		{`verify the Blue Mug card shows 1 button`, "e30", "1", []string{"button"}},
		{`verify the Blue Mug article has 1 check box`, "e30", "1", []string{"checkbox"}},
		{`verify the page shows 4 links`, "", "4", []string{"link"}},
		{`verify 4 links are shown`, "", "4", []string{"link"}},
		{`verify the list shows 2 items`, "e21", "2", []string{"listitem"}},
	} {
		steps, ok := translated(t, page, tt.action, "")
		if !ok {
			continue
		}
		s := steps[0]
		if len(steps) != 1 || s.Kind != step.AssertCount || s.Ref != tt.ref || s.Value != tt.value || !slices.Equal(s.Values, tt.roles) {
			t.Errorf("%s: got %d steps, first %s ref %q value %q of %v; want %s ref %q value %q of %v",
				tt.action, len(steps), s.Kind, s.Ref, s.Value, s.Values, step.AssertCount, tt.ref, tt.value, tt.roles)
		}
	}
	if steps, ok := translated(t, page, `verify the header has a Cart link`, ""); ok && steps[0].Kind == step.AssertCount {
		t.Errorf("verify the header has a Cart link: a count %v", steps[0])
	}
}

// TestCountInPart: items counted in a part named by its heading or in
// the whole page ("the Pizza Crust group should have 3 radio buttons",
// "the page should have 3 radio buttons") were the text "3 radio
// buttons".
func TestCountInPart(t *testing.T) {
	page, err := dom.ParseARIA(`- main [ref=e5]:
  - radiogroup [ref=e28]:
    - heading "Pizza Crust" [level=3] [ref=e29]
    - radio "Regular crust" [ref=e30]
    - radio "Deep dish" [ref=e31]
  - radiogroup [ref=e33]:
    - heading "Pizza Delivery" [level=3] [ref=e34]
    - radio "Pickup" [ref=e35]
`)
	if err != nil {
		t.Fatal(err)
	}
	checkCases(t, page, []stepCase{
		{action: `the Pizza Crust group should have 2 radio buttons`, kind: step.AssertCount, ref: "e28", value: "2"},
		{action: `I should see 1 radio button in the Pizza Delivery group`, kind: step.AssertCount, ref: "e33", value: "1"},
		{action: `the page should have 3 radio buttons`, kind: step.AssertCount, value: "3"},
		// A radio group's radios are its options, as "click the Pickup
		// option" picks that radio.
		{action: `I should see 1 option in the Pizza Delivery group`, kind: step.AssertCount, ref: "e33", value: "1"},
	})
}
