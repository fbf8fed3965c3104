package names

import "github.com/plaintest/plaintest/dom"

// isNativeSelect reports whether a combo box is an HTML select: Playwright
// lists a select's options inside it; an ARIA combo box shows its options
// elsewhere, in a list box it opens.
func IsNativeSelect(n *dom.Node) bool {
	if n.Role == "listbox" {
		return false
	}
	found := false
	for _, c := range n.Children {
		if c.Role == "option" {
			found = true
		}
	}
	return found
}

// optionIn finds the option called value inside list (a list box): what
// a multiple choice in a list box that is not a <select> clicks.
func OptionIn(page, list *dom.Node, value string) (*dom.Node, error) {
	var opts []*dom.Node
	list.Walk(func(n *dom.Node) bool {
		if n.Role == "option" || n.Role == "treeitem" || n.Role == "menuitem" {
			opts = append(opts, n)
		}
		return true
	})
	best, top := Rank(opts, value)
	switch {
	case len(best) == 1 && top >= ScoreMatch:
		return best[0], nil
	case len(best) > 1:
		return nil, Ambiguous(page, value, best)
	}
	return nil, NotFound(page, value, opts, "option")
}

// FindOption finds the option called value that an opened combo box shows
// on page: an option, or a grid cell or tree item for combo boxes that open
// a grid, a tree or a dialog. The compiler calls it after opening one.
func FindOption(page *dom.Node, value string) (*dom.Node, error) {
	return OptionIn(page, page, value)
}
