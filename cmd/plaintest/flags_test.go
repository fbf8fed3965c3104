package main

import (
	"io"
	"slices"
	"strings"
	"testing"
)

// TestHelpPrintedOnce: "plaintest CMD --help" (or -h) prints the command's
// usage once, on stdout, and exits 0.
func TestHelpPrintedOnce(t *testing.T) {
	for _, c := range commands {
		if c.name == "version" {
			continue // takes no flags
		}
		for _, help := range []string{"--help", "-h"} {
			code, out, errOut := runCLI(t, c.name, help)
			if code != exitOK || strings.Count(out, "Usage:") != 1 || !strings.Contains(out, "plaintest "+c.name+" ") || errOut != "" {
				t.Errorf("%s %s: exit %d, %d usages\nstdout:\n%s\nstderr:\n%s", c.name, help, code, strings.Count(out, "Usage:"), out, errOut)
			}
		}
	}
}

func TestParseArgs(t *testing.T) {
	tests := []struct {
		args    []string
		pos     []string
		out     string
		verbose bool
		vars    []string
		err     string
	}{
		{args: []string{"a.json", "--var", "K=1", "b.json", "-o", "x", "c.json"}, pos: []string{"a.json", "b.json", "c.json"}, out: "x", vars: []string{"K"}},
		{args: []string{"--output=y", "-v", "a", "--", "--not-a-flag", "-o"}, pos: []string{"a", "--not-a-flag", "-o"}, out: "y", verbose: true},
		{args: []string{"--o", "z", "--v", "--var=A=1", "--var", "B=2"}, out: "z", verbose: true, vars: []string{"A", "B"}}, // the one-letter names, as before
		{args: []string{"-vo", "w", "a"}, pos: []string{"a"}, out: "w", verbose: true},
		{args: []string{"a", "-var", "K=1"}, err: "flag provided but not defined: -var (long flags take two dashes: --var) (see plaintest t --help)"},
		{args: []string{"-var=K=1"}, err: "flag provided but not defined: -var=K=1 (long flags take two dashes: --var)"},
		{args: []string{"a", "--nope"}, err: "flag provided but not defined: --nope (see plaintest t --help)"},
		{args: []string{"--var", "novalue"}, err: `invalid argument "novalue" for "--var" flag: want NAME=VALUE, got "novalue"`},
		{args: []string{"-o"}, err: `flag needs an argument: 'o' in -o`},
	}
	for _, tt := range tests {
		var out string
		var verbose bool
		var vars kvFlag
		fs := newFlags(&env{stdout: io.Discard}, "t", "", "")
		fs.StringVarP(&out, "output", "o", "", "")
		fs.BoolVarP(&verbose, "verbose", "v", false, "")
		fs.Var(&vars, "var", "")
		pos, err := parseArgs(fs, tt.args)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) || exitCodeOf(err) != exitInput {
				t.Errorf("%q: error %v, want one with %q (exit 2)", tt.args, err, tt.err)
			}
			continue
		}
		if err != nil || !slices.Equal(pos, tt.pos) || out != tt.out || verbose != tt.verbose || !slices.Equal(vars.keys, tt.vars) {
			t.Errorf("%q: got %q out=%q v=%v vars=%q err=%v, want %q out=%q v=%v vars=%q", tt.args, pos, out, verbose, vars.keys, err, tt.pos, tt.out, tt.verbose, tt.vars)
		}
	}
}
