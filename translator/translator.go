// Package translator turns one plain-English action into concrete
// intermediate steps against the current page: "add the Blue Mug to the cart"
// becomes a click on the ref of the right "Add to cart" button.
//
// It takes a Request (the action, the page's full dom.Node tree, its URL
// and the earlier actions) and gives the Steps (kind, target ref, role and
// description, value), or an error: *NotFoundError or *AmbiguousError
// listing the closest elements, or one wrapping ErrUnparsable.
//
// Three translators share the Translator interface: Rules, deterministic
// and model-free; LLM, which asks an OpenAI-compatible model through
// function calling (llm.go), one step at a time; and Auto, which asks the
// rules first and the model for what they cannot read (auto.go). All read
// the page as a dom.Node tree and answer with refs of that tree; turning
// refs into tool calls and stable selectors is the commandgen and parser
// packages' job.
package translator

import (
	"context"
	"strings"

	"github.com/plaintest/plaintest/dom"
)

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
	Reload      Kind = "reload"       // reload the page
	Back        Kind = "back"         // go back in the browser's history
	Forward     Kind = "forward"      // go forward in the browser's history
	Wait        Kind = "wait"         // Value: seconds
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

	AssertText    Kind = "assert_text"    // Value: text that must be visible (in Ref's element when set)
	AssertGone    Kind = "assert_gone"    // Value: text that must not be visible (in Ref's element when set)
	AssertState   Kind = "assert_state"   // Ref; Value: a State; Negated
	AssertValue   Kind = "assert_value"   // Ref: a field, slider, spin button or combo box; Value: its value ("" = empty); Match
	AssertCount   Kind = "assert_count"   // Ref: the list, table, tree... ("" = the page); Value: the number; Values: the item roles counted
	AssertURL     Kind = "assert_url"     // Value; Match
	AssertTitle   Kind = "assert_title"   // Value; Match
	AssertOrder   Kind = "assert_order"   // Ref: the list ("" = the page's main list); Values; Match: "first", "last", "sequence"
	AssertVisible Kind = "assert_visible" // Ref: an element that must be visible
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
	MatchFirst    = "first"
	MatchLast     = "last"
	MatchSequence = "sequence"
	// MatchNth + "3": the third item (an order check).
	MatchNth = "nth:"
	// MatchNow: a slider's or spin button's number (aria-valuenow), not
	// its text.
	MatchNow = "now"
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
	// Negated turns a state check around: "is not checked".
	Negated bool
	// Words are the words the action named the element by, when they are
	// a part of its name ("My orders" for the link "My orders (3)"): a
	// locator built from them survives the rest of the name changing.
	Words string
	// Drop is where a Drag step drops its element (its Ref, Role,
	// Element and Words); nil for other kinds.
	Drop *Step
	// Action is the plain-English action the step came from.
	Action string
	// Model names the language model that answered the step; "" when the
	// rules translator read it.
	Model string
}

// Request is one action to translate against the current page.
type Request struct {
	Action string
	// Page is the full (not minimized) tree of the current page.
	Page *dom.Node
	// URL is the current page's URL.
	URL string
	// History holds the earlier actions of the scenario, oldest first.
	History []string
	// Previous names what the previous action acted on ("Buy milk"), for
	// "click its delete button".
	Previous string
	// Continued is set when Action is the Then of steps that have just run:
	// it is not continued again.
	Continued bool
	// Title is the current page's title.
	Title string
	// Taken are the steps already run for this action, in order, when it is
	// Continued.
	Taken []Step
	// Dialog describes the browser dialog (alert, confirm, prompt) the
	// previous action opened and nobody has handled yet, as the server
	// says it (`"confirm" dialog with message "Delete it?"`); "" when none
	// is open. While one is, the page cannot be read or acted on.
	Dialog string
	// Record, when set, is told what every answer of a language model cost,
	// whatever Translate returns.
	Record func(ModelCall)
}

// ModelCall is one answer of a language model and what it cost.
type ModelCall struct {
	Model string
	// Answer is the answer's action type ("input", "done"); "" when no
	// usable answer came.
	Answer string
	// Element describes the element the answer acts on, when it names one.
	Element string
	// PromptTokens and CompletionTokens are the server's counts, summed
	// over Requests; 0 when the server reports none.
	PromptTokens, CompletionTokens int
	// CountedPromptTokens is plaintest's own count of the prompts sent,
	// with the model's tokenizer (prompt.Request.Tokens), summed over
	// Requests; PageTokens the tokens of the page shown (or, for a cached
	// answer, that would have been).
	CountedPromptTokens, PageTokens int
	// Requests is how many requests the answer took: 1, more when an
	// answer was refused and asked again; 0 when it came from the cache.
	Requests int
	Cached   bool
}

// MultiRound is implemented by a translator that reads one action over
// several rounds, each a step and a Then: MaxRounds is how many rounds an
// action may take before the caller gives up on it (0: the caller's
// default).
type MultiRound interface {
	MaxRounds() int
}

// Translator turns one action into steps. It returns a *NotFoundError when
// the page lacks the element the action names (the caller may wait for the
// page and ask again), an *AmbiguousError when several elements fit equally
// well, and an error wrapping ErrUnparsable when it cannot read the action.
type Translator interface {
	Translate(ctx context.Context, req Request) ([]Step, error)
}
