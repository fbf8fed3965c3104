package parser

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
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

// A check that a described element is gone ("the Saved widget"), whose
// words no page of the compile showed, is refused: it could never fail. A
// text that was there, or one not led by an article, is a real check.
func TestVacuousGone(t *testing.T) {
	start := aria(t, "- status [ref=e1]: Saved\n- button \"Dismiss\" [ref=e2]\n- paragraph [ref=e3]: the order is pending\n")
	r := &run{start: start, before: start, page: start}
	for _, tt := range []struct {
		text    string
		refused bool
	}{
		{"the Saved widget", true},
		{"a Saved toast thing", true},
		{"the order is pending", false}, // shown: it can fail
		{"Saved", false},
		{"Error", false}, // an error that must not show: fails when it does
	} {
		why := r.vacuousGone(step.Step{Kind: step.AssertGone, Value: tt.text}, "verify "+tt.text+" is gone")
		if (why != "") != tt.refused {
			t.Errorf("vacuousGone(%q) = %q, want refused %v", tt.text, why, tt.refused)
		}
	}
	// Quoted, as the refusal advises, the words are the text that must go.
	for _, action := range []string{`verify "Your account was deleted" is not shown`, "verify \u201cYour account was deleted\u201d is gone", `verify 'Your account was deleted' is gone`} {
		if why := r.vacuousGone(step.Step{Kind: step.AssertGone, Value: "Your account was deleted"}, action); why != "" {
			t.Errorf("%s: refused although quoted: %q", action, why)
		}
	}
	if why := r.vacuousGone(step.Step{Kind: step.AssertGone, Value: "Your account was deleted"}, "verify Your account was deleted is not shown"); why == "" {
		t.Error("not quoted: not refused")
	}
	if why := r.vacuousGone(step.Step{Kind: step.AssertText, Value: "the Saved widget"}, "verify the Saved widget is shown"); why != "" {
		t.Errorf("a text that must show is not this rule's: %q", why)
	}
}
