package sandy

import (
	"maps"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/internal/jsonscan"
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
	scanTemplate(s, func(text, _ string) { lit.WriteString(text) }, func(name, raw string) {
		flush()
		segs = append(segs, segment{name: name, raw: raw})
	})
	flush()
	return segs
}

// HasPlaceholder reports whether s holds a placeholder ({{NAME}}, not an
// escaped \{{).
func HasPlaceholder(s string) bool {
	found := false
	scanTemplate(s, func(string, string) {}, func(string, string) { found = true })
	return found
}

// MapText returns s with fn applied to its text between placeholders, the
// placeholders (and \{{ escapes) kept as written, so that a replacement in
// the text can neither break a placeholder nor make one: masking the value
// "BASE" leaves {{BASE_URL}} whole.
func MapText(s string, fn func(string) string) string {
	var b, lit strings.Builder
	scanTemplate(s, func(_, raw string) { lit.WriteString(raw) }, func(_, raw string) {
		b.WriteString(fn(lit.String()))
		lit.Reset()
		b.WriteString(raw)
	})
	b.WriteString(fn(lit.String()))
	return b.String()
}

// scanTemplate walks s in order, calling text for each piece of literal text
// (what it says, and raw as written: an escaped \{{ says {{) and place for
// each placeholder (its name, and raw as written, braces included).
func scanTemplate(s string, text func(text, raw string), place func(name, raw string)) {
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], "{{")
		if j < 0 {
			text(s[i:], s[i:])
			return
		}
		j += i
		if j > i && s[j-1] == '\\' {
			text(s[i:j-1]+"{{", s[i:j+2])
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
			text(s[i:j+2], s[i:j+2])
			i = j + 2
			continue
		}
		text(s[i:j], s[i:j])
		place(name, s[j:k+2])
		i = k + 2
	}
}

// placeholders calls fn with the JSON path and the name of each placeholder
// in x (a params value or a condition), deep through map[string]any, []any,
// map[string]string and []string, map keys in sorted order; other values
// hold none. A path is written only for a string that holds a
// placeholder, so that a large scenario costs no path per value.
func placeholders(path string, x any, fn func(path, name string)) {
	w := placeWalk{fn: fn, base: path}
	w.walk(x)
}

// placeWalk is placeholders' walk: the keys and indexes down to the value
// it is in.
type placeWalk struct {
	fn   func(path, name string)
	base string
	segs []pathSeg
}

type pathSeg struct {
	key   string
	index int // in an array: isKey is false
	isKey bool
}

func (w *placeWalk) path() string {
	p := w.base
	for _, s := range w.segs {
		if s.isKey {
			p = jsonscan.Key(p, s.key)
		} else {
			p = jsonscan.Index(p, s.index)
		}
	}
	return p
}

func (w *placeWalk) child(seg pathSeg, x any) {
	w.segs = append(w.segs, seg)
	w.walk(x)
	w.segs = w.segs[:len(w.segs)-1]
}

func (w *placeWalk) walk(x any) {
	switch x := x.(type) {
	case string:
		if !strings.Contains(x, "{{") {
			return
		}
		path := ""
		scanTemplate(x, func(_, _ string) {}, func(name, _ string) {
			if path == "" {
				path = w.path()
			}
			w.fn(path, name)
		})
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			w.child(pathSeg{key: k, isKey: true}, x[k])
		}
	case []any:
		for n, e := range x {
			w.child(pathSeg{index: n}, e)
		}
	case map[string]string:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			w.child(pathSeg{key: k, isKey: true}, x[k])
		}
	case []string:
		for n, e := range x {
			w.child(pathSeg{index: n}, e)
		}
	}
}

// hasPlaceholder reports whether s holds at least one placeholder.
func hasPlaceholder(s string) bool {
	if !strings.Contains(s, "{{") {
		return false
	}
	found := false
	scanTemplate(s, func(_, _ string) {}, func(_, _ string) { found = true })
	return found
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
	for seg := range strings.SplitSeq(rest, ".") { // no slice: a file can hold a million
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
