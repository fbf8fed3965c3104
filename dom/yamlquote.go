package dom

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// readQuotedKey reads a YAML single- or double-quoted scalar at the start of s
// and returns its value and the offset just past the closing quote.
func readQuotedKey(s string) (val string, end int, msg string) {
	if s[0] == '\'' {
		var b strings.Builder
		for i := 1; i < len(s); i++ {
			if s[i] == '\'' {
				if i+1 < len(s) && s[i+1] == '\'' {
					b.WriteByte('\'')
					i++
					continue
				}
				return b.String(), i + 1, ""
			}
			b.WriteByte(s[i])
		}
		return "", 0, "unterminated single-quoted key"
	}
	end = scanDoubleQuoted(s)
	if end < 0 {
		return "", 0, "unterminated double-quoted key"
	}
	val, msg = unquoteYAMLDouble(s[:end])
	return val, end, msg
}

// scanDoubleQuoted returns the offset just past the closing quote of the
// double-quoted string at the start of s, or -1.
func scanDoubleQuoted(s string) int { return scanClosing(s, '"') }

// scanRegex returns the offset just past /source/flags at the start of s, or -1.
func scanRegex(s string) int {
	j := scanClosing(s, '/')
	if j < 0 {
		return -1
	}
	for j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
		j++
	}
	return j
}

// scanClosing returns the offset just past the first unescaped q after
// the opening delimiter at s[0] (a backslash escapes the next byte), or -1.
func scanClosing(s string, q byte) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case q:
			return i + 1
		}
	}
	return -1
}

// parseScalar parses a YAML scalar value as Playwright writes it: plain,
// "double-quoted" with escapes, or 'single-quoted'.
func parseScalar(s string) (string, string) {
	if s == "" {
		return "", ""
	}
	switch s[0] {
	case '"':
		end := scanDoubleQuoted(s)
		if end < 0 {
			return "", "unterminated double-quoted value"
		}
		if strings.TrimSpace(s[end:]) != "" {
			return "", "unexpected text after quoted value"
		}
		return unquoteYAMLDouble(s[:end])
	case '\'':
		v, end, msg := readQuotedKey(s)
		if msg != "" {
			return "", "unterminated single-quoted value"
		}
		if strings.TrimSpace(s[end:]) != "" {
			return "", "unexpected text after quoted value"
		}
		return v, ""
	}
	return strings.TrimSpace(s), ""
}

// unquoteYAMLDouble decodes a YAML double-quoted scalar, quotes included.
func unquoteYAMLDouble(q string) (string, string) {
	s := q[1 : len(q)-1]
	if !strings.ContainsRune(s, '\\') {
		return s, ""
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			return "", "dangling backslash in quoted string"
		}
		switch e := s[i]; e {
		case '0':
			b.WriteByte(0)
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 't', '\t':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'v':
			b.WriteByte('\v')
		case 'f':
			b.WriteByte('\f')
		case 'r':
			b.WriteByte('\r')
		case 'e':
			b.WriteByte(0x1b)
		case ' ', '"', '/', '\\':
			b.WriteByte(e)
		case 'N':
			b.WriteString("\u0085")
		case '_':
			b.WriteString("\u00a0")
		case 'L':
			b.WriteString("\u2028")
		case 'P':
			b.WriteString("\u2029")
		case 'x', 'u', 'U':
			width := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			if i+1+width > len(s) {
				return "", "short hex escape in quoted string"
			}
			v, err := strconv.ParseUint(s[i+1:i+1+width], 16, 32)
			if err != nil || v > utf8.MaxRune {
				return "", "bad hex escape in quoted string"
			}
			b.WriteRune(rune(v))
			i += width
		default:
			return "", fmt.Sprintf("unknown escape \\%c in quoted string", e)
		}
	}
	return b.String(), ""
}
