package translator

import "github.com/plaintest/plaintest/dom"

type roleSet map[string]bool

func roles(names ...string) roleSet {
	s := roleSet{}
	for _, n := range names {
		s[n] = true
	}
	return s
}

// The kinds of element each verb may act on. A nil set means any named node.
var (
	clickRoles = roles("button", "link", "checkbox", "radio", "tab", "menuitem", "menuitemcheckbox",
		"menuitemradio", "option", "switch", "treeitem", "combobox", "textbox", "searchbox", "gridcell", "columnheader", "rowheader")
	fieldRoles  = roles(dom.TextFieldRoles()...)
	selectRoles = roles("combobox", "listbox")
	checkRoles  = roles(dom.CheckableRoles()...)
	radioRoles  = roles("radio", "menuitemradio")
	linkRoles   = roles("link")
)

// rolePreference orders roles for breaking ties between elements of
// different roles that an action names equally well.
var rolePreference = []string{"button", "textbox", "searchbox", "combobox", "checkbox", "radio", "link", "tab", "menuitem", "option"}

// containerRoles are the elements an element's description names it by
// (`button "Add to cart" in article "Blue Mug"`), and whose names an
// ambiguity error suggests as a scope ("say which, e.g. "Add to cart for
// Blue Mug"").
var containerRoles = roles(dom.ContainerRoles()...)

// roleNouns are the words that may end a target phrase and hint at its role.
var roleNouns = []struct {
	word  string
	roles roleSet
}{
	{"radio button", radioRoles}, {"text field", fieldRoles}, {"text box", fieldRoles},
	{"checkbox", roles("checkbox")}, {"check box", roles("checkbox")}, {"button", roles("button")},
	{"link", roles("link")}, {"field", fieldRoles}, {"input", fieldRoles}, {"textbox", fieldRoles},
	{"box", nil}, {"dropdown", selectRoles}, {"drop-down", selectRoles}, {"select", selectRoles},
	{"menu", selectRoles}, {"list", selectRoles}, {"tab", roles("tab")}, {"radio", radioRoles},
	{"option", roles("option", "radio")}, {"icon", nil}, {"switch", roles("switch")},
}

// scopeWords split "Add to cart for Blue Mug" into target and scope.
var scopeWords = []string{" for ", " in the ", " inside ", " within ", " next to ", " beside ", " under ", " of the ", " in ", " on the "}

// containerNouns may end a scope phrase: "in the Blue Mug card".
var containerNouns = []string{" card", " row", " section", " item", " product", " panel", " line", " entry", " region", " area", " group", " box", " form", " tile", " listing",
	" tab", " tree", " menu", " grid", " table", " list", " dialog", " toolbar", " column", " article", " cell", " page"}

// assertNouns end a phrase that scopes an assertion to one element ("the
// Blue Mug card shows $12.00"), with the roles such an element may have.
// Only nouns that name a part of a page are here: "the cart shows 1 item"
// stays a check of the whole page.
var assertNouns = []struct {
	word  string
	roles roleSet
}{
	{"card", roles("article", "listitem", "group", "region", "row", "figure")},
	{"tile", roles("article", "listitem", "group", "region", "figure")},
	{"product", roles("article", "listitem", "group", "region", "row")},
	{"listing", roles("article", "listitem", "group", "region", "row")},
	{"item", roles("listitem", "article", "row", "menuitem", "option", "treeitem")},
	{"row", roles("row", "listitem")},
	{"section", roles("region", "group", "article", "form", "complementary", "navigation", "banner", "contentinfo", "main")},
	{"panel", roles("region", "group", "tabpanel", "complementary", "dialog")},
	{"region", roles("region", "complementary", "navigation", "banner", "contentinfo", "main", "search")},
	{"group", roles("group", "radiogroup", "region")},
	{"form", roles("form", "region", "group")},
	{"dialog", roles("dialog", "alertdialog")},
	{"table", roles("table", "grid", "treegrid")},
	{"grid", roles("grid", "treegrid", "table")},
	{"tree", roles("tree", "treegrid")},
	{"carousel", roles("region", "group")},
	{"slide", roles("group", "region", "tabpanel")},
	{"list", roles("list", "listbox", "menu")},
	{"listbox", roles("listbox")},
	{"menu", roles("menu", "menubar")},
	{"toolbar", roles("toolbar")},
	{"article", roles("article")},
	{"feed", roles("feed")},
	{"cell", roles("cell", "gridcell")},
	{"alert", roles("alert", "alertdialog", "status")},
}
