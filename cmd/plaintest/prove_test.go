package main

import (
	"strings"
	"testing"

	rpt "github.com/plaintest/plaintest/report"
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

// A scenario's verdict says why it is not proven: VACUOUS when a mutation
// survived a check, NOT PROVEN when a check could not be broken at all.
func TestProveVerdicts(t *testing.T) {
	for _, tt := range []struct {
		score rpt.Score
		want  string
	}{
		{rpt.Score{Checks: 1, Proven: 1}, "PROVEN s.json"},
		{rpt.Score{Checks: 2, Proven: 1, Vacuous: 1}, "VACUOUS s.json"},
		{rpt.Score{Checks: 1, Unproven: 1}, "NOT PROVEN s.json"},
	} {
		var b strings.Builder
		r := &rpt.RunResult{File: "s.json", Success: tt.score.Held(), Proved: &tt.score}
		if !r.Success {
			r.Error = notProven + "step 2 (verify Saved): ..."
		}
		newProveConsole(&b, false, false).run(r)
		if !strings.HasPrefix(b.String(), tt.want+":") {
			t.Errorf("score %+v: verdict %q, want %q", tt.score, b.String(), tt.want)
		}
	}
}
