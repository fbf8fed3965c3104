package dom

import (
	"cmp"
	"slices"
)

// A Noun is a word people name a kind of element by ("the Email field",
// "the Blue Mug card", "the status", "3 rows"), with the roles it means in
// each use. Nouns is the one table of them: the rules translator reads
// actions, places, checks and counts by it, and a snapshot cut for a
// model keeps first the elements its words name (RankRoles).
type Noun struct {
	Word string
	// Kind is the roles of the element an action or a check names by the
	// word, said first or last ("the checkbox for Buy milk", "the Log in
	// button"); AnyKind marks a word that names an element of any role
	// ("the box", "the icon").
	Kind    []string
	AnyKind bool
	// Part is the roles of the part of the page a check is scoped to by
	// the word ("the Blue Mug card shows $12.00").
	Part []string
	// Sole is the roles of the one element the word alone names ("the
	// status"); SoleValue says a check of it reads its value (a progress
	// bar's "40%").
	Sole      []string
	SoleValue bool
	// Count is the roles of the items a count by the word counts ("3
	// rows", "2 open tasks").
	Count []string
	// Shown, where set, narrows Kind for "X is shown" and "X is gone":
	// "the Actions menu is gone" is about the menu, not the button that
	// opens it.
	Shown []string
	// Place says the word may end the place an action names ("Remove in
	// the Blue Mug card").
	Place bool
	// Typed says the word names a field a person types into ("the text
	// box"): a combo box that is a <select> (Node.IsSelect) is never one.
	Typed bool
}

// RankRoles is the roles whose elements the word makes likelier to be
// meant: its Kind, else the part, the one element or the items it names.
func (n Noun) RankRoles() []string {
	for _, rs := range [][]string{n.Kind, n.Part, n.Sole, n.Count} {
		if len(rs) > 0 {
			return rs
		}
	}
	return nil
}

// Nouns is the table, longest words first: a phrase is read by its
// longest noun ("the Country combo box" is a combo box, not a box; "the
// tab panel" a tab panel, not a tab).
var Nouns = longestFirst([]Noun{
	{Word: "radio button", Kind: []string{"radio", "menuitemradio"}, Count: []string{"radio"}},
	{Word: "text field", Kind: TextFieldRoles(), Typed: true},
	{Word: "text box", Kind: TextFieldRoles(), Typed: true},
	{Word: "edit box", Kind: TextFieldRoles(), Typed: true},
	{Word: "input field", Kind: TextFieldRoles(), Typed: true},
	{Word: "check box", Kind: []string{"checkbox"}},
	{Word: "list item", Kind: []string{"listitem"}},
	{Word: "tree item", Kind: []string{"treeitem"}},
	{Word: "menu item", Kind: []string{"menuitem", "menuitemcheckbox", "menuitemradio"}, Count: []string{"menuitem"}},
	{Word: "table row", Kind: []string{"row"}},
	{Word: "column header", Kind: []string{"columnheader"}},
	{Word: "checkbox", Kind: []string{"checkbox"}},
	{Word: "toggle", Kind: []string{"checkbox", "switch"}},
	{Word: "tickbox", Kind: []string{"checkbox"}},
	{Word: "button", Kind: []string{"button"}},
	{Word: "link", Kind: []string{"link"}},
	{Word: "field", Kind: TextFieldRoles(), Typed: true},
	{Word: "input", Kind: TextFieldRoles(), Typed: true},
	{Word: "textbox", Kind: TextFieldRoles(), Typed: true},
	{Word: "box", AnyKind: true, Place: true},
	{Word: "switch", Kind: []string{"switch"}},
	{Word: "slider", Kind: []string{"slider"}},
	{Word: "spinbutton", Kind: []string{"spinbutton"}},
	{Word: "spin button", Kind: []string{"spinbutton"}},
	{Word: "combobox", Kind: []string{"combobox"}},
	{Word: "combo box", Kind: []string{"combobox"}},
	{Word: "dropdown", Kind: []string{"combobox", "listbox"}},
	{Word: "listbox", Kind: []string{"listbox"}, Part: []string{"listbox"}},
	{Word: "tab", Kind: []string{"tab"}, Count: []string{"tab"}, Place: true},
	{Word: "option", Kind: []string{"option", "radio"}, Count: []string{"option", "radio"}},
	{Word: "radio", Kind: []string{"radio", "menuitemradio"}},
	{Word: "heading", Kind: []string{"heading"}},
	{Word: "title", Kind: []string{"heading"}},
	{Word: "image", Kind: []string{"img", "image"}},
	{Word: "picture", Kind: []string{"img", "image"}},
	{Word: "photo", Kind: []string{"img", "image"}},
	{Word: "logo", Kind: []string{"img", "image", "link"}},
	{Word: "icon", AnyKind: true},
	{Word: "cell", Kind: []string{"cell", "gridcell", "rowheader", "columnheader"}, Part: []string{"cell", "gridcell"}, Place: true},
	{Word: "row", Kind: []string{"row"}, Part: []string{"row", "listitem"}, Count: []string{"row"}, Place: true},
	{Word: "item", AnyKind: true, Part: []string{"listitem", "article", "row", "menuitem", "option", "treeitem"}, Count: []string{"listitem", "option", "treeitem", "menuitem", "row"}, Place: true},
	{Word: "menu", Kind: []string{"menu", "menubar", "button", "menuitem", "combobox", "listbox"}, Part: []string{"menu", "menubar"}, Shown: []string{"menu", "menubar"}, Place: true},
	{Word: "treeitem", Kind: []string{"treeitem"}},
	// A file tree's branches and leaves as its users name them ("expand
	// the Projects folder"): tree items, or a tree grid's rows.
	{Word: "folder", Kind: []string{"treeitem", "row"}, Part: []string{"treeitem", "row"}, Count: []string{"treeitem", "row"}},
	{Word: "gridcell", Kind: []string{"gridcell"}},
	{Word: "column", Kind: []string{"columnheader"}, Place: true},
	{Word: "dialog", Kind: []string{"dialog", "alertdialog"}, Part: []string{"dialog", "alertdialog"}, Sole: []string{"dialog", "alertdialog"}, Place: true},
	{Word: "alert", Kind: []string{"alert", "alertdialog"}, Part: []string{"alert", "alertdialog", "status"}, Sole: []string{"alert", "alertdialog"}},
	{Word: "meter", Kind: []string{"meter", "progressbar"}, Sole: []string{"meter", "progressbar"}, SoleValue: true},
	{Word: "progress bar", Kind: []string{"progressbar"}, Sole: []string{"progressbar"}, SoleValue: true},
	{Word: "panel", Kind: []string{"tabpanel", "region", "group"}, Part: []string{"region", "group", "tabpanel", "complementary", "dialog"}, Place: true},
	{Word: "tab panel", Kind: []string{"tabpanel"}, Part: []string{"tabpanel"}, Sole: []string{"tabpanel"}, Place: true},
	{Word: "tab list", Kind: []string{"tablist"}, Part: []string{"tablist"}, Sole: []string{"tablist"}, Place: true},
	{Word: "article", Kind: []string{"article"}, Part: []string{"article"}, Count: []string{"article"}, Place: true},
	{Word: "card", Kind: []string{"article", "group", "region", "listitem"}, Part: []string{"article", "listitem", "group", "region", "row", "figure"}, Count: []string{"article", "listitem"}, Place: true},
	{Word: "section", Kind: []string{"region", "group"}, Part: []string{"region", "group", "article", "form", "complementary", "navigation", "banner", "contentinfo", "main"}, Place: true},
	{Word: "region", Kind: []string{"region"}, Part: []string{"region", "complementary", "navigation", "banner", "contentinfo", "main", "search"}, Place: true},
	{Word: "toolbar", Kind: []string{"toolbar"}, Part: []string{"toolbar"}, Sole: []string{"toolbar"}, Place: true},
	{Word: "tree", Kind: []string{"tree", "treegrid"}, Part: []string{"tree", "treegrid"}, Sole: []string{"tree", "treegrid"}, Place: true},
	{Word: "grid", Kind: []string{"grid", "treegrid"}, Part: []string{"grid", "treegrid", "table"}, Sole: []string{"grid", "treegrid"}, Place: true},
	{Word: "table", Kind: []string{"table", "grid", "treegrid"}, Part: []string{"table", "grid", "treegrid"}, Sole: []string{"table", "grid", "treegrid"}, Place: true},
	{Word: "list", Kind: []string{"list", "listbox", "combobox"}, Part: []string{"list", "listbox", "menu"}, Place: true},
	{Word: "figure", Kind: []string{"figure"}},
	{Word: "navigation", Kind: []string{"navigation"}, Sole: []string{"navigation"}},
	{Word: "drop-down", Kind: []string{"combobox", "listbox"}},
	{Word: "select", Kind: []string{"combobox", "listbox"}},
	{Word: "tile", Part: []string{"article", "listitem", "group", "region", "figure"}, Place: true},
	{Word: "product", Part: []string{"article", "listitem", "group", "region", "row"}, Count: []string{"listitem", "article", "row"}, Place: true},
	{Word: "listing", Part: []string{"article", "listitem", "group", "region", "row"}, Place: true},
	{Word: "group", Part: []string{"group", "radiogroup", "region"}, Place: true},
	{Word: "form", Part: []string{"form", "region", "group"}, Place: true},
	{Word: "carousel", Part: []string{"region", "group"}},
	{Word: "slide", Part: []string{"group", "region", "tabpanel"}},
	{Word: "feed", Part: []string{"feed"}, Sole: []string{"feed"}},
	{Word: "progressbar", Sole: []string{"progressbar"}, SoleValue: true},
	{Word: "progress", Sole: []string{"progressbar"}, SoleValue: true},
	{Word: "gauge", Sole: []string{"meter", "progressbar"}, SoleValue: true},
	{Word: "status", Sole: []string{"status"}},
	{Word: "status bar", Sole: []string{"status"}},
	{Word: "status message", Sole: []string{"status", "alert"}},
	{Word: "dialog box", Sole: []string{"dialog", "alertdialog"}},
	{Word: "modal", Sole: []string{"dialog", "alertdialog"}},
	{Word: "popup", Sole: []string{"dialog", "alertdialog"}},
	{Word: "menu bar", Sole: []string{"menubar"}},
	{Word: "banner", Sole: []string{"banner"}},
	{Word: "footer", Sole: []string{"contentinfo"}},
	// A page's header is its banner; "the Price header" a table's column
	// (or row) header.
	{Word: "header", Kind: []string{"columnheader", "rowheader"}, Sole: []string{"banner"}},
	{Word: "log", Sole: []string{"log"}},
	{Word: "timer", Sole: []string{"timer"}},
	{Word: "tooltip", Sole: []string{"tooltip"}},
	{Word: "entry", Count: []string{"listitem", "row", "option"}, Place: true},
	{Word: "todo", Count: []string{"listitem"}},
	{Word: "to-do", Count: []string{"listitem"}},
	{Word: "task", Count: []string{"listitem"}},
	{Word: "result", Count: []string{"listitem", "row", "option", "article"}},
	{Word: "line", Count: []string{"row", "listitem"}, Place: true},
	{Word: "node", Count: []string{"treeitem"}},
	{Word: "choice", Count: []string{"option", "radio"}},
	{Word: "element", Count: []string{"listitem", "option", "row", "treeitem"}},
	{Word: "record", Count: []string{"row"}},
	{Word: "message", Count: []string{"listitem", "article"}},
	{Word: "area", Place: true},
	{Word: "page", Place: true},
	{Word: "search"},
})

func longestFirst(ns []Noun) []Noun {
	slices.SortStableFunc(ns, func(a, b Noun) int { return cmp.Compare(len(b.Word), len(a.Word)) })
	return ns
}

// nounRanks maps each word of Nouns to RankRoles, for rankNodes.
var nounRanks = func() map[string][]string {
	m := make(map[string][]string, len(Nouns))
	for _, n := range Nouns {
		if rs := n.RankRoles(); len(rs) > 0 {
			m[n.Word] = rs
		}
	}
	return m
}()
