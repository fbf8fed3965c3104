package textpos

import (
	"bytes"
	"strings"
	"testing"
)

func TestInvalidUTF8(t *testing.T) {
	for in, want := range map[string]int{
		"":               -1,
		"plain":          -1,
		"é ✓ \uFFFD":     -1,
		"\xff":           0,
		"ab\xffc":        2,
		"é\xc3":          2, // a sequence cut short
		"ok\xed\xa0\x80": 2, // an encoded surrogate
		"a\xc0\xafb":     1, // an overlong encoding
		"✓✓\x80":         6,
	} {
		if got := InvalidUTF8([]byte(in)); got != want {
			t.Errorf("InvalidUTF8(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestLineCol(t *testing.T) {
	data := []byte("ab\nçd\xffe\n\nx")
	for _, tt := range []struct{ off, line, col int }{
		{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {6, 2, 3}, {7, 2, 4}, {10, 4, 1}, {-5, 1, 1}, {99, 4, 2},
	} {
		if line, col := LineCol(data, tt.off); line != tt.line || col != tt.col {
			t.Errorf("LineCol(%d) = %d:%d, want %d:%d", tt.off, line, col, tt.line, tt.col)
		}
	}
}

func TestLineAt(t *testing.T) {
	data := []byte("first\r\n  \"steps\": [,]\r\nlast")
	text, line, col := LineAt(data, bytes.IndexByte(data, ','))
	if text != `  "steps": [,]` || line != 2 || col != 13 {
		t.Errorf("LineAt = %q %d:%d, want %q 2:13", text, line, col, `  "steps": [,]`)
	}
	if text, line, col := LineAt(data, len(data)); text != "last" || line != 3 || col != 5 {
		t.Errorf("LineAt(end) = %q %d:%d, want \"last\" 3:5", text, line, col)
	}
}

func TestCaret(t *testing.T) {
	long := strings.Repeat("a", 150) + "X" + strings.Repeat("b", 150)
	tests := []struct {
		name string
		line int
		text string
		col  int
		want string
	}{
		{"plain", 2, `  "steps": [,]`, 13,
			"    2 |   \"steps\": [,]\n" +
				"      |             ^"},
		{"tabs are kept under the text", 7, "\t\tx y", 5,
			"    7 | \t\tx y\n" +
				"      | \t\t  ^"},
		{"an escaped character is as wide as its escape", 1, "a\x1b[2mb\xffc", 8,
			"    1 | a\\x1b[2mb\\xffc\n" +
				"      |              ^"},
		{"a wide character takes two columns", 1, "名前: x", 5,
			"    1 | 名前: x\n" +
				"      |       ^"},
		{"past the end of the line", 1, "ab", 9,
			"    1 | ab\n" +
				"      |   ^"},
		{"a long line is cut around the column", 123456, long, 151,
			"123456 | ..." + strings.Repeat("a", 50) + "X" + strings.Repeat("b", 49) + "...\n" +
				"       | " + strings.Repeat(" ", 53) + "^"},
	}
	for _, tt := range tests {
		if got := Caret(tt.line, tt.text, tt.col); got != tt.want {
			t.Errorf("%s: Caret =\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}

// TestCaretLongLine: on lines of every length around the cut, with wide,
// escaped and invalid characters, Caret shows what it shows of the whole
// line, having split only the characters near the column.
func TestCaretLongLine(t *testing.T) {
	pieces := []string{"a", "é", "漢", "\t", "\x01", "\xff", "👍🏽"}
	for _, n := range []int{50, 99, 100, 101, 199, 200, 201, 399, 400, 401, 402, 1000, 5000} {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(pieces[(i*7+n)%len(pieces)])
		}
		text := b.String()
		chars := len(splitChars(text))
		for _, col := range []int{-3, 1, 2, 50, 51, 100, 150, 199, 200, 201, 202, 250, 300, 400, chars - 200, chars - 199, chars - 50, chars, chars + 1, chars + 2, chars + 500} {
			if got, want := Caret(7, text, col), caret(7, text, col); got != want {
				t.Fatalf("%d characters, column %d:\ngot\n%s\nwant\n%s", chars, col, got, want)
			}
		}
	}
}

// BenchmarkCaretLongLine: a caret on a 10 MB line splits a few hundred
// characters, not ten million.
func BenchmarkCaretLongLine(b *testing.B) {
	text := strings.Repeat("x", 10<<20)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Caret(1, text, 5<<20)
	}
}
