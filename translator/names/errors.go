package names

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/lexicon"
)

func Ambiguous(page *dom.Node, what string, nodes []*dom.Node) error {
	var c []string
	frames := acrossFrames(nodes) // each says which document it is in
	for _, n := range nodes {
		d := Short(n)
		if ct := distinct(n, nodes); ct != nil {
			d += " in " + Short(ct)
		}
		if frames {
			d += " " + WhereIs(n)
		}
		c = append(c, d)
	}
	hint := ""
	if ct := distinct(nodes[0], nodes); ct != nil {
		hint = fmt.Sprintf("say which, e.g. %q", what+" for "+Label(ct))
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
	return &translator.AmbiguousError{What: what, Candidates: c, Hint: hint, Nodes: nodes}
}

func NotFound(page *dom.Node, what string, nodes []*dom.Node, wantName string) error {
	type cand struct {
		d string
		s float64
	}
	var cs []cand
	seen := map[string]bool{}
	for _, n := range nodes {
		l, d := Label(n), Short(n)
		if l == "" {
			// An unnamed control is listed by its place, as an action may
			// name it: `checkbox in listitem "Buy milk"`.
			c := container(n)
			if c == nil {
				continue
			}
			l, d = Label(c), d+" in "+Short(c)
		}
		if seen[d] {
			continue
		}
		seen[d] = true
		cs = append(cs, cand{d, similarity(l, what)})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].s > cs[j].s })
	var names []string
	for i := 0; i < len(cs) && i < translator.MaxListed; i++ {
		names = append(names, cs[i].d)
	}
	return &translator.NotFoundError{What: what, Want: wantName, Candidates: names}
}

func AsNotFound(err error, target **translator.NotFoundError) bool { return errors.As(err, target) }

// framePlaceOf is the place word of frame f among the frames of its
// document, for a hint ("Pay in the second frame"); "" when it has none.
func framePlaceOf(f *dom.Node) string {
	root := f
	for root.Parent != nil {
		root = root.Parent
	}
	var frames []*dom.Node
	root.Walk(func(n *dom.Node) bool {
		if n.Role == "iframe" && dom.FrameOf(n) == dom.FrameOf(f) {
			frames = append(frames, n)
		}
		return true
	})
	i := slices.Index(frames, f)
	if i < 0 || len(frames) < 2 {
		return ""
	}
	return lexicon.Place(i)
}

// whereIs says which document n is in, for a refusal that names
// candidates in a frame and in the page: `in frame "Payment"`, `in the
// page`.
func WhereIs(n *dom.Node) string {
	if f := dom.FrameOf(n); f != nil {
		if f.Name != "" {
			return fmt.Sprintf("in frame %q", truncate(f.Name, 60))
		}
		return "in a frame"
	}
	return "in the page"
}

// acrossFrames reports whether nodes are in more than one document.
func acrossFrames(nodes []*dom.Node) bool {
	for _, n := range nodes {
		if dom.FrameOf(n) != dom.FrameOf(nodes[0]) {
			return true
		}
	}
	return false
}
