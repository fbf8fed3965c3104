package sandy

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/internal/jsonscan"
	"github.com/plaintest/plaintest/internal/printable"
)

// Vars resolves {{placeholders}} for one run of a scenario. Variables come
// in layers, later ones winning: the scenario's variables, then each layer
// given to NewVars (an env file, then --var flags). Step outputs are added
// with SetOutput as steps run and are read as {{id.field}}.
//
// A Vars is not safe for concurrent use.
type Vars struct {
	values   map[string]any
	required map[string]bool
	outputs  map[string]map[string]any
	// kept is what the run keeps of outputs and substituted values (see
	// keep); outSize, each step's outputs' share of it.
	kept    Size
	outSize map[string]Size
}

// NewVars builds the variables of a run: scenario (a Scenario's Variables,
// may be nil) overridden by each layer in turn. Layer values are strings;
// when the scenario declares a variable as a number, boolean, object or
// array, a layer value that parses as JSON of that same kind takes that
// type, so "{{PORT}}" stays a number after --var PORT=9090.
func NewVars(scenario map[string]any, layers ...map[string]string) *Vars {
	v := &Vars{
		values:   make(map[string]any, len(scenario)),
		required: map[string]bool{},
		outputs:  map[string]map[string]any{},
	}
	for name, val := range scenario {
		v.values[name] = val
		if val == "" {
			v.required[name] = true
		}
	}
	for _, layer := range layers {
		for name, s := range layer {
			v.values[name] = coerce(scenario[name], s)
		}
	}
	return v
}

// coerce gives s the JSON kind of declared when it parses as one.
func coerce(declared any, s string) any {
	switch declared.(type) {
	case float64, bool, map[string]any, []any:
	default:
		return s
	}
	var x any
	if json.Unmarshal([]byte(s), &x) != nil {
		return s
	}
	if fmt.Sprintf("%T", x) == fmt.Sprintf("%T", declared) {
		return x
	}
	return s
}

// Set sets a variable, as a layer would.
func (v *Vars) Set(name string, value any) { v.values[name] = value }

// Missing returns the names in required (Scenario.Required) that are still
// unset or empty after all layers, in the order given.
func (v *Vars) Missing(required []string) []string {
	var missing []string
	for _, name := range required {
		if val, ok := v.values[name]; !ok || val == nil || val == "" {
			missing = append(missing, name)
		}
	}
	return missing
}

// SetOutput records the values a step extracted (its output names to
// values), for {{stepID.name}} in later steps. It replaces earlier ones.
// The outputs of one step together are at most MaxOutput bytes and
// MaxOutputValues values, and what the run keeps of them and of
// substituted values at most MaxKept and MaxKeptValues: past either,
// nothing is recorded and the error is a *LimitError naming the output.
func (v *Vars) SetOutput(stepID string, values map[string]any) error {
	limit := Size{MaxOutput, MaxOutputValues}
	var total Size
	for _, name := range slices.Sorted(maps.Keys(values)) {
		size, over := Measure(values[name], Size{limit.Bytes - total.Bytes, limit.Values - total.Values})
		if over {
			return OutputLimitError(name)
		}
		total = total.add(size)
	}
	old := v.outSize[stepID]
	v.kept = Size{v.kept.Bytes - old.Bytes, v.kept.Values - old.Values}
	if err := v.keep("output", total); err != nil {
		v.kept = v.kept.add(old)
		return err
	}
	if v.outSize == nil {
		v.outSize = map[string]Size{}
	}
	v.outSize[stepID] = total
	v.outputs[stepID] = values
	return nil
}

// OutputLimitError is a step's output name, whose value grows the step's
// outputs past MaxOutput or MaxOutputValues.
func OutputLimitError(name string) *LimitError {
	return &LimitError{Path: jsonscan.Key("output", name),
		Msg: "the step's outputs grow past the limit of " + limitText(Size{MaxOutput, MaxOutputValues})}
}

// keep counts size (at path) in what the run keeps, up to MaxKept and
// MaxKeptValues.
func (v *Vars) keep(path string, size Size) error {
	limit := Size{MaxKept, MaxKeptValues}
	if kept := v.kept.add(size); kept.over(limit) {
		return &LimitError{Path: path, Msg: fmt.Sprintf("the run would keep more than %s of outputs and substituted values, the limit", limitText(limit))}
	}
	v.kept = v.kept.add(size)
	return nil
}

// Lookup resolves one placeholder name (without braces): a variable, or
// id.field[.path] for a step output, the path walking into objects by key
// and arrays by index.
func (v *Vars) Lookup(name string) (any, error) {
	if val, ok := v.values[name]; ok {
		return val, nil
	}
	id, rest, dotted := strings.Cut(name, ".")
	if !dotted {
		return nil, &UnresolvedError{Name: name, Msg: fmt.Sprintf("unknown variable %s", printable.Quote(name))}
	}
	outs, ok := v.outputs[id]
	if !ok {
		return nil, &UnresolvedError{Name: name, Step: id, Msg: fmt.Sprintf("no output from step %s", printable.Quote(id))}
	}
	keys := strings.Split(rest, ".")
	val, ok := outs[keys[0]]
	if !ok {
		return nil, &UnresolvedError{Name: name, Step: id, Msg: fmt.Sprintf("step %s has no output %s", printable.Quote(id), printable.Quote(keys[0]))}
	}
	for n, key := range keys[1:] {
		var found bool
		switch c := val.(type) {
		case map[string]any:
			val, found = c[key]
		case []any:
			if i, err := strconv.Atoi(key); err == nil && i >= 0 && i < len(c) {
				val, found = c[i], true
			}
		}
		if !found {
			return nil, &UnresolvedError{Name: name, Step: id,
				Msg: fmt.Sprintf("output %s of step %s has no %s", printable.Quote(strings.Join(keys[:n+1], ".")), printable.Quote(id), printable.Quote(key))}
		}
	}
	return val, nil
}

// UnresolvedError is a placeholder with no value: an unknown variable, or a
// step output that was not recorded. It wraps ErrInvalid.
type UnresolvedError struct {
	Path string // where in the substituted value, e.g. "text" or "fields[0].value"; "" at the top
	Name string // the placeholder name, e.g. "PASSWORD" or "create.number"
	Step string // the step id, for a step output
	Msg  string
}

func (e *UnresolvedError) Error() string {
	s := "{{" + e.Name + "}}: " + e.Msg
	if e.Path != "" {
		s = e.Path + ": " + s
	}
	return s
}

// Unwrap returns ErrInvalid.
func (e *UnresolvedError) Unwrap() error { return ErrInvalid }
