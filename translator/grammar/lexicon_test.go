package grammar

import (
	"fmt"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/lexicon"
)

// lexiconPage has an element for every sentence of TestLexiconAccepted.
const lexiconPage = `- textbox "Username" [ref=e1]
- checkbox "Remember me" [ref=e2]
- button "Log in" [ref=e3]
- combobox "Colour" [ref=e4]:
  - option "Red" [ref=e5]
  - option "Blue" [ref=e6]
- article "Blue Mug" [ref=e7]:
  - button "Add to cart" [ref=e8]
- list "Todos" [ref=e9]:
  - listitem [ref=e10]:
    - text: Buy milk
    - button "Delete" [ref=e11]
- button "Avatar" [ref=e12]`

// TestLexiconAccepted: every word of each table of package lexicon is read
// by the grammar as the form that names the table reads its first word:
// a verb's sentence gives that verb's step, an ordinal its place, a noun
// its kind.
func TestLexiconAccepted(t *testing.T) {
	page, err := dom.ParseARIA(lexiconPage)
	if err != nil {
		t.Fatal(err)
	}
	const dialog = `"alert" dialog with message "Saved"`
	// shadowed are the words an earlier form reads first, with why.
	shadowed := map[string]string{
		"clear the checkbox": "the clear form reads \"clear the checkbox X\" first, as a text field named \"checkbox X\"",
	}
	for _, c := range []struct {
		table    string
		words    []string
		sentence string // %s: the word
		dialog   string
		want     step.Kind
	}{
		{"TypeVerbs", lexicon.TypeVerbs, "%s demo into Username", "", step.Type},
		{"TypeVerbs", lexicon.TypeVerbs, "%s demo as the Username", "", step.Type},
		{"SelectVerbs", lexicon.SelectVerbs, "%s Red from Colour", "", step.Select},
		{"SelectVerbs", lexicon.SelectVerbs, "%s Red and Blue from Colour", "", step.Select},
		{"ClickVerbs", lexicon.ClickVerbs, "%s Log in", "", step.Click},
		{"RepeatVerbs", lexicon.RepeatVerbs, "%s Log in twice", "", step.Click},
		{"ScrollVerbs", lexicon.ScrollVerbs, "%s Log in into view", "", step.Scroll},
		{"PressVerbs", lexicon.PressVerbs, "%s OK in the alert", dialog, step.AcceptDialog},
		{"PressVerbs", lexicon.PressVerbs, "%s Cancel in the alert", dialog, step.DismissDialog},
		{"AcceptVerbs", lexicon.AcceptVerbs, "%s the alert", dialog, step.AcceptDialog},
		{"DismissVerbs", lexicon.DismissVerbs, "%s the alert", dialog, step.DismissDialog},
		{"CheckVerbs", lexicon.CheckVerbs, "%s Remember me", "", step.Check},
		{"UncheckVerbs", lexicon.UncheckVerbs, "%s Remember me", "", step.Uncheck},
		{"UploadVerbs", lexicon.UploadVerbs, "%s photo.png to Avatar", "", step.Upload},
		{"DeleteVerbs", lexicon.DeleteVerbs, "%s Buy milk", "", step.Click},
		{"BasketNouns", lexicon.BasketNouns, "add the Blue Mug to the %s", "", step.Click},
		{"DialogKinds", lexicon.DialogKinds, "accept the %s dialog", dialog, step.AcceptDialog},
		{"DialogNouns", lexicon.DialogNouns, "dismiss the %s", dialog, step.DismissDialog},
		{"Ordinals", lexicon.Ordinals, "the %s item of the Todos list shows Buy milk", "", step.AssertOrder},
		{"Ends", lexicon.Ends, "Buy milk is the %s item in the Todos list", "", step.AssertOrder},
		{"ItemNouns", lexicon.ItemNouns, "the first %s of the Todos list shows Buy milk", "", step.AssertOrder},
		{"PlaceNouns", lexicon.PlaceNouns, "Buy milk is the first %s in the Todos list", "", step.AssertOrder},
	} {
		for _, entry := range c.words {
			for _, w := range lexicon.Words(entry) {
				if why, ok := shadowed[w]; ok {
					t.Logf("%s %q is not read: %s", c.table, w, why)
					continue
				}
				action := fmt.Sprintf(c.sentence, w)
				steps, err := NewRules().Translate(t.Context(), translator.Request{Action: action, Page: page, Dialog: c.dialog})
				if err != nil || len(steps) == 0 || steps[0].Kind != c.want {
					t.Errorf("%s %q: %q gives %+v, %v; want a %s step", c.table, w, action, steps, err, c.want)
				}
			}
		}
	}
}

// TestLexiconPlaces: each ordinal is read as its place wherever a place is
// said (an item's, a frame's, a browser tab's), and each box noun names a
// box by its label.
func TestLexiconPlaces(t *testing.T) {
	for i, w := range lexicon.Ordinals {
		if got := ordinal(w); got != i+1 {
			t.Errorf("ordinal(%q) = %d, want %d", w, got, i+1)
		}
		if got, ok := framePlace(w); !ok || got != i+1 {
			t.Errorf("framePlace(%q) = %d, %v, want %d", w, got, ok, i+1)
		}
		if got := lexicon.Place(i); got != w {
			t.Errorf("Place(%d) = %q, want %q", i, got, w)
		}
		want := fmt.Sprint(i + 1)
		if i >= lexicon.TabPlaces {
			want = "" // a page's tab by that name
		}
		steps, err := NewRules().Translate(t.Context(), translator.Request{Action: "switch to the " + w + " tab", Page: &dom.Node{}})
		got := ""
		if err == nil && len(steps) == 1 && steps[0].Kind == step.SwitchTab {
			got = steps[0].Value
		}
		if got != want {
			t.Errorf("switch to the %s tab: %+v, %v; want browser tab %q", w, steps, err, want)
		}
	}
	for _, entry := range lexicon.BoxNouns {
		for _, w := range lexicon.Words(entry) {
			if m := reBoxLabel.FindStringSubmatch("the " + w + " that says I agree"); m == nil || m[1] != "I agree" {
				t.Errorf("box noun %q: %q", w, m)
			}
		}
	}
}
