// Package printable makes text from outside the program safe to print on a
// terminal or in a CI log: page text and accessible names, scenario names
// and descriptions, server error texts (@playwright/mcp's own errors carry
// ESC[2m colour codes).
//
// String takes such text and gives it back with every character that could
// act on a terminal or a log viewer written as a visible escape: control
// characters (ESC as \x1b, CR as \r, the C1 controls as \u009b), Unicode
// bidirectional controls (the embeddings, overrides and isolates U+202A to
// U+202E and U+2066 to U+2069, the marks U+200E, U+200F and U+061C, as
// \u202e), which can make a line read differently from what it says, the
// line and paragraph separators, and bytes that are not UTF-8 (\xff).
// Newlines and tabs are kept, so multi-line messages keep their lines.
// Nothing is dropped, so what was there can still be seen.
//
// It is the one rule of every writer: the console, the JUnit file and the
// HTML report write outside text through String, and --json documents are
// passed through JSON, which writes the same characters as \u escapes.
// Excerpt, Quote and Message bound how much of an outside value a message
// quotes (see MaxExcerpt and MaxMessage).
package printable

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// String returns s with the characters described in the package
// documentation escaped; s itself when it has none.
func String(s string) string {
	i := unsafeAt(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\r':
			b.WriteString(`\r`)
		case unsafe(r) && r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafe(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// unsafeAt returns the index of the first character String escapes, or -1.
func unsafeAt(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f { // printable ASCII, the common case
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || unsafe(r) {
			return i
		}
		i += size
	}
	return -1
}

// unsafe reports whether String escapes r.
func unsafe(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || r >= 0x7f && r <= 0x9f: // C0, DEL and C1 controls
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069: // bidi embeddings, overrides, isolates
		return true
	case r == 0x200e || r == 0x200f || r == 0x061c: // bidi marks: left-to-right, right-to-left, Arabic letter
		return true
	case r == 0x2028 || r == 0x2029: // line and paragraph separators
		return true
	}
	return false
}
