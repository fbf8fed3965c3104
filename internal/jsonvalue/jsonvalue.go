// Package jsonvalue rewrites decoded JSON values: it takes what
// encoding/json decodes into an any (maps of string keys, slices, strings,
// numbers, booleans, nil), such as a tool call's arguments, and gives out
// a copy with every string mapped (MapStrings).
package jsonvalue

// MapStrings returns a copy of v with fn applied to every string in it, at
// any depth: map values and slice elements, not map keys. Maps and slices
// are copied, so v is left as it was; any other value is returned as is.
func MapStrings(v any, fn func(string) string) any {
	switch x := v.(type) {
	case string:
		return fn(x)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = MapStrings(e, fn)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = MapStrings(e, fn)
		}
		return out
	}
	return v
}
