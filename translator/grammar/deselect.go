package grammar

// "deselect Cheese in Toppings": an option of a list box that takes
// several, unselected; "select the option with value large in Size": an
// option of a <select> named by its value attribute.

import (
	"fmt"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/names"
)

// deselectVerbs unselect an option.
const deselectVerbs = `(?:deselect|de-select|unselect|un-select)`

// buildDeselect reads "deselect Cheese in Toppings" (m[2] the list box)
// and "deselect Cheese" (no m[2]: the one list box option of that name).
// The step is a Select of the list box, Negated, whose Value is the option
// to unselect and whose Values are the options that stay selected: a
// <select multiple> takes them in one browser_select_option, an ARIA list
// box takes a click on the option (parser's deselect). An option not
// selected is refused; X that names no list box option is left to the
// checkbox form ("deselect Remember me").
func buildDeselect(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	value := names.Unquote(m[1])
	var list, o *dom.Node
	if len(m) > 2 && m[2] != "" {
		l, err := names.Element(req, m[2], names.Roles("listbox"), "list box")
		if err != nil {
			return nil, errNoMatch
		}
		o, err = names.OptionIn(req.Page, l, value)
		if err != nil {
			return nil, final(err)
		}
		list = l
	} else {
		n, err := names.Resolve(req.Page, value, names.Roles("option"), "option")
		if err != nil {
			return nil, errNoMatch
		}
		list = listOf(n)
		if list == nil {
			return nil, errNoMatch
		}
		o = n
	}
	if !o.Selected {
		return nil, final(fmt.Errorf("option %q in %s is not selected: there is nothing to deselect (select it first, or name a selected option)", o.Name, names.Describe(req.Page, list)))
	}
	var stay []string
	list.Walk(func(n *dom.Node) bool {
		if n.Role == "option" && n.Selected && n != o {
			stay = append(stay, n.Name)
		}
		return true
	})
	return []step.Step{{Kind: step.Select, Role: list.Role, Ref: list.Ref, Element: names.Describe(req.Page, list), Value: o.Name, Values: stay, Negated: true}}, nil
}

// listOf is the list box an option is in, nil when none.
func listOf(o *dom.Node) *dom.Node {
	for p := o.Parent; p != nil; p = p.Parent {
		if p.Role == "listbox" {
			return p
		}
	}
	return nil
}

// buildSelectValue reads "select the option with value large in Size" and
// "select value L in Size": a Select of the <select> Size whose Value is
// the option's value attribute (Match step.MatchValue), which the snapshot
// does not show: the compiler reads the label of the option with that
// value from the page and exports the label, as other selects are.
func buildSelectValue(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	value := names.Unquote(m[1])
	n, err := names.Element(req, m[2], names.SelectRoles, "select")
	if err != nil {
		return nil, final(err)
	}
	if !names.IsNativeSelect(n) {
		return nil, final(fmt.Errorf("%s is no <select>: its options have no value to pick one by; name the option by its text", names.Describe(req.Page, n)))
	}
	return []step.Step{{Kind: step.Select, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Value: value, Match: step.MatchValue}}, nil
}
