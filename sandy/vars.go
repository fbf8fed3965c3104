package sandy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/internal/textpos"
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
func (v *Vars) SetOutput(stepID string, values map[string]any) {
	v.outputs[stepID] = values
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
		return nil, &UnresolvedError{Name: name, Msg: fmt.Sprintf("unknown variable %q", name)}
	}
	outs, ok := v.outputs[id]
	if !ok {
		return nil, &UnresolvedError{Name: name, Step: id, Msg: fmt.Sprintf("no output from step %q", id)}
	}
	keys := strings.Split(rest, ".")
	val, ok := outs[keys[0]]
	if !ok {
		return nil, &UnresolvedError{Name: name, Step: id, Msg: fmt.Sprintf("step %q has no output %q", id, keys[0])}
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
				Msg: fmt.Sprintf("output %q of step %q has no %q", strings.Join(keys[:n+1], "."), id, key)}
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

// Substitute replaces the placeholders in x, deep through maps and slices
// (map[string]any, []any, and also map[string]string and []string, which
// come back as map[string]any and []any); other values are returned as they
// are. x is not modified.
//
// A string that is exactly one placeholder ("{{PORT}}", "{{ search.items }}")
// becomes the value itself, keeping its type: number, boolean, object,
// array. Inside a longer string, strings are inserted as they are, numbers
// and booleans print plainly (8080, 0.5, true), null prints as nothing, and
// objects and arrays as compact JSON. An unknown name is an
// *UnresolvedError naming it, never an empty string. See the package
// documentation for the syntax: what is not a placeholder is left as text,
// and \{{ writes {{.
func (v *Vars) Substitute(x any) (any, error) {
	return v.subst("", x)
}

func (v *Vars) subst(path string, x any) (any, error) {
	switch x := x.(type) {
	case string:
		return v.substString(path, x)
	case map[string]any:
		out := make(map[string]any, len(x))
		for _, k := range slices.Sorted(maps.Keys(x)) { // sorted: the first error is always the same
			val, err := v.subst(textpos.JSONKey(path, k), x[k])
			if err != nil {
				return nil, err
			}
			out[k] = val
		}
		return out, nil
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			val, err := v.subst(textpos.JSONIndex(path, i), e)
			if err != nil {
				return nil, err
			}
			out[i] = val
		}
		return out, nil
	case map[string]string:
		m := make(map[string]any, len(x))
		for k, s := range x {
			m[k] = s
		}
		return v.subst(path, m)
	case []string:
		s := make([]any, len(x))
		for i, e := range x {
			s[i] = e
		}
		return v.subst(path, s)
	}
	return x, nil
}

func (v *Vars) substString(path, s string) (any, error) {
	if !strings.Contains(s, "{{") {
		return s, nil
	}
	segs := splitTemplate(s)
	if len(segs) == 1 && segs[0].name != "" && segs[0].raw == s {
		val, err := v.lookup(path, segs[0].name)
		if err != nil {
			return nil, err
		}
		return deepCopy(val), nil
	}
	var b strings.Builder
	for _, seg := range segs {
		if seg.name == "" {
			b.WriteString(seg.text)
			continue
		}
		val, err := v.lookup(path, seg.name)
		if err != nil {
			return nil, err
		}
		text, err := render(val)
		if err != nil {
			return nil, fmt.Errorf("%s: {{%s}}: %w", path, seg.name, err)
		}
		if b.Len()+len(text) > MaxSubstituted {
			return nil, substitutedError(path)
		}
		b.WriteString(text)
	}
	return b.String(), nil
}

// SubstituteString substitutes the placeholders of s and renders the result
// as text, whatever the type of a lone placeholder's value.
func (v *Vars) SubstituteString(s string) (string, error) {
	return v.render(s, false)
}

// render substitutes and renders s as text; with emptyOutputs, a step
// output that was not recorded renders as nothing instead of an error.
func (v *Vars) render(s string, emptyOutputs bool) (string, error) {
	var b strings.Builder
	for _, seg := range splitTemplate(s) {
		if seg.name == "" {
			b.WriteString(seg.text)
			continue
		}
		val, err := v.lookup("", seg.name)
		if ue, ok := err.(*UnresolvedError); ok && ue.Step != "" && emptyOutputs {
			continue
		}
		if err != nil {
			return "", err
		}
		text, err := render(val)
		if err != nil {
			return "", fmt.Errorf("{{%s}}: %w", seg.name, err)
		}
		if b.Len()+len(text) > MaxSubstituted {
			return "", substitutedError("")
		}
		b.WriteString(text)
	}
	return b.String(), nil
}

// substitutedError is a text at path (a JSON path; "" when not known) that
// grows past MaxSubstituted as its placeholders are substituted.
func substitutedError(path string) error {
	if path != "" {
		path += ": "
	}
	return fmt.Errorf("%w: %sthe text grows past the limit of %s as its placeholders are substituted", ErrInvalid, path, mb(MaxSubstituted))
}

func (v *Vars) lookup(path, name string) (any, error) {
	val, err := v.Lookup(name)
	if ue, ok := err.(*UnresolvedError); ok {
		ue.Path = path
	}
	return val, err
}

// render prints a value inside a longer string.
func render(val any) (string, error) {
	switch x := val.(type) {
	case nil:
		return "", nil
	case string:
		return x, nil
	case bool:
		return strconv.FormatBool(x), nil
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), nil
	case float32:
		return strconv.FormatFloat(float64(x), 'f', -1, 32), nil
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, json.Number:
		return fmt.Sprint(x), nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(val); err != nil {
		return "", fmt.Errorf("encode value: %w", err)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// deepCopy copies JSON-shaped maps and slices, so that a substituted value
// shares nothing with the stored variable.
func deepCopy(x any) any {
	switch x := x.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = deepCopy(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = deepCopy(e)
		}
		return out
	}
	return x
}

// EvalCondition evaluates a step condition template: it parses expr (see
// the package-level EvalCondition) and then substitutes each operand, so a
// value holding quotes or == cannot change the expression. Bare operands are
// trimmed after substitution, quoted ones are not. A step output that was
// not recorded (its step failed and was tolerated, was skipped, or did not
// run) reads as empty, as in Sandy's player, so the documented guard
// `{{id.field}} != ""` skips the step instead of failing it. Errors wrap
// ErrCondition or are an *UnresolvedError naming an unknown variable.
func (v *Vars) EvalCondition(expr string) (bool, error) {
	c, msg := parseCondition(expr)
	if msg != "" {
		return false, fmt.Errorf("%w %q: %s", ErrCondition, expr, msg)
	}
	if c.op == "" {
		return true, nil
	}
	var err error
	if c.left, err = v.operand(c.left, c.leftQuoted); err != nil {
		return false, err
	}
	if c.right, err = v.operand(c.right, c.rightQuoted); err != nil {
		return false, err
	}
	return c.eval(), nil
}

func (v *Vars) operand(s string, quoted bool) (string, error) {
	out, err := v.render(s, true) // an output not recorded is empty
	if err != nil {
		return "", err
	}
	if !quoted {
		out = strings.TrimSpace(out)
	}
	return out, nil
}

// secretWords mark a variable as secret when its name contains one of them
// (case-insensitive). PASS covers PASSWORD and PASSWD.
var secretWords = []string{"PASS", "SECRET", "TOKEN", "KEY"}

// IsSecretName reports whether a variable name marks its value as secret.
func IsSecretName(name string) bool {
	up := strings.ToUpper(name)
	for _, w := range secretWords {
		if strings.Contains(up, w) {
			return true
		}
	}
	return false
}

// Secrets returns the values to mask in logs and reports: those of the
// required variables (declared empty in the scenario) and of every variable
// whose name contains PASSWORD, SECRET, TOKEN, KEY or PASS
// (case-insensitive), as text. Empty values are left out. The list is
// deduplicated and sorted longest first, so masking in that order never
// leaves part of a longer secret visible.
func (v *Vars) Secrets() []string {
	seen := map[string]bool{}
	var out []string
	for name, val := range v.values {
		if !v.required[name] && !IsSecretName(name) {
			continue
		}
		text, err := render(val)
		if err != nil || text == "" || seen[text] {
			continue
		}
		seen[text] = true
		out = append(out, text)
	}
	slices.SortFunc(out, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
	return out
}

// Mask replaces every secret value (see Secrets) in s with "***"; a value
// shorter than secret.MinAnywhere only where it stands as a whole word.
func (v *Vars) Mask(s string) string {
	return secret.All(v.Secrets(), "***").Replace(s)
}
