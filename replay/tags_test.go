package replay_test

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/tagexpr"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/sandy"
)

// tagged is a scenario with these tags (a JSON list, or "" for none).
func tagged(tags string) string {
	meta := `"name":"s"`
	if tags != "" {
		meta += `,"tags":` + tags
	}
	return `{"version":"2.1","metadata":{` + meta + `},"steps":[{"step":1,"tool":"sandy__log","params":{"message":"hi"}}]}`
}

// TestTagged: the files whose metadata.tags match, in the order given;
// a file that does not load is an error whatever the expression.
func TestTagged(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a.json": tagged(`["@smoke","@cart"]`),
		"b.json": tagged(`["@smoke","@slow"]`),
		"c.json": tagged(""),
		"d.json": tagged(`["smoke"]`),
		"e.json": tagged(`["@cart"]`),
	})
	files, err := replay.Files([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		expr string
		want []string
	}{
		{"@smoke", []string{"a", "b"}},
		{"@smoke and not @slow", []string{"a"}},
		{"not @smoke", []string{"c", "d", "e"}},
		{"@cart or @slow", []string{"a", "b", "e"}},
		{"smoke", []string{"d"}}, // compared as written
		{"", []string{"a", "b", "c", "d", "e"}},
		{"@none", nil},
	}
	for _, tt := range tests {
		e, err := tagexpr.Parse(tt.expr)
		if err != nil {
			t.Fatal(err)
		}
		got, err := replay.Tagged(files, e.Match)
		if err != nil {
			t.Fatalf("%q: %v", tt.expr, err)
		}
		var names []string
		for _, f := range got {
			names = append(names, strings.TrimSuffix(filepath.Base(f), ".json"))
		}
		if !slices.Equal(names, tt.want) {
			t.Errorf("Tagged(%q) = %q, want %q", tt.expr, names, tt.want)
		}
	}

	bad := writeFiles(t, map[string]string{
		"a.json": tagged(`["@smoke"]`),
		"b.json": `{"version":"2.1","metadata":{"name":"s","tags":["@other"]},"steps":[`,
		"c.json": `{"version":"2.1","metadata":{"name":"s","tags":"@smoke"},"steps":[]}`,
	})
	files, err = replay.Files([]string{bad})
	if err != nil {
		t.Fatal(err)
	}
	got, err := replay.Tagged(files, func([]string) bool { return true })
	var le *replay.LoadError
	if !errors.As(err, &le) || len(le.Errs) != 2 || !errors.Is(err, sandy.ErrInvalid) {
		t.Fatalf("Tagged over two broken files = %q, %v; want a *LoadError naming both", got, err)
	}
	for _, name := range []string{"b.json", "c.json"} {
		if !strings.Contains(err.Error(), filepath.Join(bad, name)) {
			t.Errorf("the error does not name %s: %v", name, err)
		}
	}
}
