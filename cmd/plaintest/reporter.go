package main

// replay --reporter: what reports a run beside the console.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/replay"
	rpt "github.com/plaintest/plaintest/report" // main has a func report
)

// The reporters --reporter names. The console always writes (it is the
// default, and naming it changes nothing); github adds GitHub Actions
// annotations, written when the runs end.
const (
	reporterConsole = "console"
	reporterGitHub  = "github"
)

var reporters = []string{reporterConsole, reporterGitHub}

// checkReporters refuses a --reporter name that is not a reporter.
func checkReporters(names []string) error {
	for _, n := range names {
		if !slices.Contains(reporters, n) {
			return usageError("--reporter %q: want %s, or a list of them (console,github)", n, strings.Join(reporters, " or "))
		}
	}
	return nil
}

// annotate writes, with --reporter github, a GitHub Actions annotation for
// each failure of s, each at the line of the test file or the scenario it
// comes from (Suite.Where): on stdout, where the runner reads workflow
// commands, or on stderr with --json, which keeps stdout for its
// document (the runner reads both).
func (f *replayFlags) annotate(e *env, suite *replay.Suite, s *rpt.Summary) error {
	if !slices.Contains(f.reporter, reporterGitHub) {
		return nil
	}
	w := e.stdout
	if f.json {
		w = e.stderr
	}
	if err := rpt.WriteGitHub(w, s, suite.Where); err != nil {
		return fmt.Errorf("--reporter github: %w", err)
	}
	return nil
}
