package grammar

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/lexicon"
	"github.com/plaintest/plaintest/translator/names"
)

// The specific assertion forms: the page's URL and title, the order and
// number of items in a list, an element's state and a field's value. Each
// reader returns errNoMatch when the body is not of its form, so that the
// next one (and at last the text forms) may read it.

// places are the places of an item in a list an order check says: an end
// ("the last item"), an ordinal ("the third row"), or one in digits.
var places = strings.Join(lexicon.Ends, "|") + "|" + strings.Join(lexicon.Ordinals[1:], "|") + "|" + lexicon.NumberedPlace

var (
	reURL   = regexp.MustCompile(`(?i)^(?:the )?(?:page |current |browser )?(?:url|address|location)(?: of the page)? ((?:is not|isn't|is no longer|does not|doesn't|no longer) (?:equals?|ends? with|ends? in|starts? with|begins? with|contains?|includes?|have|has|be)|is not|isn't|is no longer|is|equals|is now|ends with|ends in|starts with|begins with|contains|includes|has) (.+)$`)
	reTitle = regexp.MustCompile(`(?i)^(?:the )?(?:page |window |tab |document )?title ((?:does not|doesn't|no longer) (?:equals?|reads?|says?|contains?|includes?|starts? with|begins? with|ends? with)|is not|isn't|is no longer|is|equals|is now|reads|says|contains|includes|starts with|begins with|ends with) (.+)$`)
	// reFirstLast reads "Buy milk is the last item in the list", "X is the
	// second option in Y", "X is in the first row of Y".
	// reNthShows reads "the first row shows Ralph", "the last item of the
	// list is Pay rent".
	reNthShows  = regexp.MustCompile(`(?i)^(?:the )?(` + places + `) ` + lexicon.Alt(lexicon.ItemNouns) + `(?: (?:in|of|on) (.+?))? (?:shows|has|contains|lists|displays|holds|reads|says|is) (.+)$`)
	reFirstLast = regexp.MustCompile(`(?i)^(.+?) (?:is|comes|appears|stays|remains)(?: in)? (?:the |at the )?(` + places + `)(?: ` + lexicon.Alt(lexicon.PlaceNouns) + `)?(?: (?:in|of|on) (.+))?$`)
	// reSequence reads "the list shows A, B and C in that order".
	reSequence = regexp.MustCompile(`(?i)^(.+?) (?:shows|lists|contains|has|displays|holds|reads|are|is|go|come) (.+?),? in (?:that|this|the following|the same) order$`)
	// reCount reads "the list shows 3 items"; reCountShown "3 items are
	// shown", "2 rows are shown in the table", "there are 3 items".
	reCount      = regexp.MustCompile(`(?i)^(.+?) (?:shows|has|contains|lists|displays|holds|now shows|now has) (exactly |only )?(\w+) (\w+(?: \w+)?)$`)
	reCountShown = regexp.MustCompile(`(?i)^(?:there (?:is|are) )?(exactly |only )?(\w+) (\w+(?: \w+)?)(?: (?:are|is) (?:shown|displayed|listed|visible|left|in the list))?(?: (?:in|on) (.+))?$`)
	reState      = regexp.MustCompile(`(?i)^(.+?) (?:is|are|looks|stays|remains|is now|are now) (not |no longer |still |now |still the |the |not the )?(checked|unchecked|ticked|unticked|selected|unselected|deselected|not selected|enabled|disabled|expanded|collapsed|open|opened|closed|pressed|unpressed|switched on|switched off|turned on|turned off|toggled on|toggled off|on|off|highlighted|current|active|focused|required|optional|read-?only|editable|empty|blank|mixed|partially checked|indeterminate|invalid|valid|sorted ascending|sorted descending|sorted|unsorted)(?: (?:page|item|one|tab|filter|link|option|step|choice|entry))?$`)
	// reValueAt reads "the Red slider is at 128": the number it holds.
	reValueAt = regexp.MustCompile(`(?i)^(.+?) (?:is|stays|remains|is now|is set) at (.+)$`)
	reValue   = regexp.MustCompile(`(?i)^(.+?) (?:shows|contains|has|reads|says|displays|is set to|has the value|has value|is|equals|value is|=) (.+)$`)
	reValueOf = regexp.MustCompile(`(?i)^(?:the )?value of (.+?) is (.+)$`)
	// reSelectedIn reads Cucumber's web step for a select's choice:
	// `"Japan" should be selected for "Country"` (the value, then the
	// field).
	reSelectedIn = regexp.MustCompile(`(?i)^(.+?) (?:should be|is|must be) (?:selected|chosen) (?:in|for|from) (.+)$`)
)

func match(verb string) string {
	v := strings.ToLower(verb)
	switch {
	case strings.HasPrefix(v, "end"):
		return step.MatchEnds
	case strings.HasPrefix(v, "start"), strings.HasPrefix(v, "begin"):
		return step.MatchStarts
	case strings.HasPrefix(v, "contain"), strings.HasPrefix(v, "include"), v == "has", v == "have":
		return step.MatchContains
	}
	return step.MatchEquals
}

func readURL(_ *Rules, _ translator.Request, body string) ([]step.Step, error) {
	return readPageFact(step.AssertURL, reURL, body)
}

func readTitle(_ *Rules, _ translator.Request, body string) ([]step.Step, error) {
	return readPageFact(step.AssertTitle, reTitle, body)
}

// reNegation is the negation before a URL or title check's verb.
var reNegation = regexp.MustCompile(`(?i)^(?:is not|isn't|is no longer|does not|doesn't|no longer)(?: |$)`)

// readPageFact reads a URL or title check, negated when its verb is ("the
// URL does not contain /admin", "the title is not Error").
func readPageFact(kind step.Kind, re *regexp.Regexp, body string) ([]step.Step, error) {
	m := submatchOutsideQuotes(re, body)
	if m == nil {
		return nil, errNoMatch
	}
	verb, negated := m[1], false
	if loc := reNegation.FindStringIndex(verb); loc != nil {
		verb, negated = strings.TrimSpace(verb[loc[1]:]), true
	}
	return []step.Step{{Kind: kind, Value: names.Unquote(m[2]), Match: match(verb), Negated: negated}}, nil
}

// states maps the words of a state check to the State it checks and
// whether the word says the opposite.
var states = map[string]struct {
	state string
	not   bool
}{
	"checked": {step.StateChecked, false}, "ticked": {step.StateChecked, false}, "on": {step.StateChecked, false},
	"unchecked": {step.StateChecked, true}, "unticked": {step.StateChecked, true}, "off": {step.StateChecked, true},
	"switched on": {step.StateChecked, false}, "turned on": {step.StateChecked, false}, "toggled on": {step.StateChecked, false},
	"switched off": {step.StateChecked, true}, "turned off": {step.StateChecked, true}, "toggled off": {step.StateChecked, true},
	"mixed": {step.StateMixed, false}, "partially checked": {step.StateMixed, false}, "indeterminate": {step.StateMixed, false},
	"selected": {step.StateSelected, false}, "unselected": {step.StateSelected, true}, "deselected": {step.StateSelected, true}, "not selected": {step.StateSelected, true},
	"enabled": {step.StateDisabled, true}, "disabled": {step.StateDisabled, false}, "editable": {step.StateReadOnly, true},
	"expanded": {step.StateExpanded, false}, "open": {step.StateExpanded, false}, "opened": {step.StateExpanded, false},
	"collapsed": {step.StateExpanded, true}, "closed": {step.StateExpanded, true},
	"pressed": {step.StatePressed, false}, "unpressed": {step.StatePressed, true},
	"highlighted": {step.StateCurrent, false}, "current": {step.StateCurrent, false}, "active": {step.StateCurrent, false},
	"focused": {step.StateFocused, false}, "required": {step.StateRequired, false}, "optional": {step.StateRequired, true},
	"readonly": {step.StateReadOnly, false}, "read-only": {step.StateReadOnly, false},
	"invalid": {step.StateInvalid, false}, "valid": {step.StateInvalid, true},
	"sorted": {step.StateSorted, false}, "unsorted": {step.StateSorted, true},
	"sorted ascending": {step.StateSortedAscending, false}, "sorted descending": {step.StateSortedDescending, false},
}

// stateRoles are the elements each state is said of, for finding the
// subject.
var stateRoles = map[string]names.RoleSet{
	step.StateChecked: names.CheckRoles, step.StateMixed: names.CheckRoles,
	step.StateSelected: names.Roles("option", "tab", "row", "gridcell", "treeitem", "radio", "checkbox", "link", "button", "cell", "columnheader"),
	step.StatePressed:  names.Roles("button", "switch"), step.StateExpanded: nil, step.StateCurrent: nil, step.StateDisabled: nil,
	step.StateFocused: nil, step.StateRequired: nil, step.StateReadOnly: nil, step.StateInvalid: nil,
	step.StateSorted: names.Roles("columnheader", "rowheader", "button"), step.StateSortedAscending: names.Roles("columnheader", "rowheader", "button"),
	step.StateSortedDescending: names.Roles("columnheader", "rowheader", "button"),
}

// readState reads "the checkbox for Buy milk is checked", "the Sugar field
// is empty", "All is highlighted", "the Fruits tree item is expanded".
func readState(r *Rules, req translator.Request, body string) ([]step.Step, error) {
	m := submatchOutsideQuotes(reState, body)
	if m == nil {
		return nil, errNoMatch
	}
	word := strings.ToLower(m[3])
	not := strings.TrimSpace(strings.ToLower(m[2]))
	negated := not == "not" || not == "no longer" || not == "not the"
	if word == "empty" || word == "blank" {
		n, err := names.Element(req, m[1], names.ForChecks(valueRoles), "field")
		if err != nil {
			return nil, err
		}
		return []step.Step{{Kind: step.AssertValue, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Value: "", Match: step.MatchEquals, Negated: negated}}, nil
	}
	st, ok := states[word]
	if !ok {
		return nil, errNoMatch
	}
	if steps, ok, err := openShown(req, m[1], st.state, negated != st.not); ok {
		return steps, err
	}
	n, err := names.Element(req, m[1], names.ForChecks(stateRoles[st.state]), "element")
	if err != nil {
		return nil, err
	}
	if _, kind, named := names.KindNoun(names.StripArticle(names.Unquote(strings.TrimSpace(m[1]))), false); st.state == step.StateCurrent && !(named && kind != nil) {
		n = navigationItem(req.Page, n) // "Overview is the current page", no kind named
	}
	state := st.state
	if textRoles[n.Role] && state != step.StateCurrent && state != step.StateFocused {
		// Text is never expanded, checked or disabled: "not" of it could
		// never fail.
		return nil, fmt.Errorf("%s is text, which is never %s: name the element that is, by its kind (\"the Details dialog\", \"the Shipping button\")", names.Describe(req.Page, n), word)
	}
	if state == step.StateSelected && names.CheckRoles[n.Role] {
		// A radio or checkbox "selected" is checked (aria-checked, or the
		// input's checked), as people say it; aria-selected is not theirs.
		state = step.StateChecked
	}
	return []step.Step{{Kind: step.AssertState, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Value: state, Negated: negated != st.not}}, nil
}

// textRoles are elements that are text, not controls: no state is said of
// them.
var textRoles = names.Roles("paragraph", "text", "generic", "none", "presentation", "StaticText")

// navRoles hold the items "the current page" is said of.
var navRoles = names.Roles("navigation", "menubar", "menu", "tree", "tablist")

// navigationItem is what "X is the current page" means by n: n itself
// when it is an item of a menu, navigation bar, tree or tab list, else
// the one such item of the same name ("Overview" in the menubar, not the
// link "Overview" in the text). The choice is by place, never by state:
// the check stays free to fail.
func navigationItem(page *dom.Node, n *dom.Node) *dom.Node {
	if withinNav(n) {
		return n
	}
	var found []*dom.Node
	for _, c := range names.Candidates(page, stateRoles[step.StateCurrent]) {
		if withinNav(c) && dom.Normalize(names.Label(c)) == dom.Normalize(names.Label(n)) {
			found = append(found, c)
		}
	}
	if len(found) == 1 {
		return found[0]
	}
	return n
}

func withinNav(n *dom.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if navRoles[p.Role] {
			return true
		}
	}
	return false
}

// valueRoles are the elements that hold a value a person reads.
var valueRoles = names.Roles("textbox", "searchbox", "combobox", "spinbutton", "slider", "listbox")

// readValue reads "the Sugar field shows 0", "the email field contains
// x@y", "the value of Quantity is 2": only when the subject is a field.
func readValue(r *Rules, req translator.Request, body string) ([]step.Step, error) {
	if m := submatchOutsideQuotes(reSelectedIn, body); m != nil && req.Page != nil {
		n, err := names.Element(req, m[2], names.ForChecks(valueRoles), "field")
		if err != nil {
			return nil, final(err)
		}
		v, err := valueOf(m[1])
		return []step.Step{{Kind: step.AssertValue, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Value: v, Match: step.MatchEquals}}, err
	}
	if m := submatchOutsideQuotes(reValueAt, body); m != nil && req.Page != nil {
		if n, err := names.Element(req, m[1], names.ForChecks(valueRoles), "field"); err == nil {
			value, err := valueOf(m[2])
			if err != nil {
				return nil, err
			}
			how := step.MatchNow
			if _, err := strconv.ParseFloat(value, 64); err != nil {
				how = step.MatchEquals // "is at 30.0 degrees Celsius": its value text
			}
			return []step.Step{{Kind: step.AssertValue, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Value: value, Match: how}}, nil
		}
	}
	for _, re := range []*regexp.Regexp{reGone, reVisible, reNotShows} {
		if submatchOutsideQuotes(re, body) != nil {
			return nil, errNoMatch // "the Save button is gone": whether it is shown
		}
	}
	m := submatchOutsideQuotes(reValueOf, body)
	if m == nil {
		m = submatchOutsideQuotes(reValue, body)
	}
	if m == nil || req.Page == nil {
		return nil, errNoMatch
	}
	set := valueRoles
	if _, kind, ok := names.KindNoun(names.StripArticle(names.Unquote(strings.TrimSpace(m[1]))), false); ok && kind != nil && !names.Overlaps(kind, valueRoles) {
		if !names.Overlaps(kind, names.Roles("button", "link", "tab", "menuitem", "option", "cell", "gridcell", "heading", "status", "alert", "meter")) {
			return nil, errNoMatch // "the cart table shows …": text in a part of the page
		}
		if submatchOutsideQuotes(reShows, body) == nil {
			return nil, errNoMatch // "the Font button is …": not a value
		}
		set = kind // "the Font button shows Serif": the text of that control
	}
	n, err := names.Element(req, m[1], names.ForChecks(set), "field")
	if err != nil {
		// "the progress bar shows 75%": the one progress bar's value.
		sole, ok, serr := names.SoleOfKind(req.Page, m[1], names.Roles("progressbar", "meter"))
		if !ok {
			return nil, errNoMatch // not a field: the text forms read it
		}
		if serr != nil {
			return nil, serr
		}
		v, err := valueOf(m[2])
		return []step.Step{{Kind: step.AssertValue, Role: sole.Role, Ref: sole.Ref, Element: names.Describe(req.Page, sole), Value: v, Match: step.MatchContains}}, err
	}
	how := step.MatchEquals
	if v := strings.ToLower(body); strings.Contains(v, " contains ") || strings.Contains(v, " includes ") || !names.Overlaps(set, valueRoles) {
		how = step.MatchContains // "the cart link says 1 item": part of its text
	}
	v, err := valueOf(m[2])
	return []step.Step{{Kind: step.AssertValue, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Value: v, Match: how}}, err
}

// valueOf is the value a value check expects, s unquoted; several
// quotations ("Paris" or "Rome") are refused, not read as one value.
func valueOf(s string) (string, error) {
	if qs := names.ReQuoted.FindAllString(s, -1); len(qs) > 1 {
		return "", final(fmt.Errorf("%w: %q holds %d quoted values: a value check reads one (`FIELD shows %s`)", translator.ErrUnparsable, strings.TrimSpace(s), len(qs), qs[0]))
	}
	return names.Unquote(strings.TrimSpace(s)), nil
}
