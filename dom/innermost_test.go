package dom

import (
	"slices"
	"strings"
	"testing"
)

// TestInnermost: the innermost elements that take holds for, where the
// search goes only into elements holds is true of; the root never.
func TestInnermost(t *testing.T) {
	root, err := ParseARIA(`- region "Cart" [ref=e1]:
  - paragraph [ref=e2]:
    - text: "Total:"
    - strong [ref=e3]: $24.00
  - paragraph [ref=e4]: "Total due: $24.00"
  - paragraph: "Total: unreffed"
`)
	if err != nil {
		t.Fatal(err)
	}
	holds := func(n *Node) bool { return strings.Contains(n.TextContent(), "Total") }
	var got []string
	for _, n := range Innermost(root, holds, func(n *Node) bool { return n.Ref != "" }) {
		got = append(got, n.Ref)
	}
	// e3 ("$24.00") does not hold "Total": e2 is the innermost there; the
	// paragraph with no ref is not taken, nor then its region, which
	// holds e2 and e4.
	if want := []string{"e2", "e4"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := Innermost(root, holds, func(*Node) bool { return false }); len(got) != 0 {
		t.Errorf("nothing taken: got %d", len(got))
	}
}
