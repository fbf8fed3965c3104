package dom

// interactiveRoles are the roles a user acts on; see Node.Interactive.
var interactiveRoles = map[string]bool{
	"button": true, "link": true, "textbox": true, "searchbox": true,
	"checkbox": true, "radio": true, "combobox": true, "listbox": true,
	"option": true, "menuitem": true, "menuitemcheckbox": true,
	"menuitemradio": true, "tab": true, "switch": true, "slider": true,
	"spinbutton": true, "treeitem": true,
}

// labelledRoles are the roles getByLabel finds.
var labelledRoles = map[string]bool{
	"textbox": true, "searchbox": true, "combobox": true, "listbox": true,
	"checkbox": true, "radio": true, "switch": true, "slider": true, "spinbutton": true,
}

// nameFromContentRoles take their accessible name from their text, so the
// name is also text Playwright's getByText sees.
var nameFromContentRoles = map[string]bool{
	"button": true, "link": true, "heading": true, "cell": true, "gridcell": true,
	"columnheader": true, "rowheader": true, "option": true, "tab": true,
	"menuitem": true, "menuitemcheckbox": true, "menuitemradio": true,
	"treeitem": true, "tooltip": true, "listitem": true, "row": true,
	"generic": true, "paragraph": true, "strong": true, "emphasis": true, "code": true,
	"text": true, "status": true, "alert": true, "caption": true, "legend": true,
	"term": true, "definition": true, "note": true, "superscript": true, "subscript": true,
}

// nameFromContent are the roles whose name is their text when nothing else
// names them.
var nameFromContent = map[string]bool{
	"button": true, "cell": true, "checkbox": true, "columnheader": true, "gridcell": true,
	"heading": true, "link": true, "menuitem": true, "menuitemcheckbox": true,
	"menuitemradio": true, "option": true, "radio": true, "rowheader": true, "switch": true,
	"tab": true, "tooltip": true, "treeitem": true,
}

// scopeRoles are the containers Synthesize may scope a locator by.
var scopeRoles = map[string]bool{
	"article": true, "region": true, "row": true, "listitem": true, "group": true,
	"dialog": true, "alertdialog": true, "form": true, "navigation": true,
	"banner": true, "main": true, "contentinfo": true, "complementary": true,
	"search": true, "tabpanel": true, "table": true, "list": true, "menu": true,
	"toolbar": true, "radiogroup": true, "tree": true, "grid": true, "figure": true,
}

// containerRoles are the named containers that tell which card, row or form
// an interactive element belongs to.
var containerRoles = map[string]bool{
	"article": true, "region": true, "row": true, "listitem": true, "group": true,
	"form": true, "dialog": true, "alertdialog": true, "navigation": true,
	"banner": true, "main": true, "contentinfo": true, "complementary": true,
	"search": true, "tabpanel": true, "table": true, "grid": true, "list": true,
	"menu": true, "menubar": true, "toolbar": true, "tablist": true, "tree": true,
	"radiogroup": true, "section": true, "figure": true,
}

// textFieldRoles hold typed text in their Value.
var textFieldRoles = map[string]bool{"textbox": true, "searchbox": true, "combobox": true, "spinbutton": true}
