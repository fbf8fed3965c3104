package lexicon

// The kind nouns the grammar's sentence forms name, one list per form.
// The nouns a phrase names an element by (dom.Nouns) are read by package
// names; these are the ones a pattern spells out.
var (
	// ItemNouns name one item of a list by its place: "the first row
	// shows Ralph".
	ItemNouns = []string{"item", "entry", "row", "option", "todo", "task", "tab", "card", "article"}
	// PlaceNouns follow a place where an item is: "Buy milk is the last
	// one", "X is in the first position".
	PlaceNouns = []string{"item", "entry", "row", "option", "one", "todo", "task", "element", "position", "tab", "card", "article"}
	// BasketNouns are the places "add X to …" and "remove X from …" name.
	BasketNouns = []string{"shopping cart", "shopping bag", "cart", "basket", "bag", "trolley", "wish ?list", "favou?rites"}
	// BoxNouns name a box to tick alone: "the box that says I agree".
	BoxNouns = []string{"check ?box", "tick ?box", "box", "radio(?: button)?", "switch", "toggle"}
	// DialogKinds may come before a browser dialog's noun: "the confirm
	// dialog".
	DialogKinds = []string{"alert", "confirm", "confirmation", "prompt", "js", "javascript", "browser", "pop-?up"}
	// DialogNouns name a browser dialog: "the alert", "the dialog box".
	DialogNouns = []string{"dialog(?: box)?", "alert", "confirm", "confirmation", "prompt", "pop-?up", "message box"}
)
