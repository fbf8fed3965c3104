package sandy

import (
	"maps"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/internal/textpos"
)

// The placeholder syntax is described in the package documentation.

// segment is a piece of a template: literal text, or a placeholder when name
// is set (raw is then the placeholder as written, braces included).
type segment struct {
	text string
	name string
	raw  string
}

// splitTemplate cuts s into literal text and placeholders. Adjacent literal
// pieces are merged.
func splitTemplate(s string) []segment {
	var segs []segment
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			segs = append(segs, segment{text: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], "{{")
		if j < 0 {
			lit.WriteString(s[i:])
			break
		}
		j += i
		if j > i && s[j-1] == '\\' {
			lit.WriteString(s[i : j-1])
			lit.WriteString("{{")
			i = j + 2
			continue
		}
		k := strings.Index(s[j+2:], "}}")
		name := ""
		if k >= 0 {
			k += j + 2
			name = strings.TrimSpace(s[j+2 : k])
		}
		if !validRef(name) { // no }} after it, or not a name: text
			lit.WriteString(s[i : j+2])
			i = j + 2
			continue
		}
		lit.WriteString(s[i:j])
		flush()
		segs = append(segs, segment{name: name, raw: s[j : k+2]})
		i = k + 2
	}
	flush()
	return segs
}

// placeholders calls fn with the JSON path and the name of each placeholder
// in x (a params value or a condition), deep through map[string]any, []any,
// map[string]string and []string, map keys in sorted order; other values
// hold none.
func placeholders(path string, x any, fn func(path, name string)) {
	switch x := x.(type) {
	case string:
		if !strings.Contains(x, "{{") {
			return
		}
		for _, seg := range splitTemplate(x) {
			if seg.name != "" {
				fn(path, seg.name)
			}
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			placeholders(textpos.JSONKey(path, k), x[k], fn)
		}
	case []any:
		for n, e := range x {
			placeholders(textpos.JSONIndex(path, n), e, fn)
		}
	case map[string]string:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			placeholders(textpos.JSONKey(path, k), x[k], fn)
		}
	case []string:
		for n, e := range x {
			placeholders(textpos.JSONIndex(path, n), e, fn)
		}
	}
}

// hasPlaceholder reports whether s holds at least one placeholder.
func hasPlaceholder(s string) bool {
	if !strings.Contains(s, "{{") {
		return false
	}
	for _, seg := range splitTemplate(s) {
		if seg.name != "" {
			return true
		}
	}
	return false
}

// validRef reports whether name is a placeholder name: an identifier
// followed by zero or more .segments.
func validRef(name string) bool {
	first, rest, dotted := strings.Cut(name, ".")
	if !validIdent(first) {
		return false
	}
	if !dotted {
		return true
	}
	for _, seg := range strings.Split(rest, ".") {
		if seg == "" || strings.IndexFunc(seg, func(r rune) bool { return !isIdentRune(r) }) >= 0 {
			return false
		}
	}
	return true
}

// validIdent reports whether s matches ^[A-Za-z_][A-Za-z0-9_-]*$, the
// pattern of step ids, output names and variable names.
func validIdent(s string) bool {
	if s == "" {
		return false
	}
	c := s[0]
	if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
		return false
	}
	for _, r := range s[1:] {
		if !isIdentRune(r) {
			return false
		}
	}
	return true
}

func isIdentRune(r rune) bool {
	return r == '_' || r == '-' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
}

// identPattern is validIdent as a regular expression, for messages.
const identPattern = "^[A-Za-z_][A-Za-z0-9_-]*$"
