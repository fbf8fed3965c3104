package jsonedit

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// FuzzSetString: an edit of any text at any path either fails, or gives a
// JSON text that decodes to the original with that one value set (every
// other path equal), and that keeps the original's bytes around the new
// value: replaced over the old value's span, or inserted as one member.
func FuzzSetString(f *testing.F) {
	f.Add([]byte(`{"steps": [{"step": 1, "params": {"target": "x", "x_k": [1, {"a": null}]}}]}`), "steps/0/params/target", "text=Crème \"q\" <b>")
	f.Add([]byte("{\r\n\t\"a\" : {\r\n\t\t\"b\": 1\r\n\t}\r\n}"), "a/c", "v\u2028")
	f.Add([]byte(`{"a":{},"a":{"b":"\u00e9\ud83d\ude00"}}`), "a/b", "😀")
	f.Add([]byte("\xef\xbb\xbf{\"k\": \"v\"}"), "k", "w")
	f.Add([]byte(`[{"a": 1}]`), "0/a", "")
	f.Fuzz(func(t *testing.T, data []byte, p, value string) {
		path := parsePath(p)
		got, err := SetString(data, path, value)
		if err != nil {
			return
		}
		before, ok := decode(data)
		if !ok {
			t.Fatalf("SetString edited a text that does not decode: %q", data)
		}
		after, ok := decode(got)
		if !ok {
			t.Fatalf("SetString(%q, %s) = %q: not JSON", data, Path(path), got)
		}
		want, ok := set(before, path, value)
		if !ok {
			t.Fatalf("SetString(%q) set %s, which the decoded text has no place for", data, Path(path))
		}
		if !reflect.DeepEqual(after, want) {
			t.Fatalf("SetString(%q, %s, %q) = %q:\ndecodes to %#v\nwant       %#v", data, Path(path), value, got, after, want)
		}
		// Only the value's span (or the inserted member) differs.
		if bytes.Equal(got, data) {
			return
		}
		pre := 0
		for pre < len(data) && pre < len(got) && data[pre] == got[pre] {
			pre++
		}
		suf := 0
		for suf < len(data)-pre && suf < len(got)-pre && data[len(data)-1-suf] == got[len(got)-1-suf] {
			suf++
		}
		if s, e, err := Find(data, path); err == nil {
			if pre < s || len(data)-suf > e {
				t.Fatalf("SetString(%q, %s) = %q: changed bytes outside the value at %d..%d", data, Path(path), got, s, e)
			}
		} else if !bytes.Contains(got[pre:len(got)-suf], []byte(encodeString(path[len(path)-1].Key, isASCII(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))))) {
			t.Fatalf("SetString(%q, %s) = %q: inserted something else than the member", data, Path(path), got)
		}
	})
}

// parsePath reads a/0/b: a number is an index, anything else a key.
func parsePath(p string) []Seg {
	var path []Seg
	for _, s := range strings.Split(p, "/") {
		if n, err := strconv.Atoi(s); err == nil && n >= 0 {
			path = append(path, Index(n))
		} else {
			path = append(path, Key(s))
		}
	}
	return path
}

func decode(data []byte) (any, bool) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil, false
	}
	return v, true
}

// set returns v with value at path, as a decoded JSON value; false when v
// has no place for it.
func set(v any, path []Seg, value string) (any, bool) {
	if len(path) == 0 {
		return value, true
	}
	seg := path[0]
	switch x := v.(type) {
	case map[string]any:
		if seg.Array {
			return nil, false
		}
		child, has := x[seg.Key]
		if !has && len(path) > 1 {
			return nil, false
		}
		nv, ok := set(child, path[1:], value)
		if !ok {
			return nil, false
		}
		out := make(map[string]any, len(x)+1)
		for k, c := range x {
			out[k] = c
		}
		out[seg.Key] = nv
		return out, true
	case []any:
		if !seg.Array || seg.Index >= len(x) {
			return nil, false
		}
		nv, ok := set(x[seg.Index], path[1:], value)
		if !ok {
			return nil, false
		}
		out := append([]any(nil), x...)
		out[seg.Index] = nv
		return out, true
	}
	return nil, false
}
