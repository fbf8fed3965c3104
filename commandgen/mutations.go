package commandgen

// What plaintest prove reads of the check kinds' table: each kind's
// mutations, and the helpers the checks share, for the page code that
// breaks what a check reads.

import (
	"slices"
	"strings"
)

// hidings are the ways to hide what a shown check reads (package prove's
// mutations.js): a person cannot see it, and each is something the check
// must see (internal/pagejs's vis).
var hidings = []string{"display none", "visibility hidden", "zero size", "off screen", "covered"}

// Mutations are the mutations of the check kind whose record name is
// kind ("text"), in the table's order, and false for no kind.
func Mutations(kind string) ([]string, bool) {
	e, ok := kindNamed(kind)
	if !ok {
		return nil, false
	}
	return slices.Clone(e.mutations), true
}

// CheckHelpers declares, on one line, the helpers the checks share
// (internal/pagejs's library, then checks.js) that code calls,
// and those they call, in the order they may need each other: what page
// code that reads the page as a check reads it puts before its own. A
// name counts as called when "(" follows it, as in a check's function.
func CheckHelpers(code string) string {
	var b strings.Builder
	for _, d := range CheckHelperDecls(code) {
		b.WriteString(d + " ")
	}
	return b.String()
}

// CheckHelperDecls are CheckHelpers' declarations, one each.
func CheckHelperDecls(code string) []string {
	needs := code
	for i := len(jsHelpers) - 1; i >= 0; i-- { // items needs role and vis, name ariaLabel
		if strings.Contains(needs, jsHelpers[i].name+"(") {
			needs += " " + jsHelpers[i].def
		}
	}
	var out []string
	for _, h := range jsHelpers {
		if strings.Contains(needs, h.name+"(") {
			out = append(out, h.def)
		}
	}
	return out
}

// OrderRoles are the roles of the items an order check reads.
func OrderRoles() []string { return slices.Clone(orderRoles) }
