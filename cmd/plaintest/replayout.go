package main

// What replay writes when its runs end (--json, -o, --junit, --report,
// heal proposals), and its exit.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/plaintest/plaintest/heal"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/safefile"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/replay/tracing"
	rpt "github.com/plaintest/plaintest/report" // main has a func report
	"github.com/plaintest/plaintest/sandy"
)

// summaryOut is what a command that prints a summary is asked to write
// of it: the --json document on stdout, -o FILE (the document, else the
// console log kept in saved), --junit (suite named so; "" is rpt's
// default) with its --report folder, and --report's HTML report (titled
// so).
type summaryOut struct {
	json                         bool
	output, junit, report, suite string
	title, reportDir             string
}

// writeResults writes what the flags ask for of the summary.
func (f *replayFlags) writeResults(e *env, out io.Writer, saved *bytes.Buffer, summary *rpt.Summary, started time.Time) error {
	return summaryOut{json: f.json, output: f.output, junit: f.junit, report: f.report,
		title: "plaintest replay", reportDir: f.evidenceDir()}.write(e, out, saved, summary, started)
}

// write writes what o asks for of s, each file named on out.
func (o summaryOut) write(e *env, out io.Writer, saved *bytes.Buffer, s *rpt.Summary, started time.Time) error {
	if o.json {
		w := io.Writer(e.stdout)
		if o.output != "" {
			w = io.MultiWriter(e.stdout, saved)
		}
		if err := rpt.WriteJSON(w, s); err != nil {
			return err
		}
	}
	if o.output != "" {
		if err := writeOutput(o.output, saved.Bytes()); err != nil {
			return err
		}
	}
	if o.junit != "" {
		if err := writeJUnit(o.junit, s, &rpt.JUnitOptions{Suite: o.suite, Timestamp: started, ReportDir: o.reportDir}); err != nil {
			return err
		}
	}
	if o.report != "" {
		path, err := rpt.WriteHTMLFile(o.report, s, &rpt.HTMLOptions{Title: o.title, Generated: started})
		if err != nil {
			return fmt.Errorf("--report: %w", err)
		}
		fmt.Fprintf(out, "report: %s\n", printable.String(path))
	}
	return nil
}

// writeHeals writes the proposal of every HEALED run beside its scenario
// (FILE.healed.json and FILE.healed.diff; with accept, FILE itself is
// replaced) and says where on stderr.
func writeHeals(e *env, suite *replay.Suite, results []*rpt.RunResult, accept bool) error {
	for _, r := range results {
		if r == nil || !r.Healed() {
			continue
		}
		if !slices.Contains(suite.Files, r.File) {
			continue
		}
		p, err := heal.Write(r.File, r.Heals, accept)
		if err != nil {
			return fmt.Errorf("--heal: %w", err)
		}
		if accept {
			fmt.Fprintf(e.stderr, "healed %s in place (diff: %s)\n", p.File, p.Diff)
		} else {
			fmt.Fprintf(e.stderr, "proposed %s (diff: %s); nothing else changed: --heal=accept replaces the scenario\n", p.Healed, p.Diff)
		}
	}
	return nil
}

// replayOutcome chooses the exit: interrupted, then bad input (2), then an
// unreachable server (3), then a failed scenario (1).
func replayOutcome(ctx context.Context, s *rpt.Summary, errs []error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted: %w", context.Canceled)
	}
	var input, environment []error
	for _, err := range errs {
		switch {
		case err == nil:
		case errors.Is(err, sandy.ErrInvalid), errors.Is(err, mcpclient.ErrNoServer), errors.Is(err, tracing.ErrUnsupported):
			input = append(input, err)
		case errors.Is(err, mcpclient.ErrUnavailable):
			environment = append(environment, err)
		case errors.Is(err, context.Canceled):
		default:
			environment = append(environment, err)
		}
	}
	switch {
	case len(input) > 0:
		return inputError(errors.Join(input...))
	case len(environment) > 0:
		return environmentError(errors.Join(environment...))
	case !s.Success && s.Failed == 0 && s.Healed > 0:
		return healedError(fmt.Errorf("%d of %d %s HEALED: every step ran, %s on a new target; the proposed scenarios are beside them",
			s.Healed, s.Total, rpt.Plural(s.Total, "scenario", "scenarios"), rpt.Plural(s.Healed, "one", "some")))
	case !s.Success:
		var names []string
		for _, r := range s.Scenarios {
			if !r.Success {
				names = append(names, r.File+": "+rpt.FirstLine(r.Error))
			}
		}
		return failed(fmt.Errorf("%d of %d %s failed: %s", s.Failed, s.Total,
			rpt.Plural(s.Total, "scenario", "scenarios"), strings.Join(names, "; ")))
	}
	return nil
}

// writeOutput replaces the file at path (-o) with b, atomically.
func writeOutput(path string, b []byte) error {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("-o: %w", err)
		}
	}
	if err := safefile.Write(path, b, 0o644); err != nil {
		return fmt.Errorf("-o %s: %w", path, err)
	}
	return nil
}

// writeJUnit replaces the file at path with the JUnit XML of s, atomically:
// a failed write leaves the previous report as it was.
// Screenshots are attached from reportDir.
func writeJUnit(path string, s *rpt.Summary, opts *rpt.JUnitOptions) error {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("--junit: %w", err)
		}
	}
	f, err := safefile.Create(path, 0o644)
	if err != nil {
		return fmt.Errorf("--junit: %w", err)
	}
	defer f.Close()
	if err := rpt.WriteJUnit(f, s, opts); err != nil {
		return fmt.Errorf("--junit %s: %w", path, err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("--junit: %w", err)
	}
	return nil
}
