package locator

import (
	"strings"
	"testing"
)

func TestWordNames(t *testing.T) {
	const paid = `/(?<!(?:\b(?:not|no|never|non)|n[\x27\u2019]t)[\s-]*)(?<![\p{L}\p{N}_])Paid(?![\p{L}\p{N}_])/iu`
	for _, c := range []struct{ in, want string }{
		{`internal:role=button[name="Paid"i]`, `internal:role=button[name=` + paid + `]`},
		// Exact names, other parts, refs and CSS go as they came.
		{`internal:role=button[name="Paid"s]`, `internal:role=button[name="Paid"s]`},
		{`internal:role=button`, `internal:role=button`},
		{`e12`, `e12`},
		{`#pay`, `#pay`},
		{`internal:text="Paid"i`, `internal:text="Paid"i`},
		// A container and its element, a state after the name.
		{`internal:role=row[name="Invoice 42"i] >> internal:role=checkbox[checked=true][name="Paid"i]`,
			`internal:role=row[name=/(?<!(?:\b(?:not|no|never|non)|n[\x27\u2019]t)[\s-]*)(?<![\p{L}\p{N}_])Invoice\s+42(?![\p{L}\p{N}_])/iu] >> internal:role=checkbox[checked=true][name=` + paid + `]`},
		// Not as Playwright writes it (the name before the state): unchanged.
		{`internal:role=checkbox[name="Paid"i][checked=true]`, `internal:role=checkbox[name="Paid"i][checked=true]`},
		// No word at an end: no bound there; a name that negates keeps it.
		{`internal:role=button[name="(1) Pay…"i]`, `internal:role=button[name=/(?<!(?:\b(?:not|no|never|non)|n[\x27\u2019]t)[\s-]*)\(1\)\s+Pay…/iu]`},
		{`internal:role=button[name="Not now"i]`, `internal:role=button[name=/(?<![\p{L}\p{N}_])Not\s+now(?![\p{L}\p{N}_])/iu]`},
	} {
		if got := WordNames(c.in); got != c.want {
			t.Errorf("WordNames(%s)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

func FuzzWordNames(f *testing.F) {
	f.Add(`internal:role=button[name="Paid"i]`)
	f.Add(`internal:role=row[name="a b"i] >> internal:role=checkbox[name="x"i][checked=true]`)
	f.Add(`#x >> nth=0`)
	f.Fuzz(func(t *testing.T, sel string) {
		out := WordNames(sel)
		if out == sel {
			return
		}
		if !strings.Contains(out, "/iu]") {
			t.Fatalf("WordNames(%q) = %q: changed with no name read as words", sel, out)
		}
	})
}
