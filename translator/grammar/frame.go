package grammar

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/lexicon"
	"github.com/plaintest/plaintest/translator/names"
)

// Frames. A page's iframes are in its snapshot with their content under
// them (refs f1e3) and their names as the compiler read them from the page
// (their aria-label, title, name or id). A sentence names a frame by "in
// the payment frame" (or iframe, inside, within) after what it acts on or
// checks, or as the subject of a text check ("the payment frame shows
// Payment accepted"); the rest of the sentence is read against the frame's
// document alone. A frame inside a frame is named from the inside out, as
// a place is ("click Save in the card frame in the checkout frame"): the
// last frame phrase is read first, against the page, and the rest within
// that frame. An element named without its frame is found wherever it is
// the only one so named, frames included.

// reInFrame is "in the NAME frame" anywhere in a sentence.
var reInFrame = regexp.MustCompile(`(?i)\s+(?:in|inside|within)\s+(?:the\s+)?("[^"]+"|'[^']+'|[^"'\s](?:[^"']*?[^"'\s])?)\s+i?frame\b`)

// reFrameSubject is "the NAME frame" as the subject of a check: "the
// payment frame shows …".
var reFrameSubject = regexp.MustCompile(`(?i)\bthe\s+("[^"]+"|'[^']+'|[^"'\s](?:[^"']*?[^"'\s])?)\s+i?frame\s+((?:does\s+not|doesn't|no\s+longer)\s+)?(shows?|contains?|displays?|says|reads|includes?|has)\b`)

// frameScope reads the outermost frame a sentence names: the sentence
// without it (a frame that is the subject of a check becomes "the page"),
// and the frame's words; ok is false when the sentence names none. Of
// several "in the NAME frame", the last is the outermost.
func frameScope(action string) (rest, name string, ok bool) {
	if all := reInFrame.FindAllStringSubmatchIndex(action, -1); all != nil {
		m := all[len(all)-1]
		return strings.TrimSpace(action[:m[0]] + action[m[1]:]), names.Unquote(action[m[2]:m[3]]), true
	}
	if m := reFrameSubject.FindStringSubmatchIndex(action); m != nil {
		verb := m[6]
		if m[4] >= 0 {
			verb = m[4] // "does not show"
		}
		return action[:m[0]] + "the page " + action[verb:], names.Unquote(action[m[2]:m[3]]), true
	}
	return action, "", false
}

// inFrame translates req, whose sentence names the frame called name, as
// rest against that frame's document. A check of the page's text reads
// the frame's: its element is the frame's document (the node under the
// iframe).
func (r *Rules) inFrame(ctx context.Context, req translator.Request, rest, name string) ([]step.Step, error) {
	f, err := findFrame(req.Page, name)
	if err != nil {
		return nil, err
	}
	sub := req
	sub.Action, sub.Page = rest, f
	steps, err := r.Translate(ctx, sub)
	if amb := (*translator.AmbiguousError)(nil); errors.As(err, &amb) && ownAndInner(f, amb.Nodes) {
		// "Save in the checkout frame": the checkout frame's own Save,
		// not the one in a frame inside it, which the sentence would name
		// ("in the card frame in the checkout frame").
		sub.Page = dom.OwnFrame(f)
		own, oerr := r.Translate(ctx, sub)
		var ownAmb *translator.AmbiguousError
		switch {
		case oerr == nil:
			steps, err = own, nil
			if req.Note != nil && len(own) > 0 {
				req.Note(fmt.Sprintf("%q is read as %s of %s itself, not the one in a frame inside it", req.Action, own[0].Element, names.Short(f)))
			}
		case errors.As(oerr, &ownAmb):
			err = oerr // the frame's own, which the sentence must tell apart
		}
	}
	if nf := (*translator.NotFoundError)(nil); names.AsNotFound(err, &nf) && nf.Where == "" {
		// Looked for in the frame alone: say so, not "on the page".
		nf.Where = "in " + names.Short(f)
		if d := frameDocument(f); d != nil {
			nf.Where = names.WhereIs(d)
		}
	}
	if err != nil {
		return nil, err
	}
	for i := range steps {
		s := &steps[i]
		s.Action = req.Action
		if s.Ref != "" || !s.Kind.IsCheck() {
			continue
		}
		if !pageText[s.Kind] {
			// A count, URL or title of the page: not the frame's.
			return nil, fmt.Errorf("%w: %q checks the page, not the %s frame: name an element inside the frame (\"the Items list in the %s frame shows 3 items\")", translator.ErrUnparsable, rest, name, name)
		}
		doc := frameDocument(f)
		if doc == nil {
			return nil, &translator.NotFoundError{What: name, Want: "frame content"}
		}
		s.Role, s.Ref, s.Element = doc.Role, doc.Ref, names.Short(f)
	}
	return steps, nil
}

// ownAndInner reports whether nodes are some in the frame f's own
// document and some in frames inside it.
func ownAndInner(f *dom.Node, nodes []*dom.Node) bool {
	own, inner := false, false
	for _, n := range nodes {
		if dom.FrameOf(n) == f {
			own = true
		} else {
			inner = true
		}
	}
	return own && inner
}

// pageText are the checks of the page's text that a frame's document
// answers instead.
var pageText = map[step.Kind]bool{step.AssertText: true, step.AssertGone: true}

// frameDocument is the element of a frame's snapshot that holds its
// document (its body's node, f1e1); nil while it has none.
func frameDocument(f *dom.Node) *dom.Node {
	if len(f.Children) == 1 && f.Children[0].Ref != "" {
		return f.Children[0]
	}
	return nil
}

// findFrame is the one iframe of page named name: by its name's words,
// else the one whose name holds them ("payment" for "Payment form").
func findFrame(page *dom.Node, name string) (*dom.Node, error) {
	var frames []*dom.Node
	page.Walk(func(n *dom.Node) bool {
		if n.Role == "iframe" && n != page { // not the frame looked in
			frames = append(frames, n)
		}
		return true
	})
	for _, min := range []int{names.ScoreExact, names.ScoreMatch} {
		var found []*dom.Node
		for _, f := range frames {
			if names.Score(f.Name, name) >= min {
				found = append(found, f)
			}
		}
		switch {
		case len(found) == 1:
			return found[0], nil
		case len(found) > 1:
			return nil, names.Ambiguous(page, "the "+name+" frame", found)
		}
	}
	if place, ok := framePlace(name); ok {
		return frameAt(page, frames, place, name)
	}
	e := &translator.NotFoundError{What: name, Want: "frame"}
	for _, f := range frames {
		if len(e.Candidates) < translator.MaxListed {
			e.Candidates = append(e.Candidates, names.Short(f))
		}
	}
	return nil, e
}

// reFramePlace is a frame named by its place among its document's frames:
// "the second frame", "the 2nd frame", "the last frame"; or "the frame",
// "the only frame", which reInFrame reads as the name "the" or "only".
var reFramePlace = regexp.MustCompile(`(?i)^(?:the|only|(` + strings.Join(lexicon.Ordinals, "|") + `|last|[1-9]\d*(?:st|nd|rd|th)))$`)

// framePlace reads a frame's name as its place, counted from 1: -1 for
// "last", 0 for the document's only frame; ok is false for a name.
func framePlace(name string) (place int, ok bool) {
	m := reFramePlace.FindStringSubmatch(strings.TrimSpace(name))
	switch {
	case m == nil:
		return 0, false
	case m[1] == "":
		return 0, true
	case strings.EqualFold(m[1], "last"):
		return -1, true
	}
	return ordinal(strings.ToLower(m[1])), true
}

// ownFrames are those of frames in page's own document (the page's, or
// the document of the frame page is), not those inside other frames.
func ownFrames(page *dom.Node, frames []*dom.Node) []*dom.Node {
	var scope *dom.Node
	if page.Role == "iframe" {
		scope = page
	}
	var own []*dom.Node
	for _, f := range frames {
		if dom.FrameOf(f) == scope {
			own = append(own, f)
		}
	}
	return own
}

// frameAt is the frame at place (framePlace) among page's own frames, as a
// person counts them down the page: a frame with no name to say is named
// by its place ("click Pay in the second frame").
func frameAt(page *dom.Node, frames []*dom.Node, place int, name string) (*dom.Node, error) {
	own := ownFrames(page, frames)
	switch {
	case place == 0 && len(own) == 1:
		return own[0], nil
	case place == 0 && len(own) > 1:
		c := make([]string, len(own))
		for i, f := range own {
			c[i] = names.Short(f) + " (" + lexicon.Place(i) + ")"
		}
		return nil, &translator.AmbiguousError{What: "the frame", Candidates: c, Hint: `say which, e.g. "in the first frame"`, Nodes: own}
	case place == -1 && len(own) > 0:
		return own[len(own)-1], nil
	case place > 0 && place <= len(own):
		return own[place-1], nil
	}
	return nil, &translator.NotFoundError{What: name, Want: "frame", Candidates: shortAll(own)}
}
