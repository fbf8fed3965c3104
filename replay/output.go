package replay

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/ohler55/ojg/jp"
	"github.com/ohler55/ojg/oj"

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
func Extract(text string, paths map[string]string) (map[string]any, error) {
	doc := Document(text)
	out := make(map[string]any, len(paths))
	names := slices.Sorted(maps.Keys(paths))
	for _, name := range names {
		path := paths[name]
		x, err := sandy.CompileJSONPath(path)
		if err != nil {
			return nil, fmt.Errorf("output %s: %w", name, err)
		}
		got, err := get(x, doc)
		if err != nil {
			return nil, fmt.Errorf("output %s: %s: %w", name, path, err)
		}
		if multi(x) {
			if got == nil {
				got = []any{}
			}
			out[name] = got
			continue
		}
		if len(got) == 0 {
			out[name] = nil
			continue
		}
		out[name] = got[0]
	}
	return out, nil
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

// Document is what output paths are evaluated over for a result text.
func Document(text string) any {
	if v, ok := parseJSON(text); ok {
		return v
	}
	if val := mcpclient.ParseText(text).Value; val != "" {
		if v, ok := parseJSON(val); ok {
			return v
		}
		return strings.TrimSpace(val)
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
			if v, ok := parseJSON(block); ok {
				return v
			}
		}
	}
	return text
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

// parseJSON parses s when it is one strict JSON value.
func parseJSON(s string) (any, bool) {
	s = strings.TrimSpace(s)
	if s == "" || !json.Valid([]byte(s)) {
		return nil, false
	}
	v, err := oj.ParseString(s)
	if err != nil {
		return nil, false
	}
	return v, true
}
