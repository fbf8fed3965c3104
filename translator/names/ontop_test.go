package names

import (
	"errors"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/translator"
)

// TestFocusedUnderLayer: of two buttons named "Button", the first focused
// (just clicked) and the second since laid over it, "click Button" is
// ambiguous until the page said which is covered (the compile asks it
// then); the one on top once the first is covered; the focused one, as
// before, when neither is. It took the focused one at once, which lay
// under the other and timed out the click.
func TestFocusedUnderLayer(t *testing.T) {
	for _, tc := range []struct {
		name           string
		asked, covered bool
		want           string // ref, or "" for ambiguous
	}{
		{"not asked yet", false, false, ""},
		{"the focused one covered", true, true, "e7"},
		{"neither covered", true, false, "e5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page, err := dom.ParseARIA("- button \"Button\" [active] [ref=e5]\n- button \"Button\" [ref=e7]\n")
			if err != nil {
				t.Fatal(err)
			}
			for _, ref := range []string{"e5", "e7"} {
				page.FindRef(ref).CoverAsked = tc.asked
			}
			page.FindRef("e5").Covered = tc.covered
			n, err := Element(translator.Request{Page: page, Action: "click Button"}, "Button", nil, "element")
			var amb *translator.AmbiguousError
			switch {
			case tc.want == "" && !errors.As(err, &amb):
				t.Errorf("got %v, %v; want it ambiguous", n, err)
			case tc.want != "" && (err != nil || n == nil || n.Ref != tc.want):
				t.Errorf("got %v, %v; want %s", n, err, tc.want)
			}
		})
	}
}
