package sandy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/printable"
)

// scenarioWith is a valid scenario whose one step's params hold extra
// (JSON written as is) beside its message.
func scenarioWith(extra string) string {
	return `{"version":"2.1","metadata":{"name":"x"},"steps":[{"step":1,"tool":"sandy__log","params":{"message":"m","x":` + extra + `}}]}`
}

// TestLimits: a value over each limit is refused before decoding, with the
// JSON path of the value and its position; a value at the limit is not.
func TestLimits(t *testing.T) {
	manySteps := func(n int) string {
		var b strings.Builder
		b.WriteString(`{"version":"2.1","metadata":{"name":"x"},"steps":[`)
		for i := 1; i <= n; i++ {
			if i > 1 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"step":%d,"tool":"sandy__log","params":{"message":"m"}}`, i)
		}
		b.WriteString("]}")
		return b.String()
	}
	manyVars := func(n int) string {
		var b strings.Builder
		b.WriteString(`{"version":"2.1","metadata":{"name":"x"},"variables":{`)
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"V%d":1`, i)
		}
		b.WriteString(`},"steps":[{"step":1,"tool":"sandy__log","params":{"message":"m"}}]}`)
		return b.String()
	}
	array := func(n int, elem string) string {
		return "[" + strings.TrimSuffix(strings.Repeat(elem+",", n), ",") + "]"
	}
	for _, tc := range []struct {
		name, data string
		path, msg  string // "" path: accepted
	}{
		{"string at the limit", scenarioWith(`"` + strings.Repeat("a", MaxString) + `"`), "", ""},
		{"string over", scenarioWith(`"` + strings.Repeat("a", MaxString+1) + `"`), "steps[0].params.x", "a string of 1.0 MB, over the limit of 1.0 MB"},
		{"message over", `{"metadata":{"name":"x"},"steps":[{"step":1,"tool":"sandy__log","params":{"text":"` + strings.Repeat("é", MaxString/2+1) + `"}}]}`, "steps[0].params.text", "over the limit of 1.0 MB"},
		{"key at the limit", scenarioWith(`{"` + strings.Repeat("k", MaxKey) + `":1}`), "", ""},
		{"key over", scenarioWith(`{"a":1,"` + strings.Repeat("k", MaxKey+1) + `":1}`), "steps[0].params.x." + strings.Repeat("k", printable.MaxExcerpt) + "… (1025 bytes)", "a key of 1025 bytes, over the limit of 1024 bytes"},
		{"array at the limit", scenarioWith(array(MaxArray, "0")), "", ""},
		{"array over", scenarioWith(array(MaxArray+1, "0")), "steps[0].params.x", "more than 10000 elements, the limit"},
		{"steps at the limit", manySteps(MaxArray), "", ""},
		{"steps over", manySteps(MaxArray + 1), "steps", "more than 10000 elements, the limit"},
		{"object at the limit", manyVars(MaxObject), "", ""},
		{"object over", manyVars(MaxObject + 1), "variables", "more than 10000 members, the limit"},
		{"depth at the limit", scenarioWith(strings.Repeat("[", MaxDepth-4) + strings.Repeat("]", MaxDepth-4)), "", ""},
		{"depth over", scenarioWith(strings.Repeat(`{"a":`, MaxDepth-3) + "1" + strings.Repeat("}", MaxDepth-3)), "steps[0].params.x" + strings.Repeat(".a", MaxDepth-4), "nested more than 32 arrays or objects deep, the limit"},
		{"values over", scenarioWith(array(MaxValues/MaxArray, array(MaxArray, "0"))), "steps[0].params.x[24][9964]", "more than 250000 values, the limit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.data), "big.json")
			if tc.path == "" {
				if err != nil {
					t.Fatalf("refused: %.300v", err)
				}
				return
			}
			var de *DecodeError
			if !errors.As(err, &de) || !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %T %.300v, want a *DecodeError", err, err)
			}
			if de.Path != tc.path || !strings.Contains(de.Msg, tc.msg) || de.File != "big.json" || de.Line != 1 || de.Col < 2 {
				t.Errorf("got %s %d:%d %q, want %s %q", de.Path, de.Line, de.Col, de.Msg, tc.path, tc.msg)
			}
			if len(de.Excerpt) > 1000 {
				t.Errorf("the excerpt is %d bytes long", len(de.Excerpt))
			}
		})
	}
}

// TestFileSize: a file over MaxFileSize is refused from its size, unread,
// naming the file; the same bytes given to Parse are refused too.
func TestFileSize(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.json")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 40); err != nil { // sparse: a terabyte, no disk
		t.Fatal(err)
	}
	f.Close()
	for _, load := range []func(string) (*Scenario, error){Load, func(p string) (*Scenario, error) { return LoadWithVars(p) }} {
		_, err := load(path)
		var se *SizeError
		if !errors.As(err, &se) || !errors.Is(err, ErrInvalid) || se.File != path {
			t.Fatalf("got %v, want a *SizeError", err)
		}
		if want := path + ": the file is 1048576.0 MB, over the limit of 10.0 MB for a scenario file"; !strings.HasSuffix(err.Error(), want) {
			t.Errorf("got %q\nwant %q", err, want)
		}
	}
	if _, err := ReadFile("/dev/zero"); !errors.As(err, new(*SizeError)) || !strings.Contains(err.Error(), "more than 10.0 MB") {
		t.Errorf("ReadFile(/dev/zero) = %v, want a *SizeError read up to the limit", err)
	}
	data := []byte(scenarioWith(`"` + strings.Repeat("a", MaxFileSize) + `"`))
	if _, err := Parse(data, "big.json"); !errors.As(err, new(*SizeError)) || !strings.HasPrefix(err.Error(), "big.json: the file is 10485") || !strings.HasSuffix(err.Error(), " bytes, over the limit of 10.0 MB for a scenario file") {
		t.Errorf("Parse of %d bytes = %.200v, want a *SizeError", len(data), err)
	}
}

// TestProblemCap: a file with thousands of problems lists the first
// maxProblems and says there were more.
func TestProblemCap(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "{{s%d.f}} {{V%d}} ", i, i)
	}
	data := scenarioWith(`"` + b.String() + `"`)
	_, err := LoadWithVars(writeTemp(t, data))
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("got %v", err)
	}
	if len(ve.Problems) != maxProblems || !ve.Truncated {
		t.Errorf("%d problems listed, truncated %v; want %d and true", len(ve.Problems), ve.Truncated, maxProblems)
	}
	if !strings.HasSuffix(ve.Error(), ": and more problems, not listed (the first 1000 are)") {
		t.Errorf("the error ends %q", ve.Error()[len(ve.Error())-80:])
	}
}

// TestSubstitutedLimit: {{A}} repeated with a long A does not grow a text
// past MaxSubstituted.
func TestSubstitutedLimit(t *testing.T) {
	v := NewVars(map[string]any{"A": strings.Repeat("a", MaxString)})
	text := strings.Repeat("{{A}}", MaxSubstituted/MaxString+1)
	if _, err := v.Substitute(map[string]any{"text": text}); err == nil || !strings.Contains(err.Error(), "grows past the limit of 10.0 MB") {
		t.Errorf("Substitute: %v", err)
	}
	if _, err := v.SubstituteString(text); err == nil || !strings.Contains(err.Error(), "grows past") {
		t.Errorf("SubstituteString: %v", err)
	}
	if got, err := v.SubstituteString(strings.Repeat("{{A}}", MaxSubstituted/MaxString)); err != nil || len(got) != MaxSubstituted/MaxString*MaxString {
		t.Errorf("SubstituteString at the limit: %d bytes, %v", len(got), err)
	}
}

func writeTemp(t testing.TB, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// FuzzLimits: on any valid JSON the limit walk does not panic, refuses a
// document exactly when it nests deeper than MaxDepth or holds a key over
// MaxKey (the limits a small input can reach), and points into the file.
func FuzzLimits(f *testing.F) {
	f.Add([]byte(scenarioWith(`[1,{"a":[2,"x"]}]`)))
	f.Add([]byte(strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)))
	f.Add([]byte(strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1)))
	f.Add([]byte(`{"` + strings.Repeat("k", MaxKey+1) + `":1}`))
	f.Add([]byte(`{"a\"b":{"c\\":[{}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		depth, key := shape(data)
		err := checkLimits(data, 0, "f.json")
		if want := depth > MaxDepth || key > MaxKey; (err != nil) != want {
			t.Fatalf("depth %d, longest key %d: got %v", depth, key, err)
		}
		if err == nil {
			return
		}
		var de *DecodeError
		if !errors.As(err, &de) || de.Line < 1 || de.Col < 1 || !strings.HasSuffix(de.Excerpt, "^") {
			t.Fatalf("got %#v", err)
		}
	})
}

// FuzzCheckResultJSON: on any valid JSON the walk does not panic and
// refuses a result exactly when it nests deeper than MaxResultDepth (the
// limit a small input can reach), naming the value's path.
func FuzzCheckResultJSON(f *testing.F) {
	f.Add([]byte(`{"a":[1,{"b":"x"}]}`))
	f.Add([]byte(strings.Repeat("[", MaxResultDepth+1) + strings.Repeat("]", MaxResultDepth+1)))
	f.Add([]byte(`{"a\"b":{"c\\":[{}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		depth, _ := shape(data)
		err := CheckResultJSON(data)
		if want := depth > MaxResultDepth; (err != nil) != want {
			t.Fatalf("depth %d: got %v", depth, err)
		}
		var le *LimitError
		if err != nil && (!errors.As(err, &le) || !strings.Contains(le.Msg, "deep")) {
			t.Fatalf("got %#v", err)
		}
	})
}

// shape is how deep data (valid JSON) nests and the length of its
// longest key as written, read with encoding/json's tokens.
func shape(data []byte) (depth, key int) {
	dec := json.NewDecoder(bytes.NewReader(data))
	type level struct{ object, wantKey bool }
	var stack []level
	for {
		off := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return depth, key
		}
		if d, ok := tok.(json.Delim); ok && (d == ']' || d == '}') {
			stack = stack[:len(stack)-1]
			continue
		}
		if n := len(stack); n > 0 && stack[n-1].object {
			if stack[n-1].wantKey {
				raw := bytes.TrimRight(bytes.TrimLeft(data[off:dec.InputOffset()], " \t\r\n,:"), " \t\r\n")
				key = max(key, len(raw)-2)
				stack[n-1].wantKey = false
				continue
			}
			stack[n-1].wantKey = true
		}
		if d, ok := tok.(json.Delim); ok {
			stack = append(stack, level{object: d == '{', wantKey: d == '{'})
			depth = max(depth, len(stack))
		}
	}
}
