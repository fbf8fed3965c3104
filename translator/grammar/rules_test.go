package grammar

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// inlinePages are small pages for cases the demo shop does not have.
var inlinePages = map[string]string{
	// A field whose name holds "in", beside one named by its last word.
	"sign-in": `- textbox "Sign in email" [ref=e1]
- textbox "Email" [ref=e2]
`,
	"two-help-links": `- banner:
  - link "Help" [ref=e2]:
    - /url: /help
- contentinfo:
  - link "Help" [ref=e4]:
    - /url: https://support.example.com/
`,
	"status-help": `- paragraph [ref=e1]: "Help: the status shows Saved when your changes are stored. Uploads stop at 75%."
- button "Save" [ref=e2]
- status [ref=e3]: Draft
- progressbar "Upload progress" [ref=e4]: 40%
- paragraph [ref=e5]: Press OK in the alert to confirm.
- button "Cancel" [ref=e6]
- combobox "Country" [ref=e7]:
  - option "Spain" [selected]
  - option "Portugal"
`,
	"tab-menu": `- tablist "Sharks" [ref=e0]:
  - tab "Nurse shark" [selected] [ref=e1]
  - tab "Goblin shark" [ref=e2]
- menu "Actions for Goblin shark tab":
  - menuitem "Move tab forward" [ref=e3]
  - menuitem "Close tab" [ref=e4]
`,
	"radio-group": `- radiogroup "Pizza Crust":
  - radio "Regular crust" [checked] [ref=e1]
  - radio "Deep dish" [ref=e2]
  - radio "Thin crust" [ref=e3]
- tablist "Sizes":
  - tab "Small" [selected] [ref=e4]
`,
	"menubar-current": `- navigation "University":
  - menubar "University":
    - menuitem "Home" [ref=e1]
    - menuitem "About" [expanded] [ref=e2]
    - menu "About":
      - menuitem "Overview" [ref=e3]
      - menuitem "Facts" [ref=e4]
- main:
  - paragraph:
    - text: This page is the
    - link "Overview" [ref=e5]
`,
	"two-grids": `- grid "Transactions January 1 through January 6":
  - row "Date Amount":
    - columnheader "Date" [ref=e1]
    - columnheader "Amount" [ref=e2]
- grid "Transactions January 1 through January 7":
  - row "Date Amount":
    - columnheader "Date" [ref=e3]
    - columnheader "Amount" [ref=e4]
`,
	"source-listing": `- generic [active] [ref=e1]:
  - listbox "Bucket List" [ref=e2]:
    - option [ref=e3]:
      - button "favorite" [ref=e4]
      - text: Learn archery
  - code [ref=e5]:
    - generic [ref=e6]: <li role="option">
    - text: Learn archery
`,
	"slider": `- slider "Temperature" [ref=e1]
`,
	"students": `- table "Students" [ref=e1]:
  - rowgroup:
    - row "First Name Last Name":
      - columnheader "First Name"
      - columnheader "Last Name"
    - row "Fred Jackson":
      - cell "Fred"
      - cell "Jackson"
- list "Teachers" [ref=e2]:
  - listitem: Ada
`,
	"two-figures": `- figure "Sunset" [ref=e1]:
  - button "Buy" [ref=e2]
- figure "Harbour" [ref=e3]:
  - button "Buy" [ref=e4]
`,
}

// htmlPages are page fixtures of other packages, in HTML (their trees have
// no refs).
var htmlPages = map[string]string{
	"team": filepath.Join("..", "..", "cmd", "plaintest", "testdata", "team.html"),
}

// page returns the tree of a page: an inline page, an HTML page, or a
// snapshot captured from the demo shop (dom/testdata/<name>.yaml).
func page(t testing.TB, name string) *dom.Node {
	t.Helper()
	if path, ok := htmlPages[name]; ok {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		n, err := dom.ParseHTML(f)
		if err != nil {
			t.Fatalf("parse %s: %v", path, err)
		}
		return n
	}
	data, ok := inlinePages[name]
	if !ok {
		b, err := os.ReadFile(filepath.Join("..", "..", "dom", "testdata", name+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		data = string(b)
	}
	n, err := dom.ParseARIA(data)
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return n
}

func TestRulesTranslate(t *testing.T) {
	stat := func(kind step.Kind, value string) step.Step { // the status of "status-help"
		return step.Step{Kind: kind, Role: "status", Ref: "e3", Value: value}
	}
	tests := []struct {
		page, action string
		want         step.Step // Action is not compared
	}{
		{"home", "go to the login page", step.Step{Kind: step.Navigate, Value: "/login"}},
		{"menubar-current", "verify Overview is the current page", step.Step{Kind: step.AssertState, Role: "menuitem", Ref: "e3", Value: step.StateCurrent}},
		{"menubar-current", "verify the Overview link is not the current page", step.Step{Kind: step.AssertState, Role: "link", Ref: "e5", Value: step.StateCurrent, Negated: true}},
		// A radio or checkbox "selected" is checked; a tab's is aria-selected.
		{"radio-group", "verify Thin crust is selected", step.Step{Kind: step.AssertState, Role: "radio", Ref: "e3", Value: step.StateChecked}},
		{"radio-group", "verify Deep dish is not selected", step.Step{Kind: step.AssertState, Role: "radio", Ref: "e2", Value: step.StateChecked, Negated: true}},
		{"radio-group", "verify the Small tab is selected", step.Step{Kind: step.AssertState, Role: "tab", Ref: "e4", Value: step.StateSelected}},
		// The text in the page's own source listing is not meant, the page
		// having the focus picks nothing, and a bare text is acted on
		// through the element that holds it.
		{"source-listing", "hover over Learn archery", step.Step{Kind: step.Hover, Role: "option", Ref: "e3"}},
		// A count of the things a table or list is named for.
		{"students", "check 4 students are listed", step.Step{Kind: step.AssertCount, Role: "table", Ref: "e1", Value: "4", Values: []string{"row"}}},
		{"students", "verify two teachers are shown", step.Step{Kind: step.AssertCount, Role: "list", Ref: "e2", Value: "2", Values: []string{"listitem"}}},
		{"tab-menu", "verify the Sharks tab list shows 2 tabs", step.Step{Kind: step.AssertCount, Role: "tablist", Ref: "e0", Value: "2", Values: []string{"tab"}}},
		{"slider", "verify the Temperature slider is at 30", step.Step{Kind: step.AssertValue, Role: "slider", Ref: "e1", Value: "30", Match: step.MatchNow}},
		{"slider", "verify the Temperature slider is at 30.0 degrees Celsius", step.Step{Kind: step.AssertValue, Role: "slider", Ref: "e1", Value: "30.0 degrees Celsius", Match: step.MatchEquals}},
		{"tab-menu", "choose Close tab", step.Step{Kind: step.Click, Role: "menuitem", Ref: "e4"}},      // "tab" is part of the name
		{"tab-menu", "click the Goblin shark tab", step.Step{Kind: step.Click, Role: "tab", Ref: "e2"}}, // "tab" is the kind
		{"home", "open the products page", step.Step{Kind: step.Navigate, Value: "/products"}},
		{"home", "Then go to /cart.", step.Step{Kind: step.Navigate, Value: "/cart"}},
		{"home", "visit https://example.com/x", step.Step{Kind: step.Navigate, Value: "https://example.com/x"}},
		{"home", "go to the home page", step.Step{Kind: step.Navigate, Value: "/"}},
		{"login", "type demo into Username", step.Step{Kind: step.Type, Role: "textbox", Ref: "f1e12", Value: "demo"}},
		{"login", "enter demo as the username", step.Step{Kind: step.Type, Role: "textbox", Ref: "f1e12", Value: "demo"}},
		{"login", "enter {{PASSWORD}} as the password", step.Step{Kind: step.Type, Role: "textbox", Ref: "f1e14", Value: "{{PASSWORD}}"}},
		{"login", "type {{PASSWORD}} into the password field", step.Step{Kind: step.Type, Role: "textbox", Ref: "f1e14", Value: "{{PASSWORD}}"}},
		{"login", `enter "two words" in username`, step.Step{Kind: step.Type, Role: "textbox", Ref: "f1e12", Value: "two words"}},
		{"login", "fill Username with demo", step.Step{Kind: step.Type, Role: "textbox", Ref: "f1e12", Value: "demo"}},
		{"login", "type demo into your user name", step.Step{Kind: step.Type, Role: "textbox", Ref: "f1e12", Value: "demo"}}, // placeholder
		{"home", "click on the Log in link", step.Step{Kind: step.Click, Role: "link", Ref: "e7"}},                           // two links to /login: the first
		{"login", "click Log in", step.Step{Kind: step.Click, Role: "button", Ref: "f1e16"}},
		{"login", "press the Log in button", step.Step{Kind: step.Click, Role: "button", Ref: "f1e16"}},
		{"login", "press Enter", step.Step{Kind: step.Press, Value: "Enter"}},
		{"login", "press ctrl+a", step.Step{Kind: step.Press, Value: "Control+A"}},
		{"products", "click Add to cart for Blue Mug", step.Step{Kind: step.Click, Role: "button", Ref: "f2e16"}},
		{"products", "click the Add to cart button in the Red Mug card", step.Step{Kind: step.Click, Role: "button", Ref: "f2e22"}},
		{"products", "tap add to cart next to Water Bottle", step.Step{Kind: step.Click, Role: "button", Ref: "f2e52"}},
		{"products", "add the Blue Mug to the cart", step.Step{Kind: step.Click, Role: "button", Ref: "f2e16"}},
		{"products", "Add Red Mug to my basket", step.Step{Kind: step.Click, Role: "button", Ref: "f2e22"}},
		{"cart", "remove Green Tea from the cart", step.Step{Kind: step.Click, Role: "button", Ref: "f5e31"}},
		{"products", "hover over Notebook", step.Step{Kind: step.Hover, Role: "heading", Ref: "f2e36"}},
		{"cart", "click Remove for Green Tea", step.Step{Kind: step.Click, Role: "button", Ref: "f5e31"}},
		{"checkout", "select Japan from Country", step.Step{Kind: step.Select, Role: "combobox", Ref: "f6e17", Value: "Japan"}},
		{"checkout", "choose Express from the Shipping group", step.Step{Kind: step.Click, Role: "radio", Ref: "f6e23"}},
		{"checkout", "set Country to France", step.Step{Kind: step.Select, Role: "combobox", Ref: "f6e17", Value: "France"}},
		{"checkout", "check I agree to the terms", step.Step{Kind: step.Check, Role: "checkbox", Ref: "f6e27"}},
		{"checkout", "check the terms checkbox", step.Step{Kind: step.Check, Role: "checkbox", Ref: "f6e27"}},
		{"checkout", "uncheck terms", step.Step{Kind: step.Uncheck, Role: "checkbox", Ref: "f6e27"}},
		{"checkout", "click Express", step.Step{Kind: step.Click, Role: "radio", Ref: "f6e23"}},
		// The group's name after the choice's: "Express shipping" is the
		// choice "Express ($9.00)" of the Shipping group.
		{"checkout", "choose Express shipping", step.Step{Kind: step.Click, Role: "radio", Ref: "f6e23"}},
		{"checkout", "pick the Express shipping option", step.Step{Kind: step.Click, Role: "radio", Ref: "f6e23"}},
		{"checkout", "type leave it at the door into Delivery notes", step.Step{Kind: step.Type, Role: "textbox", Ref: "f6e25", Value: "leave it at the door"}},
		{"cart", "verify the cart shows 1 item", step.Step{Kind: step.AssertText, Value: "1 item"}},
		{"cart", "check the cart shows 2 items", step.Step{Kind: step.AssertText, Value: "2 items"}},
		{"cart", `expect "Total"`, step.Step{Kind: step.AssertText, Value: "Total"}},
		{"cart", "I should see Your cart", step.Step{Kind: step.AssertText, Value: "Your cart"}},
		// A feature file's subject before the verb ("I", "the user").
		{"products", "I click Add to cart for Blue Mug", step.Step{Kind: step.Click, Role: "button", Ref: "f2e16"}},
		{"products", "the user clicks Add to cart for Blue Mug", step.Step{Kind: step.Click, Role: "button", Ref: "f2e16"}},
		{"checkout", "we then select Japan from Country", step.Step{Kind: step.Select, Role: "combobox", Ref: "f6e17", Value: "Japan"}},
		{"checkout", "The user types leave it at the door into Delivery notes", step.Step{Kind: step.Type, Role: "textbox", Ref: "f6e25", Value: "leave it at the door"}},
		{"checkout", "the user checks I agree to the terms", step.Step{Kind: step.Check, Role: "checkbox", Ref: "f6e27"}},
		{"products", "I add the Blue Mug to the cart", step.Step{Kind: step.Click, Role: "button", Ref: "f2e16"}},
		{"products", "the user adds the Blue Mug to the cart", step.Step{Kind: step.Click, Role: "button", Ref: "f2e16"}},
		{"checkout", "I set Country to Japan", step.Step{Kind: step.Select, Role: "combobox", Ref: "f6e17", Value: "Japan"}},
		// A quoted value ends at its quote, whatever words the field's
		// name holds.
		{"sign-in", `type "x@y.test" into Sign in email`, step.Step{Kind: step.Type, Role: "textbox", Ref: "e1", Value: "x@y.test"}},
		{"sign-in", `the user enters 'x "y"' in Sign in email`, step.Step{Kind: step.Type, Role: "textbox", Ref: "e1", Value: `x "y"`}},
		// "Given I am on …": be there, as "go to" is.
		{"home", "I am on the login page", step.Step{Kind: step.Navigate, Value: "/login"}},
		{"home", "I am on /cart", step.Step{Kind: step.Navigate, Value: "/cart"}},
		{"home", "the user is on https://shop.example/cart", step.Step{Kind: step.Navigate, Value: "https://shop.example/cart"}},
		{"home", "we're already on the home page", step.Step{Kind: step.Navigate, Value: "/"}},
		// A subject before a check's verb, as a feature file's Then says it.
		{"cart", "the user should see Your cart", step.Step{Kind: step.AssertText, Value: "Your cart"}},
		{"cart", "the user sees Your cart", step.Step{Kind: step.AssertText, Value: "Your cart"}},
		{"cart", "we should see Your cart", step.Step{Kind: step.AssertText, Value: "Your cart"}},
		{"cart", "the user should not see Red Mug", step.Step{Kind: step.AssertGone, Value: "Red Mug"}},
		{"cart", "I don't see Red Mug", step.Step{Kind: step.AssertGone, Value: "Red Mug"}},
		{"cart", "the user does not see Red Mug", step.Step{Kind: step.AssertGone, Value: "Red Mug"}},
		// "I should be on …": the page's address.
		{"cart", "I should be on /cart", step.Step{Kind: step.AssertURL, Value: "/cart", Match: step.MatchPath}},
		{"cart", "I should be on /search?q=mug", step.Step{Kind: step.AssertURL, Value: "/search?q=mug", Match: step.MatchEnds}},
		{"cart", "the user should be taken to https://shop.example/cart", step.Step{Kind: step.AssertURL, Value: "https://shop.example/cart", Match: step.MatchEquals}},
		{"cart", `we should still be on "/cart?step=2"`, step.Step{Kind: step.AssertURL, Value: "/cart?step=2", Match: step.MatchEnds}},
		// The form's submit button is the page's to say (parser/submit.go).
		{"checkout", "submit the form", step.Step{Kind: step.Submit}},
		{"checkout", "I submit the Sign up form", step.Step{Kind: step.Submit, Value: "Sign up"}},
		{"checkout", "send the shipping form", step.Step{Kind: step.Submit, Value: "shipping"}},
		{"cart", "Proceed to checkout should be visible", step.Step{Kind: step.AssertText, Value: "Proceed to checkout"}},
		{"cart", "verify Your cart is empty is not visible", step.Step{Kind: step.AssertGone, Value: "Your cart is empty"}},
		{"cart", "I should not see Red Mug", step.Step{Kind: step.AssertGone, Value: "Red Mug"}},
		{"cart", "I expect to see Your cart", step.Step{Kind: step.AssertText, Value: "Your cart"}},
		{"cart", "I expect not to see Red Mug", step.Step{Kind: step.AssertGone, Value: "Red Mug"}},
		{"cart", "verify Blue Mug is in the cart", step.Step{Kind: step.AssertText, Value: "Blue Mug"}},
		// A value beside its label ("Total: $20.50"): read in the element
		// that shows the label, not as the whole sentence.
		{"cart", "verify the total is $20.50", step.Step{Kind: step.AssertText, Role: "paragraph", Ref: "f5e32", Value: "$20.50"}},
		{"cart", "the total is $20.50", step.Step{Kind: step.AssertText, Role: "paragraph", Ref: "f5e32", Value: "$20.50"}},
		{"cart", "check that the mugs are listed in your cart", step.Step{Kind: step.AssertText, Value: "mugs"}},
		{"cart", "verify Blue Mug is in stock", step.Step{Kind: step.AssertText, Value: "Blue Mug is in stock"}},
		{"cart", "verify Blue Mug is gone", step.Step{Kind: step.AssertGone, Value: "Blue Mug"}},
		{"cart", "check that Blue Mug has been removed", step.Step{Kind: step.AssertGone, Value: "Blue Mug"}},
		{"cart", "make sure Blue Mug disappears", step.Step{Kind: step.AssertGone, Value: "Blue Mug"}},
		{"cart", "verify Blue Mug is no longer listed", step.Step{Kind: step.AssertGone, Value: "Blue Mug"}},
		{"cart", "verify the cart no longer shows 1 item", step.Step{Kind: step.AssertGone, Value: "1 item"}},
		{"cart", "verify the cart doesn't show Red Mug", step.Step{Kind: step.AssertGone, Value: "Red Mug"}},
		{"cart", `verify "Blue Mug" row does not show "Remove"`, step.Step{Kind: step.AssertGone, Role: "row", Ref: "f5e18", Value: "Remove"}},
		{"products", "verify the Blue Mug card shows $12.00", step.Step{Kind: step.AssertText, Role: "article", Ref: "f2e11", Value: "$12.00"}},
		{"products", `verify "$8.50" is shown in the Green Tea card`, step.Step{Kind: step.AssertText, Role: "article", Ref: "f2e23", Value: "$8.50"}},
		{"cart", "verify the Green Tea row shows $8.50", step.Step{Kind: step.AssertText, Role: "row", Ref: "f5e25", Value: "$8.50"}},
		{"cart", "check the Blue Mug row no longer shows 2", step.Step{Kind: step.AssertGone, Role: "row", Ref: "f5e18", Value: "2"}},
		{"cart", `verify "I don't have 2 items" is visible`, step.Step{Kind: step.AssertText, Value: "I don't have 2 items"}},
		{"cart", `verify "Is gone" is shown`, step.Step{Kind: step.AssertText, Value: "Is gone"}},
		{"cart", "wait 2 seconds", step.Step{Kind: step.Wait, Value: "2"}},
		{"cart", "wait for 500ms", step.Step{Kind: step.Wait, Value: "0.5"}},
		{"products", "wait for Claim discount to appear", step.Step{Kind: step.AssertText, Value: "Claim discount", Wait: true}},
		// A role noun alone scopes the check to the one element of that
		// role, never the help text that says the same words.
		{"status-help", "verify the status shows Saved", step.Step{Kind: step.AssertText, Role: "status", Ref: "e3", Value: "Saved"}},
		// Static text is clicked when the sentence names its whole text
		// and no control matches; never for words it merely holds (below).
		{"status-help", "click Draft", stat(step.Click, "")},
		{"status-help", "verify the progress bar shows 75%", step.Step{Kind: step.AssertValue, Role: "progressbar", Ref: "e4", Value: "75%", Match: step.MatchContains}},
		// A check said as an expectation ("should", "must", "expect …
		// to", "should not", "never") reads as the same check in the
		// indicative: scoped to the part of the page its subject names,
		// and a negation stays one. Read as written, "the status should
		// not say Error" was the text "Error" in a part called "the
		// status should not": a check that held when the status said
		// Error (indicative.go).
		{"status-help", "the status should say Saved", stat(step.AssertText, "Saved")},
		// "still": the same check, the fact said to last.
		{"status-help", "the status still shows Draft", stat(step.AssertText, "Draft")},
		{"status-help", "the status should still say Draft", stat(step.AssertText, "Draft")},
		{"status-help", "verify the Save button is still shown", step.Step{Kind: step.AssertVisible, Role: "button", Ref: "e2"}},
		{"status-help", "verify Draft is still shown", step.Step{Kind: step.AssertText, Value: "Draft"}},
		{"status-help", `verify "Still there" is shown`, step.Step{Kind: step.AssertText, Value: "Still there"}},
		{"status-help", `verify the page says it is still shown`, step.Step{Kind: step.AssertText, Value: "it is still shown"}},
		{"status-help", `verify the page shows Draft still shows`, step.Step{Kind: step.AssertText, Value: "Draft still shows"}},
		{"status-help", "verify the status must show Saved", stat(step.AssertText, "Saved")},
		{"status-help", "expect the status to show Saved", stat(step.AssertText, "Saved")},
		{"status-help", "the status is expected to say Saved", stat(step.AssertText, "Saved")},
		{"status-help", "the status should not say Error", stat(step.AssertGone, "Error")},
		{"status-help", "the status shouldn't show Error", stat(step.AssertGone, "Error")},
		{"status-help", "verify the status must not say Error", stat(step.AssertGone, "Error")},
		{"status-help", "expect the status not to show Error", stat(step.AssertGone, "Error")},
		{"status-help", "the status should never say Error", stat(step.AssertGone, "Error")},
		{"status-help", "the status should no longer say Draft", stat(step.AssertGone, "Draft")},
		{"status-help", "Saved should appear in the status", stat(step.AssertText, "Saved")},
		{"status-help", "Error should not appear in the status", stat(step.AssertGone, "Error")},
		{"status-help", "verify Error is not shown in the status", stat(step.AssertGone, "Error")},
		{"status-help", "the progress bar should show 75%", step.Step{Kind: step.AssertValue, Role: "progressbar", Ref: "e4", Value: "75%", Match: step.MatchContains}},
		{"cart", "the Blue Mug row should not show Remove", step.Step{Kind: step.AssertGone, Role: "row", Ref: "f5e18", Value: "Remove"}},
		{"cart", "the cart should show 1 item", step.Step{Kind: step.AssertText, Value: "1 item"}},
		{"cart", "Your cart is empty should not be visible", step.Step{Kind: step.AssertGone, Value: "Your cart is empty"}},
		{"cart", "Red Mug should be gone", step.Step{Kind: step.AssertGone, Value: "Red Mug"}},
		{"cart", "Proceed to checkout should be visible", step.Step{Kind: step.AssertText, Value: "Proceed to checkout"}},
		{"cart", "the URL should contain /cart", step.Step{Kind: step.AssertURL, Value: "/cart", Match: step.MatchContains}},
		{"cart", "the URL should end with /cart", step.Step{Kind: step.AssertURL, Value: "/cart", Match: step.MatchEnds}},
		{"cart", "expect the URL to end with /cart", step.Step{Kind: step.AssertURL, Value: "/cart", Match: step.MatchEnds}},
		{"cart", "the page title should start with Your", step.Step{Kind: step.AssertTitle, Value: "Your", Match: step.MatchStarts}},
		{"cart", "the URL should not contain /admin", step.Step{Kind: step.AssertURL, Value: "/admin", Match: step.MatchContains, Negated: true}},
		{"cart", "verify the URL no longer ends with /login", step.Step{Kind: step.AssertURL, Value: "/login", Match: step.MatchEnds, Negated: true}},
		{"cart", "verify the title does not say Error", step.Step{Kind: step.AssertTitle, Value: "Error", Match: step.MatchEquals, Negated: true}},
		{"cart", "the page title isn't Error", step.Step{Kind: step.AssertTitle, Value: "Error", Match: step.MatchEquals, Negated: true}},
		// The page's own words keep theirs: quoted, or when the rewrite
		// would land in the expected text.
		{"cart", `verify "Passwords should be 8 characters" is shown`, step.Step{Kind: step.AssertText, Value: "Passwords should be 8 characters"}},
		{"cart", "verify Your order will be shipped is shown", step.Step{Kind: step.AssertText, Value: "Your order will be shipped"}},
		{"cart", "expect Add to list", step.Step{Kind: step.AssertText, Value: "Add to list"}},
		{"cart", "expect Back to list view", step.Step{Kind: step.AssertText, Value: "Back to list view"}},
		{"cart", "expect Blue Mug to appear", step.Step{Kind: step.AssertText, Value: "Blue Mug"}},
		{"status-help", "expect Saved to appear in the status", stat(step.AssertText, "Saved")},
		{"todo", "the What needs to be done? field is empty", step.Step{Kind: step.AssertValue, Role: "textbox", Ref: "e5", Match: step.MatchEquals}},
		{"todo", "the checkbox for Buy milk should be checked", step.Step{Kind: step.AssertState, Role: "checkbox", Ref: "e11", Value: step.StateChecked}},
		{"todo", "the checkbox for Buy milk should be switched on", step.Step{Kind: step.AssertState, Role: "checkbox", Ref: "e11", Value: step.StateChecked}},
		{"todo", "expect the checkbox for Walk the dog not to be checked", step.Step{Kind: step.AssertState, Role: "checkbox", Ref: "e15", Value: step.StateChecked, Negated: true}},
	}
	r := NewRules()
	for _, tt := range tests {
		t.Run(tt.page+"/"+tt.action, func(t *testing.T) {
			steps, err := r.Translate(context.Background(), translator.Request{Action: tt.action, Page: page(t, tt.page)})
			if err != nil {
				t.Fatalf("Translate: %v", err)
			}
			if len(steps) != 1 {
				t.Fatalf("got %d steps, want 1: %+v", len(steps), steps)
			}
			got := steps[0]
			if got.Action != tt.action {
				t.Errorf("Action = %q, want %q", got.Action, tt.action)
			}
			got.Action, got.Element, got.Words = "", "", ""
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestRulesElementDescription(t *testing.T) {
	for action, want := range map[string]string{
		"verify the Green Tea row shows $8.50":      `row "Green Tea"`,
		"verify the Blue Mug row no longer shows 3": `row "Blue Mug"`,
	} {
		steps, err := NewRules().Translate(context.Background(), translator.Request{Action: action, Page: page(t, "cart")})
		if err != nil {
			t.Fatal(err)
		}
		if steps[0].Element != want {
			t.Errorf("%s: Element = %q, want %q", action, steps[0].Element, want)
		}
	}
	steps, err := NewRules().Translate(context.Background(), translator.Request{Action: "click Add to cart for Blue Mug", Page: page(t, "products")})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := steps[0].Element, `button "Add to cart" in article "Blue Mug"`; got != want {
		t.Errorf("Element = %q, want %q", got, want)
	}
	steps, err = NewRules().Translate(context.Background(), translator.Request{Action: "click Log in", Page: page(t, "login")})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := steps[0].Element, `button "Log in"`; got != want {
		t.Errorf("Element = %q, want %q", got, want)
	}
}

// Elements are named by every kind of container dom knows, figures too.
func TestRulesNamesContainers(t *testing.T) {
	p := page(t, "two-figures")
	steps, err := NewRules().Translate(context.Background(), translator.Request{Action: "click Buy for Harbour", Page: p})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := steps[0].Element, `button "Buy" in figure "Harbour"`; got != want {
		t.Errorf("Element = %q, want %q", got, want)
	}
	_, err = NewRules().Translate(context.Background(), translator.Request{Action: "click Buy", Page: p})
	var ae *translator.AmbiguousError
	if !errors.As(err, &ae) || ae.Candidates[0] != `button "Buy" in figure "Sunset"` || !strings.Contains(ae.Hint, "Buy for Sunset") {
		t.Errorf("got %v, want an ambiguity naming the figures, with a hint", err)
	}
}

// notFoundSaying checks for a *NotFoundError whose message holds want.
func notFoundSaying(want string) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		var nf *translator.NotFoundError
		if !errors.As(err, &nf) || !strings.Contains(err.Error(), want) {
			t.Fatalf("got %v, want *NotFoundError saying %q", err, want)
		}
	}
}

// errorSaying: any refusal whose message holds want.
func errorSaying(want string) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("got %v, want an error saying %q", err, want)
		}
	}
}

func unparsable(t *testing.T, err error) {
	if !errors.Is(err, translator.ErrUnparsable) {
		t.Fatalf("got %v, want ErrUnparsable", err)
	}
}

func TestRulesRefuses(t *testing.T) {
	tests := []struct {
		page, action string
		check        func(t *testing.T, err error)
	}{
		{"products", "click Add to cart", func(t *testing.T, err error) {
			var ae *translator.AmbiguousError
			if !errors.As(err, &ae) {
				t.Fatalf("got %v, want *AmbiguousError", err)
			}
			if len(ae.Candidates) != 7 || !strings.Contains(ae.Candidates[0], `in article "Blue Mug"`) {
				t.Errorf("candidates = %q", ae.Candidates)
			}
			if !strings.Contains(err.Error(), "; and 2 more;") || strings.Contains(err.Error(), "Water Bottle") {
				t.Errorf("message does not cap the list at 5: %q", err)
			}
			if !strings.Contains(err.Error(), "for Blue Mug") {
				t.Errorf("no hint in %q", err)
			}
		}},
		{"products", "click Claim discount", notFoundSaying("Claim discount")},
		{"status-help", "verify the dialog shows Saved", notFoundSaying("no dialog is open")},
		{"status-help", "verify the alert shows Saved", notFoundSaying("no dialog is open")},
		{"status-help", "verify the table shows Saved", notFoundSaying("no table is on the page")},
		{"status-help", "click OK in the alert", notFoundSaying("no dialog is open")},
		{"status-help", "click OK in the dialog", notFoundSaying("no dialog is open")},
		// Never a paragraph of instructions that holds the word, nor an
		// option of a closed select.
		{"status-help", "click OK", notFoundSaying(`no button or link matching "OK"`)},
		// "should be on" reads an address, and a page's name or the root
		// path gives none that only that page has.
		{"cart", "I should be on the cart page", errorSaying(`give it ("I should be on /cart"`)},
		{"cart", "the user should be on /", errorSaying(`give it ("I should be on /cart"`)},
		{"status-help", "click Help", notFoundSaying(`no button or link matching "Help"`)},
		{"status-help", "click the Help paragraph", notFoundSaying(`no button or link matching`)},
		{"status-help", "click Portugal", notFoundSaying(`no button or link matching "Portugal"`)},
		// "set X to V" looks for a slider, spin button, select or field.
		{"slider", "set the Rating slider to 4", notFoundSaying(`no slider, spin button, select or text field matching "Rating" on the page; closest: slider "Temperature"`)},
		{"two-grids", "click the Amount column header", func(t *testing.T, err error) {
			// Both headers sit in a row "Date Amount": the grids tell them apart.
			if !strings.Contains(err.Error(), `columnheader "Amount" in grid "Transactions January 1 through January 6"; columnheader "Amount" in grid "Transactions January 1 through January 7"`) ||
				!strings.Contains(err.Error(), `e.g. "Amount for Transactions January 1 through January 6"`) {
				t.Errorf("got %v, want the grids named", err)
			}
		}},
		{"login", "click Sign up", func(t *testing.T, err error) {
			var nf *translator.NotFoundError
			if !errors.As(err, &nf) || len(nf.Candidates) == 0 {
				t.Fatalf("got %v, want *NotFoundError with candidates", err)
			}
		}},
		{"login", "type demo into Email", notFoundSaying(`textbox "Username"`)},
		{"login", "make the page prettier", unparsable},
		{"login", "   ", unparsable},
		{"products", "add the Purple Mug to the cart", notFoundSaying("Purple Mug")},
		{"products", "verify the Purple Mug card shows $12.00", notFoundSaying("Purple Mug card")},
		{"two-help-links", "click Help", func(t *testing.T, err error) {
			var ae *translator.AmbiguousError
			if !errors.As(err, &ae) || len(ae.Candidates) != 2 {
				t.Fatalf("got %v, want ambiguity between links to different pages", err)
			}
		}},
		{"cart", "click Remove", func(t *testing.T, err error) {
			var ae *translator.AmbiguousError
			if !errors.As(err, &ae) || !strings.Contains(err.Error(), `row "Blue Mug"`) {
				t.Fatalf("got %v, want ambiguity naming the rows", err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.page+"/"+tt.action, func(t *testing.T) {
			_, err := NewRules().Translate(context.Background(), translator.Request{Action: tt.action, Page: page(t, tt.page)})
			if err == nil {
				t.Fatal("Translate succeeded, want an error")
			}
			tt.check(t, err)
		})
	}
}

func FuzzRulesTranslate(f *testing.F) {
	for _, s := range []string{"click Add to cart for Blue Mug", "type a into b", "select x from y", "verify \"x\"", "press ctrl+", "go to", "check ", "remember the price of Blue Mug as PRICE", "save x as {{Y}}",
		"the Blue Mug card should not show $5", "expect x not to be checked", "y should never say \"z\"", "expect to show",
		"the dialog should be closed", "the tab panel shows x", "the button is visible", "the article is gone"} {
		f.Add(s)
	}
	p := page(f, "products")
	r := NewRules()
	f.Fuzz(func(t *testing.T, action string) {
		steps, err := r.Translate(context.Background(), translator.Request{Action: action, Page: p})
		if err == nil && len(steps) == 0 {
			t.Fatalf("no steps and no error for %q", action)
		}
		for _, s := range steps {
			if s.Ref != "" && p.FindRef(s.Ref) == nil {
				t.Fatalf("ref %q not on the page", s.Ref)
			}
		}
	})
}

// A part of the page named by a noun the text checks scope by ("the Saved
// status", "the Photos carousel") is that element, shown or gone: read as
// text, its words are on no page, and "is gone" could never fail.
func TestShownByPartNoun(t *testing.T) {
	page, err := dom.ParseARIA("- status \"Saved\" [ref=e1]: Saved\n- button \"Dismiss\" [ref=e2]\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		action string
		want   step.Step
	}{
		{"verify the Saved status is gone", step.Step{Kind: step.AssertVisible, Value: "Saved", Values: []string{"status"}, Negated: true}},
		{"verify the Saved status is shown", step.Step{Kind: step.AssertVisible, Value: "Saved", Values: []string{"status"}}},
	} {
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: tt.action, Page: page})
		if err != nil || len(steps) != 1 {
			t.Errorf("%s: %v, %v", tt.action, steps, err)
			continue
		}
		got := steps[0]
		if got.Kind != tt.want.Kind || got.Ref != tt.want.Ref || got.Negated != tt.want.Negated || got.Value != tt.want.Value || (tt.want.Values != nil && !slices.Equal(got.Values, tt.want.Values)) {
			t.Errorf("%s: got %+v, want %+v", tt.action, got, tt.want)
		}
	}
}

// A phrase is read by its longest kind noun (dom.Nouns): "the Country
// combo box" is a combo box, not a "Country combo" of any kind; a noun that
// is part of a name ("Add item") stays in the name; "the Actions menu" is
// the button that opens the menu.
func TestKindNounsLongestFirst(t *testing.T) {
	page, err := dom.ParseARIA("- combobox \"Country\" [ref=e1]\n- textbox \"Country combo\" [ref=e2]\n- button \"Add item\" [ref=e3]\n- button \"Add\" [ref=e4]\n" +
		"- button \"Actions\" [ref=e5]\n- tablist:\n  - tab \"Details\" [ref=e6]\n- tabpanel \"Details\" [ref=e7]: Shipping in 2 days\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ action, ref string }{
		{"select France from the Country combo box", "e1"},
		{"click Add item", "e3"},
		{"click the Add item", "e3"},
		{"open the Actions menu", "e5"},
		{"click the Details tab", "e6"},
	} {
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: tt.action, Page: page})
		if n := len(steps); n == 2 && steps[1].Kind == step.Then {
			steps = steps[:1] // the menu button, read again once it is open (TestExpandedAfter)
		}
		if err != nil || len(steps) != 1 || steps[0].Ref != tt.ref {
			t.Errorf("%s: %+v, %v; want ref %s", tt.action, steps, err, tt.ref)
		}
	}
	for i, n := range dom.Nouns[1:] {
		if len(n.Word) > len(dom.Nouns[i].Word) {
			t.Errorf("dom.Nouns: %q after the shorter %q", n.Word, dom.Nouns[i].Word)
		}
	}
	seen := map[string]bool{}
	for _, n := range dom.Nouns {
		if seen[n.Word] {
			t.Errorf("dom.Nouns: %q twice", n.Word)
		}
		seen[n.Word] = true
	}
}

// TestExpandCollapse: "expand" and "collapse" click the element only when
// it is not as asked (Unless) and check that it is then as asked, where
// the page says whether it is; a tree item is closed with Left Arrow, as a
// click on an open branch lands on one of its items; a link with a button
// beside it that opens its menu is not clicked, the button is.
func TestExpandCollapse(t *testing.T) {
	const pg = `- button "Shipping" [expanded] [ref=e1]
- button "Returns" [ref=e2]
- tree "Files":
  - treeitem "Projects" [ref=e3]:
    - group:
      - treeitem "project-1.docx" [ref=e4]
- link "Docs" [ref=e5]
- list:
  - listitem:
    - link "About" [ref=e6]:
      - /url: "#about"
    - button "More About pages" [ref=e7]
- heading "Example Disclosure for Image Description" [level=1] [ref=e8]
`
	tree, err := dom.ParseARIA(pg)
	if err != nil {
		t.Fatal(err)
	}
	state := func(role, ref string, negated bool) step.Step {
		return step.Step{Kind: step.AssertState, Role: role, Ref: ref, Value: step.StateExpanded, Negated: negated}
	}
	for _, tt := range []struct {
		action string
		want   []step.Step
	}{
		{"collapse Shipping", []step.Step{{Kind: step.Click, Role: "button", Ref: "e1", Unless: step.StateExpanded, Negated: true}, state("button", "e1", true)}},
		// Already open: the click is made only when it is not (at replay,
		// on a page where it starts closed), then checked.
		{"expand Shipping", []step.Step{{Kind: step.Click, Role: "button", Ref: "e1", Unless: step.StateExpanded}, state("button", "e1", false)}},
		// A closed section's button says nothing of its state: clicked,
		// then read again on the page the click leaves (below).
		{"expand Returns", []step.Step{{Kind: step.Click, Role: "button", Ref: "e2", Unless: step.StateExpanded}, {Kind: step.Then, Value: "expand Returns"}}},
		{"collapse Returns", []step.Step{{Kind: step.Click, Role: "button", Ref: "e2"}}},
		{"expand Projects", []step.Step{{Kind: step.Click, Role: "treeitem", Ref: "e3", Unless: step.StateExpanded}, state("treeitem", "e3", false)}},
		{"collapse Projects", []step.Step{{Kind: step.Press, Value: "ArrowLeft", Role: "treeitem", Ref: "e3"}, state("treeitem", "e3", true)}},
		{"expand Docs", []step.Step{{Kind: step.Click, Role: "link", Ref: "e5"}}},
		// A site menu's link opens its page; the button beside it, its menu.
		{"expand About", []step.Step{{Kind: step.Click, Role: "button", Ref: "e7", Unless: step.StateExpanded}, {Kind: step.Then, Value: "expand About"}}},
	} {
		steps, err := NewRules().Translate(context.Background(), translator.Request{Action: tt.action, Page: tree})
		if err != nil {
			t.Errorf("%s: %v", tt.action, err)
			continue
		}
		for i := range steps {
			steps[i].Action, steps[i].Element, steps[i].Words = "", "", ""
		}
		if !reflect.DeepEqual(steps, tt.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tt.action, steps, tt.want)
		}
	}
	// A heading that only shares the words (the page's title) is not
	// clicked: it would pass having opened nothing.
	if steps, err := NewRules().Translate(context.Background(), translator.Request{Action: "expand the image description", Page: tree}); err == nil || !strings.Contains(err.Error(), "does not expand") {
		t.Errorf("expand the image description: %+v, %v; want a refusal saying the heading does not expand", steps, err)
	}
	// An accordion's heading opens through the button it holds.
	acc, err := dom.ParseARIA("- heading \"Billing Address\" [level=3] [ref=e1]:\n  - button \"Billing Address\" [expanded] [ref=e2]\n")
	if err != nil {
		t.Fatal(err)
	}
	if steps, err := NewRules().Translate(context.Background(), translator.Request{Action: "collapse the Billing Address heading", Page: acc}); err != nil || len(steps) != 2 || steps[0].Ref != "e2" {
		t.Errorf("collapse the Billing Address heading: %+v, %v; want a click on its button e2 and a check", steps, err)
	}
}

// "expand X" read again after its click on an element that said nothing
// of its state: a check that it is expanded where it now says so, nothing
// where it still does not or the words find another element.
func TestExpandedAfter(t *testing.T) {
	click := step.Step{Kind: step.Click, Role: "button", Element: `button "Returns"`, Words: "Returns"}
	for _, tt := range []struct {
		name, page string
		want       []step.Step
		click      *step.Step // the click taken, when not click
	}{
		{"opened", `- button "Returns" [expanded] [ref=e9]
- paragraph: 30 days`, []step.Step{{Kind: step.AssertState, Role: "button", Ref: "e9", Element: `button "Returns"`, Words: "Returns", Value: step.StateExpanded, Action: "expand Returns"}}, nil},
		{"still silent", `- button "Returns" [ref=e9]`, nil, nil},
		{"renamed", `- button "Hide returns" [expanded] [ref=e9]`, nil, nil},
		{"another element", `- button "Returns" [expanded] [ref=e9]`, nil,
			&step.Step{Kind: step.Click, Role: "button", Element: `button "Returns" in article "Mug"`, Words: "Returns"}},
		// "open X" read again after its click: a link of that name the
		// click showed is not followed.
		{"open: a link shown", `- button "Returns" [expanded] [ref=e9]
- link "Returns" [ref=e10]:
  - /url: /returns`, []step.Step{{Kind: step.AssertState, Role: "button", Ref: "e9", Element: `button "Returns"`, Words: "Returns", Value: step.StateExpanded, Action: "open Returns"}}, nil},
		// The button beside the link: "expand About" clicked it.
		{"beside a link", `- list:
  - listitem:
    - link "About" [ref=e6]:
      - /url: "#about"
    - button "More About pages" [expanded] [ref=e7]`, []step.Step{{Kind: step.AssertState, Role: "button", Ref: "e7", Element: `button "More About pages"`, Words: "About", Value: step.StateExpanded, Action: "expand About"}},
			&step.Step{Kind: step.Click, Role: "button", Element: `button "More About pages"`, Words: "About"}},
	} {
		taken, action := click, "expand Returns"
		if tt.click != nil {
			taken = *tt.click
		}
		switch {
		case strings.Contains(tt.page, "About"):
			action = "expand About"
		case strings.HasPrefix(tt.name, "open:"):
			action = "open Returns"
		}
		tree, err := dom.ParseARIA(tt.page)
		if err != nil {
			t.Fatal(err)
		}
		steps, err := NewRules().Translate(context.Background(), translator.Request{Action: action, Page: tree, Continued: true, Taken: []step.Step{taken}})
		if err != nil || !reflect.DeepEqual(steps, tt.want) {
			t.Errorf("%s: %+v, %v\nwant %+v", tt.name, steps, err, tt.want)
		}
	}
}

// TestLabelled: "the X is V" reads V in the one element that shows the
// label X ("X: V", or a row whose first cell is X); with none, or several,
// the sentence is read as before, as text.
func TestLabelled(t *testing.T) {
	tree, err := dom.ParseARIA(`- paragraph [ref=e1]:
  - text: "Order status:"
  - strong [ref=e2]: Shipped
- paragraph [ref=e3]: "Subtotal: $12.00"
- table [ref=e4]:
  - row [ref=e5]:
    - cell "Tax" [ref=e6]
    - cell "$1.20" [ref=e7]
- paragraph [ref=e8]: "Note: one"
- paragraph [ref=e9]: "Note: two"
`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		body string
		ref  string // "": not read as a label's value
		want string
	}{
		{"the order status is Shipped", "e1", "Shipped"},
		{"the subtotal is $12.00", "e3", "$12.00"},
		{"the tax is $1.20", "e5", "$1.20"},
		{"the total is $13.20", "", ""},  // "Subtotal:" is not "Total:"
		{"the note is one", "", ""},      // two notes
		{"Blue Mug is in stock", "", ""}, // no label
	} {
		st, ok := readLabelled(tree, tt.body)
		if got := map[bool]string{true: st.Ref}[ok]; got != tt.ref || ok && st.Value != tt.want {
			t.Errorf("%q: ref %q value %q, want %q %q", tt.body, got, st.Value, tt.ref, tt.want)
		}
	}
}
