package sandy

// Substitution: placeholders replaced in params and text, values rendered.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/internal/textpos"
)

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
