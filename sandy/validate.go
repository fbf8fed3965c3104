package sandy

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/ohler55/ojg/jp"
	"github.com/plaintest/plaintest/internal/textpos"
)

// Problem is one thing wrong with a scenario: where (a JSON path such as
// "steps[3].on_error", "metadata.name" or "variables.X"; "" for the whole
// file) and what.
type Problem struct {
	Path string
	Msg  string
}

func (p Problem) String() string {
	if p.Path == "" {
		return p.Msg
	}
	return p.Path + ": " + p.Msg
}

// ValidationError lists every problem found in a scenario. It wraps ErrInvalid.
type ValidationError struct {
	File     string
	Problems []Problem
	// Truncated says there were more problems than the maxProblems
	// (1000) listed.
	Truncated bool
}

// Error gives one "file: path: msg" line per problem.
func (e *ValidationError) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteByte('\n')
		}
		if e.File != "" {
			b.WriteString(e.File + ": ")
		}
		b.WriteString(p.String())
	}
	if e.Truncated {
		b.WriteByte('\n')
		if e.File != "" {
			b.WriteString(e.File + ": ")
		}
		b.WriteString(e.MoreLine())
	}
	return b.String()
}

// Unwrap returns ErrInvalid.
func (e *ValidationError) Unwrap() error { return ErrInvalid }

// MoreLine says that problems past the listed ones were not listed, ""
// when there were none.
func (e *ValidationError) MoreLine() string {
	if !e.Truncated {
		return ""
	}
	return fmt.Sprintf("and more problems, not listed (the first %d are)", maxProblems)
}

// Validate checks the scenario and reports every problem at once as a
// *ValidationError (nil when there is none). The rules:
//
//   - version is "2.1" or "1.1", as Sandy's player requires; a missing
//     version is accepted only from a file of v1.1's shape (LooksV11),
//     which Parse upgrades.
//   - metadata.name is not blank; metadata.status is absent or "partial";
//     steps is not empty.
//   - variable names match ^[A-Za-z_][A-Za-z0-9_-]*$ (otherwise no placeholder
//     can name them) and no value is null ("" declares a required variable).
//   - each step: step is a positive integer, unique; a tool or an action
//     (with both, the tool is used, as in Sandy's player); tool is mcp__<server>__<tool> or sandy__<built-in> (see
//     SplitTool); action is one of the v1.1 actions (see Upgrade); params is
//     an object (not missing, not null); id, when set, matches the pattern
//     above and is unique; output needs an id, its names match the pattern and
//     its values are JSONPath expressions starting with $; on_error is
//     stop, skip or retry; retry.count >= 1 (0 or missing means 3),
//     retry.delay >= 0, retry.backoff >= 0, and retry is only allowed with
//     on_error "retry" (otherwise it would silently do nothing); wait_after
//     >= 0; condition is empty, `a == b`, `a != b` or one operand (true when
//     not empty; see EvalCondition).
//   - step numbers increase in array order, the order steps run (gaps are
//     fine: 1, 2, 5), so that a range of step numbers is a run of steps.
//   - every {{id.field}} in params or condition names an earlier step (in
//     array order) whose output declares field. A plain {{NAME}} need not be
//     declared here, since it may come from an env file or --var: once those
//     are known, UndefinedVars lists the names nothing defines.
func (s *Scenario) Validate() error {
	v := validator{s: s}
	v.run()
	if len(v.ps.ps) == 0 {
		return nil
	}
	return &ValidationError{Problems: v.ps.ps, Truncated: v.ps.truncated}
}

// problems collects problems, each once, up to maxProblems, and notes
// whether there were more.
type problems struct {
	ps        []Problem
	seen      map[Problem]bool
	truncated bool
}

// full reports whether the list is full: a caller with a problem to add
// may skip writing it.
func (c *problems) full() bool {
	if len(c.ps) >= maxProblems {
		c.truncated = true
		return true
	}
	return false
}

// add adds the problem at path that format and args say. Past the cap it
// only notes there was one, unwritten: a file can hold a million.
func (c *problems) add(path, format string, args ...any) {
	if c.full() {
		return
	}
	p := Problem{Path: path, Msg: fmt.Sprintf(format, args...)}
	if c.seen[p] {
		return
	}
	if c.seen == nil {
		c.seen = map[Problem]bool{}
	}
	c.seen[p] = true
	c.ps = append(c.ps, p)
}

type validator struct {
	s       *Scenario
	ps      problems
	refSeen map[[2]string]bool // {path, name} of the references found wrong
	numbers map[int]int        // step number -> first index
	top     int                // the highest step number so far
	topAt   int                // its index
}

func (v *validator) add(path, format string, args ...any) {
	v.ps.add(path, format, args...)
}

func (v *validator) run() {
	s := v.s
	switch s.Version {
	case "1.1", Version:
	case "":
		if !s.LooksV11() {
			v.add("version", `required: a Sandy scenario starts with "version": %q (a file with none is read as v1.1 only when every step has an "action" and none a "tool")`, Version)
		}
	default:
		v.add("version", "unsupported version %q (want %q or %q)", s.Version, Version, "1.1")
	}
	if strings.TrimSpace(s.Metadata.Name) == "" {
		v.add("metadata.name", "required")
	}
	if st := s.Metadata.Status; st != "" && st != StatusPartial {
		v.add("metadata.status", "must be absent (a complete scenario) or %q, got %q", StatusPartial, st)
	}
	for _, name := range slices.Sorted(maps.Keys(s.Variables)) {
		path := textpos.JSONKey("variables", name)
		if !validIdent(name) {
			v.add(path, "name must match %s", identPattern)
		}
		if s.Variables[name] == nil {
			v.add(path, `must not be null (use "" for a required variable)`)
		}
	}
	if len(s.Steps) == 0 {
		v.add("steps", "required: at least one step")
		return
	}
	v.numbers = map[int]int{}
	ids := map[string]int{} // id -> first index
	for i := range s.Steps {
		if id := s.Steps[i].ID; id != "" {
			if _, dup := ids[id]; !dup {
				ids[id] = i
			}
		}
	}
	for i := range s.Steps {
		v.step(i, ids)
	}
}

func (v *validator) step(i int, ids map[string]int) {
	st := &v.s.Steps[i]
	p := textpos.JSONIndex("steps", i)

	switch {
	case st.Step == 0:
		v.add(p+".step", "required: a positive integer")
	case st.Step < 0:
		v.add(p+".step", "must be a positive integer, got %d", st.Step)
	default:
		if j, dup := v.numbers[st.Step]; dup {
			v.add(p+".step", "duplicate step number %d (also steps[%d])", st.Step, j)
			break
		}
		v.numbers[st.Step] = i
		if st.Step < v.top {
			v.add(p+".step", "%d comes after %d (steps[%d]); step numbers must increase in the order steps run", st.Step, v.top, v.topAt)
			break
		}
		v.top, v.topAt = st.Step, i
	}

	switch {
	case st.Tool != "": // with an action too, the tool wins, as in Sandy's player

		if _, _, _, msg := splitTool(st.Tool); msg != "" {
			v.add(p+".tool", "%s", msg)
		}
	case st.Action != "":
		if _, ok := actions[st.Action]; !ok {
			v.add(p+".action", "%s", unknownActionMsg(st.Action))
		}
	default:
		v.add(p+".tool", "required: mcp__<server>__<tool> or sandy__<built-in>")
	}

	if st.Params == nil {
		v.add(p+".params", "required: an object")
	}
	v.refs(i, p+".params", st.Params, ids)

	if st.ID != "" {
		if !validIdent(st.ID) {
			v.add(p+".id", "%q must match %s", st.ID, identPattern)
		} else if j := ids[st.ID]; j != i {
			v.add(p+".id", "duplicate id %q (also steps[%d])", st.ID, j)
		}
	}

	if len(st.Output) > 0 && st.ID == "" {
		v.add(p+".output", "requires an id, so later steps can refer to it")
	}
	for _, name := range slices.Sorted(maps.Keys(st.Output)) {
		path := textpos.JSONKey(p+".output", name)
		if !validIdent(name) {
			v.add(path, "name must match %s", identPattern)
		}
		if msg := checkJSONPath(st.Output[name]); msg != "" {
			v.add(path, "%s", msg)
		}
	}

	switch st.OnError {
	case "", Stop, Skip, RetryStep:
	default:
		v.add(p+".on_error", "unknown value %q (want stop, skip or retry)", st.OnError)
	}

	if r := st.Retry; r != nil {
		if st.OnError != RetryStep {
			got := "not set"
			if st.OnError != "" {
				got = strconv.Quote(string(st.OnError))
			}
			v.add(p+".retry", `only used with on_error "retry" (on_error is %s)`, got)
		}
		if r.Count < 0 {
			v.add(p+".retry.count", "must be at least 1")
		}
		if r.Delay < 0 {
			v.add(p+".retry.delay", "must be at least 0, got %d", r.Delay)
		}
		if !(r.Backoff >= 0) {
			v.add(p+".retry.backoff", "must be at least 0, got %v", r.Backoff)
		}
	}

	if !(st.WaitAfter >= 0) {
		v.add(p+".wait_after", "must be at least 0, got %v", st.WaitAfter)
	}

	if _, msg := parseCondition(st.Condition); msg != "" {
		v.add(p+".condition", "%s", msg)
	}
	v.refs(i, p+".condition", st.Condition, ids)
}

// refs checks the {{id.field}} placeholders in x (params or a condition) of
// step i.
func (v *validator) refs(i int, path string, x any, ids map[string]int) {
	placeholders(path, x, func(path, name string) {
		id, rest, dotted := strings.Cut(name, ".")
		if !dotted || v.ps.full() || v.refSeen[[2]string{path, name}] {
			return
		}
		field, _, _ := strings.Cut(rest, ".")
		j, ok := ids[id]
		if ok && j < i {
			if _, ok := v.s.Steps[j].Output[field]; ok {
				return // the common case, with nothing to write
			}
		}
		if v.refSeen == nil {
			v.refSeen = map[[2]string]bool{}
		}
		v.refSeen[[2]string{path, name}] = true // a problem each: as many as the cap
		ref := "{{" + name + "}}"
		switch {
		case !ok:
			v.add(path, "%s refers to unknown step %q", ref, id)
		case j == i:
			v.add(path, "%s refers to its own step %q", ref, id)
		case j > i:
			v.add(path, "%s refers to step %q, which runs later (steps[%d])", ref, id, j)
		default:
			if _, ok := v.s.Steps[j].Output[field]; !ok {
				v.add(path, "%s refers to output %q, which step %q does not declare", ref, field, id)
			}
		}
	})
}

// UndefinedVars returns a problem for each plain {{NAME}} placeholder in the
// params or condition of any step that neither the scenario's variables nor
// any of layers (the variables a run is given: an env file, --var values)
// define, with its JSON path:
//
//	steps[2].params.url: {{HOST}} is not defined: declare it in "variables" ("" makes it required) or pass --var HOST=... / --env FILE
//
// Every step is checked, whichever steps a run selects. {{id.field}} step
// outputs are Validate's to check. The result is nil when every name is
// defined.
func (s *Scenario) UndefinedVars(layers ...map[string]string) []Problem {
	ps, _ := s.undefinedVars(layers)
	return ps
}

// undefinedVars is UndefinedVars, at most maxProblems of them, and
// whether there were more.
func (s *Scenario) undefinedVars(layers []map[string]string) ([]Problem, bool) {
	defined := func(name string) bool {
		if _, ok := s.Variables[name]; ok {
			return true
		}
		for _, l := range layers {
			if _, ok := l[name]; ok {
				return true
			}
		}
		return false
	}
	var ps problems
	seen := map[[2]string]bool{} // {path, name} found undefined: a problem each
	check := func(path, name string) {
		if !strings.Contains(name, ".") && !defined(name) && !ps.full() && !seen[[2]string{path, name}] {
			seen[[2]string{path, name}] = true
			ps.add(path, `{{%s}} is not defined: declare it in "variables" ("" makes it required) or pass --var %s=... / --env FILE`, name, name)
		}
	}
	for i := range s.Steps {
		p := textpos.JSONIndex("steps", i)
		placeholders(p+".params", s.Steps[i].Params, check)
		placeholders(p+".condition", s.Steps[i].Condition, check)
	}
	if len(ps.ps) == 0 {
		return nil, false
	}
	return sortProblems(ps.ps), ps.truncated
}

// checkJSONPath says what is wrong with an output path ("" when nothing is).
func checkJSONPath(path string) string {
	if !strings.HasPrefix(path, "$") {
		return fmt.Sprintf("JSONPath %q must start with $", path)
	}
	if _, err := parseJSONPath(path); err != nil {
		return fmt.Sprintf("bad JSONPath %q: %v", path, err)
	}
	return ""
}

// CompileJSONPath parses an output expression (which must start with $)
// with ojg's jp, the JSONPath implementation the replay player extracts
// with. Errors wrap ErrInvalid.
func CompileJSONPath(path string) (jp.Expr, error) {
	if msg := checkJSONPath(path); msg != "" {
		return nil, fmt.Errorf("%w: %s", ErrInvalid, msg)
	}
	return parseJSONPath(path)
}

func parseJSONPath(path string) (expr jp.Expr, err error) {
	defer func() {
		if r := recover(); r != nil { // ojg panics on a few malformed inputs
			expr, err = nil, fmt.Errorf("%v", r)
		}
	}()
	return jp.ParseString(path)
}

// sortProblems orders problems by the step they are about (file-level
// problems first), keeping the order within a step, and drops duplicates.
func sortProblems(ps []Problem) []Problem {
	seen := map[Problem]bool{}
	out := ps[:0]
	for _, p := range ps {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return stepIndex(out[a].Path) < stepIndex(out[b].Path) })
	return out
}

// stepIndex is N for a path starting "steps[N]", -1 otherwise.
func stepIndex(path string) int {
	rest, ok := strings.CutPrefix(path, "steps[")
	if !ok {
		return -1
	}
	end := strings.IndexByte(rest, ']')
	if end < 0 {
		return -1
	}
	n, err := strconv.Atoi(rest[:end])
	if err != nil {
		return -1
	}
	return n
}
