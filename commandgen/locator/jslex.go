package locator

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

type tokKind int

type token struct {
	kind tokKind
	text string // identifier, decoded string, number, regex source, punctuation
	pos  int
}

// tokenizeJS splits JavaScript into the tokens a locator chain uses. It is
// not a full JavaScript lexer: it knows strings, template literals, regular
// expressions (where a value is expected), numbers, identifiers, comments and
// single-character punctuation.
func tokenizeJS(src string) ([]token, error) {
	var toks []token
	valueExpected := func() bool {
		if len(toks) == 0 {
			return true
		}
		t := toks[len(toks)-1]
		if t.kind == tokPunct {
			return strings.Contains("(,:{[=;!&|?+-*%<>~^", t.text)
		}
		return t.kind == tokIdent && (t.text == "return" || t.text == "await" || t.text == "typeof")
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case strings.HasPrefix(src[i:], "```"):
			// a markdown fence and its language tag
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			i += end
		case strings.HasPrefix(src[i:], "//"):
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			i += end
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return nil, fmt.Errorf("%w: unterminated comment at offset %d", ErrLocatorSyntax, i)
			}
			i += end + 4
		case c == '\'' || c == '"' || c == '`':
			s, n, tmpl, err := readJSString(src[i:])
			if err != nil {
				return nil, fmt.Errorf("%w at offset %d", err, i)
			}
			kind := tokString
			if tmpl {
				kind = tokTemplate
			}
			toks = append(toks, token{kind, s, i})
			i += n
		case c == '/' && valueExpected():
			n, err := readJSRegex(src[i:])
			if err != nil {
				return nil, fmt.Errorf("%w at offset %d", err, i)
			}
			toks = append(toks, token{tokRegex, src[i : i+n], i})
			i += n
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && (isWordByte(src[j]) || src[j] == '.') {
				j++
			}
			toks = append(toks, token{tokNumber, src[i:j], i})
			i = j
		case c == '_' || c == '$' || isLetter(c) || c >= utf8.RuneSelf:
			j := i
			for j < len(src) {
				r, size := utf8.DecodeRuneInString(src[j:])
				if r != '_' && r != '$' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
					break
				}
				j += size
			}
			if j == i {
				// a non-letter rune outside a string: punctuation
				_, size := utf8.DecodeRuneInString(src[i:])
				toks = append(toks, token{tokPunct, src[i : i+size], i})
				i += size
				continue
			}
			toks = append(toks, token{tokIdent, src[i:j], i})
			i = j
		default:
			toks = append(toks, token{tokPunct, string(c), i})
			i++
		}
	}
	return toks, nil
}

func isWordByte(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' || c == '_' }

// readJSString decodes the string literal at the start of s and returns it,
// its length in bytes, and whether it is a template with ${...}.
func readJSString(s string) (val string, n int, tmpl bool, err error) {
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); {
		c := s[i]
		switch {
		case c == q:
			return b.String(), i + 1, tmpl, nil
		case (c == '\n' || c == '\r') && q != '`':
			return "", 0, false, fmt.Errorf("%w: line break in string", ErrLocatorSyntax)
		case q == '`' && c == '$' && i+1 < len(s) && s[i+1] == '{':
			tmpl = true
			b.WriteByte(c)
			i++
		case c == '\\':
			r, size, ok := jsEscape(s[i:])
			if !ok {
				return "", 0, false, fmt.Errorf("%w: bad escape in string", ErrLocatorSyntax)
			}
			if r >= 0 {
				b.WriteRune(r)
			}
			i += size
		default:
			b.WriteByte(c)
			i++
		}
	}
	return "", 0, false, fmt.Errorf("%w: unterminated string", ErrLocatorSyntax)
}

// jsCharEscapes are the escapes of one character after the backslash.
var jsCharEscapes = map[byte]rune{'n': '\n', 't': '\t', 'r': '\r', 'b': '\b', 'f': '\f', 'v': '\v', '0': 0}

// jsEscape decodes the escape sequence at the start of s ("\n", "\x41",
// "\u00e9", "\u{1F600}", a line continuation) and returns the rune (-1 for
// none), the bytes used, and whether it was well formed.
func jsEscape(s string) (rune, int, bool) {
	if len(s) < 2 {
		return 0, 0, false
	}
	hex := func(h string) (rune, bool) {
		v, err := strconv.ParseUint(h, 16, 32)
		if err != nil || v > utf8.MaxRune {
			return 0, false
		}
		return rune(v), true
	}
	e := s[1]
	if r, ok := jsCharEscapes[e]; ok {
		return r, 2, true
	}
	switch e {
	case '\n':
		return -1, 2, true
	case '\r':
		if len(s) > 2 && s[2] == '\n' {
			return -1, 3, true
		}
		return -1, 2, true
	case 'x':
		if len(s) < 4 {
			return 0, 0, false
		}
		r, ok := hex(s[2:4])
		return r, 4, ok
	case 'u':
		if strings.HasPrefix(s[2:], "{") {
			end := strings.IndexByte(s, '}')
			if end < 0 || end == 3 || end > 10 {
				return 0, 0, false
			}
			r, ok := hex(s[3:end])
			return r, end + 1, ok
		}
		if len(s) < 6 {
			return 0, 0, false
		}
		r, ok := hex(s[2:6])
		if !ok {
			return 0, 0, false
		}
		// A UTF-16 surrogate pair: \ud83d\ude00.
		if r >= 0xd800 && r < 0xdc00 && len(s) >= 12 && s[6] == '\\' && s[7] == 'u' {
			if lo, ok := hex(s[8:12]); ok && lo >= 0xdc00 && lo < 0xe000 {
				return (r-0xd800)<<10 + (lo - 0xdc00) + 0x10000, 12, true
			}
		}
		return r, 6, true
	default:
		r, size := utf8.DecodeRuneInString(s[1:])
		return r, 1 + size, true
	}
}

// readJSRegex returns the length of the regular-expression literal at the
// start of s, flags included.
func readJSRegex(s string) (int, error) {
	inClass := false
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '\n':
			return 0, fmt.Errorf("%w: unterminated regular expression", ErrLocatorSyntax)
		case '/':
			if inClass {
				continue
			}
			j := i + 1
			for j < len(s) && isLetter(s[j]) {
				j++
			}
			return j, nil
		}
	}
	return 0, fmt.Errorf("%w: unterminated regular expression", ErrLocatorSyntax)
}

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
