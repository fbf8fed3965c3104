package grammar

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

func init() {
	inlinePages["modal"] = `- heading "Drafts" [level=1] [ref=e1]
- button "Delete" [ref=e2]
- generic [ref=e3]:
  - text: Attachment
  - button "Attachment" [ref=e4]
- button "Choose file" [ref=e5]
- listitem [ref=e6]: Write report
- region "Done" [ref=e7]
- listbox "Toppings" [ref=e8]:
  - option "Cheese" [ref=e9]
  - option "Olives" [ref=e10]
  - option "Salt and pepper" [ref=e11]
- slider "Volume" [ref=e12]
- alertdialog "Discard changes?" [ref=e13]:
  - button "OK" [ref=e14]
`
	inlinePages["page-tabs"] = `- tablist [ref=e1]:
  - tab "First" [selected] [ref=e2]
  - tab "Second" [ref=e3]
`
}

const confirmOpen = `"confirm" dialog with message "Delete the draft?"`

// TestRulesModalSentences: the sentences for the browser's dialogs,
// uploads, tabs, drags and multiple choices, each read as its step.
func TestRulesModalSentences(t *testing.T) {
	prompt := `"prompt" dialog with message "New name?"`
	tests := []struct {
		page, action, dialog string
		want                 step.Step
	}{
		{"modal", "accept the dialog", confirmOpen, step.Step{Kind: step.AcceptDialog, Element: confirmOpen}},
		{"modal", "Then accept the confirm dialog.", confirmOpen, step.Step{Kind: step.AcceptDialog, Element: confirmOpen}},
		{"modal", "confirm the dialog", confirmOpen, step.Step{Kind: step.AcceptDialog, Element: confirmOpen}},
		{"modal", "dismiss the dialog", confirmOpen, step.Step{Kind: step.DismissDialog, Element: confirmOpen}},
		{"modal", "cancel the confirmation", confirmOpen, step.Step{Kind: step.DismissDialog, Element: confirmOpen}},
		{"modal", "close the alert", confirmOpen, step.Step{Kind: step.DismissDialog, Element: confirmOpen}},
		{"modal", "click OK in the alert", confirmOpen, step.Step{Kind: step.AcceptDialog, Element: confirmOpen}},
		{"modal", "click Cancel in the confirm", confirmOpen, step.Step{Kind: step.DismissDialog, Element: confirmOpen}},
		{"modal", "type Holiday plans into the prompt and click OK", prompt, step.Step{Kind: step.AcceptDialog, Element: prompt, Value: "Holiday plans"}},
		{"modal", `enter "Drafts" in the prompt`, prompt, step.Step{Kind: step.AcceptDialog, Element: prompt, Value: "Drafts"}},
		{"modal", "type x into the prompt and click Cancel", prompt, step.Step{Kind: step.DismissDialog, Element: prompt}},
		{"modal", "answer the prompt with Drafts", prompt, step.Step{Kind: step.AcceptDialog, Element: prompt, Value: "Drafts"}},
		// With no browser dialog open, "OK in the alert" is the page's own
		// alert dialog's button.
		{"modal", "click OK in the alert", "", step.Step{Kind: step.Click, Role: "button", Ref: "e14"}},
		{"modal", "upload notes.txt into Attachment", "", step.Step{Kind: step.Upload, Role: "button", Ref: "e4", Value: "notes.txt"}},
		{"modal", `upload "reports/q1 notes.txt" using Choose file`, "", step.Step{Kind: step.Upload, Role: "button", Ref: "e5", Value: "reports/q1 notes.txt"}},
		{"modal", "switch to the new tab", "", step.Step{Kind: step.SwitchTab, Value: step.TabNew}},
		{"modal", "switch to tab 2", "", step.Step{Kind: step.SwitchTab, Value: "2"}},
		{"modal", "go back to the first tab", "", step.Step{Kind: step.SwitchTab, Value: "1"}},
		{"modal", "switch to the 3rd tab", "", step.Step{Kind: step.SwitchTab, Value: "3"}},
		{"modal", "switch to the new window", "", step.Step{Kind: step.SwitchTab, Value: step.TabNew}},
		// The page's own tab named so is the page's.
		{"page-tabs", "switch to the first tab", "", step.Step{Kind: step.Click, Role: "tab", Ref: "e2"}},
		{"modal", "drag Write report to Done", "", step.Step{Kind: step.Drag, Role: "listitem", Ref: "e6", Drop: &step.Step{Role: "region", Ref: "e7"}}},
		{"modal", "drag the Volume slider to 30", "", step.Step{Kind: step.SetValue, Role: "slider", Ref: "e12", Value: "30"}},
		{"modal", "select Cheese and Olives in Toppings", "", step.Step{Kind: step.Select, Role: "listbox", Ref: "e8", Values: []string{"Cheese", "Olives"}}},
		{"modal", "select Cheese, Olives and Salt and pepper in Toppings", "", step.Step{Kind: step.Select, Role: "listbox", Ref: "e8", Values: []string{"Cheese", "Olives", "Salt and pepper"}}},
		// An option whose name holds "and" is one option.
		{"modal", "select Salt and pepper in Toppings", "", step.Step{Kind: step.Click, Role: "option", Ref: "e11"}},
	}
	r := NewRules()
	for _, tt := range tests {
		t.Run(tt.action, func(t *testing.T) {
			steps, err := r.Translate(context.Background(), translator.Request{Action: tt.action, Page: page(t, tt.page), Dialog: tt.dialog})
			if err != nil {
				t.Fatalf("Translate: %v", err)
			}
			if len(steps) != 1 {
				t.Fatalf("got %d steps %+v, want 1", len(steps), steps)
			}
			got := steps[0]
			got.Action, got.Element, got.Words = "", strip(got.Element, tt.want.Element), ""
			if got.Drop != nil {
				got.Drop = &step.Step{Role: got.Drop.Role, Ref: got.Drop.Ref}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// strip keeps a step's element description only when the test wants one.
func strip(got, want string) string {
	if want == "" {
		return ""
	}
	return got
}

// TestRulesModalErrors: a dialog sentence with no dialog open, a prompt's
// text for a confirm, a drag onto itself and a tab counted from 0 are
// errors that say so.
func TestRulesModalErrors(t *testing.T) {
	tests := []struct {
		action, dialog, want string
	}{
		{"accept the dialog", "", "no alert, confirm or prompt is open"},
		{"dismiss the confirm", "", "no alert, confirm or prompt is open"},
		{"type Drafts into the prompt and click OK", "", "no alert, confirm or prompt is open"},
		{"type Drafts into the prompt and click OK", confirmOpen, `types into a prompt, but the dialog open is a "confirm" dialog`},
		{"drag Write report to Write report", "", "onto itself"},
		{"switch to tab 0", "", "tabs are counted from 1"},
		{"select Cheese and cheese in Toppings", "", `names option "Cheese"`},
		{"upload notes.txt into Signature", "", `no file field or button matching "Signature"`},
	}
	r := NewRules()
	for _, tt := range tests {
		t.Run(tt.action, func(t *testing.T) {
			steps, err := r.Translate(context.Background(), translator.Request{Action: tt.action, Page: page(t, "modal"), Dialog: tt.dialog})
			if err == nil {
				t.Fatalf("Translate = %+v, want an error", steps)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q lacks %q", err, tt.want)
			}
			var nf *translator.NotFoundError
			if strings.HasPrefix(tt.want, "no alert") && !errors.As(err, &nf) {
				t.Errorf("error %T: want a *NotFoundError, which compile waits on", err)
			}
		})
	}
}

// TestModalIntent: the new sentences act.
func TestModalIntent(t *testing.T) {
	for _, a := range []string{"accept the dialog", "upload a.txt into Attachment", "switch to the new tab", "drag A to B", "select A and B in C"} {
		if got := IntentOf(a); got != IntentAct {
			t.Errorf("IntentOf(%q) = %v, want act", a, got)
		}
	}
}
