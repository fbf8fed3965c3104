package grammar

import (
	"errors"
	"regexp"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/names"
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
func buildBare(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
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
func subjectNamed(req translator.Request, subject string) bool {
	s := strings.TrimSpace(subject)
	if names.StripArticle(s) != s || names.Quoted(s) != "" {
		return true
	}
	if req.Page == nil {
		return false
	}
	best, top := names.Rank(names.Candidates(req.Page, nil), s)
	return len(best) > 0 && top >= names.ScoreExact
}

// kindShown reads "the dialog is gone", "the tab panel is shown": a
// subject that is a kind noun alone. Shown, it is the one element of that
// kind on the page (several are refused, naming them); gone, no element
// of that kind may be shown. Read as text, the words "the dialog" are what
// no page shows, and "is gone" could never fail. ok is false for a noun
// that names no roles ("the box", "the page").
func kindShown(req translator.Request, n dom.Noun, gone bool) ([]step.Step, bool, error) {
	rs := shownKind(n)
	if len(rs) == 0 {
		return nil, false, nil
	}
	kinds := slices.Sorted(slices.Values(rs))
	asked := step.Step{Kind: step.AssertVisible, Values: kinds, Negated: gone, Element: strings.Join(kinds, " or ")}
	if gone || req.Page == nil {
		return []step.Step{asked}, true, nil
	}
	one, err := names.OneOfKind(req.Page, n.Word, rs)
	return shownOrAsked(req, one, err, asked)
}

// shownOrAsked is the check that n, found on the page, is shown; when it
// was not found (err a *NotFoundError: not in the snapshot, as Playwright
// leaves out some names, a dialog's from aria-labelledby), asked, which
// asks the page by role and name; another error ends the reading.
func shownOrAsked(req translator.Request, n *dom.Node, err error, asked step.Step) ([]step.Step, bool, error) {
	var nf *translator.NotFoundError
	switch {
	case err == nil:
		return []step.Step{{Kind: step.AssertVisible, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n)}}, true, nil
	case !errors.As(err, &nf):
		return nil, true, err
	}
	return []step.Step{asked}, true, nil
}

// shownKind is the roles of the one element a kind noun alone names, shown
// or gone: the one it names alone, else those "is shown" narrows it to
// ("the menu": a menu, not the menu bar beside it), else its kind.
func shownKind(n dom.Noun) []string {
	if len(n.Sole) == 0 && slices.Contains(n.Shown, n.Word) {
		return []string{n.Word}
	}
	return names.FirstRoles(n.Sole, n.Shown, n.Kind)
}

// popupRoles are the elements that are open while shown and closed while
// gone: "the dialog is closed" is whether one is shown, which a dialog's
// own state does not say.
var popupRoles = names.Roles("dialog", "alertdialog", "alert", "menu", "tooltip", "listbox")

// openShown reads "the dialog is open", "the menu should be closed": a kind
// noun alone whose kind pops up, open when shown. ok is false for another
// subject, or another state.
func openShown(req translator.Request, subject, state string, closed bool) ([]step.Step, bool, error) {
	n, ok := names.KindPhrase(subject)
	if rs := shownKind(n); !ok || state != step.StateExpanded || len(rs) == 0 || !popupRoles[rs[0]] {
		return nil, false, nil
	}
	return kindShown(req, n, closed)
}
