package dom

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Normalize folds s for case- and punctuation-insensitive name matching: lower
// case; apostrophes, and dots or commas inside numbers, removed; other
// punctuation and symbols treated as white space; runs of white space turned
// into one space, none at either end. "Add-to-Cart!" and " add  to cart"
// both give "add to cart"; "Don't" gives "dont"; "$1,200.50" gives "120050".
func Normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	var prev rune
	for i, r := range s {
		switch {
		case r == '\'' || r == '’' || r == '‘' || unicode.Is(unicode.Cf, r):
			// dropped without a word break: "don't" is "dont"
		case (r == '.' || r == ',') && unicode.IsDigit(prev) && digitAt(s, i+1):
			// "12.00" is "1200"
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteString(string(unicode.ToLower(r)))
		default:
			// white space, punctuation, symbols, controls: a word break
			space = true
		}
		prev = r
	}
	return b.String()
}

func digitAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsDigit(r)
}
