package translator

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
)

// The specific assertion forms: the page's URL and title, the order and
// number of items in a list, an element's state and a field's value. Each
// reader returns errNoMatch when the body is not of its form, so that the
// next one (and at last the text forms) may read it.

var (
	reURL   = regexp.MustCompile(`(?i)^(?:the )?(?:page |current |browser )?(?:url|address|location)(?: of the page)? (is|equals|is now|ends with|ends in|starts with|begins with|contains|includes|has) (.+)$`)
	reTitle = regexp.MustCompile(`(?i)^(?:the )?(?:page |window |tab |document )?title (is|equals|is now|reads|says|contains|includes|starts with|begins with|ends with) (.+)$`)
	// reFirstLast reads "Buy milk is the last item in the list", "X is the
	// second option in Y", "X is in the first row of Y".
	// reNthShows reads "the first row shows Ralph", "the last item of the
	// list is Pay rent".
	reNthShows  = regexp.MustCompile(`(?i)^(?:the )?(first|last|top|bottom|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th)) (?:item|entry|row|option|todo|task|tab|card|article)(?: (?:in|of|on) (.+?))? (?:shows|has|contains|lists|displays|holds|reads|says|is) (.+)$`)
	reFirstLast = regexp.MustCompile(`(?i)^(.+?) (?:is|comes|appears|stays|remains)(?: in)? (?:the |at the )?(first|last|top|bottom|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))(?: (?:item|entry|row|option|one|todo|task|element|position|tab|card|article))?(?: (?:in|of|on) (.+))?$`)
	// reSequence reads "the list shows A, B and C in that order".
	reSequence = regexp.MustCompile(`(?i)^(.+?) (?:shows|lists|contains|has|displays|holds|reads|are|is|go|come) (.+?),? in (?:that|this|the following|the same) order$`)
	// reCount reads "the list shows 3 items"; reCountShown "3 items are
	// shown", "2 rows are shown in the table", "there are 3 items".
	reCount      = regexp.MustCompile(`(?i)^(.+?) (?:shows|has|contains|lists|displays|holds|now shows|now has) (exactly |only )?(\w+) (\w+(?: \w+)?)$`)
	reCountShown = regexp.MustCompile(`(?i)^(?:there (?:is|are) )?(exactly |only )?(\w+) (\w+(?: \w+)?)(?: (?:are|is) (?:shown|displayed|listed|visible|left|in the list))?(?: (?:in|on) (.+))?$`)
	reState      = regexp.MustCompile(`(?i)^(.+?) (?:is|are|looks|stays|remains|is now|are now) (not |no longer |still |now |still the |the |not the )?(checked|unchecked|ticked|unticked|selected|unselected|deselected|not selected|enabled|disabled|expanded|collapsed|open|opened|closed|pressed|unpressed|on|off|highlighted|current|active|focused|required|optional|read-?only|editable|empty|blank|mixed|partially checked|indeterminate|invalid|valid|sorted ascending|sorted descending|sorted|unsorted)(?: (?:page|item|one|tab|filter|link|option|step|choice|entry))?$`)
	// reValueAt reads "the Red slider is at 128": the number it holds.
	reValueAt = regexp.MustCompile(`(?i)^(.+?) (?:is|stays|remains|is now|is set) at (.+)$`)
	reValue   = regexp.MustCompile(`(?i)^(.+?) (?:shows|contains|has|reads|says|displays|is set to|has the value|has value|is|equals|value is|=) (.+)$`)
	reValueOf = regexp.MustCompile(`(?i)^(?:the )?value of (.+?) is (.+)$`)
)

func match(verb string) string {
	v := strings.ToLower(verb)
	switch {
	case strings.HasPrefix(v, "end"):
		return step.MatchEnds
	case strings.HasPrefix(v, "start"), strings.HasPrefix(v, "begin"):
		return step.MatchStarts
	case strings.HasPrefix(v, "contain"), strings.HasPrefix(v, "include"), v == "has":
		return step.MatchContains
	}
	return step.MatchEquals
}

func readURL(_ *Rules, _ Request, body string) ([]step.Step, error) {
	m := submatchOutsideQuotes(reURL, body)
	if m == nil {
		return nil, errNoMatch
	}
	return []step.Step{{Kind: step.AssertURL, Value: unquote(m[2]), Match: match(m[1])}}, nil
}

func readTitle(_ *Rules, _ Request, body string) ([]step.Step, error) {
	m := submatchOutsideQuotes(reTitle, body)
	if m == nil {
		return nil, errNoMatch
	}
	return []step.Step{{Kind: step.AssertTitle, Value: unquote(m[2]), Match: match(m[1])}}, nil
}

// listRoles are the containers whose items an order or count check reads,
// with the roles of their items.
var listRoles = map[string][]string{
	"list": {"listitem"}, "listbox": {"option"}, "table": {"row"}, "grid": {"row"}, "treegrid": {"row"},
	"tree": {"treeitem"}, "menu": {"menuitem", "menuitemcheckbox", "menuitemradio"}, "menubar": {"menuitem"},
	"tablist": {"tab"}, "radiogroup": {"radio"}, "feed": {"article"},
}

// itemNouns are the words a count names items by, with their roles.
var itemNouns = map[string][]string{
	"item": {"listitem", "option", "treeitem", "menuitem", "row"}, "entry": {"listitem", "row", "option"},
	"row": {"row"}, "option": {"option"}, "todo": {"listitem"}, "to-do": {"listitem"}, "task": {"listitem"},
	"product": {"listitem", "article", "row"}, "result": {"listitem", "row", "option", "article"},
	"line": {"row", "listitem"}, "tab": {"tab"}, "card": {"article", "listitem"}, "article": {"article"},
	"node": {"treeitem"}, "choice": {"option", "radio"}, "radio button": {"radio"}, "menu item": {"menuitem"},
	"element": {"listitem", "option", "row", "treeitem"}, "record": {"row"}, "message": {"listitem", "article"},
}

var numberWords = map[string]int{"no": 0, "zero": 0, "none": 0, "one": 1, "a": 1, "an": 1, "single": 1, "two": 2, "three": 3,
	"four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}

func number(s string) (int, bool) {
	if n, err := strconv.Atoi(s); err == nil && n >= 0 {
		return n, true
	}
	n, ok := numberWords[strings.ToLower(s)]
	return n, ok
}

// itemRoles reads a count's noun ("items", "rows", "open tasks").
func itemRoles(noun string) ([]string, bool) {
	w := strings.ToLower(strings.TrimSpace(noun))
	if i := strings.LastIndexByte(w, ' '); i > 0 {
		if rs, ok := itemRoles(w[i+1:]); ok { // "open tasks": the last word counts
			return rs, true
		}
	}
	for _, cut := range []string{"ies", "es", "s", ""} {
		if strings.HasSuffix(w, cut) {
			stem := strings.TrimSuffix(w, cut)
			if cut == "ies" {
				stem += "y"
			}
			if rs, ok := itemNouns[stem]; ok {
				return rs, true
			}
		}
	}
	return nil, false
}

// readCount reads "the list shows 3 items", "3 items are shown", "the
// table has 2 rows". The subject must name a list, table, tree or menu on
// the page ("the list", "the Transuranium elements list"); a count said of
// anything else ("the cart shows 1 item") is text.
func readCount(r *Rules, req Request, body string) ([]step.Step, error) {
	var subject, num, noun string
	if m := submatchOutsideQuotes(reCount, body); m != nil {
		subject, num, noun = m[1], m[3], m[4]
	} else if m := submatchOutsideQuotes(reCountShown, body); m != nil && (m[4] != "" || strings.Contains(strings.ToLower(body), " are ") || strings.HasPrefix(strings.ToLower(body), "there ")) {
		num, noun, subject = m[2], m[3], m[4]
	} else {
		return nil, errNoMatch
	}
	n, ok := number(num)
	if !ok {
		return nil, errNoMatch
	}
	items, ok := itemRoles(noun)
	if !ok {
		return nil, errNoMatch
	}
	list, err := r.list(req, subject, items)
	if list == nil && err == nil && subject != "" {
		// "Projects contains 5 items": the items inside that element (a
		// tree item's group, a region).
		if n, eerr := r.element(req, subject, forChecks(nil), "element"); eerr == nil && holds(n, items) {
			list = n
		}
	}
	if list == nil || err != nil {
		if subject != "" && err == nil {
			return nil, errNoMatch // "the cart shows 1 item": text
		}
		return nil, err
	}
	stp := step.Step{Kind: step.AssertCount, Value: strconv.Itoa(n), Values: itemsOf(list, items)}
	if list.Ref != "" {
		stp.Role, stp.Ref, stp.Element = list.Role, list.Ref, describeContainer(req.Page, list)
	}
	return []step.Step{stp}, nil
}

// itemsOf narrows the item roles a noun allows to those list holds.
func itemsOf(list *dom.Node, items []string) []string {
	own := listRoles[list.Role]
	var out []string
	for _, it := range items {
		for _, o := range own {
			if it == o {
				out = append(out, it)
			}
		}
	}
	if len(out) == 0 {
		return items
	}
	return out
}

// list finds the list, table, tree or menu a subject names: "the list"
// (the one list on the page whose items are not all links: a row of filter
// links is navigation, not the list), "the todo list", "the
// Transuranium elements list", "the table". An empty subject means the
// page's main list. (nil, nil) when the subject is not a list at all.
func (r *Rules) list(req Request, subject string, items []string) (*dom.Node, error) {
	if req.Page == nil {
		return nil, nil
	}
	words := stripArticle(strings.TrimSpace(subject))
	var kinds roleSet
	if rest, set, ok := cutListNoun(words); ok {
		words, kinds = rest, set
	} else if rest, set, ok := kindNoun(words, false); ok && set != nil {
		words, kinds = rest, set
	}
	var cands, others []*dom.Node
	req.Page.Walk(func(n *dom.Node) bool {
		if _, isList := listRoles[n.Role]; !isList || kinds != nil && !kinds[n.Role] {
			return true
		}
		if !holds(n, items) {
			return true
		}
		if words != "" && score(n.Name, words) < scoreMatch {
			others = append(others, n)
			return true
		}
		cands = append(cands, n)
		return true
	})
	if words == "" && len(cands) > 1 {
		cands = notAllLinks(cands)
	}
	if words != "" && len(cands) == 0 && kinds != nil && len(others) == 1 {
		// "the cart table" on a page with one (unnamed) table.
		cands = others
	}
	switch len(cands) {
	case 1:
		return cands[0], nil
	case 0:
		if words == "" && subject == "" {
			return &dom.Node{Role: "list"}, nil // items anywhere on the page
		}
		if subject != "" && !isListWord(subject) {
			return nil, nil
		}
		return nil, &NotFoundError{What: strings.TrimSpace(subject), Want: "list or table", Candidates: shortAll(listsOn(req.Page))}
	}
	return nil, ambiguous(req.Page, strings.TrimSpace(subject), cands)
}

// listNouns are the words that name a list-like container, with the roles
// they mean.
var listNouns = []struct {
	word  string
	roles roleSet
}{
	{"tab list", roles("tablist")}, {"radio group", roles("radiogroup")}, // before "list"
	{"listbox", roles("listbox")}, {"list", roles("list", "listbox")}, {"table", roles("table", "grid", "treegrid")},
	{"grid", roles("grid", "treegrid", "table")}, {"treegrid", roles("treegrid")}, {"tree", roles("tree", "treegrid")},
	{"menubar", roles("menubar")}, {"menu", roles("menu", "menubar")}, {"feed", roles("feed")},
	{"tabs", roles("tablist")},
}

// cutListNoun cuts a trailing noun of listNouns ("the States list", "the
// feed"), giving the roles it means.
func cutListNoun(s string) (string, roleSet, bool) {
	for _, n := range listNouns {
		if strings.EqualFold(s, n.word) {
			return "", n.roles, true
		}
		if len(s) > len(n.word)+1 && strings.EqualFold(s[len(s)-len(n.word)-1:], " "+n.word) {
			return strings.TrimSpace(s[:len(s)-len(n.word)-1]), n.roles, true
		}
	}
	return s, nil, false
}

func isListWord(s string) bool {
	_, _, ok := cutListNoun(stripArticle(strings.TrimSpace(s)))
	return ok
}

// holds reports whether list has items of one of the roles (at any depth).
func holds(list *dom.Node, items []string) bool {
	found := false
	list.Walk(func(n *dom.Node) bool {
		for _, it := range items {
			if n != list && n.Role == it {
				found = true
			}
		}
		return !found
	})
	return found
}

// notAllLinks drops lists whose items all hold just a link (filters,
// pagination, menus of pages).
func notAllLinks(lists []*dom.Node) []*dom.Node {
	var out []*dom.Node
	for _, l := range lists {
		links, items := 0, 0
		for _, c := range l.Children {
			items++
			if hasRoleBelow(c, "link") {
				links++
			}
		}
		if items == 0 || links < items {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return lists
	}
	return out
}

func hasRoleBelow(n *dom.Node, role string) bool {
	found := false
	n.Walk(func(c *dom.Node) bool {
		if c.Role == role {
			found = true
		}
		return !found
	})
	return found
}

func listsOn(page *dom.Node) []*dom.Node {
	var out []*dom.Node
	page.Walk(func(n *dom.Node) bool {
		if _, ok := listRoles[n.Role]; ok {
			out = append(out, n)
		}
		return true
	})
	return out
}

func shortAll(nodes []*dom.Node) []string {
	var out []string
	for _, n := range nodes {
		if len(out) == maxListed {
			break
		}
		out = append(out, short(n))
	}
	return out
}

// readOrder reads "Buy milk is the last item in the list" and "the list
// shows A, B and C in that order".
func readOrder(r *Rules, req Request, body string) ([]step.Step, error) {
	if m := submatchOutsideQuotes(reSequence, body); m != nil {
		items := splitList(m[2])
		if len(items) < 2 {
			return nil, errNoMatch
		}
		return r.orderStep(req, m[1], items, step.MatchSequence)
	}
	if m := submatchOutsideQuotes(reNthShows, body); m != nil {
		return r.orderStep(req, m[2], []string{expectedText(stripArticle(m[3]))}, position(m[1]))
	}
	if m := submatchOutsideQuotes(reFirstLast, body); m != nil {
		return r.orderStep(req, m[3], []string{expectedText(stripArticle(m[1]))}, position(m[2]))
	}
	return nil, errNoMatch
}

// position is the Match of an order check at an ordinal: "first",
// "bottom", "3rd".
func position(w string) string {
	switch w = strings.ToLower(w); w {
	case "first", "top":
		return step.MatchFirst
	case "last", "bottom":
		return step.MatchLast
	}
	return step.MatchNth + strconv.Itoa(ordinal(w))
}

func (r *Rules) orderStep(req Request, place string, items []string, how string) ([]step.Step, error) {
	var all []string
	for _, rs := range listRoles {
		all = append(all, rs...)
	}
	list, err := r.list(req, place, all)
	var amb *AmbiguousError
	if errors.As(err, &amb) || list == nil && err == nil && place != "" && !isListWord(place) {
		// "the table" on a page of two tables, "the cart": the one list
		// that holds every item named.
		if l := holding(req.Page, items); l != nil {
			list, err = l, nil
		}
	}
	if list == nil && err == nil && place != "" {
		// "in the Orders panel": the list or table inside that part of the page.
		if c, ok, cerr := namedContainer(req.Page, place); ok && cerr == nil && c != nil {
			list = firstList(c)
		}
	}
	if err != nil {
		return nil, err
	}
	if list == nil {
		return nil, errNoMatch
	}
	stp := step.Step{Kind: step.AssertOrder, Values: items, Match: how}
	if list.Ref != "" {
		stp.Role, stp.Ref, stp.Element = list.Role, list.Ref, describeContainer(req.Page, list)
	}
	return []step.Step{stp}, nil
}

// ordinal reads "second", "3rd".
func ordinal(w string) int {
	words := []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}
	for i, o := range words {
		if w == o {
			return i + 1
		}
	}
	n, _ := strconv.Atoi(strings.TrimRight(w, "stndrh"))
	return n
}

// holding is the one list, table or tree of page whose text holds every
// item; nil when none or several do.
func holding(page *dom.Node, items []string) *dom.Node {
	var found []*dom.Node
	page.Walk(func(n *dom.Node) bool {
		if _, ok := listRoles[n.Role]; !ok {
			return true
		}
		text := dom.Normalize(n.TextContent())
		for _, it := range items {
			if !strings.Contains(text, dom.Normalize(it)) {
				return true
			}
		}
		found = append(found, n)
		return false // its inner lists hold them too: the outer one is meant
	})
	if len(found) == 1 {
		return found[0]
	}
	return nil
}

// firstList is the first list, table or tree inside c (c itself when it
// is one).
func firstList(c *dom.Node) *dom.Node {
	var found *dom.Node
	c.Walk(func(n *dom.Node) bool {
		if _, ok := listRoles[n.Role]; ok && found == nil {
			found = n
		}
		return found == nil
	})
	return found
}

// splitList reads "A, B and C" (or quoted items) into its items.
func splitList(s string) []string {
	var out []string
	if qs := reQuoted.FindAllStringSubmatch(s, -1); len(qs) >= 2 {
		for _, q := range qs {
			for _, g := range q[1:] {
				if g != "" {
					out = append(out, g)
				}
			}
		}
		return out
	}
	s = regexp.MustCompile(`(?i),? (?:and|then) `).ReplaceAllString(s, ",")
	for _, part := range strings.Split(s, ",") {
		if p := strings.TrimSpace(stripArticle(part)); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// states maps the words of a state check to the State it checks and
// whether the word says the opposite.
var states = map[string]struct {
	state string
	not   bool
}{
	"checked": {step.StateChecked, false}, "ticked": {step.StateChecked, false}, "on": {step.StateChecked, false},
	"unchecked": {step.StateChecked, true}, "unticked": {step.StateChecked, true}, "off": {step.StateChecked, true},
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
var stateRoles = map[string]roleSet{
	step.StateChecked: checkRoles, step.StateMixed: checkRoles,
	step.StateSelected: roles("option", "tab", "row", "gridcell", "treeitem", "radio", "checkbox", "link", "button", "cell", "columnheader"),
	step.StatePressed:  roles("button", "switch"), step.StateExpanded: nil, step.StateCurrent: nil, step.StateDisabled: nil,
	step.StateFocused: nil, step.StateRequired: nil, step.StateReadOnly: nil, step.StateInvalid: nil,
	step.StateSorted: roles("columnheader", "rowheader", "button"), step.StateSortedAscending: roles("columnheader", "rowheader", "button"),
	step.StateSortedDescending: roles("columnheader", "rowheader", "button"),
}

// readState reads "the checkbox for Buy milk is checked", "the Sugar field
// is empty", "All is highlighted", "the Fruits tree item is expanded".
func readState(r *Rules, req Request, body string) ([]step.Step, error) {
	m := submatchOutsideQuotes(reState, body)
	if m == nil {
		return nil, errNoMatch
	}
	word := strings.ToLower(m[3])
	not := strings.TrimSpace(strings.ToLower(m[2]))
	negated := not == "not" || not == "no longer" || not == "not the"
	if word == "empty" || word == "blank" {
		n, err := r.element(req, m[1], forChecks(valueRoles), "field")
		if err != nil {
			return nil, err
		}
		return []step.Step{{Kind: step.AssertValue, Role: n.Role, Ref: n.Ref, Element: describe(req.Page, n), Value: "", Match: step.MatchEquals, Negated: negated}}, nil
	}
	st, ok := states[word]
	if !ok {
		return nil, errNoMatch
	}
	n, err := r.element(req, m[1], forChecks(stateRoles[st.state]), "element")
	if err != nil {
		return nil, err
	}
	if _, kind, named := kindNoun(stripArticle(unquote(strings.TrimSpace(m[1]))), false); st.state == step.StateCurrent && !(named && kind != nil) {
		n = navigationItem(req.Page, n) // "Overview is the current page", no kind named
	}
	return []step.Step{{Kind: step.AssertState, Role: n.Role, Ref: n.Ref, Element: describe(req.Page, n), Value: st.state, Negated: negated != st.not}}, nil
}

// navRoles hold the items "the current page" is said of.
var navRoles = roles("navigation", "menubar", "menu", "tree", "tablist")

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
	for _, c := range candidates(page, stateRoles[step.StateCurrent]) {
		if withinNav(c) && dom.Normalize(label(c)) == dom.Normalize(label(n)) {
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
var valueRoles = roles("textbox", "searchbox", "combobox", "spinbutton", "slider", "listbox")

// readValue reads "the Sugar field shows 0", "the email field contains
// x@y", "the value of Quantity is 2": only when the subject is a field.
func readValue(r *Rules, req Request, body string) ([]step.Step, error) {
	if m := submatchOutsideQuotes(reValueAt, body); m != nil && req.Page != nil {
		if n, err := r.element(req, m[1], forChecks(valueRoles), "field"); err == nil {
			value, how := unquote(m[2]), step.MatchNow
			if _, err := strconv.ParseFloat(value, 64); err != nil {
				how = step.MatchEquals // "is at 30.0 degrees Celsius": its value text
			}
			return []step.Step{{Kind: step.AssertValue, Role: n.Role, Ref: n.Ref, Element: describe(req.Page, n), Value: value, Match: how}}, nil
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
	if _, kind, ok := kindNoun(stripArticle(unquote(strings.TrimSpace(m[1]))), false); ok && kind != nil && !overlaps(kind, valueRoles) {
		if !overlaps(kind, roles("button", "link", "tab", "menuitem", "option", "cell", "gridcell", "heading", "status", "alert", "meter")) {
			return nil, errNoMatch // "the cart table shows …": text in a part of the page
		}
		if submatchOutsideQuotes(reShows, body) == nil {
			return nil, errNoMatch // "the Font button is …": not a value
		}
		set = kind // "the Font button shows Serif": the text of that control
	}
	n, err := r.element(req, m[1], forChecks(set), "field")
	if err != nil {
		// "the progress bar shows 75%": the one progress bar's value.
		sole, ok, serr := soleOfKind(req.Page, m[1], roles("progressbar", "meter"))
		if !ok {
			return nil, errNoMatch // not a field: the text forms read it
		}
		if serr != nil {
			return nil, serr
		}
		return []step.Step{{Kind: step.AssertValue, Role: sole.Role, Ref: sole.Ref, Element: describe(req.Page, sole), Value: unquote(m[2]), Match: step.MatchContains}}, nil
	}
	how := step.MatchEquals
	if v := strings.ToLower(body); strings.Contains(v, " contains ") || strings.Contains(v, " includes ") || !overlaps(set, valueRoles) {
		how = step.MatchContains // "the cart link says 1 item": part of its text
	}
	return []step.Step{{Kind: step.AssertValue, Role: n.Role, Ref: n.Ref, Element: describe(req.Page, n), Value: unquote(m[2]), Match: how}}, nil
}
