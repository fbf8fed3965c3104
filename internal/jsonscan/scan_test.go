package jsonscan

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestWalk: every value is visited once, a container before its content,
// with its path and its span as Skip gives it.
func TestWalk(t *testing.T) {
	src := "\xef\xbb\xbf{\"steps\": [{\"step\": 1}, {\"odd key\": \"a\\\"}\", \"n\": [true, null]}], \"v\": {}}"
	want := []string{
		` {"steps": [{"step": 1}, {"odd key": "a\"}", "n": [true, null]}], "v": {}}`,
		`steps [{"step": 1}, {"odd key": "a\"}", "n": [true, null]}]`,
		`steps[0] {"step": 1}`,
		`steps[0].step 1`,
		`steps[1] {"odd key": "a\"}", "n": [true, null]}`,
		`steps[1]["odd key"] "a\"}"`,
		`steps[1].n [true, null]`,
		`steps[1].n[0] true`,
		`steps[1].n[1] null`,
		`v {}`,
	}
	var got []string
	Walk([]byte(src), 3, func(w *Walker, start int) bool {
		got = append(got, w.Path()+" "+src[start:w.Scanner().Skip(start)])
		return true
	})
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestWalkStops: a visit returning false ends the walk there.
func TestWalkStops(t *testing.T) {
	n := 0
	Walk([]byte(`[1, [2, 3], 4]`), 0, func(w *Walker, start int) bool {
		n++
		return w.Depth() < 2
	})
	if n != 4 {
		t.Errorf("visited %d values, want 4 (the array, 1, the inner array, and 2, which stops)", n)
	}
}

// TestMalformedEnds: malformed text ends the walk and every offset stays
// inside it (a '}' inside an array once looped forever, found by
// textpos's FuzzJSONFind).
func TestMalformedEnds(t *testing.T) {
	for _, data := range []string{`{"steps"[}`, `[}}}`, `{"a":[}]}`, `[[}`, `"abc`, `{"a`, `[1,`, `}]`, `{"a":"{"}`} {
		done := make(chan bool, 1)
		go func() {
			ok := true
			s := New([]byte(data))
			Walk([]byte(data), 0, func(w *Walker, start int) bool {
				if e := s.Skip(start); start < 0 || start >= len(data) || e < start || e > len(data) {
					ok = false
				}
				return true
			})
			done <- ok
		}()
		select {
		case ok := <-done:
			if !ok {
				t.Errorf("Walk(%q) gave an offset outside the text", data)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Walk(%q) does not end", data)
		}
	}
}

// FuzzWalk: on any text the walk ends with every value's span inside it;
// on valid JSON each span is a JSON value, and the walk visits as many
// values as encoding/json decodes.
func FuzzWalk(f *testing.F) {
	f.Add([]byte(`{"steps": [{"step": 1, "params": {"odd key": "x"}}], "n": -1.5e3}`))
	f.Add([]byte(`[}`))
	f.Add([]byte(`{"a\"b":{"c\\":[{}, [], "]"]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s := New(data)
		valid := json.Valid(data)
		n := 0
		Walk(data, 0, func(w *Walker, start int) bool {
			n++
			end := s.Skip(start)
			if start < 0 || start >= len(data) || end < start || end > len(data) || valid && end == start {
				t.Fatalf("value at %d..%d outside 0..%d", start, end, len(data))
			}
			if valid && !json.Valid(data[start:end]) {
				t.Fatalf("value at %d..%d, %q, is not JSON", start, end, data[start:end])
			}
			return true
		})
		if !valid {
			return
		}
		if want := count(data); n != want {
			t.Fatalf("walked %d values, want %d", n, want)
		}
	})
}

// count is how many values data (valid JSON) holds, read with
// encoding/json's tokens: every token but keys and closing brackets.
func count(data []byte) int {
	dec := json.NewDecoder(bytes.NewReader(data))
	var objects []bool // per open container: an object
	key := false       // the next token is a key
	n := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return n
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			objects = objects[:len(objects)-1]
			key = len(objects) > 0 && objects[len(objects)-1]
			continue
		}
		if key {
			key = false
			continue
		}
		n++
		if d, ok := tok.(json.Delim); ok {
			objects = append(objects, d == '{')
			key = d == '{'
			continue
		}
		key = len(objects) > 0 && objects[len(objects)-1]
	}
}
