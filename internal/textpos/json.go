package textpos

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"

	"github.com/plaintest/plaintest/internal/jsonscan"
	"github.com/plaintest/plaintest/internal/printable"
)

// JSONError locates an error of encoding/json decoding data. A
// *json.SyntaxError is at the byte it names (msg is its text); a
// *json.UnmarshalTypeError is at the start of the value of the wrong type,
// with that value's JSON path ("steps[2].step", "" for the whole document)
// and msg saying what it should have been ("want a number, got a string").
// ok is false for any other error. LineCol turns off into a line and
// column.
func JSONError(data []byte, err error) (off int, path, msg string, ok bool) {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return int(syn.Offset) - 1, "", syn.Error(), true
	case errors.As(err, &typ):
		path, start := JSONValueAt(data, int(typ.Offset))
		want := wantJSON(typ.Type)
		if k := typ.Type.Kind(); k >= reflect.Int && k <= reflect.Uint64 && strings.HasPrefix(typ.Value, "number ") {
			want = "an integer" // a number with a fraction, or out of range
		}
		return start, path, "want " + want + ", got " + gotJSON(typ.Value), true
	}
	return 0, "", "", false
}

// wantJSON says what JSON a Go type takes: "a number", "an array of strings".
func wantJSON(t reflect.Type) string {
	switch k := t.Kind(); {
	case k >= reflect.Int && k <= reflect.Float64:
		return "a number"
	case k == reflect.String:
		return "a string"
	case k == reflect.Bool:
		return "true or false"
	case k == reflect.Map || k == reflect.Struct:
		return "an object"
	case k == reflect.Pointer:
		return wantJSON(t.Elem())
	case (k == reflect.Slice || k == reflect.Array) && t.Elem().Kind() == reflect.String:
		return "an array of strings"
	case k == reflect.Slice || k == reflect.Array:
		return "an array"
	}
	return t.String()
}

// gotJSON names the JSON value encoding/json found: "a string", or the
// number itself where an integer was wanted ("number 1.5" gives "1.5"),
// cut as printable.Excerpt cuts it: encoding/json quotes the whole
// literal, which a file may write over megabytes.
func gotJSON(value string) string {
	switch value {
	case "string", "number":
		return "a " + value
	case "array", "object":
		return "an " + value
	case "bool":
		return "true or false"
	}
	if n, ok := strings.CutPrefix(value, "number "); ok {
		return printable.Excerpt(n)
	}
	return printable.Excerpt(value)
}

// JSONValueAt finds the JSON value that a json.UnmarshalTypeError offset points
// into: the last value starting before off (the decoder reports the offset
// after a scalar or after the opening bracket of an array or object). data
// must be valid JSON. It returns the value's path and start offset.
func JSONValueAt(data []byte, off int) (path string, start int) {
	jsonscan.Walk(data, 0, func(w *jsonscan.Walker, i int) bool {
		if i >= off {
			return false
		}
		path, start = w.Path(), i
		return true
	})
	return path, start
}

// JSONFind returns the offset in data (valid JSON) where the value at path
// starts ("steps[3].on_error", written as jsonscan.Key and jsonscan.Index
// write paths), or, when data has no such value (a field that is missing),
// where the nearest value enclosing it starts: steps[3], else steps, else
// the document.
func JSONFind(data []byte, path string) int {
	best := 0
	jsonscan.Walk(data, 0, func(w *jsonscan.Walker, i int) bool {
		switch p := w.Path(); {
		case p == path:
			best = i
			return false
		case p == "" || strings.HasPrefix(path, p) && strings.ContainsRune(".[", rune(path[len(p)])):
			best = i
		}
		return true
	})
	return best
}
