package appendfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAppend: each format appends to what the file holds, twice over.
func TestAppend(t *testing.T) {
	items := []any{map[string]any{"id": 1.0, "user": map[string]any{"name": "Ann"}, "tags": []any{"a"}}}
	tests := []struct {
		format, want string
	}{
		{"jsonl", `{"id":1,"tags":["a"],"user":{"name":"Ann"}}` + "\n" + `{"id":1,"tags":["a"],"user":{"name":"Ann"}}` + "\n"},
		{"csv", "id,tags,user_name\n1,\"[\"\"a\"\"]\",Ann\n1,\"[\"\"a\"\"]\",Ann\n"},
		{"json", "[\n  {\n    \"id\": 1,\n    \"tags\": [\n      \"a\"\n    ],\n    \"user\": {\n      \"name\": \"Ann\"\n    }\n  },\n  {\n    \"id\": 1,\n    \"tags\": [\n      \"a\"\n    ],\n    \"user\": {\n      \"name\": \"Ann\"\n    }\n  }\n]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			dir := t.TempDir()
			root, err := os.OpenRoot(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer root.Close()
			for range 2 {
				if n, err := Append(root, "out/data."+tt.format, tt.format, items); err != nil || n != 1 {
					t.Fatalf("Append = %d, %v; want 1, nil", n, err)
				}
			}
			got, err := os.ReadFile(filepath.Join(dir, "out", "data."+tt.format))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("file holds\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestAppendRefuses: a path out of the folder or an unknown format is an
// append_file error.
func TestAppendRefuses(t *testing.T) {
	root, err := os.OpenRoot(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, tc := range []struct{ path, format string }{{"../x", "jsonl"}, {"/etc/x", "jsonl"}, {"x", "xml"}} {
		if _, err := Append(root, tc.path, tc.format, []any{1.0}); err == nil || !strings.HasPrefix(err.Error(), "append_file: ") {
			t.Errorf("Append(%q, %q) = %v, want an append_file error", tc.path, tc.format, err)
		}
	}
}
