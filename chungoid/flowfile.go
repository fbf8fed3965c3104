package chungoid

// A flow file, YAML or JSON, read into values with their lines and columns.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/plaintest/plaintest/internal/jsonscan"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/textpos"
)

// maxNodes bounds the values a flow file may hold (aliases expanded): a
// YAML file of a few lines can otherwise expand to billions.
const maxNodes = 100000

// value is one value of a flow file, YAML or JSON, with where it is.
type value struct {
	kind      string // "object", "list", "string", "number", "bool", "null"
	str       string
	keys      []string
	fields    map[string]*value
	keyPos    map[string][2]int
	items     []*value
	line, col int
}

type parseError struct{ Problem }

func (e *parseError) Error() string { return e.Msg }

func (x *value) describe() string {
	switch x.kind {
	case "string":
		s := x.str
		if len(s) > 40 {
			s = s[:40] + "…"
		}
		return fmt.Sprintf("the string %q", s)
	case "object":
		return "an object"
	case "list":
		return "a list"
	case "null":
		return "null"
	case "bool":
		return "a boolean"
	}
	return "a number"
}

// parseYAML reads a YAML document into values, with their lines and
// columns; aliases are followed, up to maxNodes values in all.
func parseYAML(data []byte) (*value, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		return nil, &parseError{Problem{Msg: "malformed YAML: " + msg}}
	}
	if doc.Kind == 0 {
		return nil, &parseError{Problem{Msg: "empty file: want a flow"}}
	}
	count := 0
	var conv func(n *yaml.Node, depth int) (*value, error)
	conv = func(n *yaml.Node, depth int) (*value, error) {
		if count++; count > maxNodes || depth > 200 {
			return nil, &parseError{Problem{Msg: fmt.Sprintf("the file holds more than %d values, or nests deeper than 200", maxNodes), Line: n.Line, Col: n.Column}}
		}
		for n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
			n = n.Content[0]
		}
		if n.Kind == yaml.AliasNode {
			return conv(n.Alias, depth+1)
		}
		x := &value{line: n.Line, col: n.Column}
		switch n.Kind {
		case yaml.MappingNode:
			x.kind, x.fields, x.keyPos = "object", map[string]*value{}, map[string][2]int{}
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				val, err := conv(n.Content[i+1], depth+1)
				if err != nil {
					return nil, err
				}
				if _, dup := x.fields[k.Value]; dup {
					return nil, &parseError{Problem{Msg: fmt.Sprintf("key %s appears twice in one mapping", printable.Quote(k.Value)), Line: k.Line, Col: k.Column}}
				}
				x.keys = append(x.keys, k.Value)
				x.fields[k.Value] = val
				x.keyPos[k.Value] = [2]int{k.Line, k.Column}
			}
		case yaml.SequenceNode:
			x.kind = "list"
			for _, c := range n.Content {
				val, err := conv(c, depth+1)
				if err != nil {
					return nil, err
				}
				x.items = append(x.items, val)
			}
		default:
			x.str = n.Value
			switch n.ShortTag() {
			case "!!null":
				x.kind = "null"
			case "!!bool":
				x.kind = "bool"
			case "!!int", "!!float":
				x.kind = "number"
			default:
				x.kind = "string"
			}
		}
		return x, nil
	}
	return conv(&doc, 0)
}

// parseJSON reads a JSON document into values, each with the line and
// column of its path in data.
func parseJSON(data []byte) (*value, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		if off, path, msg, ok := textpos.JSONError(data, err); ok {
			line, col := textpos.LineCol(data, off)
			return nil, &parseError{Problem{Path: path, Msg: "malformed JSON: " + msg, Line: line, Col: col}}
		}
		return nil, &parseError{Problem{Msg: "malformed JSON: " + err.Error()}}
	}
	if dec.More() {
		return nil, &parseError{Problem{Msg: "malformed JSON: more than one value"}}
	}
	at := func(path string) (int, int) {
		return textpos.LineCol(data, textpos.JSONFind(data, path))
	}
	var conv func(path string, x any) *value
	conv = func(path string, x any) *value {
		v := &value{}
		v.line, v.col = at(path)
		switch t := x.(type) {
		case map[string]any:
			v.kind, v.fields, v.keyPos = "object", map[string]*value{}, map[string][2]int{}
			// encoding/json forgets the order of keys: take them as the
			// file has them.
			for _, k := range keyOrder(data, path, t) {
				kp := jsonscan.Key(path, k)
				v.keys = append(v.keys, k)
				v.fields[k] = conv(kp, t[k])
				v.keyPos[k] = [2]int{v.fields[k].line, v.fields[k].col}
			}
		case []any:
			v.kind = "list"
			for i, e := range t {
				v.items = append(v.items, conv(jsonscan.Index(path, i), e))
			}
		case string:
			v.kind, v.str = "string", t
		case json.Number:
			v.kind, v.str = "number", t.String()
		case bool:
			v.kind = "bool"
		default:
			v.kind = "null"
		}
		return v
	}
	return conv("", doc), nil
}

// keyOrder returns the keys of the object m at path in the order of their
// values in data.
func keyOrder(data []byte, path string, m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	off := func(k string) int { return textpos.JSONFind(data, jsonscan.Key(path, k)) }
	slices.SortStableFunc(keys, func(a, b string) int { return off(a) - off(b) })
	return keys
}
