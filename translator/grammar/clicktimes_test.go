package grammar

import (
	"context"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// "click X twice" is two clicks on X, each a step; a name that is the
// whole phrase is clicked once; a count out of range is refused.
func TestClickTimes(t *testing.T) {
	page, err := dom.ParseARIA("- button \"Save\" [ref=e1]\n- button \"Retry 3 times\" [ref=e3]\n- button \"Show 10 more\" [ref=e4]\n- button \"Undo 2 times now\" [ref=e5]\n- button \"Undo\" [ref=e6]\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		action string
		n      int
		ref    string
	}{
		{"click Save twice", 2, "e1"},
		{"click Save two times", 2, "e1"},
		{"tap Save 3 times", 3, "e1"},
		{"click on Save, thrice", 3, "e1"},
		{"click Save once", 1, "e1"},
		{"click Retry 3 times", 1, "e3"},
		{"click Undo 2 times", 1, "e5"}, // a name that holds the phrase
		{"click Undo twice", 2, "e6"},
	} {
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: tt.action, Page: page})
		if err != nil || len(steps) != tt.n {
			t.Errorf("%s: %+v, %v; want %d clicks", tt.action, steps, err, tt.n)
			continue
		}
		for _, s := range steps {
			if s.Kind != step.Click || s.Ref != tt.ref {
				t.Errorf("%s: %+v, want a click on %s", tt.action, s, tt.ref)
			}
		}
	}
	for action, want := range map[string]string{
		"click Save 20 times":      "1 to 10 times",
		"click Save 0 times":       "1 to 10 times",
		"click Nope twice":         `no button or link matching "Nope"`,
		"click Show 10 more times": `no button or link matching "Show 10 more times"`,
	} {
		_, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", action, err, want)
		}
	}
}
