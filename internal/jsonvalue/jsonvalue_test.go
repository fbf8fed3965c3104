package jsonvalue

import (
	"reflect"
	"strings"
	"testing"
)

// TestMapStrings: every string at any depth is mapped, keys and other
// values are not, and the value given is left as it was.
func TestMapStrings(t *testing.T) {
	in := map[string]any{
		"a": "x",
		"b": []any{"y", 1.5, true, nil, map[string]any{"c": "z"}},
		"d": map[string]any{},
	}
	got := MapStrings(in, strings.ToUpper)
	want := map[string]any{
		"a": "X",
		"b": []any{"Y", 1.5, true, nil, map[string]any{"c": "Z"}},
		"d": map[string]any{},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("MapStrings = %#v, want %#v", got, want)
	}
	if in["a"] != "x" || in["b"].([]any)[0] != "y" || in["b"].([]any)[4].(map[string]any)["c"] != "z" {
		t.Errorf("MapStrings changed its input: %#v", in)
	}
	if got := MapStrings(42, strings.ToUpper); got != 42 {
		t.Errorf("MapStrings(42) = %#v, want 42", got)
	}
}
