package grammar

import (
	"slices"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
)

// TestItemNoun: "the X item" shown or gone is the menu, list or tree item
// of that name, as "the X menu item" was; read as the text "the X item",
// no page shows it (shown failed, gone was refused as one that could
// never fail).
func TestItemNoun(t *testing.T) {
	page, err := dom.ParseARIA(`- main [ref=e1]:
  - menu "Quick Links" [ref=e3]:
    - menuitem "W3C Home Page" [ref=e4]
  - tree "Files" [ref=e5]:
    - treeitem "Reports" [ref=e6]
`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		action  string
		ref     string
		negated bool
	}{
		{action: `verify the W3C Home Page item is shown`, ref: "e4"},
		{action: `verify the Reports item is visible`, ref: "e6"},
		{action: `verify the W3C Home Page item is not shown`, negated: true},
		{action: `verify the Notes item is gone`, negated: true},
	} {
		steps, ok := translated(t, page, tt.action, "")
		if !ok {
			continue
		}
		s := steps[0]
		if len(steps) != 1 || s.Kind != step.AssertVisible || s.Ref != tt.ref || s.Negated != tt.negated {
			t.Errorf("%s: got %d steps, first %s ref %q negated %v; want %s ref %q negated %v", tt.action, len(steps), s.Kind, s.Ref, s.Negated, step.AssertVisible, tt.ref, tt.negated)
		}
		if tt.negated && !slices.Contains(s.Values, "menuitem") {
			t.Errorf("%s: roles %v, want the item roles, menuitem among them", tt.action, s.Values)
		}
	}
}

// TestItemCountIsText: "1 item is shown" (a to-do list's footer, "1
// item left") is text, not an item named "1".
func TestItemCountIsText(t *testing.T) {
	page, err := dom.ParseARIA("- contentinfo [ref=e1]:\n  - text: 1 item left\n")
	if err != nil {
		t.Fatal(err)
	}
	if steps, ok := translated(t, page, `verify 1 item is shown`, ""); ok && (steps[0].Kind != step.AssertText || steps[0].Value != "1 item") {
		t.Errorf("verify 1 item is shown: got %s %q, want %s %q", steps[0].Kind, steps[0].Value, step.AssertText, "1 item")
	}
}

// TestQuotedNameBeforeKind: Cucumber's `the "X" dialog should not be
// visible` is the dialog named X, as `the X dialog` is; words beside the
// quotation that are no kind stay refused, and a subject quoted whole is
// text.
func TestQuotedNameBeforeKind(t *testing.T) {
	page, err := dom.ParseARIA(`- main [ref=e1]:
  - button "Add Delivery Address" [ref=e2]
  - dialog "Add Delivery Address" [ref=e3]:
    - button "Cancel" [ref=e4]
  - tree "Files" [ref=e5]:
    - treeitem "project-1.docx" [ref=e6]
`)
	if err != nil {
		t.Fatal(err)
	}
	checkCases(t, page, []stepCase{
		{action: `the "Add Delivery Address" dialog should be visible`, kind: step.AssertVisible, ref: "e3"},
		{action: `the "Add Delivery Address" dialog should not be visible`, kind: step.AssertVisible, negated: true},
		{action: `verify the "project-1.docx" item is shown`, kind: step.AssertVisible, ref: "e6"},
		{action: `verify "the Cancel button" is gone`, kind: step.AssertGone},
		{action: `verify the "Cancel" thing is shown`, err: `the words "the   thing" beside the quoted text are not read`},
	})
}

// TestFolderNoun: a file tree's items are its folders, quoted or not,
// and the words of a quoted name are the words its locator keeps: a
// name whose icon glyph Playwright writes into an exact locator
// ("\uf07b Projects") found nothing at replay.
func TestFolderNoun(t *testing.T) {
	page, err := dom.ParseARIA("- tree \"File Directory\" [ref=e1]:\n  - treeitem \"\uf07b Projects\" [ref=e2]\n  - treeitem \"\uf07b Reports\" [ref=e3]\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, action := range []string{`expand the Projects folder`, `expand the "Projects" folder`, `I click the "Projects" folder`} {
		steps, ok := translated(t, page, action, "")
		if !ok {
			continue
		}
		last := steps[len(steps)-1]
		if last.Ref != "e2" || last.Words != "Projects" {
			t.Errorf("%s: last step %s ref %q words %q, want ref e2 words Projects", action, last.Kind, last.Ref, last.Words)
		}
	}
}

// TestSeeElement: Cucumber's `I should see the "Home" link` and `I
// should not see the Logout link` are that element shown or gone, where
// the words were read as a text no page shows (or refused beside a
// quotation); words with no article stay text.
func TestSeeElement(t *testing.T) {
	page, err := dom.ParseARIA(`- main [ref=e1]:
  - button "Save" [ref=e2]
  - link "Home" [ref=e5]
  - paragraph [ref=e6]: Save button
`)
	if err != nil {
		t.Fatal(err)
	}
	checkCases(t, page, []stepCase{
		{action: `I should see the "Home" link`, kind: step.AssertVisible, ref: "e5"},
		{action: `I should see the Save button`, kind: step.AssertVisible, ref: "e2"},
		{action: `I should not see the Logout link`, kind: step.AssertVisible, negated: true},
		{action: `I should not see the "Logout" link`, kind: step.AssertVisible, negated: true},
		{action: `I should see Save button`, kind: step.AssertText},
	})
}

// TestHaveFocus: "should have focus" is the focused state, where it was
// read as a value check of the word "focus".
func TestHaveFocus(t *testing.T) {
	page, err := dom.ParseARIA("- textbox \"Username\" [ref=e1]\n")
	if err != nil {
		t.Fatal(err)
	}
	checkCases(t, page, []stepCase{
		{action: `the "Username" field should have focus`, kind: step.AssertState, ref: "e1", value: step.StateFocused},
		{action: `the Username field has focus`, kind: step.AssertState, ref: "e1", value: step.StateFocused},
		{action: `the Username field should not have the focus`, kind: step.AssertState, ref: "e1", value: step.StateFocused, negated: true},
		{action: `the Username field does not have focus`, kind: step.AssertState, ref: "e1", value: step.StateFocused, negated: true},
	})
}

// TestHeaderNoun: "the header" is the page's banner (a check in it reads
// there, not the whole page); "the Price header" a table's column header;
// a page with no banner refuses "in the header".
func TestHeaderNoun(t *testing.T) {
	page, err := dom.ParseARIA(`- banner [ref=e1]:
  - link "Home" [ref=e2]
  - link "Cart" [ref=e3]
- main [ref=e5]:
  - link "Home" [ref=e13]
  - table "Prices" [ref=e6]:
    - row "Name Price" [ref=e7]:
      - columnheader "Name" [ref=e8]
      - columnheader "Price" [ref=e9]
- contentinfo [ref=e11]:
  - paragraph [ref=e12]: Copyright 2026
`)
	if err != nil {
		t.Fatal(err)
	}
	checkCases(t, page, []stepCase{
		{action: `verify "Home" is shown in the header`, kind: step.AssertText, ref: "e1", value: "Home"},
		{action: `verify the header shows "Cart"`, kind: step.AssertText, ref: "e1", value: "Cart"},
		{action: `verify "Copyright" is not shown in the header`, kind: step.AssertGone, ref: "e1", value: "Copyright"},
		{action: `click Cart in the header`, kind: step.Click, ref: "e3"},
		{action: `click Home in the header`, kind: step.Click, ref: "e2"},
		{action: `click the Price header`, kind: step.Click, ref: "e9"},
	})
	bare, err := dom.ParseARIA("- main [ref=e1]:\n  - heading \"Shop\" [level=1] [ref=e2]\n")
	if err != nil {
		t.Fatal(err)
	}
	checkCases(t, bare, []stepCase{{action: `verify the header shows "Shop"`, err: "no header is on the page"}})
}

// TestApostrophes: contractions and possessives are words, not quote
// marks: "verify Tom's cart isn't shown" was refused as the quotation
// "s cart isn".
func TestApostrophes(t *testing.T) {
	page, err := dom.ParseARIA("- main [ref=e1]:\n  - heading \"Tom's cart\" [level=1] [ref=e2]\n  - button \"Don't save\" [ref=e3]\n")
	if err != nil {
		t.Fatal(err)
	}
	checkCases(t, page, []stepCase{
		{action: `verify Tom's cart isn't shown`, kind: step.AssertGone, value: "Tom's cart"},
		{action: `verify the page doesn't show Tom's cart`, kind: step.AssertGone, value: "Tom's cart"},
		{action: `verify the page shows 'Tom's cart'`, kind: step.AssertText, value: "Tom's cart"},
		{action: `verify the page shows Tom's cart isn't empty`, kind: step.AssertText, value: "Tom's cart isn't empty"},
		{action: `click 'Don't save'`, kind: step.Click, ref: "e3"},
	})
}

// TestValueOfOneQuotation: a value check reads one value; `"Paris" or
// "Rome"` was the value `"Paris" or "Rome"`, quotes and all.
func TestValueOfOneQuotation(t *testing.T) {
	page, err := dom.ParseARIA("- main [ref=e1]:\n  - textbox \"City\" [ref=e2]: Paris\n")
	if err != nil {
		t.Fatal(err)
	}
	checkCases(t, page, []stepCase{
		{action: `verify the City field shows "Paris" or "Rome"`, err: "holds 2 quoted values"},
		{action: `the City field should be "Paris" or "Rome"`, err: "holds 2 quoted values"},
		{action: `verify the City field shows "Paris"`, kind: step.AssertValue, ref: "e2", value: "Paris"},
		{action: `verify the City field shows 'Paris'`, kind: step.AssertValue, ref: "e2", value: "Paris"},
	})
}
