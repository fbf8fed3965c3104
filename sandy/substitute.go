package sandy

// Substitution: placeholders replaced in params and text, values rendered.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/internal/jsonscan"
	"github.com/plaintest/plaintest/internal/printable"
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
//
// What the placeholders put in is bounded, all of x together: at most
// MaxSubstituted bytes and MaxSubstitutedValues values, a lone
// placeholder's value measured as it is put in (Measure); and the run
// keeps no more than MaxKept and MaxKeptValues of it and of the steps'
// outputs together. Past either, the error is a *LimitError naming the
// placeholder's path.
func (v *Vars) Substitute(x any) (any, error) {
	b := budget{limit: Size{MaxSubstituted, MaxSubstitutedValues}}
	out, err := v.subst(&b, "", x)
	if err != nil {
		return nil, err
	}
	if err := v.keep("", b.used); err != nil {
		return nil, err
	}
	return out, nil
}

// budget is what one substitution may still put in: limit less used.
type budget struct {
	limit, used Size
}

// room is the budget left, for Measure.
func (b *budget) room() Size {
	return Size{b.limit.Bytes - b.used.Bytes, b.limit.Values - b.used.Values}
}

func (v *Vars) subst(b *budget, path string, x any) (any, error) {
	switch x := x.(type) {
	case string:
		return v.substString(b, path, x)
	case map[string]any:
		out := make(map[string]any, len(x))
		for _, k := range slices.Sorted(maps.Keys(x)) { // sorted: the first error is always the same
			val, err := v.subst(b, jsonscan.Key(path, k), x[k])
			if err != nil {
				return nil, err
			}
			out[k] = val
		}
		return out, nil
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			val, err := v.subst(b, jsonscan.Index(path, i), e)
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
		return v.subst(b, path, m)
	case []string:
		s := make([]any, len(x))
		for i, e := range x {
			s[i] = e
		}
		return v.subst(b, path, s)
	}
	return x, nil
}

func (v *Vars) substString(b *budget, path, s string) (any, error) {
	if !strings.Contains(s, "{{") {
		return s, nil
	}
	segs := splitTemplate(s)
	if len(segs) == 1 && segs[0].name != "" && segs[0].raw == s {
		val, err := v.lookup(path, segs[0].name)
		if err != nil {
			return nil, err
		}
		size, over := Measure(val, b.room())
		if over {
			return nil, grownError(path, segs[0].name, b.limit)
		}
		b.used = b.used.add(size)
		return deepCopy(val), nil
	}
	text, err := v.text(b, path, segs, false)
	if err != nil {
		return nil, err
	}
	b.used = b.used.add(Size{int64(len(text)) + 2, 1})
	return text, nil
}

// text substitutes and renders segs as text within b, whose bytes bound
// the text; with emptyOutputs, a step output that was not recorded renders
// as nothing instead of an error.
func (v *Vars) text(b *budget, path string, segs []segment, emptyOutputs bool) (string, error) {
	room := min(b.room().Bytes, MaxSubstituted)
	var sb strings.Builder
	for _, seg := range segs {
		if seg.name == "" {
			sb.WriteString(seg.text)
			continue
		}
		val, err := v.lookup(path, seg.name)
		if ue, ok := err.(*UnresolvedError); ok && ue.Step != "" && emptyOutputs {
			continue
		}
		if err != nil {
			return "", err
		}
		text, err := render(val, room-int64(sb.Len()))
		if err == nil && int64(sb.Len()+len(text)) > room {
			err = errGrown
		}
		if errors.Is(err, errGrown) {
			if room < MaxSubstituted {
				return "", grownError(path, seg.name, b.limit)
			}
			return "", substitutedError(path)
		}
		if err != nil {
			return "", withPath(path, fmt.Errorf("{{%s}}: %w", printable.Excerpt(seg.name), err))
		}
		sb.WriteString(text)
	}
	return sb.String(), nil
}

// withPath puts path (a JSON path, "" when not known) before err.
func withPath(path string, err error) error {
	if path == "" {
		return err
	}
	return fmt.Errorf("%s: %w", path, err)
}

// SubstituteString substitutes the placeholders of s and renders the result
// as text, whatever the type of a lone placeholder's value.
func (v *Vars) SubstituteString(s string) (string, error) {
	return v.render(s, false)
}

// render substitutes and renders s as text, up to MaxSubstituted bytes;
// with emptyOutputs, a step output that was not recorded renders as
// nothing instead of an error.
func (v *Vars) render(s string, emptyOutputs bool) (string, error) {
	b := budget{limit: Size{MaxSubstituted, MaxSubstitutedValues}}
	return v.text(&b, "", splitTemplate(s), emptyOutputs)
}

// errGrown is render's refusal of a value that would not fit.
var errGrown = errors.New("over the room left")

// substitutedError is a text at path (a JSON path; "" when not known) that
// grows past MaxSubstituted as its placeholders are substituted.
func substitutedError(path string) error {
	return &LimitError{Path: path, Msg: "the text grows past the limit of " + mb(MaxSubstituted) + " as its placeholders are substituted"}
}

// grownError is the placeholder name at path whose value grows what one
// substitution puts in past limit.
func grownError(path, name string, limit Size) error {
	return &LimitError{Path: path, Msg: fmt.Sprintf("{{%s}}: the params grow past the limit of %s as their placeholders are substituted", name, limitText(limit))}
}

func (v *Vars) lookup(path, name string) (any, error) {
	val, err := v.Lookup(name)
	if ue, ok := err.(*UnresolvedError); ok {
		ue.Path = path
	}
	return val, err
}

// render prints a value inside a longer string, as long as it takes no
// more than room bytes as JSON (else errGrown).
func render(val any, room int64) (string, error) {
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
	if _, over := Measure(val, Size{room, math.MaxInt64}); over {
		return "", errGrown
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
