package phrases

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/plaintest/plaintest/internal/textpos"
	"github.com/plaintest/plaintest/parser/scenario"
	"github.com/plaintest/plaintest/sandy"
)

// The phrases file:
//
//	phrases:
//	  add the book {string}: type {string} into Title then press Enter
//	  I am logged in as {word}:
//	    - go to the login page
//	    - type {word} into Username
//	    - type {{PASSWORD}} into Password
//	    - click Log in
//
// Each key is a phrase; its value is what it means: one text, split into
// sentences as a test's actions are ("then", ";", new lines), or a list of
// them.

// readFile reads a phrases file of at most sandy.MaxFileSize bytes.
func readFile(path string) ([]byte, error) {
	data, err := sandy.ReadFile(path)
	var se *sandy.SizeError
	switch {
	case errors.As(err, &se):
		return nil, fmt.Errorf("the file is over the limit of %d MB", sandy.MaxFileSize>>20)
	case err != nil:
		if u := errors.Unwrap(err); u != nil { // the path is said already
			err = u
		}
		return nil, fmt.Errorf("cannot read: %w", err)
	}
	return data, nil
}

// reBraceFirst finds a line whose phrase or sentence starts with a brace,
// which YAML reads as a mapping unless it is quoted.
var reBraceFirst = regexp.MustCompile(`(?m)^[ \t]*(?:-[ \t]+)?\{|:[ \t]+\{`)

// parse reads a phrases file's data; path names it in messages.
func parse(data []byte, path string) (*Book, error) {
	fail := func(line, col int, format string, args ...any) error {
		return &Error{Problems: []Problem{{File: path, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}}}
	}
	if bad := textpos.InvalidUTF8(data); bad >= 0 {
		line, col := textpos.LineCol(data, bad)
		return nil, fail(line, col, "invalid UTF-8 (byte 0x%02x): the file must be UTF-8", data[bad])
	}
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		if err.Error() == "EOF" {
			return nil, fail(0, 0, "the file is empty: write phrases: and your phrases below it")
		}
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		if loc := reBraceFirst.FindIndex(data); loc != nil {
			line, _ := textpos.LineCol(data, loc[0])
			msg += fmt.Sprintf(" (line %d starts a phrase or sentence with {, which YAML reads as a mapping: quote it whole, '{word} logs in')", line)
		}
		return nil, fail(0, 0, "%s", msg)
	}
	if len(doc.Content) == 0 {
		return nil, fail(0, 0, "the file is empty: write phrases: and your phrases below it")
	}
	top := resolve(doc.Content[0])
	if top.Kind != yaml.MappingNode {
		return nil, fail(top.Line, top.Column, "want a mapping with phrases:, got %s", yamlKind(top))
	}
	book := &Book{files: []string{path}}
	var list *yaml.Node
	var problems []Problem
	for i := 0; i+1 < len(top.Content); i += 2 {
		k := top.Content[i]
		if k.Value != "phrases" {
			problems = append(problems, Problem{File: path, Line: k.Line, Col: k.Column, Msg: fmt.Sprintf("unknown field %q: the file holds phrases: only", k.Value)})
			continue
		}
		list = resolve(top.Content[i+1])
	}
	switch {
	case list == nil && len(problems) == 0:
		return nil, fail(top.Line, top.Column, "no phrases: field: write phrases: and your phrases below it")
	case list == nil, list.ShortTag() == "!!null":
	case list.Kind != yaml.MappingNode:
		problems = append(problems, Problem{File: path, Line: list.Line, Col: list.Column, Msg: "phrases: want a mapping of each phrase to what it means, got " + yamlKind(list)})
	default:
		seen := map[string]*definition{}
		for i := 0; i+1 < len(list.Content); i += 2 {
			d, ps := define(path, resolve(list.Content[i]), resolve(list.Content[i+1]))
			problems = append(problems, ps...)
			if d == nil {
				continue
			}
			if first, dup := seen[d.phrase.re.String()]; dup {
				problems = append(problems, Problem{File: path, Line: d.line, Col: d.col, Msg: fmt.Sprintf(
					"the phrase %q matches the same sentences as %q at line %d: keep one", d.phrase.source, first.phrase.source, first.line)})
				continue
			}
			seen[d.phrase.re.String()] = d
			book.defs = append(book.defs, d)
		}
	}
	if len(problems) > 0 {
		return nil, &Error{Problems: problems}
	}
	return book, nil
}

// define reads one definition: the phrase k and what it means, v.
func define(path string, k, v *yaml.Node) (*definition, []Problem) {
	at := func(n *yaml.Node, off int, msg string) Problem {
		line, col := position(n, off)
		return Problem{File: path, Line: line, Col: col, Msg: msg}
	}
	if k.Kind != yaml.ScalarNode || k.ShortTag() == "!!null" {
		return nil, []Problem{at(k, 0, "want a phrase as text, got "+yamlKind(k))}
	}
	lead := len(k.Value) - len(strings.TrimLeft(k.Value, " \t"))
	p, err := parsePhrase(k.Value)
	if err != nil {
		var se *syntaxError
		errors.As(err, &se)
		return nil, []Problem{at(k, lead+byteOffset(strings.TrimSpace(k.Value), se.col), se.msg)}
	}
	d := &definition{phrase: p, file: path}
	d.line, d.col = position(k, lead)
	var sentences []*yaml.Node
	switch {
	case isText(v):
		sentences = []*yaml.Node{v}
	case v.Kind == yaml.SequenceNode && len(v.Content) > 0:
		sentences = v.Content
	case v.Kind == yaml.SequenceNode, v.ShortTag() == "!!null":
		return nil, []Problem{at(k, lead, fmt.Sprintf("the phrase %q means nothing: give it a sentence or a list of them", p.source))}
	default:
		return nil, []Problem{at(v, 0, fmt.Sprintf("the phrase %q: want a sentence or a list of sentences, got %s", p.source, yamlKind(v)))}
	}
	var problems []Problem
	for _, n := range sentences {
		if n = resolve(n); !isText(n) {
			problems = append(problems, at(n, 0, "want a sentence as text, got "+yamlKind(n)))
			continue
		}
		from := 0
		for _, s := range scenario.SplitActions(n.Value) {
			off := from + max(strings.Index(n.Value[from:], s), 0)
			from = off + len(s)
			m, err := parseMeaning(s, p.params)
			if err != nil {
				var se *syntaxError
				errors.As(err, &se)
				problems = append(problems, at(n, off+byteOffset(s, se.col), se.msg))
				continue
			}
			d.means = append(d.means, m)
		}
	}
	if len(d.means) == 0 && len(problems) == 0 {
		problems = append(problems, at(k, lead, fmt.Sprintf("the phrase %q means nothing: give it a sentence or a list of them", p.source)))
	}
	for i, prm := range p.params {
		if prm.name == "" || prm.typ != "" || usedBy(d.means, i) {
			continue
		}
		problems = append(problems, at(k, lead+byteOffset(p.source, prm.col), fmt.Sprintf(
			"unknown parameter type %s: the types are %s; a name alone is a parameter of any text, which the sentences must use", prm, typeList)))
	}
	if len(problems) > 0 {
		return nil, problems
	}
	return d, nil
}

func usedBy(means []meaning, i int) bool {
	for _, m := range means {
		if m.uses(i) {
			return true
		}
	}
	return false
}

// byteOffset is the byte offset in s of its col-th character (1-based).
func byteOffset(s string, col int) int {
	off := 0
	for n := 1; n < col && off < len(s); n++ {
		_, size := utf8.DecodeRuneInString(s[off:])
		off += size
	}
	return off
}

// position is the line and column in the file of the byte off of n's
// value: exact for a value on one line (plain or quoted, escapes aside),
// the value's own start for one on several.
func position(n *yaml.Node, off int) (int, int) {
	v := n.Value[:min(off, len(n.Value))]
	if strings.Contains(n.Value, "\n") {
		return n.Line, n.Column
	}
	col := n.Column + utf8.RuneCountInString(v)
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		col++
	}
	return n.Line, col
}

// resolve follows a YAML alias to the node it names.
func resolve(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// isText reports whether n is a YAML string.
func isText(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str" }

// yamlKind names what a YAML node holds, for messages.
func yamlKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	switch n.ShortTag() {
	case "!!null":
		return "nothing"
	case "!!int", "!!float":
		return "a number"
	case "!!bool":
		return "true or false"
	case "!!str":
		return "text"
	}
	return "a value tagged " + n.ShortTag()
}
