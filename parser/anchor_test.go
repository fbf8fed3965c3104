package parser

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
)

func aria(t *testing.T, s string) *dom.Node {
	t.Helper()
	n, err := dom.ParseARIA(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestAnchor: an unscoped text check reads the element whose text the
// action changed, never instructions that were there before the test
// acted; a check that held before its action is flagged.
func TestAnchor(t *testing.T) {
	start := aria(t, `- paragraph [ref=e1]: "Instructions: press Save; the message Saved appears when stored."
- button "Save" [ref=e2]
- paragraph [ref=e3]
`)
	saved := aria(t, `- paragraph [ref=e1]: "Instructions: press Save; the message Saved appears when stored."
- button "Save" [ref=e2]
- paragraph [ref=e3]: Saved
`)
	failed := aria(t, `- paragraph [ref=e1]: "Instructions: press Save; the message Saved appears when stored."
- button "Save" [ref=e2]
- paragraph [ref=e3]: Error
`)
	for _, tt := range []struct {
		name                string
		page, start, before *dom.Node
		text                string
		ref                 string
		held                bool
		why                 string
	}{
		{"the changed element, not the instructions", saved, start, start, "Saved", "e3", false, ""},
		{"only the instructions after an action", failed, start, start, "Saved", "", false, "only inside text that was on the page before the test acted"},
		{"an item there all along, after an action", start, start, start, "Save", "e2", true, ""},
		{"before any action the page as it is", saved, saved, nil, "Saved", "e3", false, ""},
		{"static text before any action", start, start, nil, "press Save", "e1", false, ""},
		{"held before its action", saved, start, saved, "Saved", "e3", true, ""},
		{"text no element holds whole", saved, start, start, "Nowhere", "", false, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n, held, why := anchor(tt.page, tt.start, tt.before, tt.text)
			ref := ""
			if n != nil {
				ref = n.Ref
			}
			if ref != tt.ref || held != tt.held || (tt.why == "") != (why == "") || !strings.Contains(why, tt.why) {
				t.Errorf("got %q held=%v why=%q, want %q held=%v why %q", ref, held, why, tt.ref, tt.held, tt.why)
			}
		})
	}
}
