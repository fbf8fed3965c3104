package grammar

import (
	"context"
	"slices"
	"testing"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/lexicon"
)

// colourPage has a status badge, an alert, buttons, a banner, and
// controls whose names are colours.
const colourPage = `- banner [ref=e5]:
  - heading "Shop" [level=1]
- status "Status" [ref=e1]: Active
- alert [ref=e3]: Card declined
- button "Delete" [ref=e2]
- button "Save" [ref=e4]
- button "Red" [ref=e6]
- combobox "Colour" [ref=e7]:
  - option "Red" [selected]
  - option "Blue"
- slider "Red" [ref=e8]: "128"
- checkbox "Green" [ref=e9]
`

// TestColourChecks: a sentence that ends with a colour after a copula or
// "turns" is a colour check of the element its subject names (the part
// it names: its text, its background, or either), negated by its verb;
// a colour word that is a name, a value or an option is no colour check.
func TestColourChecks(t *testing.T) {
	page, err := dom.ParseARIA(colourPage)
	if err != nil {
		t.Fatal(err)
	}
	colour := func(ref, value, match string, negated bool) step.Step {
		return step.Step{Kind: step.AssertColour, Ref: ref, Value: value, Match: match, Negated: negated}
	}
	for _, tt := range []struct {
		action string
		want   step.Step
	}{
		{"check the Status badge turns red", colour("e1", "red", "", false)},
		{"the Status badge turns red", colour("e1", "red", "", false)},
		{"verify the Status badge has turned red", colour("e1", "red", "", false)},
		{"the Status badge should be red", colour("e1", "red", "", false)},
		{"expect the Status badge to turn red", colour("e1", "red", "", false)},
		{"expect the Status badge to be red", colour("e1", "red", "", false)},
		{"expect the Status badge not to turn red", colour("e1", "red", "", true)},
		{"the Status badge should turn red", colour("e1", "red", "", false)},
		{"the Status badge should not turn red", colour("e1", "red", "", true)},
		{"the Status badge does not turn red", colour("e1", "red", "", true)},
		{"the Status badge is now Green", colour("e1", "green", "", false)},
		{"the Delete button is red", colour("e2", "red", "", false)},
		{"verify the Delete button is gray", colour("e2", "grey", "", false)},
		{"verify the Delete button is violet", colour("e2", "purple", "", false)},
		{"the error message is shown in red", colour("e3", "red", step.MatchText, false)},
		{"the alert is displayed in red", colour("e3", "red", step.MatchText, false)},
		{"the Save button's background is green", colour("e4", "green", step.MatchBackground, false)},
		{"the background of the Save button is green", colour("e4", "green", step.MatchBackground, false)},
		{"the background colour of the Save button is not green", colour("e4", "green", step.MatchBackground, true)},
		{"the Save button has a green background", colour("e4", "green", step.MatchBackground, false)},
		{"the status text is not red", colour("e1", "red", step.MatchText, true)},
		{"the status isn't red", colour("e1", "red", "", true)},
		{"the Status badge is no longer red", colour("e1", "red", "", true)},
		{"verify the banner is orange", colour("e5", "orange", "", false)},
		{"the Red button is red", colour("e6", "red", "", false)},
		{"the Colour select turns blue", colour("e7", "blue", "", false)},
		// A colour word that is a name, an option or a value.
		{"click the Red button", step.Step{Kind: step.Click, Ref: "e6"}},
		{"select Blue in Colour", step.Step{Kind: step.Select, Ref: "e7", Value: "Blue"}},
		{"verify the Colour select is Red", step.Step{Kind: step.AssertValue, Ref: "e7", Value: "Red", Match: step.MatchEquals}},
		{"verify the Red slider is at 128", step.Step{Kind: step.AssertValue, Ref: "e8", Value: "128", Match: step.MatchNow}},
		{"check Green", step.Step{Kind: step.Check, Ref: "e9"}},
		{"verify Green is checked", step.Step{Kind: step.AssertState, Ref: "e9", Value: step.StateChecked}},
		{`verify the status shows "red"`, step.Step{Kind: step.AssertText, Ref: "e1", Value: "red"}},
	} {
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: tt.action, Page: page})
		if err != nil || len(steps) != 1 {
			t.Errorf("%s: %+v, %v; want %+v", tt.action, steps, err, tt.want)
			continue
		}
		got := steps[0]
		if got.Kind != tt.want.Kind || got.Ref != tt.want.Ref || got.Value != tt.want.Value || got.Match != tt.want.Match || got.Negated != tt.want.Negated {
			t.Errorf("%s: %s %s %q match %q negated %v, want %s %s %q match %q negated %v", tt.action,
				got.Kind, got.Ref, got.Value, got.Match, got.Negated, tt.want.Kind, tt.want.Ref, tt.want.Value, tt.want.Match, tt.want.Negated)
		}
	}
}

// TestColourWordsFamilies: every colour word names a family the checks
// read (commandgen.ColourFamilies, colours.js's), and every family has
// its own word.
func TestColourWordsFamilies(t *testing.T) {
	fams := commandgen.ColourFamilies()
	named := map[string]bool{}
	for _, c := range lexicon.Colours {
		if !slices.Contains(fams, c.Family) {
			t.Errorf("the colour word %q names %q, which is no family the checks read (%q)", c.Word, c.Family, fams)
		}
		if c.Word == c.Family {
			named[c.Family] = true
		}
	}
	for _, f := range fams {
		if !named[f] {
			t.Errorf("the family %q has no word of its own in lexicon.Colours", f)
		}
	}
}
