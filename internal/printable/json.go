package printable

import (
	"fmt"
	"unicode/utf8"
)

// JSON returns the JSON document b (as encoding/json writes it) with every
// character String escapes written as a \u escape: encoding/json writes
// the C0 controls and the line and paragraph separators so already, but
// leaves DEL, the C1 controls and the bidi controls raw, even with its HTML
// escaping. A JSON reader gets the same strings back; a terminal or log
// viewer shown the document gets nothing but printable text. Such
// characters can only stand inside strings (the rest of a document is
// ASCII), so no parsing is needed. A byte that is not UTF-8, which
// encoding/json never writes, becomes \ufffd. b is returned as it is when
// it holds nothing to escape.
func JSON(b []byte) []byte {
	i := unsafeJSONAt(b)
	if i < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	out = append(out, b[:i]...)
	for i < len(b) {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = append(out, `\ufffd`...)
		case r != '\r' && unsafe(r):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}

// unsafeJSONAt returns the index of the first character JSON escapes, or
// -1. Newlines and tabs (white space between a document's tokens) stay;
// so does a carriage return, which is white space to JSON too.
func unsafeJSONAt(b []byte) int {
	for i := 0; i < len(b); {
		c := b[i]
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\t' || c == '\r' {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 || r != '\r' && unsafe(r) {
			return i
		}
		i += size
	}
	return -1
}
