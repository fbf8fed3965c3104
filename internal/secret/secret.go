// Package secret hides secret values in text: in messages, reports, saved
// snapshots and the actions a translator sees.
//
// A value of MinAnywhere characters or more is hidden wherever it stands, inside
// longer words too (a token in a URL). A shorter value is hidden only where
// it stands as a whole word: hiding a one-letter password inside every word
// would garble every message and hide nothing.
package secret

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MinAnywhere is the length, in characters, from which a value is hidden inside words too.
const MinAnywhere = 4

// Masker replaces secret values. The zero Masker and a nil *Masker leave
// text as it is.
type Masker struct {
	long  *strings.Replacer // values of MinAnywhere characters or more
	short []pair            // shorter values, longest first
}

type pair struct{ value, with string }

// New returns a Masker that replaces each value (a key of with) by its
// replacement. Empty values are ignored. Longer values are replaced first,
// so a secret that contains another is hidden whole.
func New(with map[string]string) *Masker {
	values := make([]string, 0, len(with))
	for v := range with {
		if v != "" {
			values = append(values, v)
		}
	}
	slices.SortFunc(values, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
	m := &Masker{}
	var long []string
	for _, v := range values {
		if utf8.RuneCountInString(v) >= MinAnywhere {
			long = append(long, v, with[v])
		} else {
			m.short = append(m.short, pair{v, with[v]})
		}
	}
	if len(long) > 0 {
		m.long = strings.NewReplacer(long...)
	}
	return m
}

// All returns a Masker that replaces every one of values by with.
func All(values []string, with string) *Masker {
	m := make(map[string]string, len(values))
	for _, v := range values {
		m[v] = with
	}
	return New(m)
}

// Replace returns s with the secrets replaced.
func (m *Masker) Replace(s string) string {
	if m == nil || s == "" {
		return s
	}
	if m.long != nil {
		s = m.long.Replace(s)
	}
	for _, p := range m.short {
		s = ReplaceWords(s, p.value, p.with)
	}
	return s
}

// ReplaceWords replaces value by with where it stands as a whole word: not
// preceded or followed by a letter or a digit.
func ReplaceWords(s, value, with string) string {
	if value == "" || !strings.Contains(s, value) {
		return s
	}
	var b strings.Builder
	rest := s
	for {
		i := strings.Index(rest, value)
		if i < 0 {
			b.WriteString(rest)
			return b.String()
		}
		before, after := rest[:i], rest[i+len(value):]
		b.WriteString(before)
		if edgeBefore(before) && edgeAfter(after) {
			b.WriteString(with)
		} else {
			b.WriteString(value)
		}
		rest = after
	}
}

func edgeBefore(s string) bool {
	r, n := utf8.DecodeLastRuneInString(s)
	return n == 0 || !isWord(r)
}

func edgeAfter(s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	return n == 0 || !isWord(r)
}

func isWord(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
