// Package translator turns one plain-English action into concrete
// intermediate steps against the current page: "add the Blue Mug to the cart"
// becomes a click on the ref of the right "Add to cart" button.
//
// Two translators share the Translator interface: Rules, deterministic and
// model-free, and (coming) LLM, which asks an OpenAI-compatible model through
// function calling. Both read the page as a dom.Node tree and answer with
// refs of that tree; turning refs into tool calls and stable selectors is the
// commandgen and parser packages' job.
package translator

import (
	"context"
	"errors"
	"fmt"
	"strings"

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

// ErrUnparsable is wrapped by errors for actions a translator cannot read.
var ErrUnparsable = errors.New("cannot understand the action")

// NotFoundError says that no element on the page fits the action.
type NotFoundError struct {
	What       string   // the words that named the element
	Want       string   // the kind of element looked for ("button or link", "text field")
	Candidates []string // the closest elements on the page, best first
}

func (e *NotFoundError) Error() string {
	msg := fmt.Sprintf("no %s matching %q on the page", e.Want, e.What)
	if len(e.Candidates) > 0 {
		msg += "; closest: " + strings.Join(e.Candidates, ", ")
	}
	return msg
}

// maxListed is how many candidates an error message lists.
const maxListed = 5

// AmbiguousError says that several elements fit the action equally well.
type AmbiguousError struct {
	What       string
	Candidates []string
	Hint       string // how to say which one, e.g. `add "for <name>"`
}

func (e *AmbiguousError) Error() string {
	shown := e.Candidates
	more := ""
	if len(shown) > maxListed {
		shown, more = shown[:maxListed], fmt.Sprintf("; and %d more", len(e.Candidates)-maxListed)
	}
	msg := fmt.Sprintf("%q matches %d elements: %s%s", e.What, len(e.Candidates), strings.Join(shown, "; "), more)
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	return msg
}
