package dom

import (
	"maps"
	"slices"
)

// The role facts of this package, each in one table: ParseHTML, Minimize,
// the locators of commandgen/locator (through KnownRole, ContainerRole,
// TextFieldRole and LabelledRole) and the translator (through
// ContainerRoles, TextFieldRoles and CheckableRoles) read these and keep
// no lists of their own.

func roleSet(roles ...string) map[string]bool {
	s := make(map[string]bool, len(roles))
	for _, r := range roles {
		s[r] = true
	}
	return s
}

// ariaRoles are the concrete ARIA roles Playwright knows (its validRoles).
// An explicit role attribute counts only when it names one of them;
// abstract roles such as "section" never appear in a snapshot.
var ariaRoles = roleSet(
	"alert", "alertdialog", "application", "article", "banner", "blockquote",
	"button", "caption", "cell", "checkbox", "code", "columnheader", "combobox",
	"complementary", "contentinfo", "definition", "deletion", "dialog",
	"directory", "document", "emphasis", "feed", "figure", "form", "generic",
	"grid", "gridcell", "group", "heading", "img", "insertion", "link", "list",
	"listbox", "listitem", "log", "main", "mark", "marquee", "math", "meter",
	"menu", "menubar", "menuitem", "menuitemcheckbox", "menuitemradio",
	"navigation", "none", "note", "option", "paragraph", "presentation",
	"progressbar", "radio", "radiogroup", "region", "row", "rowgroup",
	"rowheader", "scrollbar", "search", "searchbox", "separator", "slider",
	"spinbutton", "status", "strong", "subscript", "superscript", "switch",
	"tab", "table", "tablist", "tabpanel", "term", "textbox", "time", "timer",
	"toolbar", "tooltip", "tree", "treegrid", "treeitem",
)

// interactiveRoles are the roles a user acts on; see Node.Interactive.
var interactiveRoles = roleSet(
	"button", "link", "textbox", "searchbox", "checkbox", "radio", "combobox",
	"listbox", "option", "menuitem", "menuitemcheckbox", "menuitemradio", "tab",
	"switch", "slider", "spinbutton", "treeitem",
)

// containerRoles are the elements that group others and tell which card,
// row, form or part of the page an element belongs to. Minimize keeps an
// unnamed one around a single child, locator.Synthesize scopes a locator by them,
// and the translator names an element by its container.
var containerRoles = roleSet(
	"article", "region", "row", "listitem", "group", "form", "dialog",
	"alertdialog", "navigation", "banner", "main", "contentinfo",
	"complementary", "search", "tabpanel", "table", "grid", "list", "menu",
	"menubar", "toolbar", "tablist", "tree", "radiogroup", "figure",
)

// textFieldRoles take typed text, which a snapshot shows as their Value.
var textFieldRoles = roleSet("textbox", "searchbox", "combobox", "spinbutton")

// checkableRoles are the controls a user checks and unchecks, which have a
// checked state of their own: check boxes, radios, switches and their menu
// item forms.
var checkableRoles = roleSet("checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio")

// labelledRoles are the form controls a <label> names, which getByLabel
// finds.
var labelledRoles = roleSet(
	"textbox", "searchbox", "combobox", "listbox", "checkbox", "radio",
	"switch", "slider", "spinbutton",
)

// nameFromContentRoles are the roles whose accessible name is their text
// when nothing else names them (ARIA's "name from content", as Playwright
// computes it). Rows are left out: Playwright's snapshots show them unnamed
// (testdata/cart.yaml), and ParseHTML follows the snapshots.
var nameFromContentRoles = roleSet(
	"button", "cell", "checkbox", "columnheader", "gridcell", "heading", "link",
	"menuitem", "menuitemcheckbox", "menuitemradio", "option", "radio",
	"rowheader", "switch", "tab", "tooltip", "treeitem",
)

// nameIsText reports whether the name of a node of this role is text that
// Playwright's getByText sees in it: the role is named from its content,
// and it is not a form control named by a label (a check box's name is the
// text of its label, where getByText finds it).
func nameIsText(role string) bool {
	return nameFromContentRoles[role] && !labelledRoles[role]
}

// ContainerRoles returns the roles of the elements that group others and
// tell which card, row, form or part of the page an element belongs to
// (article, row, form, dialog, navigation, ...), sorted.
func ContainerRoles() []string { return slices.Sorted(maps.Keys(containerRoles)) }

// ARIARoles returns the concrete ARIA roles an explicit role attribute
// may name (Playwright's validRoles), sorted, for the page's JavaScript
// (replay's describe.js) to read a role attribute as ParseHTML does.
func ARIARoles() []string { return slices.Sorted(maps.Keys(ariaRoles)) }

// TextFieldRoles returns the roles that take typed text (textbox,
// searchbox, combobox, spinbutton), sorted.
func TextFieldRoles() []string { return slices.Sorted(maps.Keys(textFieldRoles)) }

// CheckableRoles returns the roles of the controls a user checks and
// unchecks (checkbox, radio, switch and their menu item forms), sorted.
func CheckableRoles() []string { return slices.Sorted(maps.Keys(checkableRoles)) }

// KnownRole reports whether role is a concrete ARIA role Playwright knows
// (ARIARoles).
func KnownRole(role string) bool { return ariaRoles[role] }

// ContainerRole reports whether role groups others (ContainerRoles).
func ContainerRole(role string) bool { return containerRoles[role] }

// TextFieldRole reports whether role takes typed text (TextFieldRoles).
func TextFieldRole(role string) bool { return textFieldRoles[role] }

// LabelledRole reports whether role is a form control a <label> names,
// which getByLabel finds.
func LabelledRole(role string) bool { return labelledRoles[role] }
