package chungoid

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/plaintest/plaintest/internal/textpos"
)

// Problem is one violation of the flow rules at a path ("stages.s1.next",
// `stages["open login"]`; "" for the whole file), with the line and column
// (1-based; 0 when unknown) of the value it is about.
type Problem struct {
	Path      string
	Msg       string
	Line, Col int
}

func (p Problem) String() string {
	if p.Path == "" {
		return p.Msg
	}
	return p.Path + ": " + p.Msg
}

// The schema's rules (REFERENCE §7).
var (
	stageNameRe = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_-]*$`)
	topKeys     = []string{"name", "description", "version", "start_stage", "stages"}
	stageKeys   = []string{"agent_id", "inputs", "next", "on_error", "parallel_group", "plugins", "extra"}
	branchKeys  = []string{"condition", "true", "false"}
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

// Looks reports whether data is meant as a flow: an object (YAML or JSON)
// with "stages" or "start_stage".
func Looks(data []byte) bool {
	var head map[string]any
	if yaml.Unmarshal(data, &head) != nil {
		return false
	}
	_, stages := head["stages"]
	_, start := head["start_stage"]
	return stages || start
}

// Validate checks data, a flow (YAML, or JSON when asJSON), and returns
// every problem: the top level holds only name, description, version,
// start_stage and stages (the last two required); stage names match
// ^[a-zA-Z_][\w-]*$; a stage holds only agent_id (required, a string),
// inputs and extra (objects), next and on_error (a stage name, null, or
// {condition, true, false}), parallel_group (a string) and plugins (a list
// of strings); start_stage and every next and on_error name a stage that
// exists; every stage can be reached from start_stage.
func Validate(data []byte, asJSON bool) []Problem {
	var root *value
	var err error
	if asJSON {
		root, err = parseJSON(data)
	} else {
		root, err = parseYAML(data)
	}
	if err != nil {
		var p *Problem
		if pe, ok := err.(*parseError); ok {
			p = &pe.Problem
		} else {
			p = &Problem{Msg: err.Error()}
		}
		return []Problem{*p}
	}
	v := &validator{}
	v.flow(root)
	return v.problems
}

type parseError struct{ Problem }

func (e *parseError) Error() string { return e.Msg }

type validator struct{ problems []Problem }

func (v *validator) add(path string, at *value, format string, args ...any) {
	p := Problem{Path: path, Msg: fmt.Sprintf(format, args...)}
	if at != nil {
		p.Line, p.Col = at.line, at.col
	}
	v.problems = append(v.problems, p)
}

func (v *validator) flow(root *value) {
	if root.kind != "object" {
		v.add("", root, "want an object with start_stage and stages, got %s", root.describe())
		return
	}
	for _, k := range root.keys {
		if !slices.Contains(topKeys, k) {
			v.add(textpos.JSONKey("", k), root.fields[k], "unknown key %q (a flow holds only %s)", k, strings.Join(topKeys, ", "))
		}
	}
	for _, k := range []string{"name", "description", "version"} {
		if x, ok := root.fields[k]; ok && x.kind != "string" {
			v.add(k, x, "want a string, got %s", x.describe())
		}
	}
	start, hasStart := root.fields["start_stage"]
	switch {
	case !hasStart:
		v.add("start_stage", root, "missing: want the name of the first stage")
	case start.kind != "string":
		v.add("start_stage", start, "want a stage name, got %s", start.describe())
	}
	stages, ok := root.fields["stages"]
	switch {
	case !ok:
		v.add("stages", root, "missing: want a map of stage names to stages")
		return
	case stages.kind != "object":
		v.add("stages", stages, "want a map of stage names to stages, got %s", stages.describe())
		return
	case len(stages.keys) == 0:
		v.add("stages", stages, "no stages: want at least one")
		return
	}
	edges := map[string][]string{}
	for _, name := range stages.keys {
		p := textpos.JSONKey("stages", name)
		st := stages.fields[name]
		if !stageNameRe.MatchString(name) {
			at := &value{line: stages.keyPos[name][0], col: stages.keyPos[name][1]}
			v.add(p, at, "stage name %q does not match ^[a-zA-Z_][\\w-]*$ (letters, digits, _ and -, not starting with a digit or -)", name)
		}
		edges[name] = v.stage(p, st)
	}
	targets := func(path string, to string, at *value) {
		if _, ok := stages.fields[to]; !ok {
			v.add(path, at, "no stage %q (stages: %s)", to, list(stages.keys))
		}
	}
	if hasStart && start.kind == "string" {
		targets("start_stage", start.str, start)
	}
	for _, name := range stages.keys {
		st := stages.fields[name]
		if st.kind != "object" {
			continue
		}
		for _, k := range []string{"next", "on_error"} {
			x, ok := st.fields[k]
			if !ok {
				continue
			}
			p := textpos.JSONKey(textpos.JSONKey("stages", name), k)
			switch x.kind {
			case "string":
				targets(p, x.str, x)
			case "object":
				for _, b := range []string{"true", "false"} {
					if t, ok := x.fields[b]; ok && t.kind == "string" {
						targets(p+"."+b, t.str, t)
					}
				}
			}
		}
	}
	if !hasStart || start.kind != "string" {
		return
	}
	if _, ok := stages.fields[start.str]; !ok {
		return
	}
	seen := map[string]bool{start.str: true}
	queue := []string{start.str}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, to := range edges[n] {
			if _, ok := stages.fields[to]; ok && !seen[to] {
				seen[to] = true
				queue = append(queue, to)
			}
		}
	}
	for _, name := range stages.keys {
		if !seen[name] {
			at := &value{line: stages.keyPos[name][0], col: stages.keyPos[name][1]}
			v.add(textpos.JSONKey("stages", name), at, "stage %q cannot be reached from start_stage %q", name, start.str)
		}
	}
}

// stage checks one stage and returns the stages it may go to.
func (v *validator) stage(p string, st *value) []string {
	if st.kind != "object" {
		v.add(p, st, "want a stage (an object with agent_id), got %s", st.describe())
		return nil
	}
	for _, k := range st.keys {
		if !slices.Contains(stageKeys, k) {
			v.add(textpos.JSONKey(p, k), st.fields[k], "unknown key %q (a stage holds only %s; put anything else under extra)", k, strings.Join(stageKeys, ", "))
		}
	}
	if a, ok := st.fields["agent_id"]; !ok {
		v.add(p+".agent_id", st, "missing: want the agent to run")
	} else if a.kind != "string" || a.str == "" {
		v.add(p+".agent_id", a, "want an agent name, got %s", a.describe())
	}
	for _, k := range []string{"inputs", "extra"} {
		if x, ok := st.fields[k]; ok && x.kind != "object" {
			v.add(p+"."+k, x, "want an object, got %s", x.describe())
		}
	}
	if x, ok := st.fields["parallel_group"]; ok && x.kind != "string" {
		v.add(p+".parallel_group", x, "want a string, got %s", x.describe())
	}
	if x, ok := st.fields["plugins"]; ok {
		if x.kind != "list" {
			v.add(p+".plugins", x, "want a list of plugin names, got %s", x.describe())
		} else {
			for i, it := range x.items {
				if it.kind != "string" {
					v.add(textpos.JSONIndex(p+".plugins", i), it, "want a plugin name, got %s", it.describe())
				}
			}
		}
	}
	var to []string
	for _, k := range []string{"next", "on_error"} {
		x, ok := st.fields[k]
		if !ok {
			continue
		}
		kp := p + "." + k
		switch x.kind {
		case "null":
		case "string":
			to = append(to, x.str)
		case "object":
			for _, bk := range x.keys {
				if !slices.Contains(branchKeys, bk) {
					v.add(textpos.JSONKey(kp, bk), x.fields[bk], "unknown key %q (a branch holds only condition, true and false)", bk)
				}
			}
			for _, bk := range branchKeys {
				b, ok := x.fields[bk]
				switch {
				case !ok:
					v.add(kp+"."+bk, x, "missing: a branch needs condition, true and false")
				case b.kind != "string":
					v.add(kp+"."+bk, b, "want a string, got %s", b.describe())
				case bk != "condition":
					to = append(to, b.str)
				}
			}
		default:
			v.add(kp, x, "want a stage name, null or {condition, true, false}, got %s", x.describe())
		}
	}
	return to
}

func list(names []string) string {
	if len(names) > 8 {
		return strings.Join(names[:8], ", ") + fmt.Sprintf(" and %d more", len(names)-8)
	}
	return strings.Join(names, ", ")
}

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
					return nil, &parseError{Problem{Msg: fmt.Sprintf("key %q appears twice in one mapping", k.Value), Line: k.Line, Col: k.Column}}
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
				kp := textpos.JSONKey(path, k)
				v.keys = append(v.keys, k)
				v.fields[k] = conv(kp, t[k])
				v.keyPos[k] = [2]int{v.fields[k].line, v.fields[k].col}
			}
		case []any:
			v.kind = "list"
			for i, e := range t {
				v.items = append(v.items, conv(textpos.JSONIndex(path, i), e))
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
	off := func(k string) int { return textpos.JSONFind(data, textpos.JSONKey(path, k)) }
	slices.SortStableFunc(keys, func(a, b string) int { return off(a) - off(b) })
	return keys
}
