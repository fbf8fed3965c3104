package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/replay"
	rpt "github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

const validateHelp = `
Check Sandy scenario files (or directories of *.json files) without running
them. Every problem in a file is reported at once, each with its JSON path:

  login.json: steps[3].on_error: must be stop, skip or retry

A {{NAME}} that the file's "variables" do not declare is a problem too,
unless --env FILE or --var defines it, as they would for replay. Required
(empty) variables need no value here. Malformed JSON, and a file that is not
UTF-8, are reported with their line and column. A partial scenario (one
whose compile stopped early: "status": "partial" in its metadata) is not
valid either, since replay refuses it, unless --allow-partial:

  mug.partial.json: metadata.status: partial (compile stopped at action 4 of 6 ("click Pay"): ...): replay refuses it unless --allow-partial

What replay would refuse before starting is reported too: a file argument
outside the files folder (--files, as for replay), and a call to
browser_run_code_unsafe without --allow-unsafe-code.

Exit 0 when every file is valid, 2 when one is not.`

func runValidate(ctx context.Context, e *env, args []string) error {
	var vars kvFlag
	var envFile string
	var allowPartial, unsafe bool
	var filesDir string
	fs := newFlags(e, "validate", "FILE|DIR... [flags]", validateHelp)
	fs.Var(&vars, "var", "a variable the run will be given, NAME=VALUE (repeatable)")
	fs.StringVar(&envFile, "env", "", "read the variables the run will be given from a dotenv `FILE`")
	fs.BoolVar(&allowPartial, "allow-partial", false, "accept partial scenarios (reported as ok, partial)")
	fs.StringVar(&filesDir, "files", replay.DefaultFiles, "the `DIR` replay will confine the scenarios' files to")
	fs.BoolVar(&unsafe, "allow-unsafe-code", false, "accept calls to browser_run_code_unsafe")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageError("validate needs scenario files or directories (see plaintest validate --help)")
	}
	files, err := scenarioFiles(pos)
	if err != nil {
		return err
	}
	layers, err := varLayers(envFile, vars)
	if err != nil {
		return err
	}
	bad := 0
	for _, file := range files {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		sc, err := sandy.LoadWithVars(file, layers...)
		if err == nil {
			err = replay.Preflight(file, sc, &replay.Options{Files: filesDir, AllowUnsafeCode: unsafe})
		}
		switch {
		case err == nil && sc.Partial() && !allowPartial:
			bad++
			fmt.Fprintf(e.stdout, "%s: replay refuses it unless --allow-partial\n", printable.String(partialProblem(file, sc)))
			continue
		case err == nil && sc.Partial():
			fmt.Fprintf(e.stdout, "%s: ok, partial (%d %s): %s\n", printable.String(file), len(sc.Steps), rpt.Plural(len(sc.Steps), "step", "steps"), printable.String(sc.Metadata.StatusDetail))
			continue
		case err == nil:
			fmt.Fprintf(e.stdout, "%s: ok (%d %s)\n", printable.String(file), len(sc.Steps), rpt.Plural(len(sc.Steps), "step", "steps"))
			continue
		}
		bad++
		// A problem quotes the file's own text: printed through printable.String.
		var ve *sandy.ValidationError
		switch {
		case errors.As(err, &ve):
			for _, p := range ve.Problems {
				fmt.Fprintln(e.stdout, printable.String(fmt.Sprintf("%s: %s", file, p)))
			}
		default: // a *sandy.DecodeError already says file:line:col, others say what failed
			fmt.Fprintln(e.stdout, printable.String(err.Error()))
		}
	}
	if bad > 0 {
		return &exitError{code: exitInput, err: fmt.Errorf("%d of %d %s invalid", bad, len(files),
			rpt.Plural(len(files), "file is", "files are"))}
	}
	return nil
}

// partialProblem names a partial scenario file, its metadata field and
// where its compile stopped: "mug.partial.json: metadata.status: partial
// (compile stopped at ...)".
func partialProblem(file string, sc *sandy.Scenario) string {
	msg := file + ": metadata.status: " + sandy.StatusPartial
	if d := sc.Metadata.StatusDetail; d != "" {
		msg += " (" + d + ")"
	}
	return msg
}
