package tokens

import (
	"unicode"
	"unicode/utf8"
)

// The pre-split of each encoding, written out by hand: tiktoken-go runs
// it as a backtracking regular expression (regexp2), which reads a page
// at under 1 MB/s; this reads it at tens of MB/s. Each function returns
// the end of the piece that starts at byte i of s, the same piece as the
// encoding's regular expression matches there (FuzzSplit holds the two to
// one answer). Byte-pair encoding then works inside each piece alone.
//
// cl100k_base:
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
//	 ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// o200k_base:
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|
//	\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// \s is unicode.IsSpace, as in regexp2. A byte that is not UTF-8 reads as
// U+FFFD, as regexp2 reads it.

// splitCl100k returns the end of cl100k_base's piece at i.
func splitCl100k(s string, i int) int {
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == '\'' {
		if e := contraction(s, i); e > 0 {
			return e
		}
	}
	// [^\r\n\p{L}\p{N}]?\p{L}+
	if isL(r) {
		return runEnd(s, i, isL)
	}
	if prefix(r) {
		if e := runEnd(s, i+n, isL); e > i+n {
			return e
		}
	}
	if e, ok := numbers(s, i, r); ok {
		return e
	}
	if e, ok := punctuation(s, i, r, n, isNL); ok {
		return e
	}
	return spaces(s, i)
}

// splitO200k returns the end of o200k_base's piece at i.
func splitO200k(s string, i int) int {
	r, n := utf8.DecodeRuneInString(s[i:])
	pre := prefix(r)
	// [^\r\n\p{L}\p{N}]?U*W+C?, the prefix tried first.
	if pre {
		if e := upperLower(s, i+n); e > 0 {
			return withContraction(s, e)
		}
	}
	if e := upperLower(s, i); e > 0 {
		return withContraction(s, e)
	}
	// [^\r\n\p{L}\p{N}]?U+W*C?
	if pre {
		if e := runEnd(s, i+n, upperish); e > i+n {
			return withContraction(s, runEnd(s, e, lowerish))
		}
	}
	if e := runEnd(s, i, upperish); e > i {
		return withContraction(s, runEnd(s, e, lowerish))
	}
	if e, ok := numbers(s, i, r); ok {
		return e
	}
	if e, ok := punctuation(s, i, r, n, isNLOrSlash); ok {
		return e
	}
	return spaces(s, i)
}

// upperLower matches U*W+ at p (U upper-case-like letters and marks, W
// lower-case-like; they share Lm, Lo and M), as a backtracking matcher
// does: the longest run of U, then shorter ones, until W+ matches after
// it. It returns the end, or -1.
func upperLower(s string, p int) int {
	var starts [16]int
	ends := starts[:0] // the end of each rune of the run of U
	e := p
	for e < len(s) {
		r, n := utf8.DecodeRuneInString(s[e:])
		if !upperish(r) {
			break
		}
		e += n
		ends = append(ends, e)
	}
	for t := len(ends); t >= 0; t-- {
		q := p
		if t > 0 {
			q = ends[t-1]
		}
		if q < len(s) {
			if r, _ := utf8.DecodeRuneInString(s[q:]); lowerish(r) {
				return runEnd(s, q, lowerish)
			}
		}
	}
	return -1
}

// withContraction extends a piece that ends at e by a contraction after it.
func withContraction(s string, e int) int {
	if c := contraction(s, e); c > 0 {
		return c
	}
	return e
}

// contraction returns the end of (?i:'s|'t|'re|'ve|'m|'ll|'d) at i, or -1.
// Case is ignored as regexp2 ignores it: 'ſ (U+017F) is 's.
func contraction(s string, i int) int {
	if i >= len(s) || s[i] != '\'' {
		return -1
	}
	r1, n1 := utf8.DecodeRuneInString(s[i+1:])
	switch r1 {
	case 's', 'S', 't', 'T', 'm', 'M', 'd', 'D', 'ſ':
		return i + 1 + n1
	case 'r', 'R', 'v', 'V':
		if j := i + 1 + n1; j < len(s) && s[j]|0x20 == 'e' {
			return j + 1
		}
	case 'l', 'L':
		if j := i + 1 + n1; j < len(s) && s[j]|0x20 == 'l' {
			return j + 1
		}
	}
	return -1
}

// numbers matches \p{N}{1,3} at i.
func numbers(s string, i int, r rune) (int, bool) {
	if !isN(r) {
		return 0, false
	}
	e := i
	for k := 0; k < 3 && e < len(s); k++ {
		r, n := utf8.DecodeRuneInString(s[e:])
		if !isN(r) {
			break
		}
		e += n
	}
	return e, true
}

// punctuation matches " ?[^\s\p{L}\p{N}]+" at i, then a run of tail.
func punctuation(s string, i int, r rune, n int, tail func(rune) bool) (int, bool) {
	j := i
	switch {
	case r == ' ' && i+1 < len(s):
		if r2, _ := utf8.DecodeRuneInString(s[i+1:]); punct(r2) {
			j = i + 1
		} else {
			return 0, false
		}
	case !punct(r):
		return 0, false
	}
	return runEnd(s, runEnd(s, j, punct), tail), true
}

// spaces matches \s*[\r\n]+|\s+(?!\S)|\s+ at i; a rune that is not white
// space matches none of the pieces before either, and is a piece alone.
func spaces(s string, i int) int {
	w := runEnd(s, i, unicode.IsSpace)
	if w == i {
		// Not reached: every rune is a letter, a number, white space or
		// of [^\s\p{L}\p{N}].
		_, n := utf8.DecodeRuneInString(s[i:])
		return i + n
	}
	// \s*[\r\n]+: the run up to its last line break.
	for k := w - 1; k >= i; k-- {
		if s[k] == '\n' || s[k] == '\r' {
			return k + 1
		}
	}
	// \s+(?!\S): the run, but for its last rune when a non-space follows
	// and it has two or more; else \s+.
	if w == len(s) {
		return w
	}
	_, last := utf8.DecodeLastRuneInString(s[i:w])
	if w-last > i {
		return w - last
	}
	return w
}

// runEnd returns the end of the run of runes in class from i.
func runEnd(s string, i int, class func(rune) bool) int {
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if !class(rune(c)) {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !class(r) {
			return i
		}
		i += n
	}
	return i
}

func isL(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	}
	return unicode.IsLetter(r)
}

func isN(r rune) bool {
	if r < utf8.RuneSelf {
		return '0' <= r && r <= '9'
	}
	return unicode.IsNumber(r)
}

func isNL(r rune) bool { return r == '\n' || r == '\r' }

func isNLOrSlash(r rune) bool { return r == '\n' || r == '\r' || r == '/' }

// prefix is [^\r\n\p{L}\p{N}].
func prefix(r rune) bool { return !isNL(r) && !isL(r) && !isN(r) }

// punct is [^\s\p{L}\p{N}].
func punct(r rune) bool { return !unicode.IsSpace(r) && !isL(r) && !isN(r) }

// upperish is [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}].
func upperish(r rune) bool {
	if r < utf8.RuneSelf {
		return 'A' <= r && r <= 'Z'
	}
	return unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M)
}

// lowerish is [\p{Ll}\p{Lm}\p{Lo}\p{M}].
func lowerish(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z'
	}
	return unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo, unicode.M)
}
