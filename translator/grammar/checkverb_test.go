package grammar

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// checkVerbPage is a sign-up form whose boxes' labels read as sentences,
// beside instructions that hold their words, and two tables.
const checkVerbPage = `- main [ref=e1]:
  - paragraph: Please read the terms before you continue.
  - checkbox "I have read the terms" [ref=e2]
  - checkbox "Email shows me deals" [ref=e3]
  - link "Cart 1 item" [ref=e4]:
    - /url: /cart
  - table "Students" [ref=e5]:
    - row "Fred Jackson" [ref=e6]:
      - cell "Fred" [ref=e7]
      - cell "Jackson" [ref=e8]
  - table "Keyboard Support" [ref=e9]:
    - row "Tab Moves focus" [ref=e10]:
      - cell "Tab" [ref=e11]
      - cell "Moves focus" [ref=e12]
`

// TestCheckVerb: "check" ticks a box whose label reads as a sentence (in
// the first person, named by "the box that says", or the whole name of a
// box on the page), where reading it as a look checked only that the page
// shows some of its words, as the page's instructions did; a sentence
// about a part of the page stays a check, and when that part is not one
// element, says so, rather than looking for a box named by the sentence.
func TestCheckVerb(t *testing.T) {
	page, err := dom.ParseARIA(checkVerbPage)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		action     string
		kind       step.Kind
		ref, value string
		err        string // the error's words, when it must fail
	}{
		{action: "check I have read the terms", kind: step.Check, ref: "e2"},
		{action: "check the box that says I have read the terms", kind: step.Check, ref: "e2"},
		{action: "check the checkbox labelled I have read the terms", kind: step.Check, ref: "e2"},
		{action: `check the box labelled "Email shows me deals"`, kind: step.Check, ref: "e3"},
		{action: "check Email shows me deals", kind: step.Check, ref: "e3"},
		{action: `check "Email shows me deals"`, kind: step.Check, ref: "e3"}, // a feature file's way
		{action: `check "Fred"`, kind: step.AssertText, value: "Fred"},        // no box of that name: a look
		{action: `check "Email shows me"`, kind: step.AssertText, value: "Email shows me"},
		{action: `check the cart shows "1 item"`, kind: step.AssertText, value: "1 item"},
		{action: "uncheck the box that says Email shows me deals", kind: step.Uncheck, ref: "e3"},
		// Looks, as before.
		{action: "check the Students table shows Fred", kind: step.AssertText, ref: "e5", value: "Fred"},
		{action: "check the cart shows 1 item", kind: step.AssertText, value: "1 item"},
		{action: "check that I have read the terms", kind: step.AssertText, value: "I have read the terms"},
		{action: "verify I have read the terms", kind: step.AssertText, value: "I have read the terms"},
		// Refused as a check, never read as a box named "table shows Fred".
		{action: "check the table shows Fred", err: `"the table" matches 2 elements: table "Students"; table "Keyboard Support"`},
		{action: "check the status says Saved", err: "no status is on the page"},
	} {
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: tt.action, Page: page})
		if tt.err != "" {
			var nf *translator.NotFoundError
			if err == nil || !strings.Contains(err.Error(), tt.err) || errors.As(err, &nf) && nf.Want == "checkbox" {
				t.Errorf("%s: %v, %v; want an error saying %s", tt.action, steps, err, tt.err)
			}
			continue
		}
		if err != nil || len(steps) != 1 {
			t.Errorf("%s: %v, %v", tt.action, steps, err)
			continue
		}
		if s := steps[0]; s.Kind != tt.kind || s.Ref != tt.ref || tt.value != "" && s.Value != tt.value {
			t.Errorf("%s: got %s ref %q value %q, want %s ref %q value %q", tt.action, s.Kind, s.Ref, s.Value, tt.kind, tt.ref, tt.value)
		}
	}
}

// TestUnnamedListRefused: a count or order check that names no list, on a
// page of two tables, lists them and says how to name one, where it said
// `"" matches 2 elements`.
func TestUnnamedListRefused(t *testing.T) {
	page, err := dom.ParseARIA(checkVerbPage)
	if err != nil {
		t.Fatal(err)
	}
	for _, action := range []string{"check the first row shows Ann", "verify the last row shows Ann"} {
		_, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page})
		want := `"the list or table it reads" matches 2 elements: table "Students"; table "Keyboard Support"; name the one you mean, e.g. "… of the Students table"`
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", action, err, want)
		}
	}
}

// TestNumberWordsMatch: a name written with a number word is found by the
// digit and the other way ("click 4 stars" for the radio "four stars",
// the APG rating radio group), not by a neighbour's number.
func TestNumberWordsMatch(t *testing.T) {
	page, err := dom.ParseARIA(`- radiogroup "Rating" [ref=e1]:
  - radio "four stars" [ref=e2]
  - radio "five stars" [ref=e3]
  - radio "2 stars" [ref=e4]
`)
	if err != nil {
		t.Fatal(err)
	}
	for action, ref := range map[string]string{"click 4 stars": "e2", "click 5 stars": "e3", "click two stars": "e4", "click four stars": "e2"} {
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page})
		if err != nil || len(steps) != 1 || steps[0].Ref != ref {
			t.Errorf("%s: %v, %v; want %s", action, steps, err, ref)
		}
	}
	if _, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: "click 3 stars", Page: page}); err == nil {
		t.Error("click 3 stars: found an element, want none")
	}
}

// TestCheckWhateverTheState: "check X" is a Check of the box whatever the
// state the page shows it in (the step sets the state: commandgen's
// setChecked), where a box already checked was read as a check of its
// state, which failed at replay on a page where it started unchecked; a
// radio button is refused "uncheck", which no click does.
func TestCheckWhateverTheState(t *testing.T) {
	page, err := dom.ParseARIA(`- checkbox "Remember me" [checked] [ref=e1]
- checkbox "Newsletter" [ref=e2]
- switch "Dark mode" [checked] [ref=e3]
- radio "Card" [checked] [ref=e4]
`)
	if err != nil {
		t.Fatal(err)
	}
	for action, want := range map[string]step.Step{
		"check Remember me":     {Kind: step.Check, Ref: "e1"},
		"uncheck Remember me":   {Kind: step.Uncheck, Ref: "e1"},
		"uncheck Newsletter":    {Kind: step.Uncheck, Ref: "e2"},
		"turn on Dark mode":     {Kind: step.Check, Ref: "e3"},
		"turn Dark mode off":    {Kind: step.Uncheck, Ref: "e3"},
		"select the Card radio": {Kind: step.Click, Ref: "e4"},
	} {
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page})
		if err != nil || len(steps) != 1 || steps[0].Kind != want.Kind || steps[0].Ref != want.Ref {
			t.Errorf("%s: %v, %v; want %s of %s", action, steps, err, want.Kind, want.Ref)
		}
	}
	_, err = (&Rules{}).Translate(context.Background(), translator.Request{Action: "uncheck Card", Page: page})
	if err == nil || !strings.Contains(err.Error(), `radio "Card" cannot be unchecked`) {
		t.Errorf("uncheck Card: %v, want a radio button refused", err)
	}
}

// translated reads action on page with the rules. With wantErr set, the
// reading must fail saying it (ok false either way: the case is done);
// without, it must give steps.
func translated(t *testing.T, page *dom.Node, action, wantErr string) (steps []step.Step, ok bool) {
	t.Helper()
	steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page})
	switch {
	case wantErr != "":
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("%s: %v, %v; want an error saying %s", action, steps, err, wantErr)
		}
		return nil, false
	case err != nil || len(steps) == 0:
		t.Errorf("%s: %v, %v", action, steps, err)
		return nil, false
	}
	return steps, true
}

// stepCase is a sentence and the one step it must read as (its kind,
// ref, value when given, and negation), or the error it must be refused
// with.
type stepCase struct {
	action  string
	kind    step.Kind
	ref     string
	value   string
	negated bool
	err     string
}

// checkCases translates each case's sentence against page and reports
// each that reads otherwise.
func checkCases(t *testing.T, page *dom.Node, cases []stepCase) {
	t.Helper()
	for _, tt := range cases {
		steps, ok := translated(t, page, tt.action, tt.err)
		if !ok {
			continue
		}
		s := steps[0]
		if len(steps) != 1 || s.Kind != tt.kind || s.Ref != tt.ref || s.Negated != tt.negated || tt.value != "" && s.Value != tt.value {
			t.Errorf("%s: got %d steps, first %s ref %q value %q negated %v; want %s ref %q value %q negated %v",
				tt.action, len(steps), s.Kind, s.Ref, s.Value, s.Negated, tt.kind, tt.ref, tt.value, tt.negated)
		}
	}
}

// TestQuotedTextAlone: quoted text is the text a check looks for only
// when nothing else is said beside it; Cucumber's `"X" should be selected
// for "Y"` is the select's value; other words or quotations beside a
// quotation are refused, never dropped.
func TestQuotedTextAlone(t *testing.T) {
	page, err := dom.ParseARIA(`- main [ref=e1]:
  - combobox "Country" [ref=e2]:
    - option "Spain" [selected]
    - option "Japan"
  - heading "Checkout" [level=1] [ref=e3]
`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		action string
		kind   step.Kind
		ref    string
		value  string
		err    string
	}{
		{action: `verify "Japan" should be selected for "Country"`, kind: step.AssertValue, ref: "e2", value: "Japan"},
		{action: `verify "Japan" is selected in Country`, kind: step.AssertValue, ref: "e2", value: "Japan"},
		{action: `verify "Checkout"`, kind: step.AssertText, value: "Checkout"},
		{action: `verify the text "Checkout"`, kind: step.AssertText, value: "Checkout"},
		{action: `verify "Japan" picked in Country`, err: `the words "picked in Country" beside the quoted text are not read`},
		{action: `verify "Japan" blah`, err: `the words "blah" beside the quoted text are not read`},
		// Two quotations where one form reads one: each read the first
		// alone and dropped the second (`but not "Cart"` passed on a
		// page showing Cart).
		{action: `verify the page shows "Checkout" but not "Cart"`, err: `holds 2 quoted texts`},
		{action: `verify the heading says "Checkout" not "Cart"`, err: `holds 2 quoted texts`},
		{action: `verify "Checkout" "Cart" is gone`, err: `holds 2 quoted texts`},
		{action: `verify "Checkout" "Cart" is shown`, err: `holds 2 quoted texts`},
		{action: `verify "Checkout" "Cart"`, err: `holds 2 quoted texts`},
		{action: `I should not see "Cart" but "Checkout"`, err: `holds 2 quoted texts`},
		{action: `wait for "Checkout" then "Cart"`, err: `holds 2 quoted texts`},
		{action: `verify the page shows "Checkout" twice`, err: `the words "twice" beside the quoted text are not read`},
		{action: `verify the page shows "Checkout"`, kind: step.AssertText, value: "Checkout"},
		{action: `verify the message "Checkout" is shown`, kind: step.AssertText, value: "Checkout"},
	} {
		steps, ok := translated(t, page, tt.action, tt.err)
		if !ok {
			continue
		}
		if s := steps[0]; s.Kind != tt.kind || s.Ref != tt.ref || s.Value != tt.value {
			t.Errorf("%s: got %s ref %q value %q, want %s ref %q value %q", tt.action, s.Kind, s.Ref, s.Value, tt.kind, tt.ref, tt.value)
		}
	}
}

// TestWithin: Cucumber's scoped steps read the quoted text in the one
// part of the page named, shown or not shown; a name that no part of the
// page has, or that several have, is refused, never read as the page.
func TestWithin(t *testing.T) {
	page, err := dom.ParseARIA(`- article "Blue Mug" [ref=e1]:
  - heading "Blue Mug" [level=2] [ref=e2]
  - paragraph [ref=e3]: $14.00
- article "Red Mug" [ref=e4]:
  - heading "Red Mug" [level=2] [ref=e5]
  - paragraph [ref=e6]: $12.00
- region "Offers" [ref=e7]:
  - article "Offer" [ref=e8]:
    - paragraph [ref=e9]: Half price
- list "Offer" [ref=e10]:
  - listitem [ref=e11]: Free delivery
- dialog [ref=e12]:
  - heading "Add Delivery Address" [level=2] [ref=e13]
  - paragraph [ref=e14]: Street
- region [ref=e15]:
  - paragraph [ref=e16]: Intro
  - heading "Returns" [level=2] [ref=e17]
`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		action string
		kind   step.Kind
		ref    string
		err    string
	}{
		{action: `I should see "$12.00" within "Blue Mug"`, kind: step.AssertText, ref: "e1"},
		{action: `verify "$12.00" within "Red Mug"`, kind: step.AssertText, ref: "e4"},
		{action: `I should not see "$12.00" within "Blue Mug"`, kind: step.AssertGone, ref: "e1"},
		{action: `I should see "$12.00" within "Green Mug"`, err: `no part of the page is named "Green Mug"`},
		{action: `I should not see "$12.00" within "Green Mug"`, err: `no part of the page is named "Green Mug"`},
		{action: `I should see "Half price" within "Offer"`, err: `"Offer" names 2 parts of the page`},
		// A dialog labelled by its own heading, which the snapshot leaves
		// unnamed, is named by that title; a heading that is not the
		// part's first child titles nothing.
		{action: `I should see "Street" within "Add Delivery Address"`, kind: step.AssertText, ref: "e12"},
		// Within a kind, as "in the Blue Mug article" reads it.
		{action: `I should see "$12.00" within the Red Mug article`, kind: step.AssertText, ref: "e4"},
		{action: `I should not see "$12.00" within the Blue Mug article`, kind: step.AssertGone, ref: "e1"},
		{action: `I should see "$12.00" within the Green Mug`, err: `no part of the page is named "the Green Mug"`},
		{action: `I should not see "Intro" within "Returns"`, err: `no part of the page is named "Returns"`},
	} {
		steps, ok := translated(t, page, tt.action, tt.err)
		if !ok {
			continue
		}
		if s := steps[0]; s.Kind != tt.kind || s.Ref != tt.ref {
			t.Errorf("%s: got %s ref %q, want %s ref %q", tt.action, s.Kind, s.Ref, tt.kind, tt.ref)
		}
	}
}

// TestQuotedLists: quoted texts joined by "and" or commas are a check of
// each, where the first alone was read; joined by "or" they may only be
// checks that none is shown.
func TestQuotedLists(t *testing.T) {
	page, err := dom.ParseARIA("- paragraph [ref=e1]: Saved\n- paragraph [ref=e2]: Done\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		action string
		want   string // each step's kind and value
		err    string
	}{
		{action: `verify "Saved" and "Done" are shown`, want: `assert_text Saved; assert_text Done`},
		{action: `I should see "Saved" and "Done"`, want: `assert_text Saved; assert_text Done`},
		{action: `verify "Saved", "Done" and "Gone" are not shown`, want: `assert_gone Saved; assert_gone Done; assert_gone Gone`},
		{action: `I should not see "Error" or "Failed"`, want: `assert_gone Error; assert_gone Failed`},
		{action: `I should see "Saved" or "Done"`, err: `joined by "or"`},
	} {
		steps, ok := translated(t, page, tt.action, tt.err)
		if !ok {
			continue
		}
		var got []string
		for _, s := range steps {
			got = append(got, string(s.Kind)+" "+s.Value)
		}
		if strings.Join(got, "; ") != tt.want {
			t.Errorf("%s: %q; want %s", tt.action, got, tt.want)
		}
	}
}
