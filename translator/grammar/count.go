package grammar

// Count checks ("the cart shows 3 items") and the lists they count in.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/lexicon"
	"github.com/plaintest/plaintest/translator/names"
)

// listRoles are the containers whose items an order or count check reads,
// with the roles of their items.
var listRoles = map[string][]string{
	"list": {"listitem"}, "listbox": {"option"}, "table": {"row"}, "grid": {"row"}, "treegrid": {"row"},
	"tree": {"treeitem"}, "menu": {"menuitem", "menuitemcheckbox", "menuitemradio"}, "menubar": {"menuitem"},
	"tablist": {"tab"}, "radiogroup": {"radio"}, "feed": {"article"},
}

// readCount reads "the list shows 3 items", "3 items are shown", "the
// table has 2 rows". The subject must name a list, table, tree or menu on
// the page ("the list", "the Transuranium elements list"); a count said of
// anything else ("the cart shows 1 item") is text.
func readCount(r *Rules, req translator.Request, body string) ([]step.Step, error) {
	var subject, num, noun string
	if m := submatchOutsideQuotes(reCount, body); m != nil {
		subject, num, noun = m[1], m[3], m[4]
	} else if m := submatchOutsideQuotes(reCountShown, body); m != nil && (m[4] != "" || strings.Contains(strings.ToLower(body), " are ") || strings.HasPrefix(strings.ToLower(body), "there ")) {
		num, noun, subject = m[2], m[3], m[4]
	} else {
		return nil, errNoMatch
	}
	n, ok := lexicon.Number(num)
	if !ok {
		return nil, errNoMatch
	}
	items, ok := names.ItemRoles(noun)
	if !ok && !strings.EqualFold(num, "a") && !strings.EqualFold(num, "an") {
		// "the header has 2 links", "3 buttons are shown": of a kind.
		if part, roles, ok, err := names.KindCount(req, subject, noun); ok || err != nil {
			return countIn(req.Page, part, n, roles), err
		}
	}
	if !ok {
		// "4 students are listed": the items of the one list or table
		// the noun names ("Students").
		list := listNamed(req.Page, noun)
		if list == nil || subject != "" {
			return nil, errNoMatch
		}
		return []step.Step{{Kind: step.AssertCount, Value: strconv.Itoa(n), Values: listRoles[list.Role],
			Role: list.Role, Ref: list.Ref, Element: names.DescribeContainer(req.Page, list)}}, nil
	}
	list, err := r.list(req, subject, items)
	if list == nil && err == nil && subject != "" {
		// "Projects contains 5 items", "the Pizza Crust group has 3 radio
		// buttons", "the page has 2 rows": the items in that part.
		part, ok, perr := names.CountPart(req, subject)
		if perr != nil || ok && (part == nil || holds(part, items)) {
			return countIn(req.Page, part, n, items), perr
		}
	}
	if list == nil || err != nil {
		if subject != "" && err == nil {
			return nil, errNoMatch // "the cart shows 1 item": text
		}
		return nil, err
	}
	return countIn(req.Page, list, n, itemsOf(list, items)), nil
}

// countIn: list (nil or of no ref: the page) shows n items of roles.
func countIn(page, list *dom.Node, n int, roles []string) []step.Step {
	stp := step.Step{Kind: step.AssertCount, Value: strconv.Itoa(n), Values: roles}
	if list != nil && list.Ref != "" {
		stp.Role, stp.Ref, stp.Element = list.Role, list.Ref, names.DescribeContainer(page, list)
	}
	return []step.Step{stp}
}

// listNamed is the one list, table, tree or menu of page whose name is
// noun ("students" for the table "Students"), a final s aside on either
// side; nil for none or several.
func listNamed(page *dom.Node, noun string) *dom.Node {
	if page == nil {
		return nil
	}
	bare := func(s string) string { return strings.TrimSuffix(dom.Normalize(s), "s") }
	want := bare(noun)
	var found []*dom.Node
	page.Walk(func(n *dom.Node) bool {
		if _, isList := listRoles[n.Role]; isList && n.Ref != "" && want != "" && bare(n.Name) == want {
			found = append(found, n)
		}
		return true
	})
	if len(found) != 1 {
		return nil
	}
	return found[0]
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
func (r *Rules) list(req translator.Request, subject string, items []string) (*dom.Node, error) {
	if req.Page == nil {
		return nil, nil
	}
	words := names.StripArticle(strings.TrimSpace(subject))
	var kinds names.RoleSet
	if rest, set, ok := cutListNoun(words); ok {
		words, kinds = rest, set
	} else if rest, set, ok := names.KindNoun(words, false); ok && set != nil {
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
		if words != "" && names.Score(n.Name, words) < names.ScoreMatch {
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
		return nil, &translator.NotFoundError{What: strings.TrimSpace(subject), Want: "list or table", Candidates: shortAll(listsOn(req.Page))}
	}
	if strings.TrimSpace(subject) == "" {
		return nil, unnamedList(req.Page, cands)
	}
	return nil, names.Ambiguous(req.Page, strings.TrimSpace(subject), cands)
}

// unnamedList is the error of a count or order check that names no list
// ("the first row shows Ann", "3 rows are shown") on a page of several:
// it lists them and says to name one.
func unnamedList(page *dom.Node, cands []*dom.Node) error {
	err := names.Ambiguous(page, "the list or table it reads", cands)
	var amb *translator.AmbiguousError
	if errors.As(err, &amb) {
		amb.Hint = `name the one you mean by its name or heading ("… of the Orders table")`
		for _, n := range cands {
			if name := strings.Fields(n.Name); len(name) > 0 {
				if len(name) > 3 {
					name = name[:3] // the start of a long name finds it
				}
				noun := "list"
				if n.Role == "table" || n.Role == "grid" || n.Role == "treegrid" {
					noun = "table"
				}
				amb.Hint = fmt.Sprintf("name the one you mean, e.g. \"… of the %s %s\"", strings.Join(name, " "), noun)
				break
			}
		}
	}
	return err
}

// listNouns are the words that name a list-like container, with the roles
// they mean.
var listNouns = []struct {
	word  string
	roles names.RoleSet
}{
	{"tab list", names.Roles("tablist")}, {"radio group", names.Roles("radiogroup")}, // before "list"
	{"listbox", names.Roles("listbox")}, {"list", names.Roles("list", "listbox")}, {"table", names.Roles("table", "grid", "treegrid")},
	{"grid", names.Roles("grid", "treegrid", "table")}, {"treegrid", names.Roles("treegrid")}, {"tree", names.Roles("tree", "treegrid")},
	{"menubar", names.Roles("menubar")}, {"menu", names.Roles("menu", "menubar")}, {"feed", names.Roles("feed")},
	{"tabs", names.Roles("tablist")},
}

// cutListNoun cuts a trailing noun of listNouns ("the States list", "the
// feed"), giving the roles it means.
func cutListNoun(s string) (string, names.RoleSet, bool) {
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
	_, _, ok := cutListNoun(names.StripArticle(strings.TrimSpace(s)))
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
		if len(out) == translator.MaxListed {
			break
		}
		out = append(out, names.Short(n))
	}
	return out
}
