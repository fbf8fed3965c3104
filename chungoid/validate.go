package chungoid

// Validate: the flow schema's rules, each broken one a Problem where it is.

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/plaintest/plaintest/internal/jsonscan"
	"github.com/plaintest/plaintest/internal/printable"
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

type validator struct{ problems []Problem }

func (v *validator) add(path string, at *value, format string, args ...any) {
	p := Problem{Path: path, Msg: fmt.Sprintf(format, args...)}
	if at != nil {
		p.Line, p.Col = at.line, at.col
	}
	v.problems = append(v.problems, p)
}

// flow checks the whole flow: its top level, each stage, the stages that
// start_stage, next and on_error name, and that each can be reached.
func (v *validator) flow(root *value) {
	if root.kind != "object" {
		v.add("", root, "want an object with start_stage and stages, got %s", root.describe())
		return
	}
	for _, k := range root.keys {
		if !slices.Contains(topKeys, k) {
			v.add(jsonscan.Key("", k), root.fields[k], "unknown key %s (a flow holds only %s)", printable.Quote(k), strings.Join(topKeys, ", "))
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
		p := jsonscan.Key("stages", name)
		st := stages.fields[name]
		if !stageNameRe.MatchString(name) {
			at := &value{line: stages.keyPos[name][0], col: stages.keyPos[name][1]}
			v.add(p, at, "stage name %s does not match ^[a-zA-Z_][\\w-]*$ (letters, digits, _ and -, not starting with a digit or -)", printable.Quote(name))
		}
		edges[name] = v.stage(p, st)
	}
	if hasStart && start.kind == "string" {
		v.target(stages, "start_stage", start.str, start)
	}
	v.targets(stages)
	if !hasStart || start.kind != "string" {
		return
	}
	if _, ok := stages.fields[start.str]; !ok {
		return
	}
	v.reachable(stages, start.str, edges)
}

// target checks that to, named at path, is a stage of stages.
func (v *validator) target(stages *value, path string, to string, at *value) {
	if _, ok := stages.fields[to]; !ok {
		v.add(path, at, "no stage %s (stages: %s)", printable.Quote(to), list(stages.keys))
	}
}

// targets checks the stages each stage's next and on_error name, a branch's
// true and false too.
func (v *validator) targets(stages *value) {
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
			p := jsonscan.Key(jsonscan.Key("stages", name), k)
			switch x.kind {
			case "string":
				v.target(stages, p, x.str, x)
			case "object":
				for _, b := range []string{"true", "false"} {
					if t, ok := x.fields[b]; ok && t.kind == "string" {
						v.target(stages, p+"."+b, t.str, t)
					}
				}
			}
		}
	}
}

// reachable checks that every stage can be reached from start along edges.
func (v *validator) reachable(stages *value, start string, edges map[string][]string) {
	seen := map[string]bool{start: true}
	queue := []string{start}
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
			v.add(jsonscan.Key("stages", name), at, "stage %s cannot be reached from start_stage %s", printable.Quote(name), printable.Quote(start))
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
			v.add(jsonscan.Key(p, k), st.fields[k], "unknown key %s (a stage holds only %s; put anything else under extra)", printable.Quote(k), strings.Join(stageKeys, ", "))
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
					v.add(jsonscan.Index(p+".plugins", i), it, "want a plugin name, got %s", it.describe())
				}
			}
		}
	}
	return v.edges(p, st)
}

// edges checks the next and on_error of the stage st (at p) and returns
// the stages they name.
func (v *validator) edges(p string, st *value) []string {
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
					v.add(jsonscan.Key(kp, bk), x.fields[bk], "unknown key %s (a branch holds only condition, true and false)", printable.Quote(bk))
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
	short := make([]string, 0, min(len(names), 8))
	for _, n := range names[:min(len(names), 8)] {
		short = append(short, printable.Excerpt(n))
	}
	if len(names) > 8 {
		return strings.Join(short, ", ") + fmt.Sprintf(" and %d more", len(names)-8)
	}
	return strings.Join(short, ", ")
}
