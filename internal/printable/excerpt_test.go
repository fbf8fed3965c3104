package printable

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCut(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"", 3, ""},
		{"abc", 3, "abc"},
		{"abcd", 3, "abc… (4 bytes)"},
		{"ééé", 3, "ééé"}, // 6 bytes, 3 characters
		{"éééé", 3, "ééé… (8 bytes)"},
		{"a\xffbc", 2, "a\xff… (4 bytes)"},
		{"𝄞𝄞", 1, "𝄞… (8 bytes)"},
	}
	for _, tt := range tests {
		if got := Cut(tt.in, tt.n); got != tt.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}

func TestExcerptAndQuote(t *testing.T) {
	short := strings.Repeat("x", MaxExcerpt)
	if got := Excerpt(short); got != short {
		t.Errorf("Excerpt of %d characters = %q, want it whole", MaxExcerpt, got)
	}
	big := strings.Repeat("9", 9<<20)
	want := strings.Repeat("9", MaxExcerpt) + "… (9437184 bytes)"
	if got := Excerpt(big); got != want {
		t.Errorf("Excerpt of 9 MB = %.300q…, want %q", got, want)
	}
	if got, want := Quote("a\u202eb\n"), `"a\u202eb\n"`; got != want {
		t.Errorf("Quote = %s, want %s", got, want)
	}
	if got, want := Quote(big), `"`+strings.Repeat("9", MaxExcerpt)+`"… (9437184 bytes)`; got != want {
		t.Errorf("Quote of 9 MB = %.300s, want %s", got, want)
	}
	if got := Message(big); len(got) > MaxMessage+32 || !strings.HasSuffix(got, "… (9437184 bytes)") {
		t.Errorf("Message of 9 MB is %d bytes, ending %q; want at most %d characters and the size", len(got), got[len(got)-30:], MaxMessage)
	}
}

func FuzzCut(f *testing.F) {
	f.Add("plain", 3)
	f.Add("é\xff𝄞 long enough", 2)
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 0 || n > 1000 {
			return
		}
		out := Cut(s, n)
		if utf8.RuneCountInString(s) <= n {
			if out != s {
				t.Fatalf("Cut(%q, %d) = %q, want it whole", s, n, out)
			}
			return
		}
		head, _, ok := strings.Cut(out, "… (")
		if !ok || !strings.HasPrefix(s, head) || utf8.RuneCountInString(head) != n {
			t.Fatalf("Cut(%q, %d) = %q, want the first %d characters and the size", s, n, out, n)
		}
	})
}
