package main

// What a suite compile prints and writes when it ends, and its exit.

import (
	"fmt"
	"io"
	"strings"
	"time"

	rpt "github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/suite"
)

// suiteResult prints the end of a suite compile, writes what its flags ask
// for, and chooses its exit: 1 when a test did not compile (failed or
// partial), else 2 when a test file was refused, else 0.
func (f *compileFlags) suiteResult(e *env, progress io.Writer, tests []*suiteTest, orphans []string, d time.Duration) error {
	var outcomes []suite.Outcome
	var runs []*rpt.RunResult
	for _, t := range tests {
		o := suite.Outcome{File: t.File.Path, Status: t.Status, Duration: t.Duration.Milliseconds()}
		if t.Scenario != nil {
			o.Name = t.Scenario.Name
		}
		switch t.Status {
		case suite.StatusCompiled, suite.StatusUnchanged:
			o.Scenario = t.Out
		case suite.StatusPartial:
			o.Scenario = t.saved.path
		}
		if t.Err != nil {
			o.Error = strings.TrimPrefix(t.Err.Error(), t.File.Path+": ") // the line names the file
		}
		outcomes = append(outcomes, o)
		runs = append(runs, t.run(f.report))
	}
	res := suite.NewResult(outcomes, orphans, d)
	res.WriteText(progress)
	if f.json {
		if err := res.WriteJSON(e.stdout); err != nil {
			return err
		}
	}
	out := summaryOut{junit: f.junit, report: f.report, suite: "plaintest compile", title: "plaintest compile", reportDir: f.report}
	if err := out.write(e, progress, nil, rpt.NewSummary(runs, d), time.Now().Add(-d)); err != nil {
		return err
	}
	switch c := res.Counts; {
	case c[suite.StatusPartial]+c[suite.StatusFailed] > 0:
		return failed(fmt.Errorf("%d of %d test(s) did not compile", res.NotCompiled(), len(tests)))
	case c[suite.StatusRefused] > 0:
		return inputError(fmt.Errorf("%d of %d test(s) refused", c[suite.StatusRefused], len(tests)))
	}
	return nil
}

// run is the test as a report's run: its compile's, or, for a test not
// compiled this time, its status alone.
func (t *suiteTest) run(reportDir string) *rpt.RunResult {
	if t.res != nil {
		r := compileRun(t.res, t.Out, reportDir)
		if t.saved.partial {
			r.File = t.saved.path
		}
		return r
	}
	r := &rpt.RunResult{Scenario: t.File.Path, File: t.Out, Success: t.Status == suite.StatusUnchanged, Steps: []rpt.StepResult{}}
	if t.Scenario != nil {
		r.Scenario = t.Scenario.Name
	}
	if t.Err != nil {
		r.Error = t.Err.Error()
	}
	return r
}
