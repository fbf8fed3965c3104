package grammar

import (
	"slices"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
)

// TestItemNoun: "the X item" shown or gone is the menu, list or tree item
// of that name, as "the X menu item" was; read as the text "the X item",
// no page shows it (shown failed, gone was refused as one that could
// never fail).
func TestItemNoun(t *testing.T) {
	page, err := dom.ParseARIA(`- main [ref=e1]:
  - menu "Quick Links" [ref=e3]:
    - menuitem "W3C Home Page" [ref=e4]
  - tree "Files" [ref=e5]:
    - treeitem "Reports" [ref=e6]
`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		action  string
		ref     string
		negated bool
	}{
		{action: `verify the W3C Home Page item is shown`, ref: "e4"},
		{action: `verify the Reports item is visible`, ref: "e6"},
		{action: `verify the W3C Home Page item is not shown`, negated: true},
		{action: `verify the Notes item is gone`, negated: true},
	} {
		steps, ok := translated(t, page, tt.action, "")
		if !ok {
			continue
		}
		s := steps[0]
		if len(steps) != 1 || s.Kind != step.AssertVisible || s.Ref != tt.ref || s.Negated != tt.negated {
			t.Errorf("%s: got %d steps, first %s ref %q negated %v; want %s ref %q negated %v", tt.action, len(steps), s.Kind, s.Ref, s.Negated, step.AssertVisible, tt.ref, tt.negated)
		}
		if tt.negated && !slices.Contains(s.Values, "menuitem") {
			t.Errorf("%s: roles %v, want the item roles, menuitem among them", tt.action, s.Values)
		}
	}
}
