package names

import (
	"regexp"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/translator"
)

// resolve finds the one node that phrase names among nodes of the given roles.
func Resolve(page *dom.Node, phrase string, want RoleSet, wantName string) (*dom.Node, error) {
	if page == nil {
		return nil, &translator.NotFoundError{What: phrase, Want: wantName}
	}
	phrase = strings.TrimSpace(phrase)
	target, hint := StripArticle(Unquote(phrase)), RoleSet(nil)
	whole := target // before a role noun is cut off: "Select all rows"
	if !hasScopeWord(target) {
		// "Log in button"; but in "Actions for Basking shark tab" the noun
		// is the place's ("the Basking shark tab"), not the element's.
		if rest, kind := splitRoleNoun(target); rest != target && (kind == nil || len(intersect(want, kind)) > 0) {
			// Unless the noun is part of a name: the menu item "Close tab".
			// A noun of a kind the action cannot act on ("click the Red
			// slider") is left to byKind.
			if best, top := Rank(Candidates(page, want), target); len(best) == 1 && top >= ScoreExact {
				return best[0], nil
			}
			target, hint = rest, kind
		}
	}
	set := want
	if hint != nil {
		set = intersect(want, hint)
	}
	nodes := Candidates(page, set)

	best, top := Rank(nodes, target)
	best = outsideCode(best)
	if hint == nil {
		best = preferRole(best, rolePreference)
	}
	if len(best) == 1 && top >= ScoreExact {
		return best[0], nil
	}
	// A scope phrase: pick the candidate nearest the thing it names.
	for _, sw := range ScopeWords {
		i := IndexFold(target, sw)
		for i > 0 {
			t, scope := strings.TrimSpace(target[:i]), strings.TrimSpace(target[i+len(sw):])
			if n, err := resolveScoped(page, nodes, t, scope); n != nil || err != nil {
				return n, err
			}
			j := IndexFold(target[i+1:], sw)
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	switch {
	case len(best) == 1:
		return best[0], nil
	case len(best) > 1:
		if n := sameDestination(best); n != nil {
			return n, nil
		}
		if n := OnTop(best); n != nil {
			return n, nil
		}
		return nil, Ambiguous(page, target, best)
	}
	if n := nearForm(nodes, target); n != nil {
		return n, nil
	}
	if n := inOrder(nodes, target); n != nil {
		return n, nil
	}
	if hint != nil {
		// The noun was a word of the name after all: "rows" in the
		// checkbox "Select all 12 rows.".
		if n := inOrder(Candidates(page, want), whole); n != nil {
			return n, nil
		}
	}
	return nil, NotFound(page, target, nodes, wantName)
}

// OnTop is the one of nodes that no other element covers, when every
// other is covered (dom.Node.Covered): of two same-named buttons, one over
// the other, the one a person clicks. nil otherwise.
func OnTop(nodes []*dom.Node) *dom.Node {
	var top *dom.Node
	for _, n := range nodes {
		if !n.Covered {
			if top != nil {
				return nil
			}
			top = n
		}
	}
	if top == nil || len(nodes) < 2 {
		return nil
	}
	return top
}

func hasScopeWord(s string) bool {
	for _, sw := range ScopeWords {
		if IndexFold(s, sw) > 0 {
			return true
		}
	}
	return false
}

// sameDestination returns the first of nodes when they are all links to the
// same URL ("Log in" in the header and "log in" in the text): following any
// of them does the same, so picking one is not a guess.
func sameDestination(nodes []*dom.Node) *dom.Node {
	for _, n := range nodes {
		if n.Role != "link" || n.URL == "" || n.URL != nodes[0].URL {
			return nil
		}
	}
	return nodes[0]
}

// resolveScoped resolves "t in scope"; (nil, nil) means the split does not apply.
func resolveScoped(page *dom.Node, nodes []*dom.Node, t, scope string) (*dom.Node, error) {
	if n, ok := nounWord(scope); ok && len(nounPlaceRoles(n)) > 0 {
		return inKindPlace(page, nodes, t, n)
	}
	scope = StripArticle(Unquote(scope))
	for _, noun := range containerNouns {
		if len(scope) >= len(noun) && strings.EqualFold(scope[len(scope)-len(noun):], noun) {
			scope = strings.TrimSpace(scope[:len(scope)-len(noun)])
			break
		}
	}
	var best []*dom.Node
	top := 0
	if rest, kind, ok := KindNoun(StripArticle(t), true); ok && rest == "" {
		// A kind alone ("the checkbox for report.pdf", "the checkbox in
		// the report.pdf row"): every element of it, named or not, the
		// one nearest the place picked. A noun of any kind ("the box
		// for report.pdf") only among boxes the action takes.
		best, top = slices.DeleteFunc(slices.Clone(nodes), func(n *dom.Node) bool {
			return kind != nil && !kind[n.Role] || kind == nil && !boxRoles[n.Role]
		}), ScoreExact
		if kind == nil && len(best) < len(nodes) {
			best = nil // the action takes more than boxes: "box" says too little
		}
	} else {
		t, _ = splitRoleNoun(StripArticle(t))
		best, top = Rank(nodes, t)
	}
	if top < ScoreMatch || scope == "" || len(best) == 0 {
		return nil, nil
	}
	anchors := anchorsOf(page, scope)
	if len(anchors) == 0 {
		return nil, nil
	}
	bestDist, picks := -1, []*dom.Node(nil)
	for _, c := range best {
		d := -1
		for _, a := range anchors {
			if a == c {
				continue
			}
			if x := distance(c, a); d < 0 || x < d {
				d = x
			}
		}
		switch {
		case d < 0:
		case bestDist < 0 || d < bestDist:
			bestDist, picks = d, []*dom.Node{c}
		case d == bestDist:
			picks = append(picks, c)
		}
	}
	switch len(picks) {
	case 0:
		return nil, nil
	case 1:
		return picks[0], nil
	}
	return nil, Ambiguous(page, t+" for "+scope, picks)
}

// boxRoles are the roles "box" alone names among the elements an action
// takes (tick, type): boxes to tick and boxes to fill.
var boxRoles = Roles("checkbox", "radio", "switch", "textbox", "searchbox", "combobox", "spinbutton")

// markers are keys of a roleSet that are not roles: anyRole (the set also
// takes any named element) and withDisabled (disabled elements are
// candidates too: a check may be about one; an action may not).
const (
	anyRole      = "*any"
	withDisabled = "*disabled"
)

// forChecks returns set (nil: any named element) with disabled elements
// allowed.
func ForChecks(set RoleSet) RoleSet {
	out := RoleSet{withDisabled: true}
	if set == nil {
		out[anyRole] = true
	}
	for k := range set {
		out[k] = true
	}
	return out
}

func Candidates(page *dom.Node, set RoleSet) []*dom.Node {
	var out []*dom.Node
	if set != nil && set[anyRole] {
		all := Candidates(page, nil)
		if set[withDisabled] {
			all = nil
			page.Walk(func(n *dom.Node) bool {
				if n != page && (n.Name != "" || n.Value != "") {
					all = append(all, n)
				}
				return true
			})
		}
		return all
	}
	page.Walk(func(n *dom.Node) bool {
		if n == page || n.Disabled && (set == nil || !set[withDisabled]) {
			return true
		}
		if set == nil {
			if n.Name != "" || (n.Value != "" && n.Role != "text") || n.Role == "text" && n.Value != "" {
				out = append(out, n)
			}
			return true
		}
		if set[n.Role] {
			out = append(out, n)
		}
		return true
	})
	return out
}

func hasRole(page *dom.Node, set RoleSet) bool { return len(Candidates(page, set)) > 0 }

var ReArticle = regexp.MustCompile(`(?i)^(?:the|a|an|my|our) `)

func StripArticle(s string) string {
	return strings.TrimSpace(ReArticle.ReplaceAllString(strings.TrimSpace(s), ""))
}

// splitRoleNoun strips a trailing kind noun: "Log in button" -> "Log in",
// buttons. A noun of any kind ("the Save icon") is stripped with no roles.
func splitRoleNoun(s string) (string, RoleSet) {
	rest, set, _ := KindNoun(s, false)
	return rest, set
}

func intersect(a, b RoleSet) RoleSet {
	if b == nil {
		return a
	}
	if a == nil || a[anyRole] {
		out := RoleSet{}
		for k := range b {
			out[k] = true
		}
		if a[withDisabled] {
			out[withDisabled] = true
		}
		return out
	}
	out := RoleSet{}
	for k := range a {
		if b[k] {
			out[k] = true
		}
	}
	if len(out) == 0 || len(out) == 1 && out[withDisabled] {
		return a // "the terms box" may be a checkbox although "box" hints a field
	}
	if a[withDisabled] {
		out[withDisabled] = true
	}
	return out
}

// indexFold is the byte offset in s of the first match of sub, ignoring
// case. Unlike an index into strings.ToLower(s), it is an offset into s
// itself, whose length lowering may change (invalid UTF-8, some letters).
func IndexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// namedContainer resolves a phrase naming a part of the page by a trailing noun
// of AssertNouns ("the Blue Mug card", "the Grace Hopper row"): an element
// of a fitting role with that name, else the nearest such element around
// something with that name (an unnamed row around the cell "Grace Hopper").
// ok is false when the phrase ends in no such noun.
func NamedContainer(page *dom.Node, phrase string) (n *dom.Node, ok bool, err error) {
	p := StripArticle(Unquote(strings.TrimSpace(phrase)))
	// "the 03-Jan-16 row of the Transactions grid": a part of a part.
	for _, sep := range []string{" of the ", " in the ", " inside the "} {
		i := IndexFold(p, sep)
		if i <= 0 || page == nil {
			continue
		}
		outer, ok, err := NamedContainer(page, "the "+p[i+len(sep):])
		if !ok || err != nil || outer == nil {
			continue
		}
		if inner, ok, err := NamedContainer(outer, p[:i]); ok {
			return inner, true, err
		}
	}
	p, an, _ := CutNoun(p, AssertNouns) // "the tab panel" alone: soleOfKind's
	set, noun := an.Roles, an.Word
	if set == nil || page == nil {
		return nil, false, nil
	}
	var found []*dom.Node
	add := func(n *dom.Node) {
		for _, f := range found {
			if f == n {
				return
			}
		}
		found = append(found, n)
	}
	page.Walk(func(n *dom.Node) bool {
		if n != page && set[n.Role] && Score(n.Name, p) >= ScoreExact {
			add(n)
		}
		return true
	})
	if len(found) == 0 {
		page.Walk(func(n *dom.Node) bool {
			if n == page || !(Score(n.Name, p) >= ScoreExact || n.Name == "" && n.Value != "" && Score(n.Value, p) >= ScoreExact) {
				return true
			}
			for a := n.Parent; a != nil && a != page; a = a.Parent {
				if set[a.Role] {
					add(a)
					break
				}
			}
			return true
		})
	}
	switch len(found) {
	case 1:
		return found[0], true, nil
	case 0:
		return nil, true, NotFound(page, p+" "+noun, Candidates(page, set), noun)
	}
	return nil, true, Ambiguous(page, p+" "+noun, found)
}

// outsideCode drops the look-alikes inside code (a page that lists its own
// source repeats its texts there) when some are outside it.
func outsideCode(nodes []*dom.Node) []*dom.Node {
	if len(nodes) < 2 {
		return nodes
	}
	var out []*dom.Node
	for _, n := range nodes {
		if !inCode(n) {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return nodes
	}
	return out
}

func inCode(n *dom.Node) bool {
	for ; n != nil; n = n.Parent {
		if n.Role == "code" {
			return true
		}
	}
	return false
}
