package textpos

import "testing"

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
