package printable

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestString(t *testing.T) {
	for in, want := range map[string]string{
		"":                                 "",
		"click Add to cart for Blue Mug":   "click Add to cart for Blue Mug",
		"two\nlines\tand a tab":            "two\nlines\tand a tab",
		"é€𝄞 and a \\x1b written out":      "é€𝄞 and a \\x1b written out",
		"\x1b[2mCall log:\x1b[22m":         `\x1b[2mCall log:\x1b[22m`,
		"title\x1b]0;pwned\x07 bell":       `title\x1b]0;pwned\x07 bell`,
		"progress\rOVERWRITTEN":            `progress\rOVERWRITTEN`,
		"del\x7f c1\u009b[31m nul\x00":     `del\x7f c1\u009b[31m nul\x00`,
		"safe \u202eexe.txt\u202c":         `safe \u202eexe.txt\u202c`,
		"\u2066isolate\u2069 \u202a\u202b": `\u2066isolate\u2069 \u202a\u202b`,
		"line\u2028sep\u2029":              `line\u2028sep\u2029`,
		"bad \xff\xfe utf8":                `bad \xff\xfe utf8`,
		"\u200e marks \u200f\u061c":        `\u200e marks \u200f\u061c`,
		"nul\x00 nel\u0085 bel\a":          `nul\x00 nel\u0085 bel\x07`,
		"\u00a0 and \u200d are text":       "\u00a0 and \u200d are text",
	} {
		if got := String(in); got != want {
			t.Errorf("String(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzString(f *testing.F) {
	f.Add("plain text")
	f.Add("\x1b[31mred\x1b[0m\r\n\u202e\xff")
	f.Fuzz(func(t *testing.T, s string) {
		out := String(s)
		if unsafeAt(out) >= 0 || !utf8.ValidString(out) {
			t.Fatalf("String(%q) = %q still holds a character to escape", s, out)
		}
		if strings.Count(out, "\n") != strings.Count(s, "\n") {
			t.Fatalf("String(%q) = %q changed the lines", s, out)
		}
		if String(out) != out {
			t.Fatalf("String is not stable on its output %q", out)
		}
		// Without a backslash in the text, its escapes are the only
		// ones: reading them back gives the text, so two texts never
		// look the same.
		if !strings.Contains(s, `\`) && utf8.ValidString(s) {
			if back := unescape(t, out); back != s {
				t.Fatalf("String(%q) = %q reads back as %q", s, out, back)
			}
		}
	})
}

// unescape reads String's escapes back (\r, \xHH, \uHHHH).
func unescape(t *testing.T, s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		switch {
		case strings.HasPrefix(s[i:], `\r`):
			b.WriteByte('\r')
			i++
		case strings.HasPrefix(s[i:], `\x`):
			n, err := strconv.ParseUint(s[i+2:i+4], 16, 8)
			if err != nil {
				t.Fatalf("bad escape in %q", s)
			}
			b.WriteByte(byte(n))
			i += 3
		case strings.HasPrefix(s[i:], `\u`):
			n, err := strconv.ParseUint(s[i+2:i+6], 16, 32)
			if err != nil {
				t.Fatalf("bad escape in %q", s)
			}
			b.WriteRune(rune(n))
			i += 5
		default:
			t.Fatalf("a backslash that is no escape in %q", s)
		}
	}
	return b.String()
}
