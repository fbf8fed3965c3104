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

// A native select's option named by whole words of its text is selected
// by its whole text, which is what Playwright's selectOption matches (the
// Svelte booking page: "Double room ($120 a night)"); two options holding
// the words are refused naming both; words that are no option's text pass
// on as written (a value attribute may match them).
func TestSelectOptionByPartOfItsText(t *testing.T) {
	page, err := dom.ParseARIA(`- combobox "Room type" [ref=e8]:
  - option "Single room ($80 a night)" [selected]
  - option "Double room ($120 a night)"
  - option "Double room with a view ($150 a night)"
  - option "Suite ($200 a night)"
`)
	if err != nil {
		t.Fatal(err)
	}
	r := NewRules()
	for action, want := range map[string]string{
		"select Suite in Room type":                      "Suite ($200 a night)",
		"select Double room ($120 a night) in Room type": "Double room ($120 a night)",
		"select suite from Room type":                    "Suite ($200 a night)",
		"select single in Room type":                     "Single room ($80 a night)",
		"select penthouse in Room type":                  "penthouse",
	} {
		steps, err := r.Translate(context.Background(), translator.Request{Action: action, Page: page})
		if err != nil {
			t.Errorf("%s: %v", action, err)
			continue
		}
		if len(steps) != 1 || steps[0].Kind != step.Select || steps[0].Value != want {
			t.Errorf("%s: got %+v, want a select of %q", action, steps, want)
		}
	}
	_, err = r.Translate(context.Background(), translator.Request{Action: "select Double room in Room type", Page: page})
	var amb *translator.AmbiguousError
	if !errors.As(err, &amb) || !strings.Contains(err.Error(), "$120") || !strings.Contains(err.Error(), "$150") {
		t.Errorf("two options holding the words: %v, want refused naming both", err)
	}
}
