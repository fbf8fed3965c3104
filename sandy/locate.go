package sandy

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/internal/textpos"
)

// Locate points at the value at a problem's JSON path (Problem.Path, such
// as "steps[3].on_error") in data, the text of a scenario file: it returns
// the value's line and column (1-based, in characters; a byte order mark
// is not a column) and that line with a caret under the column
// (textpos.Caret), for a report that shows where each problem is. A path
// the file has no value at (a missing field) points at the nearest value
// enclosing it. data should be well-formed JSON, as it is when its content
// has problems.
//
// In the line shown, the string values of keys that name secrets
// (IsSecretName: "PASSWORD": "...") are masked, one * a character.
func Locate(data []byte, path string) (line, col int, excerpt string) {
	data = data[bomLen(data):]
	return pointAt(data, textpos.JSONFind(data, path))
}

// bomLen is the length of the UTF-8 byte order mark data starts with: 3,
// or 0 when it has none.
func bomLen(data []byte) int {
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		return 3
	}
	return 0
}

// pointAt gives the line and column of byte offset off of data and the
// caret excerpt of its line, secret values masked.
func pointAt(data []byte, off int) (line, col int, excerpt string) {
	text, line, col := textpos.LineAt(data, off)
	return line, col, textpos.Caret(line, maskSecretValues(text), col)
}

// keyValue matches "key": "string value" on one line.
var keyValue = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"\s*:\s*"((?:[^"\\]|\\.)*)"`)

// maskSecretValues replaces every character of the string values of
// secret-named keys in text with *, so that the columns stay where they
// were.
func maskSecretValues(text string) string {
	ms := keyValue.FindAllStringSubmatchIndex(text, -1)
	if ms == nil {
		return text
	}
	var b strings.Builder
	last := 0
	for _, m := range ms {
		key, v0, v1 := text[m[2]:m[3]], m[4], m[5]
		if !IsSecretName(key) {
			continue
		}
		b.WriteString(text[last:v0])
		b.WriteString(strings.Repeat("*", len([]rune(text[v0:v1]))))
		last = v1
	}
	b.WriteString(text[last:])
	return b.String()
}
