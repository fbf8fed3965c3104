package parser

import (
	"fmt"
	"slices"
	"testing"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/mcpclient"
)

// Shoelace's sl-alert shows its message in a role-less part around a slot:
// the check reads the alert, which a person names, not that part.
func TestAnchorLiveRegionPart(t *testing.T) {
	start := aria(t, "- button \"Delete\" [ref=e1]\n")
	page := aria(t, `- button "Delete" [ref=e1]
- alert [ref=e49]:
  - generic [ref=e50]: Your account was deleted
- status [ref=e60]:
  - generic [ref=e61]: Saved
  - generic [ref=e62]: for Ann
`)
	n, _, why := anchor(page, start, start, "Your account was deleted", nil)
	if why != "" || n == nil || n.Ref != "e49" {
		t.Errorf("got %+v, %q; want the alert e49", n, why)
	}
	// A part that shows only some of the region's text stays the part.
	n, _, why = anchor(page, start, start, "Saved", nil)
	if why != "" || n == nil || n.Ref != "e61" {
		t.Errorf("got %+v, %q; want the part e61", n, why)
	}
}

// A control the snapshot lists with no ref gets one, found by its role and
// exact name, only when no other element has both.
func TestRefless(t *testing.T) {
	page := aria(t, `- generic [ref=e40]:
  - checkbox "Email me product news"
  - generic [ref=e42]: Email me product news
- checkbox "Remember me"
- checkbox "Remember me"
- button "Save" [ref=e44]
- generic: Cancel
- combobox "Room type" [ref=e8]:
  - option "Suite" [selected]
`)
	r := &run{}
	r.refless(page)
	var got []string
	page.Walk(func(n *dom.Node) bool {
		if n.Role == "checkbox" || n.Role == "option" || n.Role == "generic" && n.Value == "Cancel" {
			got = append(got, n.Name+"="+n.Ref)
		}
		return true
	})
	want := []string{"Email me product news=pf1", "Remember me=", "Remember me=", "=", "Suite="}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("got %q, want %q", got, want)
			break
		}
	}
	fe, ok := r.found["pf1"]
	if !ok || fe.target != `internal:role=checkbox[name="Email me product news"s]` {
		t.Errorf("found[pf1] = %+v", fe)
	}
	n := page.FindRef("pf1")
	if target, ok, err := r.foundTarget(n); !ok || err != nil || target != fe.target {
		t.Errorf("foundTarget = %q, %v, %v", target, ok, err)
	}
}

// An exported locator never holds a snapshot ref.
func TestReRef(t *testing.T) {
	for s, want := range map[string]bool{"e12": true, "f1e3": true, "pf2": true, "aria-ref=e5": true,
		`internal:role=checkbox[name="x"s]`: false, "#news": false} {
		if got := reRef.MatchString(s); got != want {
			t.Errorf("reRef(%q) = %v, want %v", s, got, want)
		}
	}
}

// A checkbox another element covers (Shoelace's styled control over its
// input) is ticked through its label at once: the compile asks the page
// whether the box takes a click at its centre before clicking, and never
// clicks the box, whose click would wait out its whole timeout.
func TestCoveredBoxTickedThroughItsLabel(t *testing.T) {
	f := newFake()
	f.pages["/settings"] = "settings"
	f.own = map[string]string{"settings": `- checkbox "Email me product news" [ref=e5]
- button "Save" [ref=e6]`}
	box := `internal:role=checkbox[name="Email me product news"s]`
	f.covered = map[string]string{box: `{"for":true,"id":"news","name":"","wrap":false}`}
	sc := Scenario{Name: "news", URL: "http://shop.test/settings", Actions: []string{"check Email me product news"}}
	res, err := compile(t, f, sc, nil)
	if err != nil || res.Status != Success {
		t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
	}
	var clicked []string
	for _, tool := range []string{mcpclient.ToolClick, mcpclient.ToolFillForm} {
		for _, c := range f.toolCalls(tool) {
			clicked = append(clicked, fmt.Sprint(commandgen.Lift(tool, c.Args)["target"]))
		}
	}
	if want := []string{`label[for="news"]`}; !slices.Equal(clicked, want) {
		t.Errorf("clicked %q, want only the label %q", clicked, want)
	}
	if got := res.Steps[1].Target; got != `label[for="news"]` {
		t.Errorf("target %s, want the label", got)
	}
}
