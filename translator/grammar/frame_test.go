package grammar

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// framePage is a checkout page with a button "Pay" of its own and a
// payment frame that has another; the compiler names the frame by its
// title (parser's nameFrames).
func framePage(t *testing.T) *dom.Node {
	t.Helper()
	page, err := dom.ParseARIA(`- generic [ref=e1]:
  - heading "Checkout" [level=1] [ref=e2]
  - button "Help" [ref=e3]
  - iframe [ref=e4]:
    - generic [ref=f1e1]:
      - textbox "Card number" [ref=f1e2]
      - button "Pay" [ref=f1e3]
      - status [ref=f1e4]: Payment accepted
  - button "Pay" [ref=e5]
  - textbox "Coupon" [ref=e6]`)
	if err != nil {
		t.Fatal(err)
	}
	page.FindRef("e4").Name = "Payment"
	return page
}

// sentenceCase is a sentence and the one step it should give: its kind
// and the ref of its element.
type sentenceCase struct {
	action string
	kind   step.Kind
	ref    string
}

// translatesTo requires that each case's sentence translate, on page, to
// its one step, which keeps the sentence as its action.
func translatesTo(t *testing.T, page *dom.Node, cases []sentenceCase) {
	t.Helper()
	for _, tt := range cases {
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: tt.action, Page: page})
		if err != nil {
			t.Errorf("%s: %v", tt.action, err)
			continue
		}
		if len(steps) != 1 || steps[0].Kind != tt.kind || steps[0].Ref != tt.ref || steps[0].Action != tt.action {
			t.Errorf("%s: got %+v, want one %s on %s", tt.action, steps, tt.kind, tt.ref)
		}
	}
}

// refusedWith requires that each sentence of cases be refused on page with
// exactly its message.
func refusedWith(t *testing.T, page *dom.Node, cases map[string]string) {
	t.Helper()
	for action, want := range cases {
		_, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page})
		if err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", action, err, want)
		}
	}
}

// TestFrameSentences: a sentence that names a frame is read against the
// frame's document; one that names an element found in one place alone
// finds it, frame or not.
func TestFrameSentences(t *testing.T) {
	translatesTo(t, framePage(t), []sentenceCase{
		{"type 4242 4242 4242 4242 into Card number in the payment frame", step.Type, "f1e2"},
		{"type 4242 into Card number", step.Type, "f1e2"}, // the only one so named
		{"click Pay in the payment frame", step.Click, "f1e3"},
		{"click Pay inside the \"Payment\" iframe", step.Click, "f1e3"},
		{"check the payment frame shows Payment accepted", step.AssertText, "f1e1"},
		{"verify the payment frame does not show Card refused", step.AssertGone, "f1e1"},
		{"check the Pay button in the payment frame is disabled", step.AssertState, "f1e3"},
		{"type SAVE10 into Coupon", step.Type, "e6"},
	})
}

// TestFrameRefusals: a name in the page and in a frame is refused naming
// where each is; a frame nobody named is not found, with the frames there.
func TestFrameRefusals(t *testing.T) {
	page := framePage(t)
	refusedWith(t, page, map[string]string{
		"click Pay":                                          `"Pay" matches 2 elements: button "Pay" in frame "Payment"; button "Pay" in the page; say which, e.g. "Pay in the payment frame"`,
		"click Pay in the billing frame":                     `no frame matching "billing" on the page; closest: iframe "Payment"`,
		"click Refund in the payment frame":                  `no button or link matching "Refund" in frame "Payment"; closest: textbox "Card number", button "Pay"`,
		"verify the URL ends with /pay in the payment frame": `cannot understand the action: "verify the URL ends with /pay" checks the page, not the payment frame: name an element inside the frame ("the Items list in the payment frame shows 3 items")`,
	})
	_, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: "click Pay", Page: page})
	var amb *translator.AmbiguousError
	if !errors.As(err, &amb) {
		t.Errorf("click Pay: %T, want *AmbiguousError", err)
	}
}

// walletPage has two card frames, one in the checkout frame and one in
// the gift frame: only naming the outer frame singles one out.
func walletPage(t *testing.T) *dom.Node {
	t.Helper()
	page, err := dom.ParseARIA(`- generic [ref=e1]:
  - heading "Wallet" [level=1] [ref=e2]
  - iframe [ref=e3]:
    - generic [ref=f1e1]:
      - heading "Gift" [level=2] [ref=f1e2]
      - iframe [ref=f1e3]:
        - generic [ref=f2e1]:
          - textbox "Card number" [ref=f2e2]
          - button "Save card" [ref=f2e3]
  - iframe [ref=e4]:
    - generic [ref=f3e1]:
      - heading "Checkout" [level=2] [ref=f3e2]
      - iframe [ref=f3e3]:
        - generic [ref=f4e1]:
          - textbox "Card number" [ref=f4e2]
          - button "Save card" [ref=f4e3]
          - paragraph [ref=f4e4]: Card saved`)
	if err != nil {
		t.Fatal(err)
	}
	for ref, name := range map[string]string{"e3": "Gift", "f1e3": "Card", "e4": "Checkout", "f3e3": "Card"} {
		page.FindRef(ref).Name = name
	}
	return page
}

// TestNestedFrameSentences: a frame inside a frame is named from the
// inside out; the inner frame alone, found twice, is refused naming both.
func TestNestedFrameSentences(t *testing.T) {
	page := walletPage(t)
	translatesTo(t, page, []sentenceCase{
		{"type 4242 into Card number in the card frame in the checkout frame", step.Type, "f4e2"},
		{"click Save card in the card frame inside the Checkout iframe", step.Click, "f4e3"},
		{"type 4242 into Card number in the card frame in the gift frame", step.Type, "f2e2"},
		{"check the card frame in the checkout frame shows Card saved", step.AssertText, "f4e1"},
		{"verify the card frame in the gift frame does not show Card saved", step.AssertGone, "f2e1"},
	})
	refusedWith(t, page, map[string]string{
		"click Save card in the card frame":                       `"the card frame" matches 2 elements: iframe "Card" in frame "Gift"; iframe "Card" in frame "Checkout"; say which, e.g. "the card frame in the gift frame"`,
		"click Save card in the card frame in the shop frame":     `no frame matching "shop" on the page; closest: iframe "Gift", iframe "Card", iframe "Checkout", iframe "Card"`,
		"click Save card in the gift frame in the checkout frame": `no frame matching "gift" in frame "Checkout"; closest: iframe "Card"`,
		"click Refund in the card frame in the checkout frame":    `no button or link matching "Refund" in frame "Card"; closest: textbox "Card number", button "Save card"`,
	})
}

// twoFramesPage has two frames with no name to say, a Pay button in each.
func twoFramesPage(t *testing.T) *dom.Node {
	t.Helper()
	page, err := dom.ParseARIA(`- generic [ref=e1]:
  - heading "Two" [level=1] [ref=e2]
  - iframe [ref=e3]:
    - generic [ref=f1e1]:
      - button "Pay" [ref=f1e2]
  - iframe [ref=e4]:
    - generic [ref=f2e1]:
      - button "Pay" [ref=f2e2]
      - paragraph [ref=f2e3]: Paid`)
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// TestFramesByPlace: a frame with no name is named by its place among its
// document's frames; "the frame" is the only one; an element in two
// unnamed frames is refused with a hint by place.
func TestFramesByPlace(t *testing.T) {
	page := twoFramesPage(t)
	translatesTo(t, page, []sentenceCase{
		{"click Pay in the second frame", step.Click, "f2e2"},
		{"click Pay in the 1st frame", step.Click, "f1e2"},
		{"click Pay in the last iframe", step.Click, "f2e2"},
		{"check the second frame shows Paid", step.AssertText, "f2e1"},
	})
	translatesTo(t, framePage(t), []sentenceCase{{"click Pay in the frame", step.Click, "f1e3"}})
	translatesTo(t, walletPage(t), []sentenceCase{{"click Save card in the card frame in the second frame", step.Click, "f4e3"}})
	refusedWith(t, page, map[string]string{
		"click Pay":                    `"Pay" matches 2 elements: button "Pay" in a frame; button "Pay" in a frame; say which, e.g. "Pay in the first frame"`,
		"click Pay in the frame":       `"the frame" matches 2 elements: iframe (first); iframe (second); say which, e.g. "in the first frame"`,
		"click Pay in the third frame": `no frame matching "third" on the page; closest: iframe, iframe`,
	})
}

// TestFrameScope: the frame phrase is cut from the sentence, and a frame
// that is the subject of a check becomes the page.
func TestFrameScope(t *testing.T) {
	for in, want := range map[string][2]string{
		"click Pay in the payment frame":                             {"click Pay", "payment"},
		"check the Pay button within the Payment iframe is disabled": {"check the Pay button is disabled", "Payment"},
		"check the payment frame shows Payment accepted":             {"check the page shows Payment accepted", "payment"},
		"the card frame no longer shows Card refused":                {"the page no longer shows Card refused", "card"},
		"click Save in the card frame in the checkout frame":         {"click Save in the card frame", "checkout"},
		"click Pay in the frame":                                     {"click Pay", "the"},
		"click Pay in the second frame":                              {"click Pay", "second"},
		"check the card frame in the checkout frame shows Saved":     {"check the card frame shows Saved", "checkout"},
		"click Pay": {"click Pay", ""},
	} {
		rest, name, ok := frameScope(in)
		if rest != want[0] || name != want[1] || ok != (want[1] != "") {
			t.Errorf("frameScope(%q) = %q, %q, %v; want %q, %q", in, rest, name, ok, want[0], want[1])
		}
	}
}

// FuzzFrameScope: frameScope takes any sentence and never grows it by more
// than "the page " nor loses the words outside the frame phrase.
func FuzzFrameScope(f *testing.F) {
	for _, s := range []string{"click Pay in the payment frame", "the a frame shows b", `click x in "y" iframe`, "in the  frame"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rest, name, ok := frameScope(s)
		if !ok && rest != s {
			t.Fatalf("no frame, yet %q became %q", s, rest)
		}
		if ok && (name == "" || len(rest) > len(s)+len("the page ")) {
			t.Fatalf("frameScope(%q) = %q, %q", s, rest, name)
		}
		if ok && !strings.Contains(strings.ToLower(s), "frame") {
			t.Fatalf("a frame read in %q", s)
		}
	})
}

// TestOwnFrameFirst: "Save in the checkout frame" is the checkout frame's
// own Save, where a frame inside it has a Save too (a person names the
// inner one by its frame), and is noted; two of its own stay ambiguous.
func TestOwnFrameFirst(t *testing.T) {
	page, err := dom.ParseARIA(`- generic [ref=e1]:
  - iframe [ref=e2]:
    - generic [ref=f1e1]:
      - button "Save" [ref=f1e2]
      - iframe [ref=f1e3]:
        - generic [ref=f2e1]:
          - button "Save" [ref=f2e2]
  - iframe [ref=e3]:
    - generic [ref=f3e1]:
      - button "Save" [ref=f3e2]
      - button "Save" [ref=f3e3]
      - iframe [ref=f3e4]:
        - generic [ref=f4e1]:
          - button "Save" [ref=f4e2]`)
	if err != nil {
		t.Fatal(err)
	}
	for ref, name := range map[string]string{"e2": "Checkout", "f1e3": "Card", "e3": "Gift", "f3e4": "Card"} {
		page.FindRef(ref).Name = name
	}
	var notes []string
	steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: "click Save in the checkout frame", Page: page, Note: func(s string) { notes = append(notes, s) }})
	if err != nil || len(steps) != 1 || steps[0].Ref != "f1e2" {
		t.Fatalf("click Save in the checkout frame: %+v, %v; want f1e2", steps, err)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], `"click Save in the checkout frame" is read as button "Save" of iframe "Checkout" itself, not the one in a frame inside it`) {
		t.Errorf("notes %q", notes)
	}
	translatesTo(t, page, []sentenceCase{{"click Save in the card frame in the checkout frame", step.Click, "f2e2"}})
	var amb *translator.AmbiguousError
	if _, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: "click Save in the gift frame", Page: page}); !errors.As(err, &amb) || len(amb.Nodes) != 2 {
		t.Errorf("click Save in the gift frame: %v, want its own two Saves named", err)
	}
}

// TestOnTop: of two same-named buttons, the one the page says is not
// covered (dom.Node.Covered, read by the compile after the sentence was
// ambiguous) is the one clicked, and noted; with neither covered, or both,
// the sentence stays ambiguous.
func TestOnTop(t *testing.T) {
	page, err := dom.ParseARIA("- button \"Button\" [ref=e1]\n- button \"Button\" [ref=e2]\n")
	if err != nil {
		t.Fatal(err)
	}
	click := func() ([]step.Step, []string, error) {
		var notes []string
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: "click Button", Page: page, Note: func(s string) { notes = append(notes, s) }})
		return steps, notes, err
	}
	var amb *translator.AmbiguousError
	if _, _, err := click(); !errors.As(err, &amb) {
		t.Fatalf("neither covered: %v, want ambiguous", err)
	}
	page.FindRef("e1").Covered = true
	steps, notes, err := click()
	if err != nil || len(steps) != 1 || steps[0].Ref != "e2" {
		t.Fatalf("e1 covered: %+v, %v; want e2", steps, err)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], `"Button" is read as the button "Button" on top: another of that name is covered`) {
		t.Errorf("notes %q", notes)
	}
	page.FindRef("e2").Covered = true
	if _, _, err := click(); !errors.As(err, &amb) {
		t.Errorf("both covered: %v, want ambiguous", err)
	}
}
