package main

import (
	"io"
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

// TestSuiteContract: --translator auto with no model set up compiles as
// the rules do, so their scenarios stay unchanged from one to the other;
// a model set up, or another model, changes the contract; the key never
// is in it.
func TestSuiteContract(t *testing.T) {
	contract := func(translator string, vars map[string]string) string {
		var f compileFlags
		fs := f.flagSet(&env{stdout: io.Discard, stderr: io.Discard})
		if err := fs.Parse([]string{"--translator", translator}); err != nil {
			t.Fatal(err)
		}
		return f.contract(func(k string) string { return vars[k] })
	}
	none := map[string]string{}
	model := map[string]string{envAPIKey: "sk-secret-key", envModel: "gpt-4o"}
	other := map[string]string{envAPIKey: "sk-secret-key", envModel: "gpt-4o-mini"}
	if contract("auto", none) != contract("rules", none) {
		t.Error("auto with no model set up is not the rules' contract")
	}
	if contract("auto", model) == contract("auto", none) || contract("auto", model) == contract("auto", other) {
		t.Error("a model set up, or another model, leaves the contract as it was")
	}
	if c := contract("llm", model); strings.Contains(c, "sk-secret-key") {
		t.Errorf("the contract holds the key: %q", c)
	}
}
