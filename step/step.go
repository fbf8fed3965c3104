// Package step holds the step every stage shares: the typed form between
// an action's words and the MCP tool calls that perform it. The
// translator writes steps, the compiler runs them, package commandgen
// turns them into calls and back, the exporters read them. It imports
// nothing of plaintest's.
package step

import "strings"

// Kind is what an intermediate step does.
type Kind string

// The kinds of step a translator produces. Actions first, then checks.
const (
	Navigate    Kind = "navigate"     // Value: URL (absolute, or a path relative to the current page)
	Click       Kind = "click"        // Ref
	DoubleClick Kind = "double_click" // Ref
	Type        Kind = "type"         // Ref, Value: text to fill
	Clear       Kind = "clear"        // Ref: a field to empty
	Select      Kind = "select"       // Ref: a native select; Value: option label
	Choose      Kind = "choose"       // Ref: a combo box that is not a native select; Value: the option to pick
	SetValue    Kind = "set_value"    // Ref: a slider or spin button; Value: the number to set
	Check       Kind = "check"        // Ref
	Uncheck     Kind = "uncheck"      // Ref
	Press       Kind = "press"        // Value: key name ("Enter", "Control+A"); Ref, when set: the element to press it in
	Hover       Kind = "hover"        // Ref
	Scroll      Kind = "scroll"       // Ref: the element to bring into view
	ScrollPage  Kind = "scroll_page"  // Value: down, up (a screen), bottom or top (of the page); Ref, when set: the box scrolled instead of the window
	Reload      Kind = "reload"       // reload the page
	Back        Kind = "back"         // go back in the browser's history
	Forward     Kind = "forward"      // go forward in the browser's history
	Wait        Kind = "wait"         // Value: seconds
	// ScrollUntil scrolls a box a screen at a time until an element is in
	// it: a list that renders only the rows in view (a virtual list)
	// holds the row an action names only once scrolled to it. Ref: the
	// box ("" = the window); Value: the name of the element looked for;
	// Values: its role (none: Value is a text it shows).
	ScrollUntil Kind = "scroll_until"
	// The browser's own dialogs (alert, confirm, prompt), which an action
	// opens: the next step accepts or dismisses the one open
	// (Request.Dialog).
	AcceptDialog  Kind = "accept_dialog"  // Value: the prompt's text ("" for none)
	DismissDialog Kind = "dismiss_dialog" // no element, no value
	Upload        Kind = "upload"         // Ref: the file field or the button that opens the file chooser; Value: the file, relative to the files folder
	SwitchTab     Kind = "switch_tab"     // Value: TabNew, or the tab's number counted from 1
	Drag          Kind = "drag"           // Ref: what is dragged; Drop: where it is dropped
	// Then is not a step of its own: Value is an action to read against the
	// page the steps before it leave (a row's delete button shows only
	// once the row is hovered).
	Then Kind = "then"
	// Submit is not a step of its own: the compiler clicks the submit
	// button of the form Value names ("" the page's one form), as found
	// in the page, and keeps that Click.
	Submit Kind = "submit"
	// Remember reads a value from the page for later actions: neither an
	// action (it changes nothing) nor a check (it asserts only that the
	// value is not empty). Ref: the element whose text (a field: its
	// value) is read; Value: the NAME later actions write as {{NAME}}
	// (remember.go).
	Remember Kind = "remember"

	AssertText    Kind = "assert_text"    // Value: text that must be visible (in Ref's element when set)
	AssertGone    Kind = "assert_gone"    // Value: text that must not be visible (in Ref's element when set)
	AssertState   Kind = "assert_state"   // Ref; Value: a State; Negated
	AssertValue   Kind = "assert_value"   // Ref: a field, slider, spin button or combo box; Value: its value ("" = empty); Match
	AssertCount   Kind = "assert_count"   // Ref: the list, table, tree... ("" = the page); Value: the number; Values: the item roles counted
	AssertURL     Kind = "assert_url"     // Value; Match
	AssertTitle   Kind = "assert_title"   // Value; Match
	AssertOrder   Kind = "assert_order"   // Ref: the list ("" = the page's main list); Values; Match: "first", "last", "sequence"
	AssertVisible Kind = "assert_visible" // Ref: an element that must be visible
	AssertColour  Kind = "assert_colour"  // Ref; Value: a colour family ("red"); Match: MatchText, MatchBackground or "" (either); Negated
)

// TabNew is a SwitchTab step's Value for the tab opened last.
const TabNew = "new"

// IsCheck reports whether k is an assertion: it looks at the page and
// changes nothing.
func (k Kind) IsCheck() bool { return strings.HasPrefix(string(k), "assert_") }

// The states an AssertState step checks (its Value).
const (
	StateChecked  = "checked"
	StateMixed    = "mixed"
	StateDisabled = "disabled"
	StateExpanded = "expanded"
	StateSelected = "selected"
	StatePressed  = "pressed"
	StateCurrent  = "current" // aria-current, or selected or pressed: the filter, tab or link that is highlighted
	StateFocused  = "focused"
	StateRequired = "required"
	StateReadOnly = "readonly"
	StateInvalid  = "invalid"
	// StateSorted: aria-sort other than none; the others its direction.
	StateSorted           = "sorted"
	StateSortedAscending  = "sorted ascending"
	StateSortedDescending = "sorted descending"
)

// The ways a checked value is compared with the expected one (Step.Match).
const (
	MatchEquals   = "equals"
	MatchContains = "contains"
	MatchStarts   = "starts"
	MatchEnds     = "ends"
	// MatchPath: the URL, its query and fragment aside, ends with the
	// value ("I should be on /cart": /cart?welcome=1 too).
	MatchPath     = "path"
	MatchFirst    = "first"
	MatchLast     = "last"
	MatchSequence = "sequence"
	// MatchNth + "3": the third item (an order check).
	MatchNth = "nth:"
	// MatchNow: a slider's or spin button's number (aria-valuenow), not
	// its text.
	MatchNow = "now"
	// MatchValue: on a Select, Value is the option's value attribute,
	// not its label; compile reads the label from the page.
	MatchValue = "value"
	// MatchText and MatchBackground say which colour a colour check
	// reads: the text's, or the one behind the element; "" reads both,
	// the element's text and its own fill ("the badge is red").
	MatchText       = "text"
	MatchBackground = "background"
)

// Step is one concrete step: the intermediate form between an action's words
// and MCP tool calls.
type Step struct {
	Kind Kind
	// Role is the target's ARIA role ("button", "checkbox"), empty without a target.
	Role string
	// Ref is the target's ref in the snapshot the step was translated against.
	Ref string
	// Element describes the target for people and for the MCP server's
	// "element" argument: `button "Add to cart" in article "Blue Mug"`.
	Element string
	// Value is the URL, text, option, key, expected text or seconds.
	Value string
	// Values are the texts an order check expects, or the item roles a
	// count counts.
	Values []string
	// Match says how a check compares (see the Match constants).
	Match string
	// Negated turns a state check around: "is not checked"; on a Click
	// with Unless, it asks for the state's opposite.
	Negated bool
	// Unless, on a Click, names the state (StateExpanded) it sets: the
	// click is made only when the element is not in it (with Negated, only
	// when it is), so "expand X" on a page where X starts open leaves it
	// open. The export reads the state first and makes the click's call
	// conditional on it (package commandgen's StateRead and Unless).
	Unless string
	// Words are the words the action named the element by, when they are
	// a part of its name ("My orders" for the link "My orders (3)"): a
	// locator built from them survives the rest of the name changing.
	Words string
	// Drop is where a Drag step drops its element (its Ref, Role,
	// Element and Words); nil for other kinds.
	Drop *Step
	// Wait marks a check the sentence waits for ("wait for TEXT to
	// appear", "wait until the upload shows 100%"): it waits up to
	// CallOptions.WaitTimeout (the navigation timeout), not the check
	// timeout.
	Wait bool
	// Shadow marks a check compiled on a page with open shadow roots (web
	// components): it reads text, counts, order, values and focus
	// through them (internal/pagejs's deepText, deepAll, deepFocus). A
	// check of a page with none reads as it always did, so its function
	// stays short and its export unchanged.
	Shadow bool
	// Action is the plain-English action the step came from.
	Action string
	// Model names the language model that answered the step; "" when the
	// rules translator read it.
	Model string
}
