// Package textpos locates bytes in text input, for errors that point into
// what a person gave: it takes the bytes of a file or an argument and gives
// out the offset of the first byte that is not UTF-8, the line and column
// of an offset (columns count characters, from 1), the line itself with a
// caret under the column, and, in JSON, where a decoding error or the value
// at a JSON path ("steps[3].on_error") is (walked with internal/jsonscan).
package textpos

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/plaintest/plaintest/internal/printable"
)

// InvalidUTF8 returns the offset of the first byte of b that does not start
// a valid UTF-8 sequence, or -1 when b is valid UTF-8. (A U+FFFD written as
// its three UTF-8 bytes is valid.)
func InvalidUTF8(b []byte) int {
	if utf8.Valid(b) {
		return -1
	}
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1 // not reached: utf8.Valid said there is one
}

// LineCol gives the 1-based line and column of byte offset off in data
// (clamped to data). Columns count characters, an invalid byte as one.
func LineCol(data []byte, off int) (line, col int) {
	off = max(0, min(off, len(data)))
	line = 1 + bytes.Count(data[:off], []byte("\n"))
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	return line, utf8.RuneCount(data[start:off]) + 1
}

// LineAt returns the line of data that holds byte offset off (clamped to
// data), without its line ending, with its 1-based number and the column
// of off in it, counted as LineCol counts.
func LineAt(data []byte, off int) (text string, line, col int) {
	off = max(0, min(off, len(data)))
	line, col = LineCol(data, off)
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	end := len(data)
	if i := bytes.IndexByte(data[off:], '\n'); i >= 0 {
		end = off + i
	}
	return strings.TrimSuffix(string(data[start:end]), "\r"), line, col
}

// caretWidth bounds how much of a long line Caret shows: the characters
// around the column, the cut ends marked "...".
const caretWidth = 100

// Caret renders line number line, whose text is text, and under it a caret
// (^) under column col (1-based, in characters), as compilers show where an
// error is:
//
//	2 |   "steps": [,]
//	  |             ^
//
// The text is made printable (printable.String: control characters and
// bytes that are not UTF-8 are escaped) and the caret stays under the
// character it points at: under the escape of an escaped one, after tabs
// copied from the text, two columns on for a wide character. A line longer
// than caretWidth characters is cut to those around the column. There is no
// trailing newline.
func Caret(line int, text string, col int) string {
	text, col = near(text, col)
	return caret(line, text, col)
}

// caret is Caret on the whole of text.
func caret(line int, text string, col int) string {
	runes := splitChars(text)
	col = max(1, min(col, len(runes)+1))
	first, last := 0, len(runes)
	if len(runes) > caretWidth {
		first = max(0, min(col-1-caretWidth/2, len(runes)-caretWidth))
		last = first + caretWidth
	}
	var shown, under strings.Builder
	if first > 0 {
		shown.WriteString("...")
		under.WriteString("   ")
	}
	for i, c := range runes[first:last] {
		p := printable.String(c)
		shown.WriteString(p)
		if first+i < col-1 {
			under.WriteString(blank(c, p))
		}
	}
	if last < len(runes) {
		shown.WriteString("...")
	}
	gutter := fmt.Sprint(line)
	pad := strings.Repeat(" ", max(5, len(gutter)))
	return fmt.Sprintf("%*s | %s\n%s | %s^", len(pad), gutter, shown.String(), pad, under.String())
}

// near cuts text to the characters within 2*caretWidth of column col and
// returns the column in what it kept. Caret cuts what it is given to the
// same characters and ends as it would the whole line: near only keeps a
// line of megabytes from being split into characters.
func near(text string, col int) (string, int) {
	const keep = 2 * caretWidth
	if len(text) <= 2*keep { // bytes: no more characters than that
		return text, col
	}
	k := col - 1 // the column's character, from 0
	start, end, started := 0, len(text), k-keep <= 0
	for i, n := 0, 0; i < len(text); n++ {
		if n == k-keep {
			start, started = i, true
		}
		if n == k+keep {
			end = i
			break
		}
		_, size := utf8.DecodeRuneInString(text[i:])
		i += size
	}
	switch {
	case k-keep <= 0:
		return text[:end], col
	case !started: // past the end: Caret puts it after the last character
		return text, col
	}
	return text[start:end], keep + 1
}

// splitChars splits s into its characters, an invalid byte as one, as
// LineCol counts them.
func splitChars(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		out = append(out, s[i:i+size])
		i += size
	}
	return out
}

// blank is what stands under character c, shown as p, in the caret line:
// a tab for a tab, else spaces as wide as p on a terminal.
func blank(c, p string) string {
	if c == "\t" {
		return "\t"
	}
	if c != p { // escaped: as many columns as the escape
		return strings.Repeat(" ", len(p))
	}
	r, _ := utf8.DecodeRuneInString(c)
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return "" // combining marks and format characters take no column
	case width.LookupRune(r).Kind() == width.EastAsianWide, width.LookupRune(r).Kind() == width.EastAsianFullwidth:
		return "  "
	}
	return " "
}
