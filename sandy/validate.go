package sandy

// Validate: the rules of a scenario, each broken one a Problem at its path.

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/ohler55/ojg/jp"
	"github.com/plaintest/plaintest/internal/jsonscan"
	"github.com/plaintest/plaintest/internal/printable"
)

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
//   - every wait has a ceiling, defaults.MaxWait: wait_after, one
//     retry.delay and all of a step's retry delays together, and the
//     seconds a built-in waits (sandy__wait's duration or seconds, a
//     browser built-in's timeout and interval) when written as numbers;
//     retry.count is at most MaxRetryCount and retry.backoff MaxBackoff.
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
		v.add("version", "unsupported version %s (want %q or %q)", printable.Quote(s.Version), Version, "1.1")
	}
	if strings.TrimSpace(s.Metadata.Name) == "" {
		v.add("metadata.name", "required")
	}
	if st := s.Metadata.Status; st != "" && st != StatusPartial {
		v.add("metadata.status", "must be absent (a complete scenario) or %q, got %s", StatusPartial, printable.Quote(st))
	}
	v.permissions()
	for _, name := range slices.Sorted(maps.Keys(s.Variables)) {
		path := jsonscan.Key("variables", name)
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

// step checks steps[i] by the rules Validate lists, in their order; ids
// maps each id to the first step that has it.
func (v *validator) step(i int, ids map[string]int) {
	st := &v.s.Steps[i]
	p := jsonscan.Index("steps", i)

	v.number(i, p)

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
			v.add(p+".id", "%s must match %s", printable.Quote(st.ID), identPattern)
		} else if j := ids[st.ID]; j != i {
			v.add(p+".id", "duplicate id %s (also steps[%d])", printable.Quote(st.ID), j)
		}
	}

	if len(st.Output) > 0 && st.ID == "" {
		v.add(p+".output", "requires an id, so later steps can refer to it")
	}
	for _, name := range slices.Sorted(maps.Keys(st.Output)) {
		path := jsonscan.Key(p+".output", name)
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
		v.add(p+".on_error", "unknown value %s (want stop, skip or retry)", printable.Quote(string(st.OnError)))
	}

	if st.Retry != nil {
		v.retry(p, st)
	}

	if !(st.WaitAfter >= 0) {
		v.add(p+".wait_after", "must be at least 0, got %v", st.WaitAfter)
	}
	v.waits(p, st)

	if _, msg := parseCondition(st.Condition); msg != "" {
		v.add(p+".condition", "%s", msg)
	}
	v.refs(i, p+".condition", st.Condition, ids)
}

// number checks step i's number (at p): positive, unique, and above the
// numbers of the steps before it.
func (v *validator) number(i int, p string) {
	st := &v.s.Steps[i]
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
}

// retry checks the retry settings of st (at p): only with on_error
// "retry", and no negative count, delay or backoff.
func (v *validator) retry(p string, st *Step) {
	r := st.Retry
	if st.OnError != RetryStep {
		got := "not set"
		if st.OnError != "" {
			got = printable.Quote(string(st.OnError))
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
	v.retryCeilings(p, r)
}

// checkJSONPath says what is wrong with an output path ("" when nothing is).
func checkJSONPath(path string) string {
	if !strings.HasPrefix(path, "$") {
		return fmt.Sprintf("JSONPath %s must start with $", printable.Quote(path))
	}
	if _, err := parseJSONPath(path); err != nil {
		// ojg's errors end with the whole expression: " in $.a[".
		msg := strings.TrimSuffix(err.Error(), " in "+path)
		return fmt.Sprintf("bad JSONPath %s: %s", printable.Quote(path), printable.Excerpt(msg))
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
