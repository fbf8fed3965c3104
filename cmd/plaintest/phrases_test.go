package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/parser"
)

// TestCompilePhrasesRefused: a phrases file that does not read, a
// sentence two phrases match and phrases that use each other are bad
// input (exit 2), said with the file and line, before any browser opens.
func TestCompilePhrasesRefused(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"bad/phrases.yaml":   "phrases:\n  add the book {title:strng}: type {title} into Title\n",
		"bad/buy.yaml":       "url: http://127.0.0.1:9\nactions: [add the book Dune]\n",
		"two/phrases.yaml":   "phrases:\n  add the book {word}: type {word} into Title\n",
		"two/t/phrases.yaml": "phrases:\n  add the {word} {word}: type {2} into {1}\n",
		"two/t/buy.yaml":     "url: http://127.0.0.1:9\nactions:\n  - click Books\n  - add the book Dune\n",
		"cycle.yaml":         "phrases:\n  log in: sign in\n  sign in: log in\n",
	})
	t.Chdir(dir) // phrases are found up to the working directory
	bad := "bad"
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"bad definition beside the test", []string{"-f", filepath.Join(bad, "buy.yaml")},
			filepath.Join(bad, "phrases.yaml") + `:2:16: {title:strng}: unknown parameter type "strng"`},
		{"two phrases match", []string{"-f", filepath.Join("two", "t", "buy.yaml"), "--phrases", filepath.Join("two", "t", "phrases.yaml")},
			""}, // --phrases alone: only that file, no clash
		{"two files' phrases match", []string{"-f", filepath.Join("two", "t", "buy.yaml")},
			filepath.Join("two", "t", "buy.yaml") + `:4: "add the book Dune": 2 phrases match it: "add the {word} {word}" (` +
				filepath.Join("two", "t", "phrases.yaml") + `:2) and "add the book {word}" (` + filepath.Join("two", "phrases.yaml") + ":2)"},
		{"cycle, TEXT", []string{"log in", "--phrases", "cycle.yaml", "--url", "http://127.0.0.1:9"},
			`action 1 "log in" → "sign in" → "log in": phrases use each other in a cycle: "log in" (` + "cycle.yaml" + `:2) → "sign in"`},
		{"missing --phrases", []string{"log in", "--phrases", "none.yaml", "--url", "http://127.0.0.1:9"},
			"--phrases: " + "none.yaml" + ": cannot read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, append([]string{"compile", "--mcp", "no-such-server"}, tt.args...)...)
			if tt.want == "" {
				if strings.Contains(stderr, "phrases") {
					t.Errorf("refused for its phrases: %s", stderr)
				}
				return
			}
			if code != exitInput || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, want 2 saying %q\n%s\n%s", code, tt.want, stdout, stderr)
			}
		})
	}
}

// TestMaskedVia: a secret's value in a test's sentence that a phrase
// expanded is written {{NAME}} in the scenario's descriptions.
func TestMaskedVia(t *testing.T) {
	sc := &parser.Scenario{Via: []string{"I log in with hunter2", ""}, Secrets: map[string]string{"PASSWORD": "hunter2"}}
	if got, want := maskedVia(sc), []string{"I log in with {{PASSWORD}}", ""}; !slices.Equal(got, want) {
		t.Errorf("maskedVia = %q, want %q", got, want)
	}
	if got := maskedVia(&parser.Scenario{}); got != nil {
		t.Errorf("maskedVia of no phrase = %q, want nil", got)
	}
}
