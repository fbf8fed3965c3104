// Package pagejs reads the JavaScript plaintest gives the page out of the
// .js files its packages embed (go:embed), so that the page's code is
// source that `make check` syntax-checks with node --check, not Go string
// literals. It knows two shapes of file, each opening with a block of //
// comment lines that documents it and that is not sent to the page:
//
//   - a file holding one bare function expression (Function): sent as
//     written, comment block left out;
//   - a file of top-level const declarations (Consts), for the pieces Go
//     assembles a function from: each declaration starts at the beginning
//     of a line with "const NAME = " and ends with ";" at the end of its
//     last line; lines that continue it are indented (or close it: a line
//     starting with "}" or ")"), and are joined to it with one space,
//     their indentation dropped, so a piece that is one line in the page
//     may be several in the file. Blank lines and //
//     comment lines between declarations are left out.
//
// It also holds the helpers every piece of page JavaScript shares, the
// one library of them: to see through open shadow roots (shadow.js:
// deepAll, deepText, deepKids, deepUp, deepById, deepFocus, deepPath) and
// to read what an element is to a person (aria.js: role, ariaLabel, name,
// nameDeep, vis, items, itemsDeep). Library lists them, Needs picks those
// a piece of code names, and Function puts those a function file names at
// the start of its body, so no file keeps a copy.
//
// The package imports nothing of plaintest's, so every package may use it.
package pagejs

import (
	_ "embed"
	"fmt"
	"strings"
)

//go:embed shadow.js
var shadowJS string

//go:embed aria.js
var ariaJS string

// library is shadow.js's helpers, then aria.js's (which call them).
var library = append(MustConsts(shadowJS), MustConsts(ariaJS)...)

// Library returns the helpers every piece of page JavaScript shares:
// shadow.js's, then aria.js's, each in file order.
func Library() []Decl { return append([]Decl(nil), library...) }

// Needs returns the helpers of Library that code calls, and those they
// call, in Library's order: a name counts when it is followed by "(" and
// not preceded by a letter, digit, _, $ or "." (cname( and o.name( are not
// name).
func Needs(code string) []Decl {
	lib := library
	need := make([]bool, len(lib))
	for changed := true; changed; {
		changed = false
		text := code
		for i, d := range lib {
			if need[i] {
				text += " " + d.Value
			}
		}
		for i, d := range lib {
			if !need[i] && calls(text, d.Name) {
				need[i], changed = true, true
			}
		}
	}
	var out []Decl
	for i, d := range lib {
		if need[i] {
			out = append(out, d)
		}
	}
	return out
}

// calls reports whether code calls name: name( with no identifier
// character or "." right before it.
func calls(code, name string) bool {
	for at := 0; ; {
		i := strings.Index(code[at:], name+"(")
		if i < 0 {
			return false
		}
		i += at
		if i == 0 || !strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$.", rune(code[i-1])) {
			return true
		}
		at = i + 1
	}
}

// Function is the function src holds, without the comment lines it opens
// with and without surrounding space, with the helpers of Library it calls
// declared at the start of its body (on one line after its first "=> {").
func Function(src string) string {
	lines := strings.Split(src, "\n")
	for len(lines) > 0 && strings.HasPrefix(lines[0], "//") {
		lines = lines[1:]
	}
	fn := strings.TrimSpace(strings.Join(lines, "\n"))
	needs := Needs(fn)
	at := strings.Index(fn, "=> {")
	if len(needs) == 0 || at < 0 {
		return fn
	}
	var b strings.Builder
	for _, d := range needs {
		b.WriteString(" " + d.Source())
	}
	at += len("=> {")
	return fn[:at] + b.String() + fn[at:]
}

// Decl is one top-level const declaration of a file of pieces.
type Decl struct {
	Name  string // what follows const
	Value string // the right-hand side, on one line, without the final ;
}

// Source is the declaration on one line, as the page runs it:
// "const Name = Value;".
func (d Decl) Source() string { return "const " + d.Name + " = " + d.Value + ";" }

// Consts returns the const declarations of src, in file order. A file
// that is not in the shape the package doc describes is an error naming
// the line.
func Consts(src string) ([]Decl, error) {
	var out []Decl
	var cur []string
	start := 0
	flush := func() error {
		if cur == nil {
			return nil
		}
		text := strings.Join(cur, " ")
		cur = nil
		rest, ok := strings.CutPrefix(text, "const ")
		name, value, ok2 := strings.Cut(rest, " = ")
		if !ok || !ok2 || name == "" || strings.ContainsAny(name, " \t") || !strings.HasSuffix(value, ";") {
			return fmt.Errorf("pagejs: line %d: want const NAME = VALUE; got %.40q", start, text)
		}
		out = append(out, Decl{Name: name, Value: strings.TrimSuffix(value, ";")})
		return nil
	}
	for i, line := range strings.Split(src, "\n") {
		line = strings.TrimRight(line, " \t\r")
		switch {
		case line == "" || strings.HasPrefix(line, "//"):
			if err := flush(); err != nil {
				return nil, err
			}
		case line[0] == ' ' || line[0] == '\t' || line[0] == '}' || line[0] == ')':
			if cur == nil {
				return nil, fmt.Errorf("pagejs: line %d: an indented line continues no declaration", i+1)
			}
			cur = append(cur, strings.TrimSpace(line))
		default:
			if err := flush(); err != nil {
				return nil, err
			}
			cur, start = []string{line}, i+1
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}

// MustConsts is Consts for a file embedded in the binary, whose shape its
// package's tests pin: it panics on a malformed file.
func MustConsts(src string) []Decl {
	ds, err := Consts(src)
	if err != nil {
		panic(err)
	}
	return ds
}

// Lookup returns the value of the declaration called name.
func Lookup(ds []Decl, name string) (string, bool) {
	for _, d := range ds {
		if d.Name == name {
			return d.Value, true
		}
	}
	return "", false
}
