package grammar

import (
	"context"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/translator"
)

// kindPage is a page of fields and icon buttons with the kinds the
// parser reads from the page (pagefind.js) set on its nodes.
func kindPage(t *testing.T, snap string, kinds map[string]string) *dom.Node {
	t.Helper()
	page, err := dom.ParseARIA(snap)
	if err != nil {
		t.Fatal(err)
	}
	page.Walk(func(n *dom.Node) bool {
		n.Kind = kinds[n.Ref]
		return true
	})
	return page
}

// A field or a button is named by its kind, or by its icon, as a person
// names it: the words of dom.FieldKinds and dom.Icons.
func TestKindNouns(t *testing.T) {
	page := kindPage(t, "- textbox \"••••\" [ref=e1]\n- spinbutton [ref=e2]\n- textbox \"date\" [ref=e3]\n"+
		"- combobox \"Size\" [ref=e4]:\n  - option \"S\" [selected]\n- textbox \"text area\" [ref=e5]\n- textbox \"Notes\" [ref=e6]\n"+
		"- button \"delete\" [ref=e7]\n- button \"edit\" [ref=e8]\n- button \"Save\" [ref=e9]\n",
		map[string]string{"e1": "password", "e2": "number", "e3": "date", "e5": "textarea", "e6": "contenteditable", "e7": "icon:delete", "e8": "icon:edit"})
	for _, tt := range []struct{ action, ref string }{
		{"type 1234 into the PIN box", "e1"},
		{"type 1234 into the password field", "e1"},
		{"type 1234 into the passcode", "e1"},
		{"type 5 into the number field", "e2"},
		{"type 2024-01-02 into the date field", "e3"},
		{"type hello into the text area", "e5"},
		{"type hello into the editable region", "e6"},
		{"type hello into Notes", "e6"},
		{"click the trash button", "e7"},
		{"click the delete icon", "e7"},
		{"click the bin icon", "e7"},
		{"click the pencil button", "e8"},
		{"click the Save button", "e9"},
	} {
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: tt.action, Page: page})
		if err != nil || len(steps) != 1 || steps[0].Ref != tt.ref {
			t.Errorf("%s: %+v, %v; want ref %s", tt.action, steps, err, tt.ref)
		}
	}
}

// "the text box" is never a <select>: a combo box that lists its options
// is not a field one types into; one that is (an autocomplete) still is.
func TestTextBoxIsNotASelect(t *testing.T) {
	for _, tt := range []struct{ snap, ref string }{
		{"- combobox \"Size\" [ref=e1]:\n  - option \"S\" [selected]\n  - option \"M\"\n- textbox [ref=e2]\n", "e2"},
		{"- textbox [ref=e2]\n- combobox \"Size\" [ref=e1]:\n  - group \"Small\":\n    - option \"S\"\n", "e2"},
		{"- combobox \"City\" [ref=e3]\n", "e3"},
	} {
		page, err := dom.ParseARIA(tt.snap)
		if err != nil {
			t.Fatal(err)
		}
		for _, action := range []string{"type x into the text box", "type x into the field"} {
			steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page})
			if err != nil || len(steps) != 1 || steps[0].Ref != tt.ref {
				t.Errorf("%s on\n%s: %+v, %v; want ref %s", action, tt.snap, steps, err, tt.ref)
			}
		}
	}
}

// A name read by some of its words (inOrder) is told through
// Request.Note with the name used; a name said whole, in part or in a
// near form is not.
func TestLooseNameNoted(t *testing.T) {
	page, err := dom.ParseARIA("- checkbox \"Select all 12 rows.\" [ref=e1]\n- button \"Add to cart\" [ref=e2]\n- link \"Products\" [ref=e3]\n- button \"My orders (3)\" [ref=e4]\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ action, note string }{
		{"check Select all rows", `"Select all rows" is read as checkbox "Select all 12 rows."`},
		{"check the Select all rows checkbox", `is read as checkbox "Select all 12 rows."`},
		{"click Add cart", `"Add cart" is read as button "Add to cart"`},
		{"click Add to cart", ""},
		{"click the Add to cart button", ""},
		{"click Product", ""},
		{"click My orders", ""},
	} {
		var notes []string
		_, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: tt.action, Page: page, Note: func(s string) { notes = append(notes, s) }})
		if err != nil {
			t.Errorf("%s: %v", tt.action, err)
			continue
		}
		got := strings.Join(notes, "\n")
		if tt.note == "" && got != "" || tt.note != "" && (len(notes) != 1 || !strings.Contains(got, tt.note)) {
			t.Errorf("%s: notes %q, want %q", tt.action, got, tt.note)
		}
	}
}
