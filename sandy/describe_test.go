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
