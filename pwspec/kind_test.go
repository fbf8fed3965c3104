package pwspec

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/step"
)

// TestKindShown: a check that no element of a kind is shown ("the dialog
// is gone") asks for the elements of those roles whatever their name: a
// name option of "" would be a name the spec invents.
func TestKindShown(t *testing.T) {
	got := specOf(t, "kinds", []step.Step{
		{Kind: step.AssertVisible, Values: []string{"alertdialog", "dialog"}, Negated: true, Element: "alertdialog or dialog", Action: "the dialog is gone"},
		{Kind: step.AssertVisible, Values: []string{"menu"}, Element: "menu", Action: "the menu is open"},
	})
	for _, want := range []string{`page.getByRole("alertdialog").or(page.getByRole("dialog"))`, `page.getByRole("menu")`} {
		if !strings.Contains(got, want) {
			t.Errorf("the spec lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, `name: ""`) {
		t.Errorf("the spec names an element \"\":\n%s", got)
	}
}
