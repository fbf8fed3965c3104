package grammar

import (
	"context"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// The ways a tester says to scroll to an element each give one Scroll of
// it; an element not on the page is refused naming the candidates.
func TestScroll(t *testing.T) {
	page, err := dom.ParseARIA("- heading \"Contact us\" [level=2] [ref=e2]\n- listitem [ref=e3]: Item 21\n- contentinfo [ref=e4]:\n  - link \"Help\" [ref=e5]\n- paragraph \"End of feed marker\" [ref=e6]\n")
	if err != nil {
		t.Fatal(err)
	}
	for action, ref := range map[string]string{
		"scroll to Contact us":                  "e2",
		"scroll down to the Contact us heading": "e2",
		"scroll until Item 21 is visible":       "e3",
		"scroll down until Item 21 is shown":    "e3",
		"bring Help into view":                  "e5",
		"scroll the Help link into view":        "e5",
		"move Help into view by scrolling":      "e5",
		// An element's whole name that reads as the end of a box.
		"scroll to the End of feed marker": "e6",
	} {
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page})
		if err != nil || len(steps) != 1 || steps[0].Kind != step.Scroll || steps[0].Ref != ref {
			t.Errorf("%s: %+v, %v; want a scroll of %s", action, steps, err, ref)
		}
	}
	_, err = (&Rules{}).Translate(context.Background(), translator.Request{Action: "scroll to Pricing", Page: page})
	if err == nil || !strings.Contains(err.Error(), `no element matching "Pricing"`) {
		t.Errorf("scroll to Pricing: %v, want a refusal naming it", err)
	}
}

// TestScrollPage: "scroll down", "scroll to the bottom" scroll the page
// with no element in mind, where they were read as an element named
// "down" or "the bottom"; "scroll to the bottom row" is still an element.
func TestScrollPage(t *testing.T) {
	page, err := dom.ParseARIA("- heading \"Feed\" [level=1] [ref=e1]\n- row \"bottom row\" [ref=e2]\n")
	if err != nil {
		t.Fatal(err)
	}
	for action, where := range map[string]string{
		"scroll down":                        "down",
		"scroll the page down":               "down",
		"scroll up a screen":                 "up",
		"scroll to the bottom":               "bottom",
		"scroll to the bottom of the page":   "bottom",
		"scroll all the way down to the end": "bottom",
		"scroll back to the top":             "top",
	} {
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page})
		if err != nil || len(steps) != 1 || steps[0].Kind != step.ScrollPage || steps[0].Value != where {
			t.Errorf("%s: %+v, %v; want the page scrolled %s", action, steps, err, where)
		}
	}
	steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: "scroll to the bottom row", Page: page})
	if err != nil || len(steps) != 1 || steps[0].Kind != step.Scroll || steps[0].Ref != "e2" {
		t.Errorf("scroll to the bottom row: %+v, %v; want a scroll of e2", steps, err)
	}
}

// TestScrollBox: "scroll down in the Messages list", "scroll the Results
// panel to the bottom" scroll that box, not the window; "the page" named
// as the box is the window.
func TestScrollBox(t *testing.T) {
	page, err := dom.ParseARIA("- heading \"Inbox\" [level=1] [ref=e1]\n- listbox \"Messages\" [ref=e2]:\n  - option \"Item 1\" [ref=e3]\n- region \"Results\" [ref=e4]\n")
	if err != nil {
		t.Fatal(err)
	}
	for action, want := range map[string]struct{ ref, where string }{
		"scroll down in the Messages list":          {"e2", "down"},
		"scroll up a screen inside Messages":        {"e2", "up"},
		"scroll the Results panel to the bottom":    {"e4", "bottom"},
		"scroll Results all the way up to the top":  {"e4", "top"},
		"scroll to the end of the Messages listbox": {"e2", "bottom"},
		"scroll the page to the bottom":             {"", "bottom"},
	} {
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page})
		if err != nil || len(steps) != 1 || steps[0].Kind != step.ScrollPage || steps[0].Value != want.where || steps[0].Ref != want.ref {
			t.Errorf("%s: %+v, %v; want %s scrolled %s", action, steps, err, want.ref, want.where)
		}
	}
	_, err = (&Rules{}).Translate(context.Background(), translator.Request{Action: "scroll down in the Orders list", Page: page})
	if err == nil || !strings.Contains(err.Error(), `"Orders`) {
		t.Errorf("scroll down in the Orders list: %v, want a refusal naming it", err)
	}
}
