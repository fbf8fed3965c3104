package jsonedit

import (
	"errors"
	"strings"
	"testing"
)

var target = []Seg{Field("steps"), Index(1), Field("params"), Key("target")}

func TestSetStringReplaces(t *testing.T) {
	tests := []struct {
		name, in, want string
		path           []Seg
		value          string
	}{
		{"two spaces",
			"{\n  \"steps\": [\n    {\"params\": {}},\n    {\n      \"params\": {\"target\": \"#old\", \"x_keep\": 1}\n    }\n  ]\n}\n",
			"{\n  \"steps\": [\n    {\"params\": {}},\n    {\n      \"params\": {\"target\": \"#new\", \"x_keep\": 1}\n    }\n  ]\n}\n",
			target, "#new"},
		{"tabs and CRLF",
			"{\r\n\t\"steps\": [\r\n\t\t{},\r\n\t\t{\r\n\t\t\t\"params\": {\r\n\t\t\t\t\"target\" :  \"a\"\r\n\t\t\t}\r\n\t\t}\r\n\t]\r\n}",
			"{\r\n\t\"steps\": [\r\n\t\t{},\r\n\t\t{\r\n\t\t\t\"params\": {\r\n\t\t\t\t\"target\" :  \"b\\\"q\\\"\"\r\n\t\t\t}\r\n\t\t}\r\n\t]\r\n}",
			target, `b"q"`},
		{"minified, no HTML escaping",
			`{"steps":[{},{"params":{"target":"x"}}]}`,
			`{"steps":[{},{"params":{"target":"a >> b & <c>"}}]}`,
			target, "a >> b & <c>"},
		{"byte order mark and unicode kept",
			"\xef\xbb\xbf{\"name\":\"café ☕\",\"steps\":[{},{\"params\":{\"target\":\"x\"}}]}",
			"\xef\xbb\xbf{\"name\":\"café ☕\",\"steps\":[{},{\"params\":{\"target\":\"text=Crème\"}}]}",
			target, "text=Crème"},
		{"an ASCII file stays ASCII",
			`{"steps":[{},{"params":{"target":"caf\u00e9"}}]}`,
			`{"steps":[{},{"params":{"target":"text=Cr\u00e8me \ud83d\ude00"}}]}`,
			target, "text=Crème 😀"},
		{"the last of duplicate keys, as encoding/json reads",
			`{"steps":[{},{"params":{"target":"first","target":"second"}}]}`,
			`{"steps":[{},{"params":{"target":"first","target":"new"}}]}`,
			target, "new"},
		{"a field matched as encoding/json matches it",
			`{"Steps":[{},{"PARAMS":{"target":"x"}}]}`,
			`{"Steps":[{},{"PARAMS":{"target":"y"}}]}`,
			target, "y"},
		{"a non-string value",
			`{"steps":[{},{"params":{"target":{"a":[1,2]},"b":2}}]}`,
			`{"steps":[{},{"params":{"target":"y","b":2}}]}`,
			target, "y"},
		{"inserted after the last member, indented as it",
			"{\"steps\": [{}, {\"params\": {\n    \"target\": \"x\"\n  }}]}",
			"{\"steps\": [{}, {\"params\": {\n    \"target\": \"x\",\n    \"element\": \"button \\\"OK\\\"\"\n  }}]}",
			[]Seg{Field("steps"), Index(1), Field("params"), Key("element")}, `button "OK"`},
		{"inserted on one line",
			`{"steps": [{}, {"params": {"target": "x"}}]}`,
			`{"steps": [{}, {"params": {"target": "x", "element": "e"}}]}`,
			[]Seg{Field("steps"), Index(1), Field("params"), Key("element")}, "e"},
		{"inserted with tabs and CRLF",
			"{\r\n\t\"a\":\t1,\r\n\t\"b\":\t2\r\n}\r\n",
			"{\r\n\t\"a\":\t1,\r\n\t\"b\":\t2,\r\n\t\"c\":\t\"v\"\r\n}\r\n",
			[]Seg{Key("c")}, "v"},
		{"inserted into an empty object",
			`{"steps": [{}, {"params": { }}]}`,
			`{"steps": [{}, {"params": {"target": "x" }}]}`,
			target, "x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := SetString([]byte(tt.in), tt.path, tt.value)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("SetString =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestFind(t *testing.T) {
	in := `{"steps": [ {"params": {"target": "a\"b", "n": -1.5e3}} ]}`
	s, e, err := Find([]byte(in), []Seg{Key("steps"), Index(0), Key("params"), Key("n")})
	if err != nil || in[s:e] != "-1.5e3" {
		t.Errorf("Find = %q, %v; want -1.5e3", in[s:e], err)
	}
	s, e, err = Find([]byte(in), []Seg{Key("steps"), Index(0)})
	if err != nil || in[s:e] != `{"params": {"target": "a\"b", "n": -1.5e3}}` {
		t.Errorf("Find = %q, %v", in[s:e], err)
	}
}

func TestErrors(t *testing.T) {
	in := []byte(`{"steps": [{"params": {"target": "x"}}], "n": 1}`)
	tests := []struct {
		path []Seg
		want string
	}{
		{[]Seg{Key("steps"), Index(3), Key("params"), Key("target")}, "steps[3]: no such value (the array has 1 elements)"},
		{[]Seg{Key("steps"), Index(0), Key("arguments"), Key("target")}, "steps[0].arguments: no such value"},
		{[]Seg{Key("n"), Key("target")}, "n.target: no such value: n is not an object"},
		{[]Seg{Key("steps"), Key("x")}, "steps.x: no such value: steps is not an object"},
		{[]Seg{Key("Steps"), Index(0), Key("params")}, "Steps: no such value"}, // a map key is exact
	}
	for _, tt := range tests {
		_, err := SetString(in, tt.path, "v")
		if err == nil || !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("SetString(%s) = %v, want %q", Path(tt.path), err, tt.want)
		}
	}
	if _, err := SetString([]byte(`{"a": `), []Seg{Key("a")}, "v"); err == nil {
		t.Errorf("SetString edited a text that is not JSON")
	}
	if _, err := SetString(in, []Seg{Key("steps"), Index(0)}, "v"); err == nil {
		t.Errorf("SetString set a path that ends in an index")
	}
}
