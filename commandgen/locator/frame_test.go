package locator

import (
	"testing"

	"github.com/plaintest/plaintest/dom"
)

// framePage is a page with a button "Pay" of its own and two frames, as
// Playwright's snapshot for AI puts them: each frame's content under its
// iframe line, refs f1e…, f2e….
const framePage = `- generic [ref=e1]:
  - heading "Checkout" [level=1] [ref=e2]
  - button "Help" [ref=e3]
  - iframe [ref=e4]:
    - generic [ref=f1e1]:
      - textbox "Card number" [ref=f1e2]
      - button "Pay" [ref=f1e3]
  - iframe [ref=e5]:
    - generic [ref=f2e1]:
      - button "Pay" [ref=f2e2]
      - button "Cancel" [ref=f2e3]`

func frameTree(t *testing.T) *dom.Node {
	t.Helper()
	root := mustParseARIA(t, framePage)
	root.FindRef("e4").Frame = `iframe[title="Payment"]`
	return root
}

// TestFrameLocators: a frame part reads and writes in both syntaxes, and a
// locator reaches a frame's content only through one.
func TestFrameLocators(t *testing.T) {
	root := frameTree(t)
	for _, tt := range []struct {
		code, sel, js string
		count         int
	}{
		{`page.locator('iframe[title="Payment"]').contentFrame().getByRole('button', { name: 'Pay' })`,
			`iframe[title="Payment"] >> internal:control=enter-frame >> internal:role=button[name="Pay"i]`,
			`locator('iframe[title="Payment"]').contentFrame().getByRole('button', { name: 'Pay' })`, 1},
		{`page.frameLocator('iframe').getByRole('button', { name: 'Pay' })`,
			`iframe >> internal:control=enter-frame >> internal:role=button[name="Pay"i]`,
			`locator('iframe').contentFrame().getByRole('button', { name: 'Pay' })`, 2},
		{`page.locator('iframe').nth(1).contentFrame().getByRole('button', { name: 'Cancel' })`,
			`iframe >> nth=1 >> internal:control=enter-frame >> internal:role=button[name="Cancel"i]`,
			`locator('iframe').nth(1).contentFrame().getByRole('button', { name: 'Cancel' })`, 1},
		{`page.getByRole('button', { name: 'Pay' })`, `internal:role=button[name="Pay"i]`, `getByRole('button', { name: 'Pay' })`, 0},
		{`page.getByRole('textbox')`, `internal:role=textbox`, `getByRole('textbox')`, 0},
	} {
		l, err := ParseLocatorCode("await " + tt.code + ".click();")
		if err != nil {
			t.Fatalf("%s: %v", tt.code, err)
		}
		if got := l.Selector(); got != tt.sel {
			t.Errorf("%s: selector %s, want %s", tt.code, got, tt.sel)
		}
		back, err := ParseSelector(tt.sel)
		if err != nil {
			t.Fatalf("%s: %v", tt.sel, err)
		}
		if got := back.JS(); got != tt.js {
			t.Errorf("%s: JS %s, want %s", tt.sel, got, tt.js)
		}
		if got := Count(root, l); got != tt.count {
			t.Errorf("Count(%s) = %d, want %d", tt.sel, got, tt.count)
		}
	}
}

// TestSynthesizeInFrames: an element of a frame gets the frame's locator
// first: by its Frame when the page gave one, else by its place among the
// iframes; the frame's text is not the page's.
func TestSynthesizeInFrames(t *testing.T) {
	root := frameTree(t)
	for ref, want := range map[string]string{
		"f1e3": `locator('iframe[title="Payment"]').contentFrame().getByRole('button', { name: 'Pay', exact: true })`,
		"f1e2": `locator('iframe[title="Payment"]').contentFrame().getByRole('textbox', { name: 'Card number', exact: true })`,
		"f2e2": `locator('iframe').nth(1).contentFrame().getByRole('button', { name: 'Pay', exact: true })`,
		"e3":   `getByRole('button', { name: 'Help', exact: true })`,
	} {
		l, err := Synthesize(root, root.FindRef(ref))
		if err != nil {
			t.Fatalf("%s: %v", ref, err)
		}
		if got := l.JS(); got != want {
			t.Errorf("%s: %s, want %s", ref, got, want)
		}
		if got := Count(root, l); got != 1 {
			t.Errorf("%s: Count(%s) = %d, want 1", ref, l.Selector(), got)
		}
	}
	gen, _ := ParseLocatorCode(`await page.locator('iframe').first().contentFrame().getByRole('button', { name: 'Pay' }).click();`)
	got, err := Reframe(root, gen, root.FindRef("f1e3"))
	if err != nil || got.JS() != `locator('iframe[title="Payment"]').contentFrame().getByRole('button', { name: 'Pay' })` {
		t.Errorf("Reframe: %s, %v", got.JS(), err)
	}
	if n := Count(root, Locator{Parts: []LocatorPart{{Kind: PartText, Text: "Cancel"}}}); n != 0 {
		t.Errorf("the page's text holds its frame's: %d matches of Cancel", n)
	}
	if f := dom.FrameOf(root.FindRef("f2e3")); f == nil || f.Ref != "e5" {
		t.Errorf("dom.FrameOf(f2e3) = %v, want e5", f)
	}
}
