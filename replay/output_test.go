package replay

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

func TestExtract(t *testing.T) {
	evaluate := "### Result\n\"Products · Demo Shop\"\n### Ran Playwright code\n```js\nawait page.evaluate('() => document.title');\n```"
	objResult := "### Result\n```json\n{\"count\": 2, \"names\": [\"Blue Mug\", \"Red Mug\"]}\n```"
	fencedOnly := "Here you go:\n```json\n{\"id\": 7}\n```\nbye"
	tests := []struct {
		name  string
		text  string
		paths map[string]string
		want  map[string]any
		err   string
	}{
		{"json text", `{"number":42,"html_url":"http://x/42","items":[{"id":1},{"id":2}]}`,
			map[string]string{"n": "$.number", "url": "$.html_url", "ids": "$.items[*].id", "first": "$.items[0].id"},
			map[string]any{"n": int64(42), "url": "http://x/42", "ids": []any{int64(1), int64(2)}, "first": int64(1)}, ""},
		{"whole json", `[1,2]`, map[string]string{"all": "$"}, map[string]any{"all": []any{int64(1), int64(2)}}, ""},
		{"playwright result string", evaluate, map[string]string{"title": "$"}, map[string]any{"title": "Products · Demo Shop"}, ""},
		{"playwright result fenced object", objResult, map[string]string{"c": "$.count", "n": "$.names[*]"},
			map[string]any{"c": int64(2), "n": []any{"Blue Mug", "Red Mug"}}, ""},
		{"playwright result plain text", "### Result\nWaited for 1 item\n", map[string]string{"r": "$"}, map[string]any{"r": "Waited for 1 item"}, ""},
		{"fenced json block", fencedOnly, map[string]string{"id": "$.id"}, map[string]any{"id": int64(7)}, ""},
		{"plain text", "hello", map[string]string{"t": "$"}, map[string]any{"t": "hello"}, ""},
		{"wildcard matching nothing", `{"items":[]}`, map[string]string{"ids": "$.items[*].id"}, map[string]any{"ids": []any{}}, ""},
		{"descent", `{"a":{"id":1},"b":[{"id":2}]}`, map[string]string{"ids": "$..id"}, nil, ""},
		{"single path matching nothing is null", `{"a":1}`, map[string]string{"b": "$.b"}, map[string]any{"b": nil}, ""},
		{"bad path", `{"a":1}`, map[string]string{"b": "$[?("}, nil, "output b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Extract(tt.text, tt.paths)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want it to contain %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == nil { // order of descent results is ojg's: check the set
				ids, _ := got["ids"].([]any)
				if len(ids) != 2 {
					t.Errorf("got %v, want two ids", got)
				}
				return
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %#v, want %#v", got, tt.want)
			}
		})
	}
}

// TestDocumentOfRealSnapshots checks that real Playwright MCP snapshot
// results, which hold no JSON, give their whole text for "$".
func TestDocumentOfRealSnapshots(t *testing.T) {
	b, err := os.ReadFile("../mcpclient/testdata/snapshot-products.md")
	if err != nil {
		t.Fatal("the checked-in snapshot fixture is missing:", err)
	}
	if got := Document(string(b)); got != string(b) {
		t.Errorf("Document(snapshot) = %.80q…, want the whole text", got)
	}
}

func FuzzExtract(f *testing.F) {
	seeds := []struct{ text, path string }{
		{`{"number":42,"items":[{"id":1},{"id":2}]}`, "$.items[*].id"},
		{"### Result\n\"Demo Shop\"\n### Ran Playwright code\n```js\nx\n```", "$"},
		{"### Result\n```json\n{\"a\":[1,2]}\n```", "$.a[0]"},
		{"text\n```json\n{\"id\":7}\n```", "$..id"},
		{"```\n[1,2,3]\n```", "$[1:2]"},
		{"```json\n{", "$.x"},
		{"### Result\n", "$['a','b']"},
		{`{"a":[{"b":1},{"b":2}]}`, "$.a[?(@.b > 1)].b"},
	}
	for _, s := range seeds {
		f.Add(s.text, s.path)
	}
	f.Fuzz(func(t *testing.T, text, path string) {
		got, err := Extract(text, map[string]string{"v": path})
		if err != nil {
			return
		}
		if _, ok := got["v"]; !ok {
			t.Fatalf("Extract(%q, %q) = %v with no error but no value", text, path, got)
		}
	})
}
