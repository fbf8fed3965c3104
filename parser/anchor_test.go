package parser

import (
	"slices"
	"strings"
	"testing"
	"time"

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
	idle := aria(t, `- code [ref=e1]: <li role="menuitem">Action 2</li>
- textbox "Last Action:" [ref=e2]
`)
	chosen := aria(t, `- code [ref=e1]: <li role="menuitem">Action 2</li>
- textbox "Last Action:" [ref=e2]: Action 2
`)
	idleOnly := aria(t, `- textbox "Last Action:" [ref=e2]
- status [ref=e3]
`)
	chosenStatus := aria(t, `- textbox "Last Action:" [ref=e2]: Action 2
- status [ref=e3]: Action 2
`)
	blankEmail := aria(t, `- textbox "Email" [ref=e1]
- paragraph [ref=e2]
`)
	typedEmail := aria(t, `- textbox "Email" [ref=e1]: a@b.c
- paragraph [ref=e2]: email=a@b.c
`)
	// A message faded out (opacity 0: in every snapshot) until Save
	// shows it, inside a sentence or as the whole text, beside
	// instructions a person reads.
	faded := aria(t, `- paragraph [ref=e1]: "Instructions: press Save; the message Saved appears when stored."
- button "Save" [ref=e2]
- paragraph [ref=e3]: Your changes were Saved today
- paragraph [ref=e4]: Stored
`)
	for _, tt := range []struct {
		name                string
		page, start, before *dom.Node
		text                string
		// unseen are the refs whose text a person could not see before
		// the last action (before) and before the test acted (start)
		unseen map[bool][]string
		ref    string
		held   bool
		why    string
	}{
		{"the changed element, not the instructions", saved, start, start, "Saved", nil, "e3", false, ""},
		{"only the instructions after an action", failed, start, start, "Saved", nil, "", false, "only inside text that was on the page before the test acted"},
		{"an item there all along, after an action", start, start, start, "Save", nil, "e2", true, ""},
		{"before any action the page as it is", saved, saved, nil, "Saved", nil, "e3", false, ""},
		{"static text before any action", start, start, nil, "press Save", nil, "e1", false, ""},
		{"held before its action", saved, start, saved, "Saved", nil, "e3", true, ""},
		{"text no element holds whole", saved, start, start, "Nowhere", nil, "", false, ""},
		// A field whose value changed is the element (anchoredText then
		// asks whether the check can read its text), beside a code
		// listing there all along that holds the words; a status that
		// says them goes first.
		{"a field's value, beside text there all along", chosen, idle, idle, "Action 2", nil, "e2", false, ""},
		{"a field's value and a status that says it", chosenStatus, idleOnly, idleOnly, "Action 2", nil, "e3", false, ""},
		// The field's label and value read "Email a@b.c"; the paragraph
		// renders the words, so it is read, though the field comes first.
		{"a paragraph that renders a field's words", typedEmail, blankEmail, blankEmail, "email a@b.c", nil, "e2", false, ""},
		// Text a person could not see before the action, which showed
		// it, is what the action did: read, not refused, no warning.
		{"faded out in a sentence until the action", faded, faded, faded, "Saved", map[bool][]string{false: {"e3"}, true: {"e3"}}, "e3", false, ""},
		{"faded out whole until the action", faded, faded, faded, "Stored", map[bool][]string{false: {"e3", "e4"}, true: {"e3", "e4"}}, "e4", false, ""},
		// Shown by an earlier action, seen before the last one: held.
		{"shown by an earlier action", faded, faded, faded, "Stored", map[bool][]string{true: {"e4"}}, "e4", true, ""},
		// Seen all along: as before.
		{"seen all along in a sentence", faded, faded, faded, "Saved", map[bool][]string{false: {"e4"}, true: {"e4"}}, "", false, "only inside text that was on the page before the test acted"},
		{"seen all along whole", faded, faded, faded, "Stored", map[bool][]string{}, "e4", true, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var unseen func(*dom.Node, bool) bool
			if tt.unseen != nil {
				unseen = func(n *dom.Node, atStart bool) bool { return slices.Contains(tt.unseen[atStart], n.Ref) }
			}
			n, held, why := anchor(tt.page, tt.start, tt.before, tt.text, unseen)
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

// TestCompileValueNotText: a check of the page's text whose words are,
// after the action, what a field holds fails, saying that they are the
// field's value and how to check it: when nothing else on the page shows
// them, and when the page's instructions do (the field is then the element
// read, whose text an <input> does not render: the fake fails its check,
// as Chromium does).
func TestCompileValueNotText(t *testing.T) {
	for _, tc := range []struct {
		name, page string
		bad        string // the field's target: an <input>, its text none
	}{
		{"nowhere else", "", ""},
		{"beside instructions", `- paragraph [ref=e1]: Type Hello there into the box.
- textbox "Password" [ref=e2]
`, `internal:role=textbox[name="Password"s]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			if tc.page != "" {
				f.own = map[string]string{"login": tc.page}
				f.inputs = map[string]bool{tc.bad: true}
			}
			sc := Scenario{Name: "typed", URL: "http://shop.test/login", Actions: []string{"type Hello there into Password", "verify the page shows Hello there"}}
			res, err := compile(t, f, sc, &Options{Timeout: 100 * time.Millisecond, Poll: 10 * time.Millisecond})
			if err != nil || res.Status == Success || len(res.Errors) != 1 {
				t.Fatalf("status %v, err %v, errors %+v: want one failure", res.Status, err, res.Errors)
			}
			if msg := res.Errors[0].Message; !strings.Contains(msg, `"Hello there" is the value of textbox "Password", not text the page shows, which is what a check of the page reads: say "check the Password field shows Hello there"`) {
				t.Errorf("message %q", msg)
			}
		})
	}
}
