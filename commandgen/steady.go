package commandgen

import (
	"context"
	"strings"
	"unicode"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/dom"
)

// textEngines find elements by text, label or attribute, hidden ones too
// (the role engine skips hidden elements).
var textEngines = map[locator.PartKind]bool{locator.PartText: true, locator.PartLabel: true, locator.PartPlaceholder: true, locator.PartAltText: true, locator.PartTitle: true}

// steady makes loc, a locator of node, hold on the page's next build: a
// part that names an id or a class (another build has others) goes when
// the element's own locator (locator.Synthesize) or the rest of loc singles it
// out, and a part that finds by text gets a visible filter, so that a
// hidden copy of the text (a template, a closed panel) is not a second
// match. A change is kept only when the page confirms that it matches
// node alone.
func (tg Targets) steady(ctx context.Context, loc locator.Locator, node *dom.Node) locator.Locator {
	st, _ := tg.confirmed(ctx, loc, node)
	return st
}

// confirmed is steady, and whether the page confirmed the locator it
// returns (or it needed no confirming: no id, class or text in it).
func (tg Targets) confirmed(ctx context.Context, loc locator.Locator, node *dom.Node) (locator.Locator, bool) {
	hasCSS, hasText := false, false
	for i, p := range loc.Parts {
		hasCSS = hasCSS || p.Kind == locator.PartCSS && !loc.FrameCSS(i)
		hasText = hasText || textEngines[p.Kind]
	}
	if !hasCSS && !hasText {
		return loc, true
	}
	var tries []locator.Locator
	if hasCSS {
		if syn, err := locator.Synthesize(tg.Tree, node); err == nil && !syn.Positional() && !hasPart(syn, locator.PartCSS) {
			tries = append(tries, visibleText(syn))
		}
		var rest locator.Locator
		for i, p := range loc.Parts {
			if p.Kind != locator.PartCSS || loc.FrameCSS(i) {
				rest.Parts = append(rest.Parts, p)
			}
		}
		if len(rest.Parts) > 0 && !filterOnly(rest) {
			// Not when only filters are left: "nth=0" alone is the
			// page's first element, whatever it is.
			tries = append(tries, visibleText(rest))
		}
	}
	tries = append(tries, visibleText(loc))
	for _, t := range tries {
		if v, ok := tg.probe(ctx, t.Selector(), "(el) => true"); ok && v == "true" {
			return t, true
		}
	}
	return loc, false
}

// filterOnly reports whether l has no part that finds elements, only
// filters of what an earlier part found (a position, visible, a text).
func filterOnly(l locator.Locator) bool {
	for _, p := range l.Parts {
		switch p.Kind {
		case locator.PartNth, locator.PartVisible, locator.PartHasText, locator.PartHasNotText, locator.PartHas:
		default:
			return false
		}
	}
	return true
}

// hasPart reports whether l has a part of kind k (the CSS of a frame
// aside).
func hasPart(l locator.Locator, k locator.PartKind) bool {
	for i, p := range l.Parts {
		if p.Kind == k && !l.FrameCSS(i) {
			return true
		}
	}
	return false
}

// visibleText puts a visible filter after each part of l that finds by
// text (unless one follows already).
func visibleText(l locator.Locator) locator.Locator {
	var out locator.Locator
	for i, p := range l.Parts {
		out.Parts = append(out.Parts, p)
		if textEngines[p.Kind] && (i+1 == len(l.Parts) || l.Parts[i+1].Kind != locator.PartVisible) {
			out.Parts = append(out.Parts, locator.LocatorPart{Kind: locator.PartVisible})
		}
	}
	return out
}

// byWords is the locator of node by its role and the words the action named
// it by, when its name is those words and a live count ("My orders (3)",
// "Inbox 12") or those words and glyphs or punctuation alone (an icon
// font's folder, a disclosure's triangle: "\uf07b Projects", "▶ Details",
// which an open folder or section draws with another; a label's colon),
// and that locator matches node alone on the page.
func (tg Targets) byWords(node *dom.Node, words string) (locator.Locator, bool) {
	if words == "" || node.Role == "" || node.Role == "text" || node.Role == "generic" {
		return locator.Locator{}, false
	}
	rest := strings.Replace(strings.ToLower(node.Name), strings.ToLower(words), "", 1)
	glyphs := strings.TrimSpace(rest) != "" && !strings.ContainsFunc(rest, unicode.IsLetter)
	if !strings.ContainsAny(rest, "0123456789") && !glyphs {
		return locator.Locator{}, false
	}
	loc := locator.Locator{Parts: []locator.LocatorPart{{Kind: locator.PartRole, Role: node.Role, Name: words}}}
	if locator.Count(tg.Tree, loc) != 1 {
		return locator.Locator{}, false
	}
	return loc, true
}

// glued reports whether loc filters by a text no single element of the
// page holds: Playwright's hasText of a container's whole text content,
// whose parts it joins without spaces.
func (tg Targets) glued(loc locator.Locator) bool {
	for _, p := range loc.Parts {
		if p.Kind != locator.PartHasText {
			continue
		}
		want := strings.Join(strings.Fields(p.Text), " ")
		found := false
		tg.Tree.Walk(func(n *dom.Node) bool {
			for _, t := range []string{n.Name, n.Value} {
				if t != "" && strings.Contains(strings.Join(strings.Fields(t), " "), want) {
					found = true
				}
			}
			return !found
		})
		if !found {
			return true
		}
	}
	return false
}
