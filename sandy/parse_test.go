package sandy

import (
	"errors"
	"os"
	"reflect"
	"testing"
)

func TestLoadSchemaExample(t *testing.T) {
	s, err := Load("testdata/schema_example.json")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if got, want := s.Metadata.Name, "Create Issue and Notify"; got != want {
		t.Errorf("name = %q, want %q", got, want)
	}
	if got, want := len(s.Steps), 2; got != want {
		t.Fatalf("%d steps, want %d", got, want)
	}
	if got, want := s.Steps[0].Output["number"], "$.number"; got != want {
		t.Errorf("output number = %q, want %q", got, want)
	}
	if got, want := s.Required(), []string{"TITLE"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Required() = %v, want %v", got, want)
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load("testdata/does-not-exist.json")
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load(missing) = %v, want an os.ErrNotExist error", err)
	}
	if errors.Is(err, ErrInvalid) {
		t.Errorf("Load(missing) = %v: a missing file is not an invalid scenario", err)
	}
}

func TestParseDecodeErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // the whole error text
		path string
	}{
		{
			name: "syntax error in the middle of a file",
			src: "{\n  \"version\": \"2.1\",\n  \"metadata\": {\"name\": \"x\"},\n  \"steps\": [\n" +
				"    {\"step\": 1, \"tool\": \"mcp__a__b\", \"params\": {}},\n" +
				"    {\"step\": 2 \"tool\": \"mcp__a__b\", \"params\": {}}\n  ]\n}\n",
			want: "f.json:6:16: invalid character '\"' after object key:value pair",
		},
		{
			name: "trailing comma",
			src:  "{\"metadata\": {\"name\": \"x\"},\n \"steps\": [],\n}",
			want: "f.json:3:1: invalid character '}' looking for beginning of object key string",
		},
		{
			name: "truncated",
			src:  "{\"metadata\": {\"name\": \"x\"},\n \"steps\": [",
			want: "f.json:2:11: unexpected end of JSON input",
		},
		{
			name: "empty",
			src:  "",
			want: "f.json:1:1: unexpected end of JSON input",
		},
		{
			name: "columns count characters",
			src:  "{\"metadata\": {\"name\": \"é€\"}, x}",
			want: "f.json:1:30: invalid character 'x' looking for beginning of object key string",
		},
		{
			name: "string for a step number",
			src: "{\"metadata\": {\"name\": \"x\"},\n \"steps\": [\n  {\"step\": 1, \"tool\": \"mcp__a__b\", \"params\": {}},\n" +
				"  {\"step\": 2, \"tool\": \"mcp__a__b\", \"params\": {}},\n  {\"step\": \"3\", \"tool\": \"mcp__a__b\", \"params\": {}}]}",
			want: "f.json:5:12: steps[2].step: want a number, got a string",
			path: "steps[2].step",
		},
		{
			name: "fraction for a step number",
			src:  `{"metadata": {"name": "x"}, "steps": [{"step": 1.5, "tool": "mcp__a__b", "params": {}}]}`,
			want: "f.json:1:48: steps[0].step: want an integer, got 1.5",
			path: "steps[0].step",
		},
		{
			name: "array for params",
			src:  `{"metadata": {"name": "x"}, "steps": [{"step": 1, "tool": "mcp__a__b", "params": [1, 2]}]}`,
			want: "f.json:1:82: steps[0].params: want an object, got an array",
			path: "steps[0].params",
		},
		{
			name: "number for the name",
			src:  `{"metadata": {"name": 7}, "steps": []}`,
			want: "f.json:1:23: metadata.name: want a string, got a number",
			path: "metadata.name",
		},
		{
			name: "object for steps",
			src:  `{"metadata": {"name": "x"}, "steps": {}}`,
			want: "f.json:1:38: steps: want an array, got an object",
			path: "steps",
		},
		{
			name: "string for retry count",
			src:  `{"metadata": {"name": "x"}, "steps": [{"step": 1, "retry": {"count": "3"}}]}`,
			want: "f.json:1:70: steps[0].retry.count: want a number, got a string",
			path: "steps[0].retry.count",
		},
		{
			name: "bool for an output path",
			src:  `{"metadata": {"name": "x"}, "steps": [{"step": 1, "output": {"odd key": true}}]}`,
			want: `f.json:1:73: steps[0].output["odd key"]: want a string, got true or false`,
			path: `steps[0].output["odd key"]`,
		},
		{
			name: "byte order mark",
			src:  "\xef\xbb\xbf{\"steps\": 3}",
			want: "f.json:1:11: steps: want an array, got a number",
			path: "steps",
		},
		{
			name: "invalid UTF-8 in a param",
			src: "{\"metadata\": {\"name\": \"x\"},\n \"steps\": [\n  {\"step\": 1, \"tool\": \"mcp__a__b\", \"params\": " +
				"{\"text\": \"caf\xe9 \xe2\x9c\x93\"}}]}",
			want: "f.json:3:59: steps[0].params.text: invalid UTF-8 (byte 0xe9): the file must be UTF-8",
			path: "steps[0].params.text",
		},
		{
			name: "invalid UTF-8 after a byte order mark, columns in characters",
			src:  "\xef\xbb\xbf{\"metadata\": {\"name\": \"é\xff\"}, \"steps\": []}",
			want: "f.json:1:25: metadata.name: invalid UTF-8 (byte 0xff): the file must be UTF-8",
			path: "metadata.name",
		},
		{
			name: "a sequence cut short in a file that is not JSON either",
			src:  "{\"metadata\": {\n\"name\": \"\xc3\"",
			want: "f.json:2:10: invalid UTF-8 (byte 0xc3): the file must be UTF-8",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src), "f.json")
			if err == nil {
				t.Fatal("Parse succeeded, want an error")
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("error:\n got %s\nwant %s", got, tt.want)
			}
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %T, want *DecodeError", err)
			}
			if de.Path != tt.path {
				t.Errorf("Path = %q, want %q", de.Path, tt.path)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error does not wrap ErrInvalid")
			}
		})
	}
}

func TestParseUpgradesV11(t *testing.T) {
	s, err := Load("testdata/v1.1.json")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if s.Version != Version {
		t.Errorf("version = %q, want %q", s.Version, Version)
	}
	for i, st := range s.Steps {
		if st.Action != "" || st.Tool == "" {
			t.Errorf("steps[%d]: action %q tool %q, want only a tool", i, st.Action, st.Tool)
		}
		if st.Step != i+1 {
			t.Errorf("steps[%d]: step number %d, want %d (kept as written)", i, st.Step, i+1)
		}
	}
}

func TestParseNormalizesEmptyMaps(t *testing.T) {
	s, err := Parse([]byte(doc(`{"step": 1, "id": "a", "tool": "mcp__a__b", "params": {}, "output": {}}`)), "")
	if err != nil {
		t.Fatal(err)
	}
	if s.Steps[0].Output != nil {
		t.Errorf("output = %#v, want nil", s.Steps[0].Output)
	}
	if s.Steps[0].Params == nil {
		t.Errorf("params = nil, want an empty map")
	}
	s, err = Parse([]byte(`{"version": "2.1", "metadata": {"name": "t"}, "variables": {}, "steps": [`+okStep+`]}`), "")
	if err != nil {
		t.Fatal(err)
	}
	if s.Variables != nil {
		t.Errorf("variables = %#v, want nil", s.Variables)
	}
}

func TestPartial(t *testing.T) {
	for _, tt := range []struct {
		meta string
		want bool
	}{
		{`{"name": "t"}`, false},
		{`{"name": "t", "status": "partial", "status_detail": "compile stopped at action 2 of 3"}`, true},
		{`{"name": "t", "tags": ["@smoke", "@cart"], "source": "tests/cart.feature"}`, false},
	} {
		s, err := Parse([]byte(`{"version": "2.1", "metadata": `+tt.meta+`, "steps": [`+okStep+`]}`), "t.json")
		if err != nil {
			t.Fatal(err)
		}
		if s.Partial() != tt.want {
			t.Errorf("%s: Partial() = %v, want %v", tt.meta, s.Partial(), tt.want)
		}
		data, _ := s.Marshal()
		if back, err := Parse(data, "marshalled"); err != nil || !reflect.DeepEqual(back.Metadata, s.Metadata) {
			t.Errorf("%s: metadata after Marshal and Parse = %+v (%v), want %+v", tt.meta, back.Metadata, err, s.Metadata)
		}
	}
}
