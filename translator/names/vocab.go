package names

import (
	"strings"

	"github.com/plaintest/plaintest/dom"
)

type RoleSet map[string]bool

func Roles(names ...string) RoleSet {
	s := RoleSet{}
	for _, n := range names {
		s[n] = true
	}
	return s
}

// The kinds of element each verb may act on. A nil set means any named node.
var (
	ClickRoles = Roles("button", "link", "checkbox", "radio", "tab", "menuitem", "menuitemcheckbox",
		"menuitemradio", "option", "switch", "treeitem", "combobox", "textbox", "searchbox", "gridcell", "columnheader", "rowheader")
	FieldRoles  = Roles(dom.TextFieldRoles()...)
	SelectRoles = Roles("combobox", "listbox")
	CheckRoles  = Roles(dom.CheckableRoles()...)
	RadioRoles  = Roles("radio", "menuitemradio")
	LinkRoles   = Roles("link")
)

// rolePreference orders roles for breaking ties between elements of
// different roles that an action names equally well.
var rolePreference = []string{"button", "textbox", "searchbox", "combobox", "checkbox", "radio", "link", "tab", "menuitem", "option"}

// containerRoles are the elements an element's description names it by
// (`button "Add to cart" in article "Blue Mug"`), and whose names an
// ambiguity error suggests as a scope ("say which, e.g. "Add to cart for
// Blue Mug"").
var containerRoles = Roles(dom.ContainerRoles()...)

// scopeWords split "Add to cart for Blue Mug" into target and scope.
var ScopeWords = []string{" for ", " in the ", " inside ", " within ", " next to ", " beside ", " under ", " of the ", " in ", " on the "}

// noun is a word of dom.Nouns with the roles it means in one use.
type Noun struct {
	Word  string
	Roles RoleSet // nil: any role
	Value bool    // a check of the one element reads its value (SoleNouns)
}

// nounsFor lists the words of dom.Nouns, longest first, that have a
// meaning in one use: roles of the use, and whether the word has it.
func nounsFor(use func(dom.Noun) ([]string, bool)) []Noun {
	var out []Noun
	for _, n := range dom.Nouns {
		rs, ok := use(n)
		if !ok {
			continue
		}
		nn := Noun{Word: n.Word, Value: n.SoleValue}
		if len(rs) > 0 {
			nn.Roles = Roles(rs...)
		}
		out = append(out, nn)
	}
	return out
}

// The uses of dom.Nouns, the one table of the words that name a kind of
// element: kindNouns name the element an action or check is about ("the
// checkbox for X", "the X checkbox"; roles nil for a word of any kind);
// AssertNouns end a phrase that scopes a check to a part of the page ("the
// Blue Mug card shows $12.00"; "the cart shows 1 item" stays a check of
// the whole page); SoleNouns name, alone, the one element of their roles
// ("the status"); ItemNouns are what a count counts ("3 rows");
// containerNouns may end a place ("in the Blue Mug card"); ShownRoles
// narrow a kind for "is shown" and "is gone".
var (
	kindNouns   = nounsFor(func(n dom.Noun) ([]string, bool) { return n.Kind, n.AnyKind || len(n.Kind) > 0 })
	AssertNouns = nounsFor(func(n dom.Noun) ([]string, bool) { return n.Part, len(n.Part) > 0 })
	SoleNouns   = nounsFor(func(n dom.Noun) ([]string, bool) { return n.Sole, len(n.Sole) > 0 })
	ItemNouns   = func() map[string][]string {
		m := map[string][]string{}
		for _, n := range dom.Nouns {
			if len(n.Count) > 0 {
				m[n.Word] = n.Count
			}
		}
		return m
	}()
	containerNouns = func() (out []string) {
		for _, n := range dom.Nouns {
			if n.Place {
				out = append(out, " "+n.Word)
			}
		}
		return out
	}()
	ShownRoles = func() map[string]RoleSet {
		m := map[string]RoleSet{}
		for _, n := range dom.Nouns {
			if len(n.Shown) > 0 {
				m[n.Word] = Roles(n.Shown...)
			}
		}
		return m
	}()
)

// nounWord is the noun of dom.Nouns that s is, whole ("the tab panel"
// gives "tab panel"): a phrase that is a noun alone names a kind, and is
// never split by a shorter noun it ends with (a tab panel is not a panel
// named "tab").
func nounWord(s string) (dom.Noun, bool) {
	s = StripArticle(Unquote(strings.TrimSpace(s)))
	for _, n := range dom.Nouns {
		if strings.EqualFold(s, n.Word) {
			return n, true
		}
	}
	return dom.Noun{}, false
}

// cutNoun splits a noun of nouns (longest first) off the end of s: "Log in
// button" gives ("Log in", the button noun). A phrase that is a noun of
// dom.Nouns whole is not split (nounWord): "tab panel" is not a panel
// named "tab", nor "the status" a status named "the".
func CutNoun(s string, nouns []Noun) (string, Noun, bool) {
	if _, whole := nounWord(s); whole {
		return s, Noun{}, false
	}
	for _, n := range nouns {
		suffix := " " + n.Word
		if len(s) > len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix) {
			return strings.TrimSpace(s[:len(s)-len(suffix)]), n, true
		}
	}
	return s, Noun{}, false
}
