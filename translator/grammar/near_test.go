package grammar

import (
	"context"
	"errors"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/translator"
)

// A name said in a near form (a plural, an article more or less, words
// left out of it in order) finds its element when no other is as near;
// otherwise the phrase is refused with its candidates.
func TestNearForms(t *testing.T) {
	page, err := dom.ParseARIA("- link \"Products\" [ref=e1]\n- button \"Add to cart\" [ref=e2]\n- link \"View the basket\" [ref=e3]\n" +
		"- button \"Save draft\" [ref=e4]\n- button \"Save\" [ref=e5]\n- button \"Add item\" [ref=e6]\n- button \"Add items\" [ref=e7]\n- link \"Categories\" [ref=e8]\n- button \"Boxes\" [ref=e9]\n" +
		"- checkbox \"Select all 12 rows.\" [ref=e10]\n- button \"Do not keep the changes\" [ref=e11]\n- button \"Add a small crate\" [ref=e12]\n- button \"Add a big crate\" [ref=e13]\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ action, ref string }{
		{"click Product", "e1"},
		{"click Add to the cart", "e2"},
		{"click View basket", "e3"},
		{"click Save drafts", "e4"},
		{"click Saves", "e5"},
		{"click Category", "e8"},
		{"click the Box button", "e9"},
		// Every word of the phrase, in order, in one name alone.
		{"click Add cart", "e2"},
		{"check Select all rows", "e10"},
	} {
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: tt.action, Page: page})
		if err != nil || len(steps) != 1 || steps[0].Ref != tt.ref {
			t.Errorf("%s: %+v, %v; want ref %s", tt.action, steps, err, tt.ref)
		}
	}
	// "Add the items": both "Add item" and "Add items" are as near; "Add
	// crate" is in two names; a name that adds "not" turns the phrase round.
	for _, action := range []string{"click Add the items", "click Add crate", "click keep changes"} {
		_, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page})
		var nf *translator.NotFoundError
		var amb *translator.AmbiguousError
		if !errors.As(err, &nf) && !errors.As(err, &amb) {
			t.Errorf("%s: %v, want a refusal naming candidates", action, err)
		}
	}
}
