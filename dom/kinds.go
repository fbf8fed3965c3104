package dom

import "strings"

// A FieldKind is a kind of field a person names by its kind ("the
// password field", "the PIN box", "the text area", "the editable
// region"), which the accessibility snapshot lists only as a text box
// or not at all: the page is read for it (the parser's pagefind.js
// reports each such field with its Kind).
type FieldKind struct {
	// Kind is the field's kind as the page reports it: an input's type,
	// "textarea" or "contenteditable".
	Kind string
	// Role is the role the element is read as: the role its input type
	// has, "textbox" for a contenteditable element, a field one types
	// into.
	Role string
	// Words are what people call it, the first the name it is given when
	// it has none of its own.
	Words []string
}

// FieldKinds is the one table of the kinds of field people name.
var FieldKinds = []FieldKind{
	{Kind: "password", Role: "textbox", Words: []string{"password", "pin", "passcode", "passphrase", "pin code"}},
	{Kind: "email", Role: "textbox", Words: []string{"email", "e-mail", "email address", "e-mail address"}},
	{Kind: "search", Role: "searchbox", Words: []string{"search"}},
	{Kind: "number", Role: "spinbutton", Words: []string{"number", "numeric"}},
	{Kind: "tel", Role: "textbox", Words: []string{"phone", "telephone", "phone number", "tel"}},
	{Kind: "url", Role: "textbox", Words: []string{"url", "web address", "website"}},
	{Kind: "date", Role: "textbox", Words: []string{"date"}},
	{Kind: "datetime-local", Role: "textbox", Words: []string{"date and time", "datetime", "date time"}},
	{Kind: "time", Role: "textbox", Words: []string{"time"}},
	{Kind: "month", Role: "textbox", Words: []string{"month"}},
	{Kind: "week", Role: "textbox", Words: []string{"week"}},
	{Kind: "textarea", Role: "textbox", Words: []string{"text area", "textarea", "multiline text box", "multi-line text box"}},
	{Kind: "contenteditable", Role: "textbox", Words: []string{"editable region", "editable area", "editable field", "editable", "editor", "rich text editor", "text editor"}},
}

// FieldKindOf is the entry of FieldKinds for kind (an input's type, any
// case); ok is false for a kind people do not name (text, hidden, ...).
func FieldKindOf(kind string) (FieldKind, bool) {
	for _, k := range FieldKinds {
		if strings.EqualFold(k.Kind, kind) {
			return k, true
		}
	}
	return FieldKind{}, false
}

// KindWords are the words a person names an element of kind by (Node.Kind):
// a field kind's, an icon's; nil for "".
func KindWords(kind string) []string {
	if name, ok := strings.CutPrefix(kind, IconKindPrefix); ok {
		if ic, ok := IconNamed(name); ok {
			return ic.Words
		}
		return nil
	}
	if k, ok := FieldKindOf(kind); ok {
		return k.Words
	}
	return nil
}

// IsSelect reports whether n is a <select> as the snapshot lists it: a
// combo box that is not open and holds its options (a combo box one
// types into lists none until it opens). A person never calls it a text
// box.
func (n *Node) IsSelect() bool {
	if n == nil || n.Role != "combobox" || n.Expanded == "true" {
		return false
	}
	found := false
	for _, c := range n.Children {
		switch c.Role {
		case "option":
			found = true
		case "group":
			for _, o := range c.Children {
				found = found || o.Role == "option"
			}
		}
	}
	return found
}
