package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSuiteRefusals: a suite compile's bad input is refused before any
// browser starts, naming what to do.
func TestSuiteRefusals(t *testing.T) {
	dir := t.TempDir()
	tests, empty := filepath.Join(dir, "tests"), filepath.Join(dir, "empty")
	for _, d := range []string{tests, empty} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(tests, "a.txt"), []byte("click a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"folder and text", []string{tests, "click Log in"}, "not both"},
		{"no tests", []string{empty}, "no test files under"},
		{"-o", []string{tests, "-o", "x.json"}, "--output is for one test"},
		{"--step", []string{tests, "--step", "click b"}, "--step is for one test"},
		{"--format", []string{tests, "--format", "playwright"}, "Sandy scenarios only"},
		{"--parallel 0", []string{tests, "--parallel", "0"}, "want 1 or more"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"compile", "--url", "http://127.0.0.1:1", "--out", out}, tc.args...)
			code, stdout, stderr := runCLI(t, args...)
			if code != exitInput || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, want %d saying %q\n%s%s", code, exitInput, tc.want, stdout, stderr)
			}
		})
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused suite compile made --out")
	}
}
