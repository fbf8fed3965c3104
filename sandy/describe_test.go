package sandy

import "testing"

// TestDescribed: what compile adds to a description reads back to the
// action (encode, decode, compare).
func TestDescribed(t *testing.T) {
	for _, tt := range []struct{ action, how, element, want string }{
		{"verify Saved is shown", "reads", `paragraph "Saved"`, `verify Saved is shown (reads paragraph "Saved")`},
		{"click Save", "wait", `button "Save"`, `click Save (wait for button "Save" to appear)`},
		{"verify (a) is shown", "reads", "", "verify (a) is shown"},
		{"verify x (reads y) is shown", "reads", `status "x"`, `verify x (reads y) is shown (reads status "x")`},
	} {
		got := Described(tt.action, tt.how, tt.element)
		if got != tt.want {
			t.Errorf("Described(%q) = %q, want %q", tt.action, got, tt.want)
		}
		if back := Action(got); back != tt.action {
			t.Errorf("Action(%q) = %q, want %q", got, back, tt.action)
		}
	}
}

// TestVia: the sentence a phrase expanded reads back off a description,
// with what Described adds.
func TestVia(t *testing.T) {
	for _, tt := range []struct{ description, via, want string }{
		{`type "Dune" into Title`, `add the book "Dune"`, `type "Dune" into Title (from: add the book "Dune")`},
		{`verify Dune is shown (reads cell "Dune")`, "the book is listed (now)", `verify Dune is shown (reads cell "Dune") (from: the book is listed (now))`},
		{"click Save (wait for button \"Save\" to appear)", "I save", "click Save (wait for button \"Save\" to appear) (from: I save)"},
		{"click Save", "", "click Save"},
	} {
		got := Via(tt.description, tt.via)
		if got != tt.want {
			t.Errorf("Via(%q, %q) = %q, want %q", tt.description, tt.via, got, tt.want)
		}
		if back, want := Action(got), Action(tt.description); back != want {
			t.Errorf("Action(%q) = %q, want %q", got, back, want)
		}
	}
}
