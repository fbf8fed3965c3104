package names

import (
	"slices"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/translator"
)

// firstRoles is the first of lists that has roles.
func FirstRoles(lists ...[]string) []string {
	for _, rs := range lists {
		if len(rs) > 0 {
			return rs
		}
	}
	return nil
}

// oneOfKind is the one element of page of the roles rs (disabled ones
// too), named in errors as "the WORD": none is a *NotFoundError, several
// an ambiguity naming them.
func OneOfKind(page *dom.Node, word string, rs []string) (*dom.Node, error) {
	found := Candidates(page, ForChecks(Roles(rs...)))
	switch len(found) {
	case 0:
		return nil, &translator.NotFoundError{Want: word}
	case 1:
		return found[0], nil
	}
	return nil, Ambiguous(page, "the "+word, found)
}

// kindAlone reads a phrase that is an article and a kind noun ("the
// switch", "the tab panel"): the elements of that kind (among want) on the
// page, and the roles they were looked for by. ok is false for another
// phrase ("Link" alone is a name), a noun of any kind ("the box"), or a
// kind none of whose elements is on the page.
func kindAlone(page *dom.Node, phrase string, want RoleSet) ([]*dom.Node, RoleSet, bool) {
	n, ok := KindPhrase(phrase)
	if !ok || n.AnyKind || len(n.Kind) == 0 || page == nil {
		return nil, nil, false
	}
	kind := Roles(n.Kind...)
	if want != nil && !want[anyRole] && !Overlaps(want, kind) {
		return nil, nil, false
	}
	set := intersect(want, kind)
	found := Candidates(page, set)
	if n.Typed {
		// "the text box": a field one types into, never a <select>.
		found = slices.DeleteFunc(found, (*dom.Node).IsSelect)
	}
	return found, set, len(found) > 0
}

// kindPhrase reads "the dialog", "the tab panel": an article and a kind
// noun, unquoted. Without the article the word is a name ("click Link",
// "Menu is gone").
func KindPhrase(phrase string) (dom.Noun, bool) {
	p := strings.TrimSpace(phrase)
	if StripArticle(p) == p || Quoted(p) != "" {
		return dom.Noun{}, false
	}
	return nounWord(p)
}
