package grammar

import (
	"context"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// TestCheckPlaceNamedByKind: a check's place said as a name and a kind
// noun ("the Counter status") reads that element, not the whole page,
// whose instructions may hold the expected text; one that names no such
// element is refused; a place that names nothing of the page is read as
// the page, and noted so, never silently.
func TestCheckPlaceNamedByKind(t *testing.T) {
	page, err := dom.ParseARIA(`- paragraph [ref=e1]: Click until the counter shows 3, not 0.
- button "Increment" [ref=e2]
- status "Counter" [ref=e3]: "3"
`)
	if err != nil {
		t.Fatal(err)
	}
	read := func(action string) ([]step.Step, []string, error) {
		var notes []string
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page, Note: func(s string) { notes = append(notes, s) }})
		return steps, notes, err
	}
	for _, action := range []string{"check the Counter status shows 3", "verify the Counter status does not say 0"} {
		steps, notes, err := read(action)
		if err != nil || len(steps) != 1 || steps[0].Ref != "e3" || len(notes) != 0 {
			t.Errorf("%s: %+v, %v, notes %q; want a check of e3", action, steps, err, notes)
		}
	}
	if _, _, err := read("check the Total status shows 3"); err == nil || !strings.Contains(err.Error(), "Total") {
		t.Errorf("the Total status: %v, want a refusal naming it", err)
	}
	for _, action := range []string{"verify the page shows 3", "check the screen shows 3"} {
		if _, notes, err := read(action); err != nil || len(notes) != 0 {
			t.Errorf("%s: %v, notes %q; want the page read with no note", action, err, notes)
		}
	}
	steps, notes, err := read("check the scoreboard shows 3")
	if err != nil || len(steps) != 1 || steps[0].Ref != "" {
		t.Fatalf("the scoreboard: %+v, %v", steps, err)
	}
	if len(notes) != 1 || notes[0] != `"scoreboard" names no part of the page: the check reads the whole page` {
		t.Errorf("the scoreboard: notes %q", notes)
	}
}
