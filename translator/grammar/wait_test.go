package grammar

import (
	"context"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// TestWaits: the sentences that wait for something to show, and not a
// wait for a time.
func TestWaits(t *testing.T) {
	for action, want := range map[string]bool{
		"wait for Saved to appear":          true,
		"Wait until the upload shows 100%":  true,
		"wait until Order placed is shown":  true,
		"wait for 2 seconds":                false,
		"wait 500 ms":                       false,
		"click Pay":                         false,
		"verify the upload shows 100%":      false,
		"wait for the Pay button to appear": true,
	} {
		if got := Waits(action); got != want {
			t.Errorf("Waits(%q) = %v, want %v", action, got, want)
		}
	}
}

// TestWaitForElement: "wait for the Pay button to appear" waits for the
// button (a button named Pay shown, until it comes), never for the words
// "the Pay button".
func TestWaitForElement(t *testing.T) {
	r := NewRules()
	for _, tt := range []struct {
		snapshot, want string
	}{
		{`- heading "Checkout" [level=1] [ref=e1]`, "shown"},
		{"- heading \"Checkout\" [level=1] [ref=e1]\n- button \"Pay\" [ref=e2]", "e2"},
	} {
		page, err := dom.ParseARIA(tt.snapshot)
		if err != nil {
			t.Fatal(err)
		}
		steps, err := r.Translate(context.Background(), translator.Request{Action: "wait for the Pay button to appear", Page: page})
		switch {
		case tt.want == "shown" && (err != nil || len(steps) != 1 || steps[0].Kind != step.AssertVisible || steps[0].Value != "Pay" || !steps[0].Wait):
			t.Errorf("on a page without it: %+v, %v; want a wait for a button Pay to be shown", steps, err)
		case tt.want != "shown" && (err != nil || len(steps) != 1 || steps[0].Ref != tt.want || !steps[0].Wait):
			t.Errorf("on a page with it: %+v, %v; want a wait on %s", steps, err, tt.want)
		}
	}
}
