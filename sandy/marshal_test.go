package sandy

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/plaintest/plaintest/internal/golden"
)

func TestMarshalGolden(t *testing.T) {
	s, err := Load("testdata/full.json")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	got, err := s.Marshal()
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	golden.Check(t, "testdata/full.golden.json", got)
	for i := 0; i < 5; i++ { // map order must not leak into the output
		again, _ := s.Marshal()
		if !bytes.Equal(again, got) {
			t.Fatalf("Marshal is not deterministic:\n%s\n---\n%s", got, again)
		}
	}
}

func TestMarshalRoundTrip(t *testing.T) {
	for _, file := range []string{"testdata/full.json", "testdata/schema_example.json", "testdata/v1.1.json"} {
		t.Run(file, func(t *testing.T) {
			s, err := Load(file)
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			data, err := s.Marshal()
			if err != nil {
				t.Fatalf("Marshal: %v", err)
			}
			back, err := Parse(data, file+" (marshalled)")
			if err != nil {
				t.Fatalf("Parse(Marshal(s)): %v\n%s", err, data)
			}
			if !reflect.DeepEqual(back, s) {
				t.Errorf("Parse(Marshal(s)) differs from s:\n got %#v\nwant %#v", back, s)
			}
			again, _ := back.Marshal()
			if !bytes.Equal(again, data) {
				t.Errorf("Marshal(Parse(Marshal(s))) differs from Marshal(s)")
			}
		})
	}
}

func TestMarshalShape(t *testing.T) {
	s := &Scenario{Version: Version, Metadata: Metadata{Name: "n"}, Steps: []Step{
		{Step: 1, Tool: "mcp__a__b", Params: map[string]any{"f": "() => a < b && c"}},
	}}
	got, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "version": "2.1",
  "metadata": {
    "name": "n"
  },
  "steps": [
    {
      "step": 1,
      "tool": "mcp__a__b",
      "params": {
        "f": "() => a < b && c"
      }
    }
  ]
}
`
	if string(got) != want {
		t.Errorf("Marshal:\n%s\nwant:\n%s", got, want)
	}
}
