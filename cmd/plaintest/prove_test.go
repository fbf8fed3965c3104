package main

import (
	"strings"
	"testing"
)

// prove's bad input is refused before anything runs, naming the flag or
// what is missing (exit 2).
func TestProveRefusesBadInput(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"prove"}, "prove needs scenario files or directories"},
		{[]string{"prove", "x.json", "--mutant-timeout", "0s"}, "--mutant-timeout 0s: want a positive duration"},
		{[]string{"prove", "x.json", "--parallel", "0"}, "--parallel 0: want 1 or more"},
		{[]string{"prove", "x.json", "--heal"}, "flag provided but not defined: --heal"},
		{[]string{"prove", "does-not-exist.json"}, "does-not-exist.json"},
	} {
		code, stdout, stderr := runCLI(t, tt.args...)
		if code != exitInput || !strings.Contains(stderr, tt.want) {
			t.Errorf("%q: exit %d, want %d saying %q\n%s%s", tt.args, code, exitInput, tt.want, stdout, stderr)
		}
	}
	code, stdout, _ := runCLI(t, "prove", "--help")
	if code != exitOK || !strings.Contains(stdout, "--mutant-timeout") || !strings.Contains(stdout, "SURVIVED") {
		t.Errorf("--help: exit %d\n%s", code, stdout)
	}
}
