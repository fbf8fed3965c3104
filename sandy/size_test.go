package sandy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// noLimit is a limit no test value reaches.
var noLimit = Size{1 << 40, 1 << 40}

func TestMeasure(t *testing.T) {
	part := map[string]any{"a": []any{1.0, "x"}}
	deep := any(1.0)
	for range 10_000 {
		deep = []any{deep}
	}
	for _, tc := range []struct {
		name string
		v    any
		want Size
	}{
		{"null", nil, Size{4, 1}},
		{"string", "héllo", Size{8, 1}},
		{"number", 8080.0, Size{4, 1}},
		{"small number", 1e-7, Size{4, 1}},
		{"int64", int64(-42), Size{3, 1}},
		{"bool", false, Size{5, 1}},
		{"empty object", map[string]any{}, Size{2, 1}},
		{"object", map[string]any{"a": []any{1.0, "x"}}, Size{13, 4}},
		// a part that appears twice counts twice, as it is encoded
		{"shared part", []any{part, part}, Size{29, 9}},
		{"string map", map[string]string{"k": "v"}, Size{9, 2}},
		{"strings", []string{"a", "bc"}, Size{10, 3}},
		// deep values cost no deep recursion
		{"deep", deep, Size{20_001, 10_001}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, over := Measure(tc.v, noLimit)
			if got != tc.want || over {
				t.Errorf("got %+v (over %v), want %+v", got, over, tc.want)
			}
			if b, err := json.Marshal(tc.v); err == nil && int64(len(b)) != got.Bytes {
				t.Errorf("got %d bytes, encoding/json writes %d: %s", got.Bytes, len(b), b)
			}
		})
	}
}

// TestMeasureStopsEarly: a value of gigabytes, as $..* makes of a value
// that holds its parts many times over, is found too big in a limit's
// worth of counting.
func TestMeasureStopsEarly(t *testing.T) {
	v := any([]any{strings.Repeat("a", 1000)})
	for range 30 { // 2^30 copies of the string, as encoded: a terabyte
		v = []any{v, v}
	}
	start := time.Now()
	for _, limit := range []Size{{10 << 20, 1 << 40}, {1 << 40, 250_000}} {
		got, over := Measure(v, limit)
		if !over || got.Bytes > limit.Bytes+1002 || got.Values > limit.Values+2 {
			t.Errorf("limit %+v: got %+v, over %v", limit, got, over)
		}
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %v", took)
	}
}

// TestSubstituteBounded: what placeholders put into one step's params is
// bounded all together, a lone placeholder's value measured as it is put
// in, and what a run keeps across steps too; each refusal a *LimitError
// at the placeholder's path naming the limit.
func TestSubstituteBounded(t *testing.T) {
	big := strings.Repeat("a", 4<<20)
	many := make([]any, MaxSubstitutedValues)
	for i := range many {
		many[i] = 0.0
	}
	for _, tc := range []struct {
		name   string
		params map[string]any
		path   string
		msg    string // "" accepted
	}{
		{"one typed value under", map[string]any{"v": "{{BIG}}"}, "", ""},
		{"typed values over together", map[string]any{"a": "{{BIG}}", "b": "{{BIG}}", "c": []any{"{{BIG}}"}},
			"c[0]", "{{BIG}}: the params grow past the limit of 10.0 MB or 250000 values as their placeholders are substituted"},
		{"typed and text over together", map[string]any{"a": "{{BIG}}", "b": "{{BIG}}", "c": "x {{BIG}}"},
			"c", "{{BIG}}: the params grow past the limit"},
		{"text alone over", map[string]any{"a": "{{BIG}}{{BIG}}{{BIG}}"},
			"a", "the text grows past the limit of 10.0 MB"},
		{"too many values", map[string]any{"a": "{{MANY}}"}, "a", "{{MANY}}: the params grow past"},
		{"object in text over", map[string]any{"a": "{{BIG}}", "b": "{{BIG}}", "c": "x {{OBJ}}"},
			"c", "{{OBJ}}: the params grow past"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := NewVars(map[string]any{"BIG": big, "MANY": many, "OBJ": map[string]any{"k": big}})
			_, err := v.Substitute(tc.params)
			checkLimitError(t, err, tc.path, tc.msg)
		})
	}
}

// checkLimitError fails t unless err is a *LimitError at path whose
// message holds msg (or nil, when msg is "").
func checkLimitError(t *testing.T, err error, path, msg string) {
	t.Helper()
	if msg == "" {
		if err != nil {
			t.Fatalf("got %v, want no error", err)
		}
		return
	}
	var le *LimitError
	if !errors.As(err, &le) || !errors.Is(err, ErrInvalid) {
		t.Fatalf("got %v, want a *LimitError", err)
	}
	if le.Path != path || !strings.Contains(le.Msg, msg) {
		t.Errorf("got %q at %q, want %q at %q", le.Msg, le.Path, msg, path)
	}
}

// TestOutputsBounded: a step's outputs are bounded together, and what a
// run keeps of outputs and substituted values across its steps.
func TestOutputsBounded(t *testing.T) {
	mb4 := strings.Repeat("a", 4<<20)
	v := NewVars(nil)
	err := v.SetOutput("s1", map[string]any{"a": mb4, "b": mb4, "c": mb4})
	checkLimitError(t, err, "output.c", "the step's outputs grow past the limit of 10.0 MB or 250000 values")
	if _, err := v.Lookup("s1.a"); err == nil {
		t.Errorf("outputs over the limit were recorded")
	}
	// 16 steps of 4 MB outputs fill what a run keeps (64 MB): the next
	// output, or substituted value, is refused.
	for i := range MaxKept / (4 << 20) {
		if err := v.SetOutput(fmt.Sprint("k", i), map[string]any{"a": mb4[:4<<20-2]}); err != nil {
			t.Fatalf("output %d: %v", i, err)
		}
	}
	err = v.SetOutput("last", map[string]any{"a": "b"})
	checkLimitError(t, err, "output", "the run would keep more than 64.0 MB or 1000000 values of outputs and substituted values, the limit")
	_, err = v.Substitute(map[string]any{"x": "{{k0.a}}"})
	checkLimitError(t, err, "", "the run would keep more than 64.0 MB")
	// Replacing a step's outputs (a retry) frees what the old ones kept.
	if err := v.SetOutput("k0", map[string]any{"a": "b"}); err != nil {
		t.Errorf("replacing outputs: %v", err)
	}
}

func TestCheckResultJSON(t *testing.T) {
	deep := strings.Repeat(`{"a":[`, MaxResultDepth/2) + "1" + strings.Repeat("]}", MaxResultDepth/2)
	tooDeep := `{"x":` + deep + "}"
	many := "[" + strings.TrimSuffix(strings.Repeat("0,", MaxResultValues), ",") + "]"
	for _, tc := range []struct {
		name, data string
		path, msg  string
	}{
		{"at the depth", deep, "", ""},
		{"deeper", tooDeep, "x" + strings.Repeat(".a[0]", MaxResultDepth/2-1) + ".a", "nested more than 256 arrays or objects deep, the limit"},
		{"values at the limit", many[:len(many)-3] + "]", "", ""},
		{"values over", many, "", "the result's JSON holds more than 500000 values, the limit"},
		// a long string, or a big array, is no problem in itself
		{"long string", `"` + strings.Repeat("a", 2*MaxString) + `"`, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckResultJSON([]byte(tc.data))
			checkLimitError(t, err, tc.path, tc.msg)
			if tc.msg != "" && tc.path == "" && !strings.HasPrefix(err.Error(), tc.msg) {
				t.Errorf("got %q", err)
			}
		})
	}
}

// FuzzMeasure: Measure of any JSON value, decoded, counts its values and
// its bytes as encoding/json writes it (escapes aside), and stops at any
// limit.
func FuzzMeasure(f *testing.F) {
	for _, s := range []string{`{"a":[1,2.5,"x",null,true]}`, `[1e21,1e-7,0.000001,-0]`, `"\u00e9"`, `[[[]],{}]`} {
		f.Add([]byte(s), int64(10), int64(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, maxBytes, maxValues int64) {
		var v any
		if json.Unmarshal(data, &v) != nil {
			return
		}
		got, over := Measure(v, noLimit)
		if over {
			t.Fatalf("over no limit: %+v", got)
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		text := bytes.TrimSuffix(b.Bytes(), []byte("\n"))
		if !bytes.Contains(text, []byte(`\`)) && got.Bytes != int64(len(text)) {
			t.Errorf("%s: got %d bytes, encoding/json writes %d", text, got.Bytes, len(text))
		}
		if n := countValues(t, text); got.Values != n {
			t.Errorf("%s: got %d values, want %d", text, got.Values, n)
		}
		limit := Size{maxBytes, maxValues}
		if _, over := Measure(v, limit); over != got.over(limit) {
			t.Errorf("%s with limit %+v: over %v, size %+v", text, limit, over, got)
		}
	})
}

// countValues counts the values of a JSON text with encoding/json's tokens.
func countValues(t *testing.T, text []byte) int64 {
	dec := json.NewDecoder(bytes.NewReader(text))
	var n int64
	var objects []bool // per open container: an object, whose keys are tokens too
	var wantKey []bool
	for {
		tok, err := dec.Token()
		if err != nil {
			return n
		}
		if d, ok := tok.(json.Delim); ok && (d == ']' || d == '}') {
			objects, wantKey = objects[:len(objects)-1], wantKey[:len(wantKey)-1]
			continue
		}
		if k := len(objects) - 1; k >= 0 && objects[k] {
			if wantKey[k] {
				wantKey[k] = false
				continue
			}
			wantKey[k] = true
		}
		n++
		if d, ok := tok.(json.Delim); ok {
			objects, wantKey = append(objects, d == '{'), append(wantKey, d == '{')
		}
	}
}
