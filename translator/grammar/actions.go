package grammar

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/names"
)

// The actions beyond click and type: double-click, clear, a key pressed in
// a field, opening and closing what expands, deleting a row, picking from a
// combo box or list box, and setting a slider.

func buildDoubleClick(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	n, steps, err := r.clickable(req, m[1])
	if n == nil {
		return steps, err
	}
	return []step.Step{{Kind: step.DoubleClick, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Words: names.Words(m[1], n)}}, nil
}

// buildPressIn reads "press Escape in the edit box": the key, pressed with
// the focus in that element.
func buildPressIn(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	k := KeyName(m[1])
	if k == "" {
		return nil, errNoMatch // "type hello in X": typing
	}
	n, err := names.Element(req, m[2], nil, "element")
	if err != nil {
		return hoverOr(req, err)
	}
	return []step.Step{{Kind: step.Press, Value: k, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n)}}, nil
}

func buildClear(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	if steps, err := r.parseCheck(req, m[0], true); err != errNoMatch {
		return steps, err // "Clear completed is gone": a sentence about the page
	}
	n, err := names.Element(req, m[1], names.FieldRoles, "text field")
	if err != nil {
		return nil, final(err)
	}
	return []step.Step{{Kind: step.Clear, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Words: names.Words(m[1], n)}}, nil
}

// buildOpen reads "open X": a page (a URL, a path, a link), else a menu,
// a disclosure or a tab to open.
func buildOpen(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	if k := len(req.Taken); req.Continued && k > 0 && req.Taken[k-1].Kind == step.Click {
		// Read again after its click (expandedAfter): not a link now.
		return buildExpand(false)(r, m, req)
	}
	steps, err := buildNavigate(r, m, req)
	if err == nil {
		return steps, nil
	}
	if s, err2 := buildExpand(false)(r, m, req); err2 == nil {
		return s, nil
	}
	return nil, err
}

// expandable are the elements "expand" and "collapse" act on.
var expandable = names.Roles("button", "treeitem", "combobox", "link", "menuitem", "row", "tab", "switch", "heading", "group")

// buildExpand reads "expand Fruits" and "collapse the FAQ": a click on the
// element that says it is expanded (or collapsed), made only when it is
// not as asked (Unless: at replay too, on a page that starts in the other
// state), then a check that it is as asked, so that a click that opened or
// closed nothing fails the step (and its replay) rather than passing
// untouched. An element that does not say is clicked,
// and read again on the page the click leaves: Playwright's snapshot
// leaves out a false state, so a closed section's button says no more than
// a button that opens nothing until it is open. Where it then says it is
// expanded, that is checked (expandedAfter); where not, the click stands
// alone.
// A tree item is checked all the same (Playwright leaves its state out
// either way; a tree item that opens has aria-expanded), and closed with
// Left Arrow in it, the tree's keyboard contract, not a click: a click
// lands in the middle of the item's box, which holds its open branch, so
// it lands on one of the branch's items; Left Arrow leaves a closed item
// as it is. A tab is opened by a click; a menu button opens its menu; a
// link with a button beside it of its name (disclosureBeside) is not
// clicked, the button is.
func buildExpand(collapse bool) func(*Rules, []string, translator.Request) ([]step.Step, error) {
	return func(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
		phrase := m[1]
		if k := len(req.Taken); req.Continued && !collapse && k > 0 && req.Taken[k-1].Kind == step.Click {
			return expandedAfter(r, req, phrase, req.Taken[k-1]), nil
		}
		n, err := r.expandTarget(req, phrase)
		if err != nil {
			return hoverOr(req, err)
		}
		el, w := names.Describe(req.Page, n), names.Words(phrase, n)
		act := step.Step{Kind: step.Click, Role: n.Role, Ref: n.Ref, Element: el, Words: w}
		if n.Role == "tab" || n.Role == "link" && n.Expanded == "" {
			return []step.Step{act}, nil
		}
		state := step.Step{Kind: step.AssertState, Role: n.Role, Ref: n.Ref, Element: el, Words: w, Value: step.StateExpanded, Negated: collapse}
		// The click is made only when the element is not as asked, at
		// compile and at replay (step.Step.Unless), then checked.
		act.Unless, act.Negated = step.StateExpanded, collapse
		switch {
		case n.Role == "treeitem" && collapse:
			act = step.Step{Kind: step.Press, Value: "ArrowLeft", Role: n.Role, Ref: n.Ref, Element: el, Words: w}
		case n.Expanded == "" && n.Role != "treeitem" && !collapse:
			return []step.Step{act, {Kind: step.Then, Value: req.Action}}, nil
		case n.Expanded == "" && n.Role != "treeitem":
			// It says nothing of being open: a click, as asked.
			act.Unless, act.Negated = "", false
			return []step.Step{act}, nil
		}
		return []step.Step{act, state}, nil
	}
}

// expandedAfter is what follows "expand X"'s click on an element that did
// not say whether it was expanded: a check that it is, when it now says
// so (a closed disclosure's button, aria-expanded false before the
// click), so that a replay whose click opens nothing fails; nothing when
// it still does not say, or the words no longer find that element (a
// "Show more" that became "Show less").
func expandedAfter(r *Rules, req translator.Request, phrase string, click step.Step) []step.Step {
	n, err := r.expandTarget(req, phrase)
	if err != nil || n.Expanded != "true" || names.Describe(req.Page, n) != click.Element {
		return nil
	}
	return []step.Step{{Kind: step.AssertState, Role: n.Role, Ref: n.Ref, Element: click.Element, Words: click.Words, Value: step.StateExpanded}}
}

// expandTarget is the element "expand PHRASE" acts on: the one the phrase
// names, or the button beside a link that opens what the link names.
func (r *Rules) expandTarget(req translator.Request, phrase string) (*dom.Node, error) {
	n, err := names.Element(req, phrase, expandable, "element that expands")
	if err != nil {
		return nil, err
	}
	if n.Role == "link" && n.Expanded == "" {
		if b := disclosureBeside(n); b != nil {
			return b, nil
		}
	}
	if n.Role == "heading" && n.Expanded == "" {
		// An accordion's heading holds the button that opens its section;
		// a heading that holds none and says nothing of being expanded is
		// a title that only shares the words, and clicking it would pass
		// having opened nothing.
		var buttons []*dom.Node
		n.Walk(func(c *dom.Node) bool {
			if c.Role == "button" {
				buttons = append(buttons, c)
			}
			return true
		})
		if len(buttons) != 1 {
			return nil, fmt.Errorf("%s does not expand: it says nothing of being open and holds no button that opens it; name the button or link that does", names.Describe(req.Page, n))
		}
		return buttons[0], nil
	}
	return n, nil
}

// disclosureBeside is the button beside link that opens what the link's
// name names: a site menu's link to the About page and its "More About
// pages" button, in one list item (the APG's hybrid disclosure
// navigation). "expand About" means the button: the link opens a page.
// nil when the link's parent holds no such button, or more than one.
func disclosureBeside(link *dom.Node) *dom.Node {
	if link.Parent == nil || strings.TrimSpace(link.Name) == "" {
		return nil
	}
	re := regexp.MustCompile(`(?i)(^|\W)` + regexp.QuoteMeta(strings.TrimSpace(link.Name)) + `($|\W)`)
	var found *dom.Node
	for _, c := range link.Parent.Children {
		if c.Role != "button" || !re.MatchString(c.Name) {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	return found
}

// buildDeleteItem reads "delete Buy milk": a click on the delete control
// (a button that says delete, remove, ×, trash) in the row, card or item
// of that name; when that control shows only on hover, a hover on the row
// first.
func buildDeleteItem(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	item := names.StripArticle(names.Unquote(m[1]))
	n, err := names.Element(req, "delete button for "+item, names.Roles("button", "link"), "delete button")
	if err != nil {
		return hoverOr(req, err)
	}
	return []step.Step{{Kind: step.Click, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n)}}, nil
}

func buildTab(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	n, err := names.Element(req, m[1], names.Roles("tab"), "tab")
	if err != nil {
		return nil, errNoMatch // "go to the checkout tab" may be a page
	}
	return []step.Step{{Kind: step.Click, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Words: names.Words(m[1], n)}}, nil
}

// pick is the step that picks value in the combo box or list box n: the
// option of a select, the option of a list box (a click on it), or a
// choice in an ARIA combo box, which the compiler opens and reads.
func Pick(req translator.Request, n *dom.Node, value string) ([]step.Step, error) {
	switch {
	case names.IsNativeSelect(n):
		if o, err := names.OptionIn(req.Page, n, value); err == nil && o.Name != "" {
			// "select Double room" for "Double room ($120 a night)": the
			// option's whole text, which Playwright's selectOption needs
			// (a part of it matches no option, and the call times out).
			// An option found by no text of it (a value attribute) is
			// passed on as written.
			value = o.Name
		} else if errors.As(err, new(*translator.AmbiguousError)) {
			return nil, final(err)
		}
		return []step.Step{{Kind: step.Select, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Value: value}}, nil
	case n.Role == "listbox":
		o, err := names.OptionIn(req.Page, n, value)
		if err != nil {
			return nil, final(err)
		}
		return []step.Step{{Kind: step.Click, Role: o.Role, Ref: o.Ref, Element: names.Describe(req.Page, o)}}, nil
	}
	return []step.Step{{Kind: step.Choose, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Value: value}}, nil
}
