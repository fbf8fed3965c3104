package secret

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// How a secret is found in text: each of its characters as written, or in
// one of the encodings the package documentation lists.

// matchAt returns the length of the text at s[i:] that is e's value (in any
// form when encoded is set), or 0.
func (e entry) matchAt(s string, i int, encoded bool) int {
	if !encoded {
		if strings.HasPrefix(s[i:], e.value) {
			return len(e.value)
		}
		return 0
	}
	if c := s[i]; c != e.value[0] && c != '%' && c != '+' && c != '\\' && c != '&' {
		return 0
	}
	mt := matcher{s: s, v: e.value}
	if end := mt.from(0, i); end > i {
		return end - i
	}
	return 0
}

// matcher matches one value against text where each of its characters may
// be written as it is or in an encoded form. Where two readings of the text
// are possible (a '%' of the value against "%25"), both are tried; failed
// states are remembered, so the work stays proportional to the lengths.
type matcher struct {
	s, v   string
	failed map[[2]int]bool // (value offset, text offset) known not to match
}

// from returns the end in s of a match of v[k:] that starts at s[i:], or -1.
func (mt *matcher) from(k, i int) int {
	for k < len(mt.v) {
		if i >= len(mt.s) {
			return -1
		}
		next, count := mt.readings(k, i)
		switch count {
		case 0:
			return -1
		case 1:
			k, i = next[0][0], next[0][1]
			continue
		}
		if mt.failed[[2]int{k, i}] {
			return -1
		}
		for _, n := range next[:count] {
			if end := mt.from(n[0], n[1]); end >= 0 {
				return end
			}
		}
		if mt.failed == nil {
			mt.failed = map[[2]int]bool{}
		}
		mt.failed[[2]int{k, i}] = true
		return -1
	}
	return i
}

// readings returns the (value offset, text offset) pairs that one character
// of the text at s[i:] can advance the match of v[k:] to: the byte as it is,
// or a decoded escape whose bytes come next in the value.
func (mt *matcher) readings(k, i int) (out [2][2]int, n int) {
	s, v := mt.s, mt.v
	add := func(k, i int) {
		out[n] = [2]int{k, i}
		n++
	}
	if s[i] == v[k] {
		add(k+1, i+1)
	}
	switch s[i] {
	case '+':
		if v[k] == ' ' {
			add(k+1, i+1)
		}
	case '%':
		if b, ok := percentByte(s[i:]); ok && b == v[k] {
			add(k+1, i+3)
		}
	case '\\', '&':
		decode := jsonEscape
		if s[i] == '&' {
			decode = htmlReference
		}
		if r, size := decode(s[i:]); size > 0 {
			var buf [utf8.UTFMax]byte
			w := utf8.EncodeRune(buf[:], r)
			if strings.HasPrefix(v[k:], string(buf[:w])) {
				add(k+w, i+size)
			}
		}
	}
	return out, n
}

// percentByte decodes the %XX escape at the start of s.
func percentByte(s string) (byte, bool) {
	if len(s) < 3 || s[0] != '%' {
		return 0, false
	}
	hi, ok1 := unhex(s[1])
	lo, ok2 := unhex(s[2])
	return hi<<4 | lo, ok1 && ok2
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// jsonEscape decodes the JSON string escape at the start of s (\n, \",
// \uXXXX, a surrogate pair) and returns the character and the escape's
// length; 0 when s does not start with one.
func jsonEscape(s string) (rune, int) {
	if len(s) < 2 || s[0] != '\\' {
		return 0, 0
	}
	switch c := s[1]; c {
	case '"', '\\', '/':
		return rune(c), 2
	case 'b':
		return '\b', 2
	case 'f':
		return '\f', 2
	case 'n':
		return '\n', 2
	case 'r':
		return '\r', 2
	case 't':
		return '\t', 2
	case 'u':
	default:
		return 0, 0
	}
	r, ok := hex4(s[2:])
	if !ok {
		return 0, 0
	}
	if !utf16IsSurrogate(r) {
		return r, 6
	}
	if r >= 0xDC00 || len(s) < 12 || s[6] != '\\' || s[7] != 'u' {
		return 0, 0 // a lone surrogate stands for no character
	}
	lo, ok := hex4(s[8:])
	if !ok || lo < 0xDC00 || lo > 0xDFFF {
		return 0, 0
	}
	return 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00), 12
}

func utf16IsSurrogate(r rune) bool { return 0xD800 <= r && r <= 0xDFFF }

func hex4(s string) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	var r rune
	for i := range 4 {
		d, ok := unhex(s[i])
		if !ok {
			return 0, false
		}
		r = r<<4 | rune(d)
	}
	return r, true
}

// htmlNames are the named character references HTML escapers write.
var htmlNames = map[string]rune{"amp": '&', "lt": '<', "gt": '>', "quot": '"', "apos": '\''}

// maxReference is the length of the longest reference htmlReference reads
// ("&#x0010FFFF;" with some leading zeros).
const maxReference = 16

// htmlReference decodes the HTML character reference at the start of s
// (&amp;, &#39;, &#x27;) and returns the character and the reference's
// length; 0 when s does not start with one.
func htmlReference(s string) (rune, int) {
	if len(s) < 4 || s[0] != '&' {
		return 0, 0
	}
	end := strings.IndexByte(s[:min(len(s), maxReference)], ';')
	if end < 0 {
		return 0, 0
	}
	body := s[1:end]
	if r, ok := htmlNames[body]; ok {
		return r, end + 1
	}
	if len(body) < 2 || body[0] != '#' {
		return 0, 0
	}
	digits, base := body[1:], rune(10)
	if digits[0] == 'x' || digits[0] == 'X' {
		digits, base = digits[1:], 16
	}
	if digits == "" {
		return 0, 0
	}
	var r rune
	for i := 0; i < len(digits); i++ {
		d, ok := unhex(digits[i])
		if !ok || rune(d) >= base {
			return 0, 0
		}
		if r = r*base + rune(d); r > unicode.MaxRune {
			return 0, 0
		}
	}
	if utf16IsSurrogate(r) {
		return 0, 0
	}
	return r, end + 1
}

// wordEdges reports whether a match between before and after stands as a
// whole word: the characters next to it, decoded when they are escapes
// themselves, are not letters or digits.
func wordEdges(before, after string) bool {
	return !isWord(lastChar(before)) && !isWord(firstChar(after))
}

// none stands for no character (the text's start or end); it is not a word
// character.
const none = -1

// firstChar returns the first character of s, decoding a percent escape
// (with the escapes that complete its UTF-8 sequence), a JSON escape or an
// HTML reference.
func firstChar(s string) rune {
	if s == "" {
		return none
	}
	switch s[0] {
	case '%':
		var buf []byte
		for j := 0; len(buf) < utf8.UTFMax; j += 3 {
			b, ok := percentByte(s[j:])
			if !ok {
				break
			}
			if buf = append(buf, b); utf8.FullRune(buf) {
				break
			}
		}
		if len(buf) > 0 {
			r, _ := utf8.DecodeRune(buf)
			return r
		}
	case '\\':
		if r, n := jsonEscape(s); n > 0 {
			return r
		}
	case '&':
		if r, n := htmlReference(s); n > 0 {
			return r
		}
	}
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// lastChar returns the last character of s, decoding an escape that ends it
// as firstChar does.
func lastChar(s string) rune {
	if s == "" {
		return none
	}
	n := len(s)
	// Percent escapes: the last UTF-8 sequence of the trailing %XX run.
	var tail []byte
	for j := n - 3; j >= 0 && len(tail) < utf8.UTFMax; j -= 3 {
		b, ok := percentByte(s[j:])
		if !ok {
			break
		}
		tail = append([]byte{b}, tail...)
		if utf8.RuneStart(b) {
			break
		}
	}
	if len(tail) > 0 {
		r, _ := utf8.DecodeLastRune(tail)
		return r
	}
	switch s[n-1] {
	case ';':
		if j := strings.LastIndexByte(s[max(0, n-maxReference):], '&'); j >= 0 {
			j += max(0, n-maxReference)
			if r, w := htmlReference(s[j:]); w == n-j {
				return r
			}
		}
	}
	// JSON escapes of 2, 6 and 12 bytes whose backslash is not itself escaped.
	for _, w := range []int{12, 6, 2} {
		j := n - w
		if j < 0 || s[j] != '\\' {
			continue
		}
		if r, got := jsonEscape(s[j:]); got == w && escapeStarts(s, j) {
			return r
		}
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// escapeStarts reports whether the backslash at s[j] starts an escape:
// it is preceded by an even number of backslashes.
func escapeStarts(s string, j int) bool {
	n := 0
	for j > 0 && s[j-1] == '\\' {
		n++
		j--
	}
	return n%2 == 0
}

func isWord(r rune) bool { return r != none && (unicode.IsLetter(r) || unicode.IsDigit(r)) }
