package textpos

import (
	"strings"
	"testing"
)

// FuzzJSONFind: any text and any path give an offset inside the text.
func FuzzJSONFind(f *testing.F) {
	f.Add([]byte(`{"steps": [{"step": 1, "params": {"odd key": "x"}}]}`), `steps[0].params["odd key"]`)
	f.Add([]byte(`{"a": [`), "a[0]")
	f.Fuzz(func(t *testing.T, data []byte, path string) {
		if off := JSONFind(data, path); off < 0 || off > len(data) {
			t.Fatalf("JSONFind = %d, outside 0..%d", off, len(data))
		}
	})
}

// FuzzCaret: the excerpt of any line at any offset is two lines, the
// second ending in the caret.
func FuzzCaret(f *testing.F) {
	f.Add([]byte("a\tb\x1b\xff名\r\nnext"), 4)
	f.Fuzz(func(t *testing.T, data []byte, off int) {
		text, line, col := LineAt(data, off)
		got := Caret(line, text, col)
		if strings.Count(got, "\n") != 1 || !strings.HasSuffix(got, "^") {
			t.Fatalf("Caret(%q, %d) = %q: want two lines, the caret last", text, col, got)
		}
	})
}
