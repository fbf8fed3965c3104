package grammar

import (
	"errors"
	"strings"

	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/names"
)

// onPageExpr is a feature file's check of where the browser is: "I should
// be on /cart", "the user should be taken to https://shop.example/cart".
const onPageExpr = `(?:i|we|` + userSubject + `) (?:should|must)(?: still| now)? be (?:on|at|taken to|redirected to|sent to) (.+)`

// errOnWhichPage refuses "I should be on the cart page": the page's
// address is what such a check can read, and the sentence gives none.
var errOnWhichPage = errors.New(`"should be on" checks the page's address: give it ("I should be on /cart", "I should be on https://shop.example/cart"), or say what the page shows ("I should see Your cart")`)

// buildOnPage reads "I should be on X" as a check of the page's URL: a
// whole URL (with its scheme) is the URL, a path is what the URL ends
// with before its query and fragment ("/cart": the page at /cart,
// whatever site the scenario runs on, /cart?welcome=1 too; a path with a
// query of its own, the URL's end).
// A page's name ("the cart page") or the root path alone ("/": every
// site's home page URL ends with it) is refused: no address says it.
func buildOnPage(_ *Rules, m []string, _ translator.Request) ([]step.Step, error) {
	target := names.Unquote(m[1])
	switch {
	case strings.Contains(target, "://") && !strings.ContainsAny(target, " \t"):
		return []step.Step{{Kind: step.AssertURL, Value: target, Match: step.MatchEquals}}, nil
	case strings.HasPrefix(target, "/") && len(target) > 1 && !strings.ContainsAny(target, " \t"):
		if strings.ContainsAny(target, "?#") {
			return []step.Step{{Kind: step.AssertURL, Value: target, Match: step.MatchEnds}}, nil
		}
		return []step.Step{{Kind: step.AssertURL, Value: target, Match: step.MatchPath}}, nil
	}
	return nil, final(errOnWhichPage)
}
