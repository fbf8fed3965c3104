package main

// What a suite compile prints and writes when it ends: a line a test, the
// counts, --json, --junit and --report, and its exit.

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/plaintest/plaintest/internal/printable"
	rpt "github.com/plaintest/plaintest/report"
)

// suiteJSON is a suite compile's --json document.
type suiteJSON struct {
	Success  bool            `json:"success"`
	Counts   map[string]int  `json:"counts"`
	Tests    []suiteTestJSON `json:"tests"`
	Orphaned []string        `json:"orphaned"`
	Duration int64           `json:"duration_ms"`
}

type suiteTestJSON struct {
	File     string `json:"file"`
	Name     string `json:"name,omitempty"`
	Status   string `json:"status"`
	Scenario string `json:"scenario,omitempty"`
	Error    string `json:"error,omitempty"`
	Duration int64  `json:"duration_ms"`
}

// suiteResult prints the end of a suite compile, writes what its flags ask
// for, and chooses its exit: 1 when a test did not compile (failed or
// partial), else 2 when a test file was refused, else 0.
func (f *compileFlags) suiteResult(e *env, progress io.Writer, tests []*suiteTest, orphans []string, d time.Duration) error {
	counts := map[string]int{}
	doc := suiteJSON{Tests: []suiteTestJSON{}, Orphaned: orphans, Duration: d.Milliseconds()}
	if doc.Orphaned == nil {
		doc.Orphaned = []string{}
	}
	var runs []*rpt.RunResult
	for _, t := range tests {
		counts[t.status]++
		tj := suiteTestJSON{File: t.file.Path, Status: t.status, Duration: t.duration.Milliseconds()}
		if t.sc != nil {
			tj.Name = t.sc.Name
		}
		if t.status == suiteCompiled || t.status == suiteUnchanged {
			tj.Scenario = t.out
		}
		if t.status == suitePartial {
			tj.Scenario = t.saved.path
		}
		if t.err != nil {
			tj.Error = t.err.Error()
		}
		doc.Tests = append(doc.Tests, tj)
		runs = append(runs, t.run(f.report))
		line := fmt.Sprintf("%-9s %s", t.status, t.file.Path)
		if tj.Name != "" {
			line += ": " + tj.Name
		}
		if tj.Scenario != "" {
			line += " → " + tj.Scenario
		}
		if tj.Error != "" {
			line += ": " + tj.Error
		}
		fmt.Fprintln(progress, printable.String(line))
	}
	for _, o := range orphans {
		fmt.Fprintln(progress, printable.String(fmt.Sprintf("%-9s %s: its test is gone (remove it, or restore its test)", "orphaned", o)))
	}
	doc.Counts = counts
	doc.Success = counts[suitePartial]+counts[suiteFailed]+counts[suiteRefused] == 0
	fmt.Fprintf(progress, "suite: %d test(s): %d compiled, %d unchanged, %d partial, %d failed, %d refused; %d orphaned (%.1fs)\n",
		len(tests), counts[suiteCompiled], counts[suiteUnchanged], counts[suitePartial], counts[suiteFailed], counts[suiteRefused], len(orphans), d.Seconds())
	if counts[suiteUnchanged] == len(tests) {
		fmt.Fprintln(progress, "nothing compiled: every test is unchanged since its scenario was written (--force compiles them again)")
	}
	if f.json {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(doc); err != nil {
			return err
		}
	}
	out := summaryOut{junit: f.junit, report: f.report, suite: "plaintest compile", title: "plaintest compile", reportDir: f.report}
	if err := out.write(e, progress, nil, rpt.NewSummary(runs, d), time.Now().Add(-d)); err != nil {
		return err
	}
	switch {
	case counts[suitePartial]+counts[suiteFailed] > 0:
		return failed(fmt.Errorf("%d of %d test(s) did not compile", counts[suitePartial]+counts[suiteFailed]+counts[suiteRefused], len(tests)))
	case counts[suiteRefused] > 0:
		return inputError(fmt.Errorf("%d of %d test(s) refused", counts[suiteRefused], len(tests)))
	}
	return nil
}

// run is the test as a report's run: its compile's, or, for a test not
// compiled this time, its status alone.
func (t *suiteTest) run(reportDir string) *rpt.RunResult {
	if t.res != nil {
		r := compileRun(t.res, t.out, reportDir)
		if t.saved.partial {
			r.File = t.saved.path
		}
		return r
	}
	r := &rpt.RunResult{Scenario: t.file.Path, File: t.out, Success: t.status == suiteUnchanged, Steps: []rpt.StepResult{}}
	if t.sc != nil {
		r.Scenario = t.sc.Name
	}
	if t.err != nil {
		r.Error = t.err.Error()
	}
	return r
}
