package printable

import (
	"strconv"
	"unicode/utf8"
)

// Limits of what a message quotes from outside. A value a message names
// (a scenario's string or number, a JSONPath expression, a URL, a key) is
// quoted up to MaxExcerpt characters; a message from outside shown whole
// (a server's error text, a page's check failure) up to MaxMessage. Past
// either, the text is cut and says how long it was: a scenario file holds
// up to 10 MB, and a page or a server may answer more, which no terminal
// or CI log should have to hold for one line.
const (
	MaxExcerpt = 200  // characters of a quoted value
	MaxMessage = 4000 // characters of a message from a server or a page
)

// Excerpt returns s when it is at most MaxExcerpt characters long, else its
// first MaxExcerpt characters followed by "… (N bytes)", N the length of s.
func Excerpt(s string) string {
	return Cut(s, MaxExcerpt)
}

// Quote is strconv.Quote of Excerpt(s), with the cut, when there is one,
// said after the closing quote: "abc…"… (N bytes) reads as a value that
// goes on, where "abc… (N bytes)" could be the value itself.
func Quote(s string) string {
	head, cut := cutAt(s, MaxExcerpt)
	if !cut {
		return strconv.Quote(s)
	}
	return strconv.Quote(head) + more(len(s))
}

// Message returns a message from outside (a server's error text, a page's
// check failure) cut at MaxMessage characters, as Cut does. Mask any
// secret in s before: a cut could leave part of one that a mask no longer
// finds.
func Message(s string) string {
	return Cut(s, MaxMessage)
}

// Cut returns s when it is at most n characters long, else its first n
// characters followed by "… (N bytes)", N the length of s. A byte that is
// not UTF-8 counts as one character; nothing is cut inside a character.
func Cut(s string, n int) string {
	head, cut := cutAt(s, n)
	if !cut {
		return s
	}
	return head + more(len(s))
}

// cutAt returns the first n characters of s, and whether that left
// anything out.
func cutAt(s string, n int) (string, bool) {
	if len(s) <= n { // n bytes are at most n characters
		return s, false
	}
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	if i >= len(s) {
		return s, false
	}
	return s[:i], true
}

// more says how long a cut text was.
func more(n int) string {
	return "… (" + strconv.Itoa(n) + " bytes)"
}
