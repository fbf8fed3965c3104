package commandgen

import (
	"context"
	"testing"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
)

// TestByWords: an element named by part of its name is found by those
// words when the rest is a live count or glyphs alone (an icon font's
// folder, a disclosure's triangle), which change as the page does, and
// only when those words single it out.
func TestByWords(t *testing.T) {
	tree, err := dom.ParseARIA(`- treeitem "\uf07b Projects" [ref=e1]
- button "▶ Details" [ref=e2]
- link "My orders (3)" [ref=e3]
- button "Save draft" [ref=e4]
- button "★ Star" [ref=e5]
- button "★ Star this repo" [ref=e6]
- textbox "Street:" [ref=e7]
`)
	if err != nil {
		t.Fatal(err)
	}
	tg := Targets{Tree: tree}
	for _, tt := range []struct {
		ref, words, want string // want "": no locator by the words
	}{
		{"e1", "Projects", `internal:role=treeitem[name="Projects"i]`},
		{"e2", "Details", `internal:role=button[name="Details"i]`},
		{"e3", "My orders", `internal:role=link[name="My orders"i]`},
		{"e7", "Street", `internal:role=textbox[name="Street"i]`},
		{"e4", "Save", ""}, // "draft" is a word of the name
		{"e5", "Star", ""}, // "Star this repo" holds the words too
	} {
		var node *dom.Node
		tree.Walk(func(n *dom.Node) bool {
			if n.Ref == tt.ref {
				node = n
			}
			return node == nil
		})
		loc, ok := tg.byWords(node, tt.words)
		if got := map[bool]string{true: loc.Selector()}[ok]; got != tt.want {
			t.Errorf("%s by %q: %q, want %q", tt.ref, tt.words, got, tt.want)
		}
	}
}

// A locator left with filters alone ("nth=0": the page's first element)
// is never tried as the element's.
func TestFilterOnly(t *testing.T) {
	for _, tt := range []struct {
		loc  locator.Locator
		want bool
	}{
		{locator.Locator{Parts: []locator.LocatorPart{{Kind: locator.PartNth}}}, true},
		{locator.Locator{Parts: []locator.LocatorPart{{Kind: locator.PartNth}, {Kind: locator.PartVisible}}}, true},
		{locator.Locator{Parts: []locator.LocatorPart{{Kind: locator.PartRole, Role: "alert"}, {Kind: locator.PartNth}}}, false},
		{locator.Locator{Parts: []locator.LocatorPart{{Kind: locator.PartText, Text: "x"}}}, false},
	} {
		if got := filterOnly(tt.loc); got != tt.want {
			t.Errorf("filterOnly(%s) = %v, want %v", tt.loc.Selector(), got, tt.want)
		}
	}
}

// glueTextPage is a Page whose generator writes a text locator, as
// Playwright does for an unnamed landmark.
type glueTextPage struct{}

func (glueTextPage) Evaluate(context.Context, string, string) (string, bool, error) {
	return "", true, nil
}
func (glueTextPage) GenerateLocator(context.Context, string) (string, error) {
	return "getByText('Home Sign out')", nil
}
func (glueTextPage) Found(*dom.Node) (string, bool, error) { return "", false, nil }

// TestLandmarkByRole: the page's one header (an unnamed landmark) is
// found by its role, not by the text it shows, which the check in it
// waits to change; where there are two, the generator's locator stands.
func TestLandmarkByRole(t *testing.T) {
	for _, tt := range []struct{ tree, want string }{
		{"- banner [ref=e1]:\n  - link \"Home\" [ref=e2]\n- main [ref=e3]:\n  - heading \"Shop\" [level=1] [ref=e4]\n", "internal:role=banner"},
		{"- banner [ref=e1]:\n  - link \"Home\" [ref=e2]\n- banner [ref=e3]:\n  - link \"Cart\" [ref=e4]\n", `internal:text="Home Sign out"i`},
	} {
		tree, err := dom.ParseARIA(tt.tree)
		if err != nil {
			t.Fatal(err)
		}
		tg := Targets{Page: glueTextPage{}, Tree: tree}
		loc, err := tg.treeTarget(context.Background(), tree.Children[0], step.Step{Kind: step.AssertText, Value: "Sign out"})
		if err != nil || loc.Selector() != tt.want {
			t.Errorf("%q: %q, %v; want %q", tt.tree, loc.Selector(), err, tt.want)
		}
	}
}
