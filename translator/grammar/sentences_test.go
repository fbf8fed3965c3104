package grammar

import (
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
)

// TestTesterSentences: checks and actions as testers write them, each
// refused or misread before: a message named by its kind before its
// quoted text, "verify I see" and "I don't see", a field left empty
// (typed "nothing" before), a button named Submit clicked.
func TestTesterSentences(t *testing.T) {
	page, err := dom.ParseARIA(`- main [ref=e1]:
  - textbox "Email" [ref=e2]
  - paragraph [ref=e3]: Email is required
  - button "Submit" [ref=e4]
`)
	if err != nil {
		t.Fatal(err)
	}
	checkCases(t, page, []stepCase{
		{action: `verify the error message "Email is required" is displayed`, kind: step.AssertText, value: "Email is required"},
		{action: `verify the error "Email is required" is shown`, kind: step.AssertText, value: "Email is required"},
		{action: `verify a validation message "Email is required" is shown`, kind: step.AssertText, value: "Email is required"},
		{action: `verify I see "Email is required"`, kind: step.AssertText, value: "Email is required"},
		{action: `verify that I can see "Email is required"`, kind: step.AssertText, value: "Email is required"},
		{action: `verify the user sees the Submit button`, kind: step.AssertVisible, ref: "e4"},
		{action: `verify I don't see "Welcome"`, kind: step.AssertGone, value: "Welcome"},
		{action: `I can't see "Welcome"`, kind: step.AssertGone, value: "Welcome"},
		{action: `verify the user does not see "Welcome"`, kind: step.AssertGone, value: "Welcome"},
		{action: `leave the Email field empty`, kind: step.Clear, ref: "e2"},
		{action: `leave Email blank`, kind: step.Clear, ref: "e2"},
		{action: `enter nothing in Email`, kind: step.Clear, ref: "e2"},
		{action: `make sure the Email field is empty`, kind: step.AssertValue, ref: "e2", value: ""},
		// Each form is anchored whole: "click Submit" ended as the
		// second alternative of "submit the X form|submit", a form's
		// submit, refused on a page of no form.
		{action: `click Submit`, kind: step.Click, ref: "e4"},
		{action: `press Submit`, kind: step.Click, ref: "e4"},
		{action: `submit`, kind: step.Submit},
	})
}

// TestKindMessage: "the alert message" is the alert, "the status text"
// the status: a check of its text reads there, where it read the whole
// page.
func TestKindMessage(t *testing.T) {
	page, err := dom.ParseARIA(`- main [ref=e1]:
  - paragraph [ref=e2]: Hello there
  - status [ref=e3]: Saved
  - alert [ref=e4]:
    - paragraph [ref=e5]: Hello
`)
	if err != nil {
		t.Fatal(err)
	}
	checkCases(t, page, []stepCase{
		{action: `the alert message should contain "Hello"`, kind: step.AssertText, ref: "e4", value: "Hello"},
		{action: `verify the alert text says "Hello"`, kind: step.AssertText, ref: "e4", value: "Hello"},
		{action: `verify the status text shows "Saved"`, kind: step.AssertText, ref: "e3", value: "Saved"},
	})
	// An alert not yet filled (the snapshot lists it empty, with no ref)
	// is none to read: the check waits for it, never reading the page.
	empty, err := dom.ParseARIA("- main [ref=e1]:\n  - paragraph [ref=e2]: Hello\n  - alert\n  - status\n")
	if err != nil {
		t.Fatal(err)
	}
	checkCases(t, empty, []stepCase{
		{action: `the alert message should contain "Hello"`, err: "no dialog is open"},
		{action: `verify the status shows Hello`, err: "no status is shown: the page's is empty"},
	})
}
