package names

// The part of the page a `within "X"` check reads.

import (
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/translator"
)

// Within is the one part of the page whose name is place (a card, a
// row, a section named "Blue Mug"), the element a `within` check reads:
// one with content of its own, the innermost when they nest; with none of
// that name, the one its first heading titles so (titledBy). None, or
// several, is an error naming them.
func Within(page *dom.Node, place string) (*dom.Node, error) {
	want := dom.Normalize(StripArticle(place))
	var found []*dom.Node
	page.Walk(func(n *dom.Node) bool {
		if n.Ref != "" && len(n.Children) > 0 && dom.Normalize(Label(n)) == want {
			for i, f := range found {
				if isAncestor(f, n) {
					found[i] = n // the innermost of a name
					return true
				}
			}
			found = append(found, n)
		}
		return true
	})
	if len(found) == 0 {
		found = titledBy(page, want)
	}
	switch len(found) {
	case 0:
		return nil, fmt.Errorf("%w: no part of the page is named %q to look within", translator.ErrUnparsable, place)
	case 1:
		return found[0], nil
	}
	var ds []string
	for _, n := range found {
		ds = append(ds, DescribeContainer(page, n))
	}
	return nil, fmt.Errorf("%q names %d parts of the page: %s; name the one to look within by its kind too (\"in the %s article\")",
		place, len(found), strings.Join(ds, "; "), place)
}

// titledRoles are the parts of a page a heading titles as their first
// child.
var titledRoles = Roles("dialog", "alertdialog", "region", "article", "group", "form", "tabpanel", "complementary", "navigation", "listitem", "generic")

// titledBy is the parts of the page the snapshot leaves unnamed whose
// first child is a heading named want: a dialog labelled by its own
// heading (aria-labelledby), whose name Playwright's snapshot does not
// repeat, is the part a person names by its title.
func titledBy(page *dom.Node, want string) []*dom.Node {
	var found []*dom.Node
	page.Walk(func(n *dom.Node) bool {
		if p := n.Parent; n.Role == "heading" && p != nil && p != page && p.Ref != "" && p.Name == "" && titledRoles[p.Role] &&
			p.Children[0] == n && dom.Normalize(Label(n)) == want {
			found = append(found, p)
		}
		return true
	})
	return found
}
