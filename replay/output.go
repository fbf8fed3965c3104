package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/ohler55/ojg/jp"
	"github.com/ohler55/ojg/oj"

	"github.com/plaintest/plaintest/internal/jsonscan"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/sandy"
)

// Extract evaluates a step's output paths (name -> JSONPath) over a tool's
// result text, as the package documentation describes: the document is the
// text's JSON, else the JSON (or text) of its "### Result" section, else the
// first fenced JSON block, else the text as a string. A multi-match path
// (wildcard, slice, union, filter, descent) yields a list (empty when it
// matches nothing); any other path yields its one match, or null when it
// matches nothing, as in Sandy's player: optional data does not fail a
// step, and a later condition such as {{id.name}} != "" can test for it.
//
// The work is bounded whatever the result holds: its JSON is at most
// sandy.MaxResultValues values, sandy.MaxResultDepth deep; a path passes
// through at most MaxMatches values at each of its steps, counted before
// it is evaluated; the outputs together are at most sandy.MaxOutput bytes
// and sandy.MaxOutputValues values. Past one, the error is a
// *sandy.LimitError naming the output.
func Extract(text string, paths map[string]string) (map[string]any, error) {
	doc, err := documentOf(text)
	if err != nil {
		return nil, err
	}
	out := make(map[string]any, len(paths))
	limit := sandy.Size{Bytes: sandy.MaxOutput, Values: sandy.MaxOutputValues}
	var used sandy.Size
	names := slices.Sorted(maps.Keys(paths))
	for _, name := range names {
		path := paths[name]
		x, err := sandy.CompileJSONPath(path)
		if err != nil {
			return nil, fmt.Errorf("output %s: %w", name, err)
		}
		if err := countMatches(x, doc); err != nil {
			return nil, &sandy.LimitError{Path: jsonscan.Key("output", name), Msg: printable.Excerpt(path) + ": " + err.Error()}
		}
		got, err := get(x, doc)
		if err != nil {
			return nil, fmt.Errorf("output %s: %s: %w", name, printable.Excerpt(path), err)
		}
		var val any
		switch {
		case multi(x) && got == nil:
			val = []any{}
		case multi(x):
			val = got
		case len(got) > 0:
			val = got[0]
		}
		size, over := sandy.Measure(val, sandy.Size{Bytes: limit.Bytes - used.Bytes, Values: limit.Values - used.Values})
		if over {
			return nil, sandy.OutputLimitError(name)
		}
		used.Bytes, used.Values = used.Bytes+size.Bytes, used.Values+size.Values
		out[name] = val
	}
	return out, nil
}

// MaxMatches bounds the values an output path passes through at each of
// its steps ($, $.a, $.a[*], ...): a path whose steps multiply what they
// match ($..*..*..*) is refused before it is evaluated, however little it
// matches in the end.
const MaxMatches = 1_000_000

// errMatches stops countMatches' walk.
var errMatches = fmt.Errorf("the path passes through more than %d values, the limit", MaxMatches)

// countMatches counts, with ojg's Walk, the matches of each prefix of x
// over doc, and returns errMatches as soon as one passes MaxMatches. (Walk
// matches what Get does, but for the document itself under a descent.)
// Walk's own failures are left to Get, which reports them.
func countMatches(x jp.Expr, doc any) (err error) {
	defer func() {
		if r := recover(); r != nil && r == errMatches {
			err = errMatches
		}
	}()
	for i := 1; i <= len(x); i++ {
		n := 0
		x[:i].Walk(doc, func(jp.Expr, []any) {
			if n++; n > MaxMatches {
				panic(errMatches)
			}
		})
	}
	return nil
}

// get runs x over doc; ojg panics on a few odd expression/data pairs.
func get(x jp.Expr, doc any) (got []any, err error) {
	defer func() {
		if r := recover(); r != nil {
			got, err = nil, fmt.Errorf("jsonpath: %v", r)
		}
	}()
	return x.Get(doc), nil
}

// multi reports whether x can match more than one value.
func multi(x jp.Expr) bool {
	for _, f := range x {
		switch f.(type) {
		case jp.Wildcard, jp.Descent, jp.Slice, jp.Union, *jp.Filter:
			return true
		}
	}
	return false
}

// fence matches an opening code fence and its info string.
var fence = regexp.MustCompile("(?m)^[ \t]*(```+|~~~+)[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n")

// Document is what output paths are evaluated over for a result text. JSON
// over sandy.MaxResultValues or sandy.MaxResultDepth is read as text.
func Document(text string) any {
	doc, _ := document(text)
	return doc
}

// documentOf is Document, with JSON over the limits an error: the first
// JSON text that would have been the document and is over them.
func documentOf(text string) (any, error) {
	doc, err := document(text)
	var le *sandy.LimitError
	if errors.As(err, &le) {
		msg := le.Msg
		if le.Path != "" {
			msg = "the result's JSON at " + le.Path + ": " + msg
		}
		return nil, &sandy.LimitError{Msg: msg}
	}
	return doc, err
}

// document is Document, and the limit the JSON it would have been broke
// (then nil and the text are read on as if it were not JSON).
func document(text string) (doc any, tooBig error) {
	note := func(err error) {
		if tooBig == nil {
			tooBig = err
		}
	}
	if v, ok, err := parseJSON(text); ok {
		return v, nil
	} else if err != nil {
		note(err)
	}
	if val := mcpclient.ParseText(text).Value; val != "" {
		v, ok, err := parseJSON(val)
		if ok {
			return v, nil
		}
		if err == nil {
			return strings.TrimSpace(val), tooBig
		}
		note(err)
	}
	rest := text
	for {
		loc := fence.FindStringSubmatchIndex(rest)
		if loc == nil {
			break
		}
		marker, lang := rest[loc[2]:loc[3]], strings.ToLower(rest[loc[4]:loc[5]])
		body := rest[loc[1]:]
		end := closingFence(body, marker)
		block := body
		if end >= 0 {
			block, rest = body[:end], body[end:]
			if i := strings.IndexByte(rest, '\n'); i >= 0 {
				rest = rest[i+1:]
			} else {
				rest = ""
			}
		} else {
			rest = ""
		}
		if lang == "" || lang == "json" || lang == "jsonc" {
			v, ok, err := parseJSON(block)
			if ok {
				return v, nil
			}
			if err != nil {
				note(err)
			}
		}
	}
	return text, tooBig
}

// closingFence returns the offset in body of the line that closes a block
// opened with marker, or -1.
func closingFence(body, marker string) int {
	off := 0
	for off <= len(body) {
		line := body[off:]
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, marker) && strings.Trim(t, marker[:1]) == "" {
			return off
		}
		if off+len(line) >= len(body) {
			break
		}
		off += len(line) + 1
	}
	return -1
}

// parseJSON parses s when it is one strict JSON value within
// sandy.CheckResultJSON's limits; JSON over them is not parsed, and the
// error says which it broke.
func parseJSON(s string) (any, bool, error) {
	s = strings.TrimSpace(s)
	if s == "" || !json.Valid([]byte(s)) {
		return nil, false, nil
	}
	if err := sandy.CheckResultJSON([]byte(s)); err != nil {
		return nil, false, err
	}
	v, err := oj.ParseString(s)
	if err != nil {
		return nil, false, nil
	}
	return v, true, nil
}
