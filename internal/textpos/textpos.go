// Package textpos locates bytes in text input, for errors that point into
// what a person gave: it takes the bytes of a file or an argument and gives
// out the offset of the first byte that is not UTF-8, and the line and
// column of an offset.
package textpos

import (
	"bytes"
	"unicode/utf8"
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
