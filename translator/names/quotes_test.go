package names

import (
	"slices"
	"strings"
	"testing"
)

// TestQuotesNotApostrophes: an apostrophe inside a word is no quote mark,
// outside a quotation or inside one; quote marks around words still
// quote them.
func TestQuotesNotApostrophes(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want []string // the quotations' texts
	}{
		{`verify Tom's cart isn't shown`, nil},
		{`verify the page doesn't show Alice's and Bob's names`, nil},
		{`verify 'Saved' is shown`, []string{"Saved"}},
		{`click 'Don't save'`, []string{"Don't save"}},
		{`verify "Tom's cart" isn't shown`, []string{"Tom's cart"}},
		{`verify “A” and 'B' are shown`, []string{"A", "B"}},
		{`verify the '90s' songs are listed`, []string{"90s"}},
	} {
		var got []string
		for _, m := range ReQuoted.FindAllStringSubmatch(tt.s, -1) {
			got = append(got, m[1]+m[2]+m[3])
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: quotations %q, want %q", tt.s, got, tt.want)
		}
	}
	if got := ReQuoted.ReplaceAllString(`say "A" to Tom's 'B'`, "_"); got != `say _ to Tom's _` {
		t.Errorf("ReplaceAllString: %q", got)
	}
	if got := Quoted(`the user's 'Log out' button`); got != "Log out" {
		t.Errorf("Quoted: %q, want Log out", got)
	}
}

// FuzzQuotes: every quotation found is a part of the sentence that starts
// and ends with quote marks, and each is replaced in place.
func FuzzQuotes(f *testing.F) {
	f.Add(`verify Tom's cart isn't shown`)
	f.Add(`click 'Don't save' then "OK"`)
	f.Add(`“A” '' 'é'x'`)
	f.Fuzz(func(t *testing.T, s string) {
		all := ReQuoted.FindAllString(s, -1)
		for _, q := range all {
			if !strings.Contains(s, q) || len(q) < 2 {
				t.Fatalf("%q: quotation %q is not a part of it", s, q)
			}
		}
		subs := ReQuoted.FindAllStringSubmatch(s, -1)
		if len(subs) != len(all) {
			t.Fatalf("%q: %d quotations, %d with their texts", s, len(all), len(subs))
		}
		if first := ReQuoted.FindString(s); len(all) > 0 && first != all[0] || len(all) == 0 && first != "" {
			t.Fatalf("%q: FindString %q, FindAllString %q", s, first, all)
		}
		var replaced []string
		back := ReQuoted.ReplaceAllStringFunc(s, func(q string) string { replaced = append(replaced, q); return q })
		if back != s || !slices.Equal(replaced, all) {
			t.Fatalf("%q: replaced %q giving %q, found %q", s, replaced, back, all)
		}
	})
}
