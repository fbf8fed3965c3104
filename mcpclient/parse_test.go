package mcpclient

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plaintest/plaintest/internal/golden"
)

func TestParseText(t *testing.T) {
	tests := []struct {
		name string
		text string
		want Result
	}{
		{
			name: "plain text has no sections",
			text: "hello\nworld",
			want: Result{},
		},
		{
			name: "action with code, page and linked snapshot",
			text: "### Ran Playwright code\n```js\nawait page.getByRole('button', { name: 'Go' }).click();\n```\n" +
				"### Page\n- Page URL: http://x.test/a\n- Page Title: A page\n- HTTP status: 200 OK\n" +
				"### Snapshot\n- [Snapshot](/tmp/out/page-1.yml)\n",
			want: Result{
				Code:         "await page.getByRole('button', { name: 'Go' }).click();",
				PageURL:      "http://x.test/a",
				PageTitle:    "A page",
				SnapshotFile: "/tmp/out/page-1.yml",
			},
		},
		{
			name: "heading inside a fence belongs to the fence",
			text: "### Snapshot\n```yaml\n- text: a\n### Error\n- text: b\n```\n### Result\n\"v\"",
			want: Result{Snapshot: "- text: a\n### Error\n- text: b", Value: `"v"`},
		},
		{
			name: "CRLF line ends",
			text: "### Page\r\n- Page URL: http://x.test/\r\n- Page Title: T\r\n### Error\r\nboom\r\n",
			want: Result{PageURL: "http://x.test/", PageTitle: "T", Error: "boom"},
		},
		{
			name: "unclosed fence runs to the end",
			text: "### Snapshot\n```yaml\n- button \"A\"\n- button \"B\"",
			want: Result{Snapshot: "- button \"A\"\n- button \"B\""},
		},
		{
			name: "longer fence closes only on as many backticks",
			text: "### Result\n````md\n```\ninner\n```\n````\n",
			want: Result{Value: "```\ninner\n```"},
		},
		{
			name: "first of repeated sections wins",
			text: "### Result\nfirst\n### Result\nsecond",
			want: Result{Value: "first"},
		},
		{
			name: "error loses terminal colours",
			text: "### Error\nTimeoutError: x\nCall log:\n\x1b[2m  - waiting\x1b[22m\n",
			want: Result{Error: "TimeoutError: x\nCall log:\n  - waiting"},
		},
		{
			name: "events",
			text: "### Events\n- New console entries: /tmp/c.log#L1\n",
			want: Result{Events: "- New console entries: /tmp/c.log#L1"},
		},
		{
			name: "text before the first heading is not a section",
			text: "preamble\n### Result\n42",
			want: Result{Value: "42"},
		},
		{
			name: "heading needs the space",
			text: "###Result\n42",
			want: Result{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ParseText(tt.text)
			tt.want.Text = tt.text
			if !equalResults(got, tt.want) {
				t.Errorf("ParseText:\n got %s\nwant %s", dump(got), dump(tt.want))
			}
		})
	}
}

func equalResults(a, b Result) bool { return dump(a) == dump(b) }

func dump(r Result) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode(r)
	return strings.TrimSuffix(b.String(), "\n")
}

// TestParseTextGolden parses every result captured from @playwright/mcp
// 0.0.83 (testdata/*.md) and compares the sections with
// testdata/golden/<name>.json. Refresh with go test -run Golden -update.
func TestParseTextGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/*.md: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".md")
		t.Run(name, func(t *testing.T) {
			text, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			r := ParseText(string(text))
			r.Text = "" // the input itself
			got := dump(r) + "\n"
			golden.CheckString(t, filepath.Join("testdata", "golden", name+".json"), got)
		})
	}
}

// TestParseTextSnapshots checks what the other packages rely on in the
// captured snapshots: inline YAML, page URL and title, nothing else.
func TestParseTextSnapshots(t *testing.T) {
	r := readResult(t, "snapshot-login.md")
	if !strings.Contains(r.Snapshot, `button "Log in" [ref=f1e16]`) {
		t.Errorf("login snapshot: got %q, want the Log in button", r.Snapshot)
	}
	if strings.Contains(r.Snapshot, "```") || strings.HasPrefix(r.Snapshot, "\n") {
		t.Errorf("login snapshot: got fences or leading blank line in %q", r.Snapshot[:40])
	}
	if r.PageURL != "http://localhost:8080/login" || r.PageTitle != "Log in · Demo Shop" {
		t.Errorf("login page: got %q %q", r.PageURL, r.PageTitle)
	}
	if r.Code != "" || r.Error != "" || r.Value != "" || r.SnapshotFile != "" {
		t.Errorf("login: got sections it does not have: %s", dump(r))
	}
}

func readResult(t *testing.T, name string) Result {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return ParseText(string(b))
}

func FuzzParseText(f *testing.F) {
	if files, _ := filepath.Glob(filepath.Join("testdata", "*.md")); len(files) > 0 {
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				f.Add(string(b))
			}
		}
	}
	f.Add("### Snapshot\n```yaml\n### Error\n```")
	f.Add("### Result\n````\n```\n````")
	f.Add("### Error\n\x1b[2mx\x1b")
	f.Add("### Snapshot\n- [S](")
	f.Fuzz(func(t *testing.T, text string) {
		r := ParseText(text)
		if r.Text != text {
			t.Fatalf("Text: got %q, want the input", r.Text)
		}
		// Every field is a piece of the input (modulo CRLF and colour
		// codes), so it can be no longer than it.
		for name, v := range map[string]string{"Code": r.Code, "Snapshot": r.Snapshot, "SnapshotFile": r.SnapshotFile,
			"PageURL": r.PageURL, "PageTitle": r.PageTitle, "Error": r.Error, "Value": r.Value, "Events": r.Events} {
			if len(v) > len(text) {
				t.Fatalf("%s longer than the input: %q", name, v)
			}
			if utf8.ValidString(text) && !utf8.ValidString(v) {
				t.Fatalf("%s: valid input gave invalid UTF-8 %q", name, v)
			}
		}
		if !strings.Contains(text, "### ") && !equalResults(r, Result{Text: text}) {
			t.Fatalf("no heading but sections: %s", dump(r))
		}
		// Parsing is deterministic.
		if again := ParseText(text); !equalResults(again, r) {
			t.Fatalf("second parse differs")
		}
	})
}

func BenchmarkParseText(b *testing.B) {
	text, err := os.ReadFile(filepath.Join("testdata", "snapshot-products.md"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if r := ParseText(string(text)); r.Snapshot == "" {
			b.Fatal("no snapshot")
		}
	}
}
