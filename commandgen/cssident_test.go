package commandgen

import "testing"

func TestCSSIdent(t *testing.T) {
	for in, want := range map[string]string{"all": "all", "a.b": `a\2e b`, "1x": `\31 x`, "é-1": "é-1"} {
		if got := CSSIdent(in); got != want {
			t.Errorf("CSSIdent(%q) = %q, want %q", in, got, want)
		}
	}
}
