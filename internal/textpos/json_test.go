package textpos

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/jsonscan"
	"github.com/plaintest/plaintest/internal/printable"
)

func TestJSONError(t *testing.T) {
	type step struct {
		Step  int      `json:"step"`
		Delay float64  `json:"delay"`
		Tags  []string `json:"tags"`
		On    *bool    `json:"on"`
	}
	type doc struct {
		Steps []step          `json:"steps"`
		Vars  map[string]bool `json:"vars"`
	}
	tests := []struct {
		src       string
		off       int
		path, msg string
	}{
		{`{"steps": [,]}`, 11, "", "invalid character ',' looking for beginning of value"},
		{`{"steps": [{"step": "1"}]}`, 20, "steps[0].step", "want a number, got a string"},
		{`{"steps": [{"step": 1.5}]}`, 20, "steps[0].step", "want an integer, got 1.5"},
		{`{"steps": [{}, {"delay": true}]}`, 25, "steps[1].delay", "want a number, got true or false"},
		{`{"steps": [{"tags": "a"}]}`, 20, "steps[0].tags", "want an array of strings, got a string"},
		{`{"steps": [{"on": []}]}`, 18, "steps[0].on", "want true or false, got an array"},
		{`{"vars": {"odd key": 1}}`, 21, `vars["odd key"]`, "want true or false, got a number"},
		{`{"steps": {}}`, 10, "steps", "want an array, got an object"},
		{`[1]`, 0, "", "want an object, got an array"},
	}
	for _, tt := range tests {
		var d doc
		err := json.Unmarshal([]byte(tt.src), &d)
		off, path, msg, ok := JSONError([]byte(tt.src), err)
		if !ok || off != tt.off || path != tt.path || msg != tt.msg {
			t.Errorf("JSONError(%s) = %d %q %q %v, want %d %q %q", tt.src, off, path, msg, ok, tt.off, tt.path, tt.msg)
		}
	}
	if _, _, _, ok := JSONError(nil, errors.New("other")); ok {
		t.Error("JSONError(other error) is ok, want not")
	}
}

func TestJSONFind(t *testing.T) {
	src := []byte(`{"steps": [{"step": 1}, {"step": 2, "params": {"odd key": "x", "url": "u"}}], "v": {}}`)
	tests := []struct {
		path string
		at   string // the text at the offset found
	}{
		{"steps[1].params.url", `"u"`},
		{`steps[1].params["odd key"]`, `"x"`},
		{"steps[1].on_error", `{"step": 2`}, // missing: the step
		{"steps[1].params.url.x", `"u"`},    // below a scalar: the scalar
		{"steps[7].tool", `[{"step": 1}`},   // no such step: the array
		{"metadata.name", `{"steps"`},       // nothing of it: the document
		{"", `{"steps"`},
		{"v", `{}}`},
	}
	for _, tt := range tests {
		off := JSONFind(src, tt.path)
		if got := string(src[off:min(len(src), off+len(tt.at))]); got != tt.at {
			t.Errorf("JSONFind(%q) points at %q, want %q", tt.path, got, tt.at)
		}
	}
}

// Malformed input ends the walk: a '}' inside an array once looped forever
// (found by FuzzJSONFind).
func TestJSONFindMalformedEnds(t *testing.T) {
	for _, data := range []string{`{"steps"[}`, `[}}}`, `{"a":[}]}`, `[[}`} {
		done := make(chan int, 1)
		go func() { done <- JSONFind([]byte(data), "steps[0]") }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("JSONFind(%q) does not end", data)
		}
	}
}

// TestJSONErrorQuotesAnExcerpt: encoding/json quotes a number it cannot
// store whole; a file may write one over megabytes. The message quotes
// its first characters and its size, and a long key in the path is cut
// the same way.
func TestJSONErrorQuotesAnExcerpt(t *testing.T) {
	big := strings.Repeat("9", 9<<20)
	key := strings.Repeat("k", 1000)
	src := []byte(`{"steps": [{"step": ` + big + `}], "vars": {"` + key + `": 1, "odd ` + key + `": 1}}`)
	var d struct {
		Steps []struct {
			Step int `json:"step"`
		} `json:"steps"`
	}
	_, path, msg, ok := JSONError(src, json.Unmarshal(src, &d))
	want := "want an integer, got " + strings.Repeat("9", printable.MaxExcerpt) + "… (9437184 bytes)"
	if !ok || path != "steps[0].step" || msg != want {
		t.Errorf("JSONError = %q %.300q %v, want steps[0].step %q", path, msg, ok, want)
	}
	var v struct {
		Vars map[string]string `json:"vars"`
	}
	_, path, _, _ = JSONError(src, json.Unmarshal(src, &v))
	if want := "vars." + strings.Repeat("k", printable.MaxExcerpt) + "… (1000 bytes)"; path != want {
		t.Errorf("path of a 1000-character key = %q, want %q", path, want)
	}
	odd := jsonscan.Key("vars", "odd "+key)
	if want := `vars["odd ` + strings.Repeat("k", printable.MaxExcerpt-4) + `"… (1004 bytes)]`; odd != want {
		t.Errorf("JSONKey of a long odd key = %q, want %q", odd, want)
	}
	if got := string(src[JSONFind(src, odd):]); got != "1}}" {
		t.Errorf("JSONFind(%q) points at %q, want the key's value", odd, got)
	}
}
