package names

// The quoted parts of a sentence, its apostrophes aside.

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ReQuoted finds the quoted parts of a sentence: "…", “…” or '…', with
// the methods of a regexp.Regexp its callers use. An apostrophe between
// two letters or digits ("Tom's", "isn't") is no quote mark: it is a word's
// own, inside a quotation ('Don't save') or outside one ("verify Tom's
// cart isn't shown").
var ReQuoted quoteFinder

var reQuoted = regexp.MustCompile(`"([^"]+)"|“([^”]+)”|'([^']+)'`)

type quoteFinder struct{}

// masked is s with each apostrophe inside a word replaced by a byte no
// sentence holds, every offset kept.
func masked(s string) string {
	if !strings.Contains(s, "'") {
		return s
	}
	b := []byte(s)
	for i := 1; i < len(b)-1; i++ {
		if b[i] != '\'' {
			continue
		}
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[i+1:])
		if wordRune(before) && wordRune(after) {
			b[i] = 0x01
		}
	}
	return string(b)
}

func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// submatches are the parts of s that the pairs of offsets idx give.
func submatches(s string, idx []int) []string {
	out := make([]string, len(idx)/2)
	for i := range out {
		if a, b := idx[2*i], idx[2*i+1]; a >= 0 {
			out[i] = s[a:b]
		}
	}
	return out
}

// FindStringSubmatch is the first quotation and its text (by its marks:
// the second, third or fourth), nil for none.
func (quoteFinder) FindStringSubmatch(s string) []string {
	idx := reQuoted.FindStringSubmatchIndex(masked(s))
	if idx == nil {
		return nil
	}
	return submatches(s, idx)
}

// FindAllStringSubmatch is FindStringSubmatch of each quotation, at most
// n (n < 0: all).
func (quoteFinder) FindAllStringSubmatch(s string, n int) [][]string {
	var out [][]string
	for _, idx := range reQuoted.FindAllStringSubmatchIndex(masked(s), n) {
		out = append(out, submatches(s, idx))
	}
	return out
}

// FindAllString is each quotation with its marks, at most n (n < 0: all).
func (quoteFinder) FindAllString(s string, n int) []string {
	var out []string
	for _, idx := range reQuoted.FindAllStringIndex(masked(s), n) {
		out = append(out, s[idx[0]:idx[1]])
	}
	return out
}

// FindString is the first quotation with its marks, "" for none.
func (quoteFinder) FindString(s string) string {
	if idx := reQuoted.FindStringIndex(masked(s)); idx != nil {
		return s[idx[0]:idx[1]]
	}
	return ""
}

// ReplaceAllStringFunc is s with each quotation q replaced by f(q).
func (quoteFinder) ReplaceAllStringFunc(s string, f func(string) string) string {
	var b strings.Builder
	last := 0
	for _, idx := range reQuoted.FindAllStringIndex(masked(s), -1) {
		b.WriteString(s[last:idx[0]])
		b.WriteString(f(s[idx[0]:idx[1]]))
		last = idx[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// ReplaceAllString is s with each quotation replaced by repl, as it is
// (no $ expansion).
func (q quoteFinder) ReplaceAllString(s, repl string) string {
	return q.ReplaceAllStringFunc(s, func(string) string { return repl })
}
