package locator

import (
	"errors"
	"fmt"

	"github.com/plaintest/plaintest/dom"
)

// ErrNotInTree is returned by Synthesize when target is nil, the root, or not
// a node of root's tree.
var ErrNotInTree = errors.New("target is not a node of the tree")

// Synthesize returns a stable locator for target built from the tree alone,
// checked to match exactly target (Count == 1). In order of preference:
//   - role and exact accessible name, when unique in the tree;
//   - for unnamed elements: placeholder, their text (exact), their bare role,
//     their role filtered by a piece of their text (hasText);
//   - for a run of text (Role "text"): the element holding it, by the text;
//   - the above scoped by the nearest ancestor container (article, region,
//     row, listitem, group, dialog, form, navigation, ...) that has a unique
//     locator itself: by role and name, or for an unnamed container by role
//     and a hasText filter on some of its text, e.g.
//     internal:role=article[name="Blue Mug"i] >> internal:role=button[name="Add to cart"s];
//   - as a last resort, the simplest locator with nth;
//   - for an element inside an iframe, all of the above in the frame's
//     document, after FramePath's locator of the frame.
//
// It never uses a snapshot ref. root should be the full tree (not minimized).
func Synthesize(root, target *dom.Node) (Locator, error) {
	if root == nil || target == nil || target == root || !contains(root, target) {
		return Locator{}, ErrNotInTree
	}
	if f := dom.FrameOf(target); f != nil && f != root && contains(root, f) {
		// An element of a frame: the frame's locator, then the element's
		// in the frame's document.
		inner, err := Synthesize(f, target)
		if err != nil {
			return Locator{}, err
		}
		return Reframe(root, inner, target)
	}
	s := synth{root: root, mc: newMatchContext()}
	if root.Role == "iframe" {
		s.mc.entered[root] = true
	}
	if target.Role == "text" {
		return s.text(target)
	}
	return s.element(target)
}

// FramePath is the locator of the document target is in, from root: for
// each iframe around it, outermost first, the iframe's CSS (its Frame, else
// "iframe" and its place among the iframes of its document) and a
// PartFrame. Empty for an element of root's own document.
func FramePath(root, target *dom.Node) Locator {
	var frames []*dom.Node
	for f := dom.FrameOf(target); f != nil && f != root && contains(root, f); f = dom.FrameOf(f) {
		frames = append(frames, f)
	}
	var l Locator
	for i := len(frames) - 1; i >= 0; i-- {
		f := frames[i]
		if f.Frame != "" {
			l.Parts = append(l.Parts, LocatorPart{Kind: PartCSS, Text: f.Frame}, LocatorPart{Kind: PartFrame})
			continue
		}
		doc := root
		if i+1 < len(frames) {
			doc = frames[i+1]
		}
		mc := newMatchContext()
		if doc.Role == "iframe" {
			mc.entered[doc] = true
		}
		all := mc.descendants(doc, []*dom.Node{doc}, func(n *dom.Node) bool { return n.Role == "iframe" })
		l.Parts = append(l.Parts, LocatorPart{Kind: PartCSS, Text: "iframe"})
		if len(all) > 1 {
			for j, n := range all {
				if n == f {
					l.Parts = append(l.Parts, LocatorPart{Kind: PartNth, Index: j})
				}
			}
		}
		l.Parts = append(l.Parts, LocatorPart{Kind: PartFrame})
	}
	return l
}

// Reframe is loc, a locator of target, with its frame parts (all up to its
// last PartFrame, or none) replaced by FramePath(root, target): a frame
// found by its title rather than by its place, as Playwright's generator
// writes it (locator('iframe').contentFrame()). An element of root's own
// document keeps loc.
func Reframe(root *dom.Node, loc Locator, target *dom.Node) (Locator, error) {
	path := FramePath(root, target)
	if len(path.Parts) == 0 {
		return loc, nil
	}
	inner := loc.Parts
	for i := len(inner) - 1; i >= 0; i-- {
		if inner[i].Kind == PartFrame {
			inner = inner[i+1:]
			break
		}
	}
	if len(inner) == 0 {
		return Locator{}, fmt.Errorf("%w: the locator names no element inside the frame", ErrUnsupportedLocator)
	}
	return Locator{Parts: append(path.Parts, inner...)}, nil
}

// maxScopes bounds how many enclosing containers Synthesize tries.
const maxScopes = 5

type synth struct {
	root *dom.Node
	mc   *matchContext
}

func (s synth) element(target *dom.Node) (Locator, error) {
	own := ownCandidates(target)
	for _, c := range own {
		if s.only(c, target) {
			return c, nil
		}
	}
	if target.Name == "" && len(target.Children) > 0 {
		// An unnamed container: its role and a piece of its text.
		if c := s.scopeCandidates(target); len(c) > 0 {
			return c[0], nil
		}
	}
	bare := own
	if target.Name != "" {
		bare = append(bare, Locator{Parts: []LocatorPart{{Kind: PartRole, Role: target.Role}}})
	}
	scopes := 0
	for a := target.Parent; a != nil && a != s.root && scopes < maxScopes; a = a.Parent {
		if !dom.ContainerRole(a.Role) {
			continue
		}
		scopes++
		for _, sc := range s.scopeCandidates(a) {
			for _, c := range bare {
				chain := Locator{Parts: append(append([]LocatorPart{}, sc.Parts...), c.Parts...)}
				if s.only(chain, target) {
					return chain, nil
				}
			}
		}
	}
	// Last resort: the first candidate that matches target, and an index.
	for _, base := range bare {
		m, _ := s.mc.match(s.root, base)
		for i, n := range m {
			if n != target {
				continue
			}
			l := Locator{Parts: append(append([]LocatorPart{}, base.Parts...), LocatorPart{Kind: PartNth, Index: i})}
			if s.only(l, target) {
				return l, nil
			}
		}
	}
	return Locator{}, fmt.Errorf("no locator matches only the %s %q", target.Role, target.Name)
}

// text locates a run of text: the element holding it, by the text (exact,
// then as a substring), else by the element's own locator.
func (s synth) text(t *dom.Node) (Locator, error) {
	el := t.Parent
	if v := dom.CollapseSpace(t.Value); v != "" {
		for _, exact := range []bool{true, false} {
			l := Locator{Parts: []LocatorPart{{Kind: PartText, Text: v, Exact: exact}}}
			if s.only(l, el) {
				return l, nil
			}
		}
	}
	if el == s.root {
		return Locator{}, fmt.Errorf("no locator matches only the text %q", t.Value)
	}
	return s.element(el)
}

// only reports whether l matches target and nothing else.
func (s synth) only(l Locator, target *dom.Node) bool {
	m, ok := s.mc.match(s.root, l)
	return ok && len(m) == 1 && m[0] == target
}

func contains(root, target *dom.Node) bool {
	for n := target; n != nil; n = n.Parent {
		if n == root {
			return true
		}
	}
	return false
}

// ownCandidates are the locators of element t by itself, best first.
func ownCandidates(t *dom.Node) []Locator {
	var out []Locator
	add := func(p LocatorPart) { out = append(out, Locator{Parts: []LocatorPart{p}}) }
	if t.Name != "" {
		add(LocatorPart{Kind: PartRole, Role: t.Role, Name: t.Name, Exact: true})
		add(LocatorPart{Kind: PartRole, Role: t.Role, Name: t.Name})
		return out
	}
	if t.Placeholder != "" {
		add(LocatorPart{Kind: PartPlaceholder, Text: t.Placeholder, Exact: true})
	}
	if v := dom.CollapseSpace(t.Value); v != "" && len(t.Children) == 0 {
		// Text from a single place only: Playwright joins the text of
		// nested elements without the spaces this tree would add.
		add(LocatorPart{Kind: PartText, Text: v, Exact: true})
	}
	add(LocatorPart{Kind: PartRole, Role: t.Role})
	return out
}

// scopeCandidates are locators that match container a alone: by role and
// name, or by role and a piece of its text.
func (s synth) scopeCandidates(a *dom.Node) []Locator {
	var out []Locator
	try := func(l Locator) {
		if s.only(l, a) {
			out = append(out, l)
		}
	}
	if a.Name != "" {
		try(Locator{Parts: []LocatorPart{{Kind: PartRole, Role: a.Role, Name: a.Name}}})
		try(Locator{Parts: []LocatorPart{{Kind: PartRole, Role: a.Role, Name: a.Name, Exact: true}}})
		if len(out) > 0 {
			return out[:1]
		}
	}
	// Unnamed (or ambiguous) container: its role filtered by some of its
	// text, the names and text of its non-interactive parts first.
	var texts []string
	seen := map[string]bool{}
	a.Walk(func(n *dom.Node) bool {
		if n == a || len(texts) >= 6 {
			return len(texts) < 6
		}
		for _, t := range []string{n.Name, n.Value} {
			t = dom.CollapseSpace(t)
			if t != "" && !seen[t] && !n.Interactive() {
				seen[t] = true
				texts = append(texts, t)
			}
		}
		return true
	})
	for _, t := range texts {
		before := len(out)
		try(Locator{Parts: []LocatorPart{{Kind: PartRole, Role: a.Role}, {Kind: PartHasText, Text: t}}})
		if len(out) > before {
			break
		}
	}
	return out
}
