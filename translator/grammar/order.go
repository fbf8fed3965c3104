package grammar

// Order checks ("Ada is first in the list", "shows A, B, C in that order").

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/lexicon"
	"github.com/plaintest/plaintest/translator/names"
)

// readOrder reads "Buy milk is the last item in the list" and "the list
// shows A, B and C in that order".
func readOrder(r *Rules, req translator.Request, body string) ([]step.Step, error) {
	if m := submatchOutsideQuotes(reSequence, body); m != nil {
		items := splitList(m[2])
		if len(items) < 2 {
			return nil, errNoMatch
		}
		return r.orderStep(req, m[1], items, step.MatchSequence)
	}
	if m := submatchOutsideQuotes(reNthShows, body); m != nil {
		text, err := expectedText(names.StripArticle(m[3]))
		if err != nil {
			return nil, err
		}
		return r.orderStep(req, m[2], []string{text}, position(m[1]))
	}
	if m := submatchOutsideQuotes(reFirstLast, body); m != nil {
		text, err := expectedText(names.StripArticle(m[1]))
		if err != nil {
			return nil, err
		}
		return r.orderStep(req, m[3], []string{text}, position(m[2]))
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

func (r *Rules) orderStep(req translator.Request, place string, items []string, how string) ([]step.Step, error) {
	var all []string
	for _, rs := range listRoles {
		all = append(all, rs...)
	}
	list, err := r.list(req, place, all)
	var amb *translator.AmbiguousError
	if errors.As(err, &amb) || list == nil && err == nil && place != "" && !isListWord(place) {
		// "the table" on a page of two tables, "the cart": the one list
		// that holds every item named.
		if l := holding(req.Page, items); l != nil {
			list, err = l, nil
		}
	}
	if list == nil && err == nil && place != "" {
		// "in the Orders panel": the list or table inside that part of the page.
		if c, ok, cerr := names.NamedContainer(req.Page, place); ok && cerr == nil && c != nil {
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
		stp.Role, stp.Ref, stp.Element = list.Role, list.Ref, names.DescribeContainer(req.Page, list)
	}
	return []step.Step{stp}, nil
}

// ordinal reads "second", "3rd".
func ordinal(w string) int {
	for i, o := range lexicon.Ordinals {
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
	if qs := names.ReQuoted.FindAllStringSubmatch(s, -1); len(qs) >= 2 {
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
		if p := strings.TrimSpace(names.StripArticle(part)); p != "" {
			out = append(out, p)
		}
	}
	return out
}
