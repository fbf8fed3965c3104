package dom

import (
	"unicode"
	"unicode/utf8"
)

// EstimateTokens estimates how many tokens a cl100k-style tokenizer (GPT-4,
// GPT-3.5) makes of s, without a vocabulary. It mimics that tokenizer's
// pre-split and assumes common pieces are single tokens:
//
//   - a run of letters is one token per 10 letters, rounded up: common
//     English words are single tokens, long or rare ones 2-3;
//   - a run of digits is one token per 3 digits;
//   - a run of punctuation is one token per 2 characters;
//   - a single space before a word or punctuation is free (it joins it);
//   - a line break with the indentation after it is one token;
//   - other whitespace runs are one token per 4 characters;
//   - every other rune (CJK, emoji, symbols) is one token.
//
// On English text and snapshot lines it lands within about 15% of the real
// count; it is meant for budgets and ratios, which it keeps consistent,
// not for billing.
func EstimateTokens(s string) int {
	tokens := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\n' || r == '\r':
			// A line break and the indentation that follows: one token.
			j := i
			for j < len(s) && (s[j] == '\n' || s[j] == '\r' || s[j] == ' ' || s[j] == '\t') {
				j++
			}
			tokens++
			i = j
		case r == ' ' || r == '\t':
			j := i
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			n := j - i
			if j < len(s) && s[j] != '\n' && s[j] != '\r' && (s[j] < '0' || s[j] > '9') {
				n-- // the last space joins the next word or punctuation
			}
			tokens += (n + 3) / 4
			i = j
		case r < utf8.RuneSelf && isLetter(byte(r)):
			j := i
			for j < len(s) && isLetter(s[j]) {
				j++
			}
			tokens += (j - i + 9) / 10
			i = j
		case r >= '0' && r <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			tokens += (j - i + 2) / 3
			i = j
		case r < utf8.RuneSelf && unicode.IsPunct(r) || r < utf8.RuneSelf && unicode.IsSymbol(r):
			j := i
			for j < len(s) && s[j] < utf8.RuneSelf && (unicode.IsPunct(rune(s[j])) || unicode.IsSymbol(rune(s[j]))) {
				j++
			}
			tokens += (j - i + 1) / 2
			i = j
		default:
			tokens++
			i += size
		}
	}
	return tokens
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
