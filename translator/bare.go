package translator

import (
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/step"
)

// Bare sentences: a sentence with no verb before it ("the counter says 2
// items left", "Clear completed is gone") is a check only when its
// subject is something on the page.

// buildBare reads a sentence with no verb before it as an assertion, when
// its subject is something on the page: an element, a part of the page, or
// a phrase starting with "the" ("the counter says 2 items left"). A
// sentence that starts with a verb the grammar does not know ("flip Show
// captions") is not read as "… Show captions" being shown: that would pass
// without doing anything.
func buildBare(r *Rules, m []string, req Request) ([]step.Step, error) {
	steps, err := r.parseCheck(req, m[1], true)
	if err != nil || len(steps) != 1 || steps[0].Ref != "" {
		return steps, err
	}
	s := steps[0]
	if s.Kind != step.AssertText && s.Kind != step.AssertGone {
		return steps, nil // URL, title, count, order: their own forms
	}
	if subject := bareSubject(m[1]); subject != "" && !subjectNamed(req, subject) {
		return nil, errNoMatch
	}
	return steps, nil
}

// bareSubject is the subject of a "X shows Y" sentence ("" for "X is
// gone", whose subject is the text itself).
func bareSubject(body string) string {
	body, _, _ = indicative(body)
	for _, re := range []*regexp.Regexp{reNotShows, reShows} {
		if g := submatchOutsideQuotes(re, body); g != nil {
			if submatchOutsideQuotes(reGone, body) != nil || submatchOutsideQuotes(reVisible, body) != nil {
				return ""
			}
			return g[1]
		}
	}
	return ""
}

// subjectNamed reports whether a bare sentence's subject is something a
// page holds: a phrase starting with an article, a quotation, or the name
// of an element on the page.
func subjectNamed(req Request, subject string) bool {
	s := strings.TrimSpace(subject)
	if stripArticle(s) != s || quoted(s) != "" {
		return true
	}
	if req.Page == nil {
		return false
	}
	best, top := rank(candidates(req.Page, nil), s)
	return len(best) > 0 && top >= scoreExact
}
