package grammar

import (
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
)

// TestAgain: an action said "again" (once more, a second time) is the
// action, where "again" was read as part of the name and found nothing;
// a name that holds the word ("Try again") is still that name, and a
// check keeps every word it says.
func TestAgain(t *testing.T) {
	page, err := dom.ParseARIA(`- main [ref=e1]:
  - button "Mute" [pressed] [ref=e2]
  - button "Try again" [ref=e3]
  - status [ref=e4]: Connected again
`)
	if err != nil {
		t.Fatal(err)
	}
	checkCases(t, page, []stepCase{
		{action: `click the Mute button again`, kind: step.Click, ref: "e2"},
		{action: `press the Mute button again`, kind: step.Click, ref: "e2"},
		{action: `click Mute once more`, kind: step.Click, ref: "e2"},
		{action: `tap the Mute button, a second time`, kind: step.Click, ref: "e2"},
		{action: `click Try again`, kind: step.Click, ref: "e3"},
		{action: `press Enter again`, kind: step.Press, value: "Enter"},
		{action: `verify the status shows Connected again`, kind: step.AssertText, ref: "e4", value: "Connected again"},
		{action: `click the Volume button again`, err: `"Volume button again"`},
	})
}
