package translator

import (
	"errors"
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/dom"
)

// ErrUnparsable is wrapped by errors for actions a translator cannot read.
var ErrUnparsable = errors.New("cannot understand the action")

// NotFoundError says that no element on the page fits the action.
type NotFoundError struct {
	What       string   // the words that named the element; "" when a kind alone did ("the status")
	Want       string   // the kind of element looked for ("button or link", "text field")
	Candidates []string // the closest elements on the page, best first
	// Where is where it was looked for, when not the whole page: `in
	// frame "Checkout"` for a sentence that named that frame.
	Where string
}

func (e *NotFoundError) Error() string {
	where := "on the page"
	if e.Where != "" {
		where = e.Where
	}
	msg := fmt.Sprintf("no %s matching %q %s", e.Want, e.What, where)
	switch {
	case e.What == "" && e.Want == WantDialog:
		msg = "no alert, confirm or prompt is open: the action before it opened none (a dialog the page draws itself is clicked: \"click OK in the Save dialog\")"
	case e.What == "" && e.Want == "dialog":
		msg = "no dialog is open"
	case e.What == "":
		msg = fmt.Sprintf("no %s is %s", e.Want, where)
	}
	if len(e.Candidates) > 0 {
		msg += "; closest: " + strings.Join(e.Candidates, ", ")
	}
	return msg
}

// maxListed is how many candidates an error message lists.
const MaxListed = 5

// AmbiguousError says that several elements fit the action equally well.
type AmbiguousError struct {
	What       string
	Candidates []string
	Hint       string // how to say which one, e.g. `add "for <name>"`
	// Nodes are the elements that fit.
	Nodes []*dom.Node
}

func (e *AmbiguousError) Error() string {
	shown := e.Candidates
	more := ""
	if len(shown) > MaxListed {
		shown, more = shown[:MaxListed], fmt.Sprintf("; and %d more", len(e.Candidates)-MaxListed)
	}
	msg := fmt.Sprintf("%q matches %d elements: %s%s", e.What, len(e.Candidates), strings.Join(shown, "; "), more)
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	return msg
}

// ErrModelUnavailable is wrapped by the errors of a model server that
// could not be used: unreachable, failing (5xx, 429) after the retries,
// silent past the timeout, or refusing the request (a bad key, an unknown
// model).
var ErrModelUnavailable = errors.New("language model unavailable")

// wantDialog is what a NotFoundError of a browser dialog looks for.
const WantDialog = "browser dialog"
