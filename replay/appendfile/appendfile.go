// Package appendfile writes what Sandy's sandy__append_file built-in
// appends: it takes a run's files folder (an *os.Root), a path in it, a
// format and the step's items, and appends them to the file as JSON
// lines, CSV rows under the file's header, or elements of one JSON array,
// as Sandy's player writes them.
package appendfile

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/plaintest/plaintest/internal/safefile"
)

// Append appends items to the file at path in root (a run's files folder)
// in format: "jsonl" (one JSON line each), "csv" or "json" (see appendCSV
// and appendJSON), and returns how many it appended. The path may not
// leave root (no "..", no absolute path, no symlink out): os.Root
// enforces it. Every error's message starts "append_file:".
func Append(root *os.Root, path, format string, items []any) (int, error) {
	rel := filepath.Clean(filepath.FromSlash(path))
	if filepath.IsAbs(rel) || !filepath.IsLocal(rel) {
		return 0, fmt.Errorf("append_file: path %q must be relative and stay inside the working directory", path)
	}
	if d := filepath.Dir(rel); d != "." {
		if err := root.MkdirAll(d, 0o755); err != nil {
			return 0, fmt.Errorf("append_file: %w", err)
		}
	}
	switch format {
	case "jsonl":
		var buf bytes.Buffer
		for _, it := range items {
			b, err := json.Marshal(it)
			if err != nil {
				return 0, fmt.Errorf("append_file: %w", err)
			}
			buf.Write(b)
			buf.WriteByte('\n')
		}
		return len(items), appendBytes(root, rel, buf.Bytes())
	case "csv":
		return appendCSV(root, rel, items)
	case "json":
		return appendJSON(root, rel, items)
	}
	return 0, fmt.Errorf("append_file: format %q: want jsonl, csv or json", format)
}

func appendBytes(root *os.Root, rel string, b []byte) error {
	f, err := root.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("append_file: %w", err)
	}
	_, werr := f.Write(b)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		return fmt.Errorf("append_file: %w", err)
	}
	return nil
}

func readAll(root *os.Root, rel string) ([]byte, error) {
	f, err := root.Open(rel)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("append_file: %w", err)
	}
	defer f.Close()
	return io.ReadAll(f)
}

// appendCSV writes one row per item. Objects are flattened as Sandy's
// player does ({"user": {"name": "x"}} is the column user_name; a list is
// one cell of JSON) and written under the file's header (its first line),
// or under a header of the first object's sorted keys when the file is new;
// arrays are rows as they are; anything else is a one-cell row.
func appendCSV(root *os.Root, rel string, items []any) (int, error) {
	old, err := readAll(root, rel)
	if err != nil {
		return 0, err
	}
	var header []string
	if len(bytes.TrimSpace(old)) > 0 {
		header, err = csv.NewReader(bytes.NewReader(old)).Read()
		if err != nil {
			return 0, fmt.Errorf("append_file: %s: reading header: %w", rel, err)
		}
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	for _, it := range items {
		switch v := it.(type) {
		case map[string]any:
			v = flatten(v)
			if header == nil {
				header = slices.Sorted(maps.Keys(v))
				if err := w.Write(header); err != nil {
					return 0, err
				}
			}
			row := make([]string, len(header))
			for i, k := range header {
				row[i] = cell(v[k])
			}
			err = w.Write(row)
		case []any:
			row := make([]string, len(v))
			for i, c := range v {
				row[i] = cell(c)
			}
			err = w.Write(row)
		default:
			err = w.Write([]string{cell(v)})
		}
		if err != nil {
			return 0, fmt.Errorf("append_file: %w", err)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return 0, fmt.Errorf("append_file: %w", err)
	}
	return len(items), appendBytes(root, rel, buf.Bytes())
}

// flatten joins the keys of nested objects with "_", as Sandy's player
// does for CSV: {"user": {"name": "x", "age": 3}} is {"user_name": "x",
// "user_age": 3}. Lists stay values (written as JSON).
func flatten(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for k, v := range m {
			if sub, ok := v.(map[string]any); ok {
				walk(prefix+k+"_", sub)
				continue
			}
			out[prefix+k] = v
		}
	}
	walk("", m)
	return out
}

func cell(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool, int, int64:
		return fmt.Sprint(x)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// appendJSON keeps the file one JSON array and adds items to it. The file
// is replaced atomically (inside root), never rewritten in place: an
// interrupted run leaves the old array whole.
func appendJSON(root *os.Root, rel string, items []any) (int, error) {
	old, err := readAll(root, rel)
	if err != nil {
		return 0, err
	}
	var list []any
	if len(bytes.TrimSpace(old)) > 0 {
		if err := json.Unmarshal(old, &list); err != nil {
			return 0, fmt.Errorf("append_file: %s does not hold a JSON array: %w", rel, err)
		}
	}
	list = append(list, items...)
	b, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		return 0, fmt.Errorf("append_file: %w", err)
	}
	if err := safefile.WriteIn(root, rel, append(b, '\n'), 0o644); err != nil {
		return 0, fmt.Errorf("append_file: %w", err)
	}
	return len(items), nil
}
