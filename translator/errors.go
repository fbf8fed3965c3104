package translator

import (
	"errors"
	"fmt"
	"sort"
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
	case e.What == "" && e.Want == wantDialog:
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
const maxListed = 5

// AmbiguousError says that several elements fit the action equally well.
type AmbiguousError struct {
	What       string
	Candidates []string
	Hint       string // how to say which one, e.g. `add "for <name>"`
	nodes      []*dom.Node
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

func ambiguous(page *dom.Node, what string, nodes []*dom.Node) error {
	var c []string
	frames := acrossFrames(nodes) // each says which document it is in
	for _, n := range nodes {
		d := short(n)
		if ct := distinct(n, nodes); ct != nil {
			d += " in " + short(ct)
		}
		if frames {
			d += " " + whereIs(n)
		}
		c = append(c, d)
	}
	hint := ""
	if ct := distinct(nodes[0], nodes); ct != nil {
		hint = fmt.Sprintf("say which, e.g. %q", what+" for "+label(ct))
	}
	if frames {
		// A frame by its name, else (none has one) by its place.
		frame := ""
		for _, n := range nodes {
			if f := dom.FrameOf(n); f != nil && f.Name != "" {
				frame = strings.ToLower(f.Name)
				break
			}
		}
		for _, n := range nodes {
			if f := dom.FrameOf(n); f != nil && frame == "" {
				frame = framePlaceOf(f) // "" for its document's only frame
			}
		}
		if frame != "" {
			hint = fmt.Sprintf("say which, e.g. %q", what+" in the "+frame+" frame")
		}
	}
	return &AmbiguousError{What: what, Candidates: c, Hint: hint, nodes: nodes}
}

func notFound(page *dom.Node, what string, nodes []*dom.Node, wantName string) error {
	type cand struct {
		d string
		s float64
	}
	var cs []cand
	seen := map[string]bool{}
	for _, n := range nodes {
		l, d := label(n), short(n)
		if l == "" {
			// An unnamed control is listed by its place, as an action may
			// name it: `checkbox in listitem "Buy milk"`.
			c := container(n)
			if c == nil {
				continue
			}
			l, d = label(c), d+" in "+short(c)
		}
		if seen[d] {
			continue
		}
		seen[d] = true
		cs = append(cs, cand{d, similarity(l, what)})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].s > cs[j].s })
	var names []string
	for i := 0; i < len(cs) && i < maxListed; i++ {
		names = append(names, cs[i].d)
	}
	return &NotFoundError{What: what, Want: wantName, Candidates: names}
}

func asNotFound(err error, target **NotFoundError) bool { return errors.As(err, target) }
