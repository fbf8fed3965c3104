package grammar

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/golden"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// goldenActions are the actions TestRulesGolden asks on each page: every
// phrasing docs/compile.md lists, scoped checks, and refusals (ambiguous,
// unknown, unreadable). Pages are dom/testdata/<page>.yaml, the inline
// pages of rules_test.go, and "team" (cmd/plaintest/testdata/team.html).
var goldenActions = []struct {
	page    string
	actions []string
}{
	{"todo", []string{
		"check the checkbox for Buy milk",
		"tick the toggle in the Buy milk row",
		"uncheck the checkbox for Walk the dog",
		"check the checkbox for Walk the dog",
		"check Mark all as complete",
		"check Buy milk",
		"check Active",
		"flip Show captions",
		"click the delete button next to Buy milk",
		"delete Walk the dog",
		"double-click Buy milk to edit it",
		"press Escape in the What needs to be done? field",
		"press Page Down",
		"clear What needs to be done?",
		"reload the page",
		"go back",
		"go forward",
		"click the todos heading",
		"verify the checkbox for Buy milk is checked",
		"verify the checkbox for Walk the dog is not checked",
		"All is highlighted",
		"verify Active is not the current filter",
		"the list shows 2 items",
		"there are 2 items",
		"Walk the dog is the last item in the list", "the last item of the list shows Walk the dog", "the first item is Buy milk",
		"Buy milk is the first item",
		"the list shows Buy milk, Walk the dog in that order",
		"verify the URL ends with /active",
		"the page title is Todos",
		"verify You have no saved items is shown",
		"verify \"1 item left\" is shown",
		"Clear completed is gone",
		"the counter says 1 item left",
		"the What needs to be done? field is empty",
		"the Clear completed button is shown",
		"the Clear completed button is gone",
		"the Clear completed button is enabled",
	}},
	{"home", []string{
		"go to the login page",
		"open the products page",
		"go to /cart",
		"visit https://example.com/shop",
		"go to the home page",
		"navigate to Browse products",
		"click on the Log in link",
		"click Browse products",
		"hover over Demo Shop",
		"verify Welcome to the Demo Shop",
		"I should see Mugs, tea and a few things",
		"the cart shows 0 items",
		"go to the blog",
		"click Sign up",
		"I am on the login page",
		"the user is on the home page",
	}},
	{"login", []string{
		"type demo into Username",
		"type {{PASSWORD}} into the password field",
		`enter "two words" in username`,
		"fill Username with demo",
		"fill in Password with demo123",
		"fill demo into the user name box",
		"type demo into your user name",
		"click Log in",
		"press the Log in button",
		"tap Log in",
		"press Enter",
		"press ctrl+a",
		"hit Tab",
		"wait 2 seconds",
		"wait for 500ms",
		"wait for Try demo",
		"type demo into Email",
		"select demo from Username",
		"make the page prettier",
	}},
	{"products", []string{
		"click Add to cart for Blue Mug",
		"click the Add to cart button in the Red Mug card",
		"tap add to cart next to Water Bottle",
		"add the Blue Mug to the cart",
		"Add Red Mug to my basket",
		"add Notebook to the shopping bag",
		"add the Purple Mug to the cart",
		"hover over Notebook",
		"click Notebook",
		"verify the Blue Mug card shows $12.00",
		`verify "$8.50" is shown in the Green Tea card`,
		"check the Desk Lamp card no longer shows $99.00",
		"verify the Purple Mug card shows $12.00",
		"wait for Claim discount to appear",
		"click Add to cart",
		"click Claim discount",
		"check the terms",
	}},
	{"products-offer", []string{
		"click Claim discount",
		"verify the Special offer section shows 10% off",
		"Claim discount should be visible",
	}},
	{"cart", []string{
		"remove Green Tea from the cart",
		"delete the Blue Mug from my cart",
		"click Remove for Green Tea",
		"click Remove",
		"verify the cart shows 1 item",
		"check the cart shows 2 items",
		`expect "Total"`,
		"I should see Your cart",
		"Proceed to checkout should be visible",
		"verify Blue Mug is in the cart",
		"verify Your cart is empty is not visible",
		"I should not see Red Mug",
		"verify Blue Mug is gone",
		"check that Blue Mug has been removed",
		"make sure Blue Mug disappears",
		"verify Blue Mug is no longer listed",
		"verify the cart no longer shows 1 item",
		"verify the cart doesn't show Red Mug",
		"verify the Blue Mug row shows $12.00",
		"verify the Green Tea row shows $8.50",
		`verify "Blue Mug" row does not show "Remove"`,
		"check the Blue Mug row no longer shows 2",
		"go to Proceed to checkout",
		"the user should see Your cart",
		"I should be on /cart",
		"I should be on the cart page",
	}},
	{"checkout", []string{
		"type Ada Lovelace into Full name",
		"fill Email with ada@example.com",
		"type leave it at the door into Delivery notes",
		"select Japan from Country",
		"choose United Kingdom from the Country dropdown",
		"set Country to France",
		"set Full name to Grace Hopper",
		"choose Express from the Shipping group",
		"click Express",
		"check I agree to the terms",
		"check the terms checkbox",
		"uncheck terms",
		"click Place order",
		"verify the Shipping group shows Standard (free)",
		"select Mars from Country",
		"check newsletter",
	}},
	{"team", []string{
		"click Delete for Grace Hopper",
		"click the Edit button in the Alan Turing row",
		"click Delete",
		"verify the Ada Lovelace row shows Admin",
		"verify Grace Hopper is gone",
	}},
	{"two-help-links", []string{
		"click Help",
		"click Help in the banner",
		"go to Help",
	}},
	{"two-figures", []string{
		"click Buy",
		"click Buy for Harbour",
		"hover over Sunset",
	}},
}

// TestRulesGolden records what the rules translator answers to each
// action of goldenActions: the steps, or the refusal. A change in a step
// shows as a diff of testdata/<page>.txtar; refresh them with
//
//	go test ./translator -run TestRulesGolden -update
func TestRulesGolden(t *testing.T) {
	for _, tc := range goldenActions {
		t.Run(tc.page, func(t *testing.T) {
			p := page(t, tc.page)
			answers := map[string]string{}
			for _, action := range tc.actions {
				if _, dup := answers[action]; dup {
					t.Fatalf("action %q is listed twice", action)
				}
				steps, err := NewRules().Translate(context.Background(), translator.Request{Action: action, Page: p})
				answers[action] = answer(steps, err)
			}
			golden.CheckArchive(t, filepath.Join("testdata", tc.page+".txtar"), answers)
		})
	}
}

// answer writes what Translate returned: each step as its kind and then
// its fields, one a line, or the refusal with its kind.
func answer(steps []step.Step, err error) string {
	if err != nil {
		var (
			ae *translator.AmbiguousError
			nf *translator.NotFoundError
		)
		kind := "error"
		switch {
		case errors.As(err, &ae):
			kind = "ambiguous"
		case errors.As(err, &nf):
			kind = "not found"
		case errors.Is(err, translator.ErrUnparsable):
			kind = "unparsable"
		}
		return fmt.Sprintf("refused (%s): %v\n", kind, err)
	}
	var b strings.Builder
	for _, s := range steps {
		b.WriteString(string(s.Kind) + "\n")
		for _, f := range []struct{ name, value string }{
			{"role", s.Role}, {"ref", s.Ref}, {"element", s.Element}, {"value", s.Value},
			{"values", strings.Join(s.Values, " | ")}, {"match", s.Match}, {"words", s.Words},
			{"negated", map[bool]string{true: "yes"}[s.Negated]},
		} {
			if f.value != "" {
				fmt.Fprintf(&b, "  %s: %s\n", f.name, f.value)
			}
		}
	}
	return b.String()
}
