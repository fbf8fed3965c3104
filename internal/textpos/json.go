package textpos

import (
	"encoding/json"
	"strconv"
)

// JSONValueAt finds the JSON value that a json.UnmarshalTypeError offset points
// into: the last value starting before off (the decoder reports the offset
// after a scalar or after the opening bracket of an array or object). data
// must be valid JSON. It returns the value's path and start offset.
func JSONValueAt(data []byte, off int) (path string, start int) {
	w := walker{data: data, off: off}
	w.value(0, "")
	return w.path, w.start
}

type walker struct {
	data  []byte
	off   int
	path  string
	start int
	done  bool
}

func (w *walker) ws(i int) int {
	for i < len(w.data) {
		switch w.data[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}

// value walks the value at i (after white space) and returns the offset
// after it.
func (w *walker) value(i int, path string) int {
	i = w.ws(i)
	if w.done || i >= len(w.data) || i >= w.off {
		w.done = true
		return len(w.data)
	}
	w.path, w.start = path, i
	switch w.data[i] {
	case '{':
		i = w.ws(i + 1)
		for i < len(w.data) && w.data[i] != '}' {
			end := w.str(i)
			var key string
			_ = json.Unmarshal(w.data[i:end], &key)
			i = w.ws(end)
			if i < len(w.data) && w.data[i] == ':' {
				i++
			}
			i = w.ws(w.value(i, JSONKey(path, key)))
			if i < len(w.data) && w.data[i] == ',' {
				i = w.ws(i + 1)
			}
		}
		return i + 1
	case '[':
		i = w.ws(i + 1)
		for n := 0; i < len(w.data) && w.data[i] != ']'; n++ {
			i = w.ws(w.value(i, JSONIndex(path, n)))
			if i < len(w.data) && w.data[i] == ',' {
				i = w.ws(i + 1)
			}
		}
		return i + 1
	case '"':
		return w.str(i)
	default:
		for i < len(w.data) {
			switch w.data[i] {
			case ',', ']', '}', ' ', '\t', '\r', '\n':
				return i
			}
			i++
		}
		return i
	}
}

// str returns the offset after the string starting at i.
func (w *walker) str(i int) int {
	for j := i + 1; j < len(w.data); j++ {
		switch w.data[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(w.data)
}

// JSONKey appends an object key to a JSON path: a.b, or a["odd key"] when
// the key is not identifier-like.
func JSONKey(path, key string) string {
	if key == "" || !plainKey(key) {
		return path + "[" + strconv.Quote(key) + "]"
	}
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

// JSONIndex appends an array index to a JSON path.
func JSONIndex(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}
