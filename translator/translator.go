// Package translator turns one plain-English action into concrete
// intermediate steps against the current page: "add the Blue Mug to the cart"
// becomes a click on the ref of the right "Add to cart" button.
//
// It takes a Request (the action, the page's full dom.Node tree, its URL
// and the earlier actions) and gives the Steps (kind, target ref, role and
// description, value), or an error: *NotFoundError or *AmbiguousError
// listing the closest elements, or one wrapping ErrUnparsable.
//
// Two translators share the Translator interface: Rules, deterministic and
// model-free, and (coming) LLM, which asks an OpenAI-compatible model through
// function calling. Both read the page as a dom.Node tree and answer with
// refs of that tree; turning refs into tool calls and stable selectors is the
// commandgen and parser packages' job.
package translator

import (
	"context"

	"github.com/plaintest/plaintest/dom"
)

// Kind is what an intermediate step does.
type Kind string

// The kinds of step a translator produces.
const (
	Navigate   Kind = "navigate"    // Value: URL (absolute, or a path relative to the current page)
	Click      Kind = "click"       // Ref
	Type       Kind = "type"        // Ref, Value: text to fill
	Select     Kind = "select"      // Ref, Value: option label
	Check      Kind = "check"       // Ref
	Uncheck    Kind = "uncheck"     // Ref
	Press      Kind = "press"       // Value: key name ("Enter", "Control+A")
	Hover      Kind = "hover"       // Ref
	AssertText Kind = "assert_text" // Value: text that must be visible
	AssertGone Kind = "assert_gone" // Value: text that must not be visible
	Wait       Kind = "wait"        // Value: seconds
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
	// Action is the plain-English action the step came from.
	Action string
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
}

// Translator turns one action into steps. It returns a *NotFoundError when
// the page lacks the element the action names (the caller may wait for the
// page and ask again), an *AmbiguousError when several elements fit equally
// well, and an error wrapping ErrUnparsable when it cannot read the action.
type Translator interface {
	Translate(ctx context.Context, req Request) ([]Step, error)
}
