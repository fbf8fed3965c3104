package sandy

// Size: how big a value is, counted with an early exit.

import (
	"encoding/json"
	"math"
	"strconv"
)

// Size is how big a value is: Bytes, its length as compact JSON (a string
// counted as its bytes and two quotes), and Values, how many values it
// holds, itself and every element and member value inside it. A part that
// appears twice (a step's output that holds one value and its parts, as
// $..* extracts) counts twice, as it is encoded and copied twice.
type Size struct {
	Bytes  int64
	Values int64
}

// over reports whether s passes limit in either figure.
func (s Size) over(limit Size) bool {
	return s.Bytes > limit.Bytes || s.Values > limit.Values
}

// add returns s and t together.
func (s Size) add(t Size) Size { return Size{s.Bytes + t.Bytes, s.Values + t.Values} }

// Measure returns the Size of v, counting no further than limit: over is
// true as soon as either figure passes limit's, and the Size returned is
// then where counting stopped. The work is bounded by the limit, never by
// v: a value of gigabytes is found too big after a limit's worth of
// counting, with nothing encoded or copied. It walks v with a stack of its
// own, so a deep value costs no deep recursion either.
func Measure(v any, limit Size) (size Size, over bool) {
	stack := []any{v}
	size.Values = 1
	if size.over(limit) {
		return size, true
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x := x.(type) {
		case map[string]any:
			size.Bytes += 2 + int64(max(len(x)-1, 0)) // braces, commas
			size.Values += int64(len(x))
			if size.over(limit) {
				return size, true
			}
			for k, e := range x {
				size.Bytes += int64(len(k)) + 3 // quotes, colon
				stack = append(stack, e)
			}
		case []any:
			size.Bytes += 2 + int64(max(len(x)-1, 0))
			size.Values += int64(len(x))
			if size.over(limit) {
				return size, true
			}
			stack = append(stack, x...)
		case map[string]string:
			size.Bytes += 2 + int64(max(len(x)-1, 0))
			size.Values += int64(len(x))
			for k, e := range x {
				size.Bytes += int64(len(k)+3) + int64(len(e)+2)
			}
		case []string:
			size.Bytes += 2 + int64(max(len(x)-1, 0))
			size.Values += int64(len(x))
			for _, e := range x {
				size.Bytes += int64(len(e) + 2)
			}
		default:
			size.Bytes += scalarBytes(x)
		}
		if size.over(limit) {
			return size, true
		}
	}
	return size, false
}

// scalarBytes is the length of x, not an object or array, as JSON.
func scalarBytes(x any) int64 {
	var buf [32]byte
	switch x := x.(type) {
	case nil:
		return 4
	case string:
		return int64(len(x)) + 2
	case bool:
		if x {
			return 4
		}
		return 5
	case float64:
		return floatBytes(buf[:0], x, 64)
	case float32:
		return floatBytes(buf[:0], float64(x), 32)
	case int64:
		return int64(len(strconv.AppendInt(buf[:0], x, 10)))
	case int:
		return int64(len(strconv.AppendInt(buf[:0], int64(x), 10)))
	case json.Number:
		return int64(len(x))
	}
	// Another scalar of Go code (int32, uint...): small.
	b, err := json.Marshal(x)
	if err != nil {
		return 0
	}
	return int64(len(b))
}

// floatBytes is the length of f as encoding/json writes it: plain, or
// with an exponent below 1e-6 and from 1e21 on.
func floatBytes(buf []byte, f float64, bits int) int64 {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return 4 // not JSON: as null
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (bits == 64 && (abs < 1e-6 || abs >= 1e21) ||
		bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21)) {
		format = 'e'
	}
	b := strconv.AppendFloat(buf, f, format, -1, bits)
	if format == 'e' {
		// strconv writes e-07, encoding/json e-7.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			return int64(n - 1)
		}
	}
	return int64(len(b))
}
