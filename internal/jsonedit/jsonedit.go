// Package jsonedit changes one value of a JSON text in place and keeps
// every other byte: unknown keys, key order, indentation, line endings, a
// byte order mark. heal writes its proposals with it, so that a healed
// scenario differs from the user's file in the healed targets only.
//
// It takes in a JSON text and a path of object keys and array indexes, and
// gives out the byte span of the value there (Find), or the text with a
// string value put there (SetString): spliced over the old value, or, when
// the object has no such key, inserted after its last member in the style
// of that member. The text is read with internal/jsonscan.
package jsonedit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/plaintest/plaintest/internal/jsonscan"
)

// ErrNotFound is a path whose value the text does not have.
var ErrNotFound = errors.New("no such value")

// Seg is one step of a path: an object key or an array index.
type Seg struct {
	Key   string
	Index int  // when Array
	Array bool // an index into an array, not a key
	// Fold matches the key as encoding/json matches a struct field's name:
	// equal under Unicode case folding.
	Fold bool
}

// Key is the object member named k, matched exactly (a map key).
func Key(k string) Seg { return Seg{Key: k} }

// Field is the object member named k, matched as encoding/json matches a
// struct field ("steps" finds "Steps" when there is no "steps").
func Field(k string) Seg { return Seg{Key: k, Fold: true} }

// Index is the i-th element of an array (from 0).
func Index(i int) Seg { return Seg{Index: i, Array: true} }

func (s Seg) String() string {
	if s.Array {
		return "[" + strconv.Itoa(s.Index) + "]"
	}
	return "." + s.Key
}

// Path writes a path as a JSON path: steps[2].params.target.
func Path(path []Seg) string {
	var b strings.Builder
	for _, s := range path {
		b.WriteString(s.String())
	}
	return strings.TrimPrefix(b.String(), ".")
}

// Find returns the byte span [start, end) of the value at path in data,
// a JSON text (which may start with a UTF-8 byte order mark). Where an
// object has a key more than once, the last one counts, as for
// encoding/json. A path data has no value at gives an error wrapping
// ErrNotFound.
func Find(data []byte, path []Seg) (start, end int, err error) {
	sc, err := newScanner(data)
	if err != nil {
		return 0, 0, err
	}
	return sc.find(path)
}

// SetString returns a copy of data with the value at path replaced by the
// string value, JSON-encoded without HTML escaping (and with every
// non-ASCII character \u-escaped when data is all ASCII, as Python's
// json.dumps writes). All other bytes are kept. When the object holding
// the last key has no such member, one is added after its last member,
// with the white space found before that member and around its colon; any
// other missing value is an error wrapping ErrNotFound, and so is a value
// or key that is not UTF-8.
func SetString(data []byte, path []Seg, value string) ([]byte, error) {
	if len(path) == 0 || path[len(path)-1].Array {
		return nil, fmt.Errorf("set %s: the path must end in a key", Path(path))
	}
	if !utf8.ValidString(value) || !utf8.ValidString(path[len(path)-1].Key) {
		return nil, fmt.Errorf("set %s: the value or key is not UTF-8", Path(path))
	}
	sc, err := newScanner(data)
	if err != nil {
		return nil, err
	}
	ascii := isASCII(data[sc.base:])
	enc := encodeString(value, ascii)
	start, end, err := sc.find(path)
	if err == nil {
		return splice(data, start, end, enc), nil
	}
	if !errors.Is(err, ErrNotFound) {
		return nil, err
	}
	// The object holding the key, if there is one, gets a member.
	parent := path[:len(path)-1]
	ps, pe, perr := sc.find(parent)
	if perr != nil {
		return nil, err
	}
	if data[ps] != '{' {
		return nil, fmt.Errorf("%s: %w: %s is not an object", Path(path), ErrNotFound, orRoot(parent))
	}
	at, text := sc.member(ps, pe, encodeString(path[len(path)-1].Key, ascii), enc)
	return splice(data, at, at, text), nil
}

func orRoot(path []Seg) string {
	if len(path) == 0 {
		return "the document"
	}
	return Path(path)
}

func splice(data []byte, start, end int, text string) []byte {
	out := make([]byte, 0, len(data)-(end-start)+len(text))
	out = append(out, data[:start]...)
	out = append(out, text...)
	return append(out, data[end:]...)
}

// scanner reads a JSON text known to be valid, with jsonscan.
type scanner struct {
	*jsonscan.Scanner
	data []byte
	base int // after a byte order mark
}

func newScanner(data []byte) (*scanner, error) {
	base := 0
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		base = 3
	}
	if !json.Valid(data[base:]) {
		return nil, errors.New("not a JSON text")
	}
	return &scanner{Scanner: jsonscan.New(data), data: data, base: base}, nil
}

// find returns the span of the value at path.
func (s *scanner) find(path []Seg) (start, end int, err error) {
	start = s.Space(s.base)
	end = s.Skip(start)
	for i, seg := range path {
		here := path[:i+1]
		switch c := s.data[start]; {
		case seg.Array && c == '[':
			n := -1
			s.Array(start, func(i, vs int) (int, bool) {
				n = i
				ve := s.Skip(vs)
				if n == seg.Index {
					start, end = vs, ve
					return ve, false
				}
				return ve, true
			})
			if n != seg.Index {
				return 0, 0, fmt.Errorf("%s: %w (the array has %d elements)", Path(here), ErrNotFound, n+1)
			}
		case !seg.Array && c == '{':
			found := false
			s.Object(start, func(_, ks, ke, vs int) (int, bool) {
				ve := s.Skip(vs)
				var k string
				_ = json.Unmarshal(s.data[ks:ke], &k)
				if k == seg.Key || seg.Fold && strings.EqualFold(k, seg.Key) {
					start, end, found = vs, ve, true // the last one counts
				}
				return ve, true
			})
			if !found {
				return 0, 0, fmt.Errorf("%s: %w", Path(here), ErrNotFound)
			}
		default:
			want := "an object"
			if seg.Array {
				want = "an array"
			}
			return 0, 0, fmt.Errorf("%s: %w: %s is not %s", Path(here), ErrNotFound, orRoot(path[:i]), want)
		}
	}
	return start, end, nil
}

// member returns where to insert a member "key": value into the object
// at [start, end), and the text to insert, in the style of the object's
// last member (its leading white space, and that around its colon).
func (s *scanner) member(start, end int, key, value string) (int, string) {
	lastEnd, lead, colon := -1, "", ": "
	prev := start + 1 // after { or the last comma
	s.Object(start, func(_, ks, ke, vs int) (int, bool) {
		ve := s.Skip(vs)
		lead = string(s.data[prev:ks])
		colon = string(s.data[ke:vs])
		lastEnd = ve
		prev = s.Space(ve) + 1 // after the comma
		return ve, true
	})
	if lastEnd < 0 { // {} or { }: "key": value right after the brace
		return start + 1, key + colon + value
	}
	if lead == "" && strings.Contains(colon, " ") {
		lead = " " // {"a": 1} gets {"a": 1, "key": value}
	}
	return lastEnd, "," + lead + key + colon + value
}

// encodeString is v as a JSON string, without HTML escaping; with ascii,
// every character outside ASCII as \uXXXX (a surrogate pair above U+FFFF).
func encodeString(v string, ascii bool) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // a string always encodes
	out := strings.TrimSuffix(b.String(), "\n")
	if !ascii {
		return out
	}
	var a strings.Builder
	for _, r := range out {
		switch {
		case r < utf8.RuneSelf:
			a.WriteRune(r)
		case r > 0xffff:
			r -= 0x10000
			fmt.Fprintf(&a, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		default:
			fmt.Fprintf(&a, `\u%04x`, r)
		}
	}
	return a.String()
}

func isASCII(data []byte) bool {
	for _, c := range data {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
