package printable

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestJSON(t *testing.T) {
	for in, want := range map[string]string{
		"plain é€":                    `"plain é€"`,
		"\u202eevil\u202c":            `"\u202eevil\u202c"`,
		"esc\x1b bel\a cr\r nul\x00":  `"esc\u001b bel\u0007 cr\r nul\u0000"`,
		"nel\u0085 csi\u009b del\x7f": `"nel\u0085 csi\u009b del\u007f"`,
		"\u200e\u200f\u061c\u2066":    `"\u200e\u200f\u061c\u2066"`,
		"line\u2028two":               `"line\u2028two"`,
		"<a & b>":                     `"<a & b>"`,
	} {
		raw, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		raw = []byte(strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(string(raw)))
		got := JSON(raw)
		if string(got) != want {
			t.Errorf("JSON(%s) = %s, want %s", raw, got, want)
		}
		var back string
		if err := json.Unmarshal(got, &back); err != nil || back != in {
			t.Errorf("JSON(%s) = %s reads back as %q (%v), want %q", raw, got, back, err, in)
		}
	}
	doc := []byte("{\n\t\"a\": 1\r\n}")
	if got := JSON(doc); string(got) != string(doc) {
		t.Errorf("JSON changed white space between tokens: %q", got)
	}
}

func FuzzJSON(f *testing.F) {
	f.Add("plain", "key")
	f.Add("\u202e\x1b[31m\u0085\r\n\xff", "\u200f")
	f.Fuzz(func(t *testing.T, value, key string) {
		raw, err := json.MarshalIndent(map[string]any{key: []string{value}}, "", "\t")
		if err != nil {
			t.Skip()
		}
		out := JSON(raw)
		if i := unsafeJSONAt(out); i >= 0 || !utf8.Valid(out) {
			t.Fatalf("JSON(%q) = %q still holds a character to escape", raw, out)
		}
		var before, after any
		if err := json.Unmarshal(raw, &before); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(out, &after); err != nil {
			t.Fatalf("JSON(%q) = %q is not JSON: %v", raw, out, err)
		}
		if b1, _ := json.Marshal(before); string(b1) != string(mustMarshal(t, after)) {
			t.Fatalf("JSON(%q) = %q reads as another document", raw, out)
		}
	})
}

func mustMarshal(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
