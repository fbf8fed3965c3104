package secret

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMasker(t *testing.T) {
	m := All([]string{"x", "pw-987654", "pw", "", "été"}, "***")
	for in, want := range map[string]string{
		// Long values go wherever they stand.
		"login with pw-987654 failed": "login with *** failed",
		"url?token=pw-987654&next=1":  "url?token=***&next=1",
		"pw-987654pw-987654":          "******",
		// Short ones only as words.
		"context extensions exit x":      "context extensions exit ***",
		"x=1, y=x; (x)":                  "***=1, y=***; (***)",
		"pw: pw-9 pwd":                   "***: ***-9 pwd",
		"l'été, étéx":                    "l'***, étéx",
		"":                               "",
		"nothing secret here at all, ok": "nothing secret here at all, ok",
	} {
		if got := m.Replace(in); got != want {
			t.Errorf("Replace(%q) = %q, want %q", in, got, want)
		}
	}
	var none *Masker
	if got := none.Replace("x"); got != "x" {
		t.Errorf("nil Masker changed the text: %q", got)
	}
	named := New(map[string]string{"demo123": "{{PASSWORD}}", "ab": "{{PIN}}"})
	if got := named.Replace("type demo123 and ab, not abc"); got != "type {{PASSWORD}} and {{PIN}}, not abc" {
		t.Errorf("named: %q", got)
	}
}

func FuzzMasker(f *testing.F) {
	f.Add("login with pw-987654 failed", "pw-987654", "x")
	f.Add("x=1 xx x", "x", "xx")
	f.Add("ab\xffab", "ab", "\xff")
	f.Fuzz(func(t *testing.T, text, long, short string) {
		out := All([]string{long, short}, "***").Replace(text)
		// A value long enough to be hidden anywhere is gone, unless the
		// mask itself or the other value's replacement brings it back.
		if utf8.RuneCountInString(long) >= MinAnywhere && !strings.Contains(long, "*") && !strings.Contains(short, long) &&
			strings.Contains(out, long) {
			t.Fatalf("Replace(%q) = %q still holds %q", text, out, long)
		}
		if !strings.Contains(text, long) && !strings.Contains(text, short) && out != text {
			t.Fatalf("Replace(%q) = %q changed text that holds no secret", text, out)
		}
	})
}
