package jsonscan

import (
	"encoding/json"
	"strconv"

	"github.com/plaintest/plaintest/internal/printable"
)

// Frame is one container around the value a walk is at.
type Frame struct {
	Start int // where the container's '{' or '[' is
	// Key is the key of the member being read, as written (quotes
	// included); nil in an array. KeyAt is where it starts.
	Key   []byte
	KeyAt int
	// Index is the element's index, or the member's place in its object
	// (from 0).
	Index int
}

// Walker is a walk through a JSON text: the containers around the value
// it is at.
type Walker struct {
	s       *Scanner
	stack   []Frame
	visit   func(w *Walker, start int) bool
	stopped bool
}

// Walk calls visit with the start offset of every value of data from
// offset from on (the document after any byte order mark), in document
// order, a container before what it holds, until visit returns false.
// The walker visit gets says where the value is: Depth, Frames, Path. The
// walk itself allocates nothing but its stack of containers.
func Walk(data []byte, from int, visit func(w *Walker, start int) bool) {
	w := &Walker{s: New(data), visit: visit}
	w.value(from)
}

// Depth is how many arrays and objects hold the value being visited.
func (w *Walker) Depth() int { return len(w.stack) }

// Frames are the containers around the value being visited, outermost
// first; valid only during the visit.
func (w *Walker) Frames() []Frame { return w.stack }

// Path is the JSON path of the value being visited ("steps[3].params",
// "" for the document), written with Key and Index.
func (w *Walker) Path() string { return PathOf(w.stack) }

// PathOf writes the path of the value inside frames: its key or index in
// each, written with Key and Index. A key that does not decode is taken as
// written.
func PathOf(frames []Frame) string {
	p := ""
	for _, f := range frames {
		if f.Key == nil {
			p = Index(p, f.Index)
			continue
		}
		var k string
		if json.Unmarshal(f.Key, &k) != nil {
			k = string(f.Key)
		}
		p = Key(p, k)
	}
	return p
}

// value walks the value at i (after white space) and returns the offset
// after it.
func (w *Walker) value(i int) int {
	d := w.s.data
	i = w.s.Space(i)
	if w.stopped || i >= len(d) || !w.visit(w, i) {
		w.stopped = true
		return len(d)
	}
	switch d[i] {
	case '{':
		w.stack = append(w.stack, Frame{Start: i})
		top := len(w.stack) - 1
		end := w.s.Object(i, func(n, ks, ke, vs int) (int, bool) {
			w.stack[top] = Frame{Start: i, Key: d[ks:ke], KeyAt: ks, Index: n}
			ve := w.value(vs)
			return ve, !w.stopped
		})
		w.stack = w.stack[:top]
		return end
	case '[':
		w.stack = append(w.stack, Frame{Start: i})
		top := len(w.stack) - 1
		end := w.s.Array(i, func(n, vs int) (int, bool) {
			w.stack[top] = Frame{Start: i, Index: n}
			ve := w.value(vs)
			return ve, !w.stopped
		})
		w.stack = w.stack[:top]
		return end
	case '"':
		return w.s.StringEnd(i)
	}
	return w.s.ScalarEnd(i)
}

// Key appends an object key to a JSON path: a.b, or a["odd key"] when
// the key is not identifier-like. A key longer than printable.MaxExcerpt
// characters is cut as printable.Excerpt cuts it.
func Key(path, key string) string {
	if key == "" || !plainKey(key) {
		return path + "[" + printable.Quote(key) + "]"
	}
	key = printable.Excerpt(key)
	if path == "" {
		return key
	}
	return path + "." + key
}

// plainKey reports whether key is written without brackets in a path:
// letters, digits, "_" and "-" only.
func plainKey(key string) bool {
	for _, r := range key {
		if !(r == '_' || r == '-' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// Index appends an array index to a JSON path.
func Index(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}

// Scanner is the Scanner of the text being walked.
func (w *Walker) Scanner() *Scanner { return w.s }
