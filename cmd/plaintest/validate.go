package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/sandy"
)

const validateHelp = `
Check Sandy scenario files (or directories of *.json files) without running
them. Every problem in a file is reported at once, each with its JSON path:

  login.json: steps[3].on_error: must be stop, skip or retry

Malformed JSON is reported with its line and column. Exit 0 when every file
is valid, 2 when one is not.`

func runValidate(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "validate", "FILE|DIR...", validateHelp)
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
	bad := 0
	for _, file := range files {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		sc, err := sandy.Load(file)
		if err == nil {
			fmt.Fprintf(e.stdout, "%s: ok (%d %s)\n", printable.String(file), len(sc.Steps), pluralWord(len(sc.Steps), "step", "steps"))
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
			pluralWord(len(files), "file is", "files are"))}
	}
	return nil
}
