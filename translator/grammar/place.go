package grammar

// The part of the page a check's sentence names by a noun: "$12.00 is
// shown in the Blue Mug card", "the Saved status is gone".

import (
	"strings"

	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/names"
)

// seenElement reads what "I should see" or "I should not see" names when
// it is an element by its kind after an article ("the Save button",
// `the "Home" link`): that element shown, or gone, where the words were
// read as a text no page shows. ok is false for anything else: text.
func (r *Rules) seenElement(req translator.Request, body string, gone bool) ([]step.Step, bool, error) {
	b := strings.TrimSpace(body)
	if names.StripArticle(b) == b {
		return nil, false, nil
	}
	return r.elementShown(req, b, gone)
}

// submatchIn splits "TEXT in the PLACE" where PLACE ends in a noun naming
// a part of the page.
func submatchIn(s string) ([2]string, bool) {
	for _, sw := range []string{" in the ", " inside the ", " within the ", " on the "} {
		i := names.IndexFold(s, sw)
		if i <= 0 {
			continue
		}
		place := "the " + strings.TrimSpace(s[i+len(sw):])
		for _, an := range names.AssertNouns {
			if len(place) > len(an.Word) && strings.EqualFold(place[len(place)-len(an.Word):], an.Word) {
				if text, err := expectedText(s[:i]); err == nil {
					return [2]string{text, place}, true
				}
			}
		}
	}
	return [2]string{}, false
}

// assertNoun splits a noun of names.AssertNouns or names.SoleNouns off the end of s:
// "Saved status" gives ("Saved", status roles, true). A noun alone is not
// split: "the status" is the one status, which the text forms read.
func assertNoun(s string) (string, names.RoleSet, bool) {
	for _, nouns := range [][]names.Noun{names.AssertNouns, names.SoleNouns} {
		if words, n, ok := names.CutNoun(s, nouns); ok {
			return words, n.Roles, true
		}
	}
	return "", nil, false
}
