package sandy

import (
	"errors"
	"testing"
)

func TestLocate(t *testing.T) {
	src := "\xef\xbb\xbf{\"version\": \"2.1\", \"metadata\": {\"name\": \"x\"},\n" +
		"  \"variables\": {\"API_TOKEN\": \"tok-123\", \"HOST\": \"h\"}, \"steps\": [\n" +
		"    {\"step\": 1, \"tool\": \"sandy__log\", \"on_error\": \"explode\"}]}\n"
	tests := []struct {
		path      string
		line, col int
		excerpt   string
	}{
		{"steps[0].on_error", 3, 51,
			"    3 |     {\"step\": 1, \"tool\": \"sandy__log\", \"on_error\": \"explode\"}]}\n" +
				"      |                                                   ^"},
		{"steps[0].params", 3, 5, // missing: the step
			"    3 |     {\"step\": 1, \"tool\": \"sandy__log\", \"on_error\": \"explode\"}]}\n" +
				"      |     ^"},
		{"variables.HOST", 2, 49, // the secret on the line is masked, its length kept
			"    2 |   \"variables\": {\"API_TOKEN\": \"*******\", \"HOST\": \"h\"}, \"steps\": [\n" +
				"      |                                                 ^"},
	}
	for _, tt := range tests {
		line, col, excerpt := Locate([]byte(src), tt.path)
		if line != tt.line || col != tt.col || excerpt != tt.excerpt {
			t.Errorf("Locate(%s) = %d:%d\n%s\nwant %d:%d\n%s", tt.path, line, col, excerpt, tt.line, tt.col, tt.excerpt)
		}
	}
}

func TestDecodeErrorExcerpt(t *testing.T) {
	_, err := Parse([]byte("{\"version\": \"2.1\",\n  \"steps\": [,]\n}"), "m.json")
	var de *DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("Parse error %v (%T), want a *DecodeError", err, err)
	}
	want := "    2 |   \"steps\": [,]\n" +
		"      |             ^"
	if de.Line != 2 || de.Col != 13 || de.Excerpt != want {
		t.Errorf("DecodeError at %d:%d with excerpt\n%s\nwant 2:13 with\n%s", de.Line, de.Col, de.Excerpt, want)
	}
	if got := de.Error(); got != "m.json:2:13: invalid character ',' looking for beginning of value" {
		t.Errorf("Error() = %q: want one line, without the excerpt", got)
	}
}
