// Package jsonscan reads a JSON text as tokens with their byte offsets and
// the path of each value: the one JSON scanner of the project, under the
// positions of values for error carets (internal/textpos), the size and
// shape limits of scenario files (sandy) and in-place edits
// (internal/jsonedit).
//
// It takes in the bytes of a JSON text and gives out the spans of its
// strings, scalars, object members and array elements (Scanner: Object,
// Array, Skip), a walk of every value in document order with the
// containers around it (Walk, Walker), and JSON paths written the one way
// every message writes them (Key, Index). It decodes nothing but keys. On
// a text that is not valid JSON it still ends, with every offset inside
// the text, but what it reads there means nothing: its users check
// validity first where they need meaning.
package jsonscan

import "slices"

// Scanner reads one JSON text.
type Scanner struct {
	data []byte
	// spans are the objects and arrays of data by their start, listed on
	// the first Skip of one, so that skipping a container takes no walk
	// through it (a path into deep nesting would otherwise walk the same
	// text once for every level).
	spans []span
}

type span struct{ start, end int }

// New returns a Scanner of data.
func New(data []byte) *Scanner { return &Scanner{data: data} }

// Data is the text the Scanner reads.
func (s *Scanner) Data() []byte { return s.data }

// Space returns the offset of the first byte at or after i that is not
// JSON white space (len(data) when there is none).
func (s *Scanner) Space(i int) int {
	for i < len(s.data) {
		switch s.data[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}

// StringEnd returns the offset after the string whose opening quote is at
// i (len(data) when it is not closed).
func (s *Scanner) StringEnd(i int) int {
	for j := i + 1; j < len(s.data); j++ {
		switch s.data[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(s.data)
}

// ScalarEnd returns the offset after the number, true, false or null at
// i: the first comma, closing bracket or white space.
func (s *Scanner) ScalarEnd(i int) int {
	for i < len(s.data) {
		switch s.data[i] {
		case ',', ']', '}', ' ', '\t', '\r', '\n':
			return i
		}
		i++
	}
	return i
}

// Skip returns the offset after the value starting at i.
func (s *Scanner) Skip(i int) int {
	if i >= len(s.data) {
		return len(s.data)
	}
	switch s.data[i] {
	case '"':
		return s.StringEnd(i)
	case '{', '[':
		if s.spans == nil {
			s.spans = containers(s.data)
		}
		if n, ok := slices.BinarySearchFunc(s.spans, i, func(sp span, i int) int { return sp.start - i }); ok {
			return s.spans[n].end
		}
		// A bracket the listing read inside a string: malformed text.
		if s.data[i] == '{' {
			return s.Object(i, func(_, _, _, vs int) (int, bool) { return s.Skip(vs), true })
		}
		return s.Array(i, func(_, vs int) (int, bool) { return s.Skip(vs), true })
	}
	return s.ScalarEnd(i)
}

// containers lists the objects and arrays of data in the order they
// start; one never closed ends at len(data), a stray closing bracket is
// passed over.
func containers(data []byte) []span {
	spans := []span{}
	var open []int // indexes into spans
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			open = append(open, len(spans))
			spans = append(spans, span{start: i})
		case '}', ']':
			if len(open) > 0 {
				spans[open[len(open)-1]].end = i + 1
				open = open[:len(open)-1]
			}
		}
	}
	for _, n := range open {
		spans[n].end = len(data)
	}
	return spans
}

// Object reads the object whose '{' is at i: for each member in order,
// member gets its place n (from 0), the span [ks, ke) of its key as
// written (quotes included) and the offset vs where its value starts, and
// returns the offset after the value and whether to go on. Object returns
// the offset after the closing '}', or len(data) when member stopped it.
func (s *Scanner) Object(i int, member func(n, ks, ke, vs int) (ve int, more bool)) int {
	d := s.data
	i = s.Space(i + 1)
	for n := 0; i < len(d) && d[i] != '}'; n++ {
		ks := i
		ke := s.StringEnd(ks)
		vs := s.Space(ke)
		if vs < len(d) && d[vs] == ':' {
			vs = s.Space(vs + 1)
		}
		ve, more := member(n, ks, ke, vs)
		if !more {
			return len(d)
		}
		i = s.Space(max(ve, vs))
		if i < len(d) && d[i] == ',' {
			i = s.Space(i + 1)
		}
	}
	return min(i+1, len(d))
}

// Array reads the array whose '[' is at i: for each element in order,
// element gets its index n and the offset vs where it starts, and returns
// the offset after it and whether to go on. Array returns the offset after
// the closing ']', or len(data) when element stopped it.
func (s *Scanner) Array(i int, element func(n, vs int) (ve int, more bool)) int {
	d := s.data
	i = s.Space(i + 1)
	for n := 0; i < len(d) && d[i] != ']'; n++ {
		ve, more := element(n, i)
		if !more {
			return len(d)
		}
		next := s.Space(ve)
		if next <= i { // a stray '}' in malformed text: step over it
			next = i + 1
		}
		i = next
		if i < len(d) && d[i] == ',' {
			i = s.Space(i + 1)
		}
	}
	return min(i+1, len(d))
}
