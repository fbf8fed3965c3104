package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/plaintest/plaintest/chungoid"
	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/textpos"
	"github.com/plaintest/plaintest/nanoclaw"
	"github.com/plaintest/plaintest/replay"
	rpt "github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

const validateHelp = `
Check Sandy scenarios without running them, and NanoClaw bundles and Chungoid
flows named as files: every problem of a file at once, each with its JSON path
and its line with a caret under the value (exit 2):

  login.json: steps[3].on_error: unknown value "explode" (want stop, skip or retry)
    --> login.json:9:51
      9 |     {"step": 4, "tool": "sandy__log", "on_error": "explode"},
        |                                                   ^

What replay would refuse before starting is a problem too: give validate the
flags the run will have. Reference: docs/replay.md, docs/exports.md (bundles
and flows), docs/security.md (what replay refuses)`

func runValidate(ctx context.Context, e *env, args []string) error {
	var vars kvFlag
	var envFile string
	var allowPartial, unsafe, chrome bool
	var filesDir string
	fs := newFlags(e, "validate", "FILE|DIR... [flags]", validateHelp)
	fs.Var(&vars, "var", "a variable the run will be given (repeatable)")
	fs.StringVar(&envFile, "env", "", "the dotenv `FILE` the run will be given")
	fs.BoolVar(&allowPartial, "allow-partial", false, "accept partial scenarios (listed as ok, partial)")
	fs.StringVar(&filesDir, "files", replay.DefaultFiles, "the files folder `DIR` the run will be given")
	fs.BoolVar(&unsafe, "allow-unsafe-code", false, "accept calls to browser_run_code_unsafe")
	fs.BoolVar(&chrome, chromeBridgeFlag, false, "accept claude-in-chrome steps")
	var fileURLs fileURLsFlag
	fileURLs.add(fs, "in each scenario's folder")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageError("validate needs scenario files or directories (see plaintest validate --help)")
	}
	files, skipped, err := replay.Scan(pos)
	if err != nil {
		return usageError("%v", err)
	}
	sayPassedOver(e, skipped)
	layers, err := varLayers(envFile, vars)
	if err != nil {
		return err
	}
	bad := 0
	for _, file := range files {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if ok, handled := validateOther(e.stdout, file); handled {
			if !ok {
				bad++
			}
			continue
		}
		sc, err := sandy.LoadWithVars(file, layers...)
		if err == nil {
			err = replay.Preflight(file, sc, &replay.Options{Files: namedFolder(fs, "files", filesDir), AllowUnsafeCode: unsafe,
				AllowFileURLs: fileURLs.on, FileURLRoot: fileURLs.dir, AllowChromeBridge: chrome})
		}
		if err == nil {
			if problems := commandgen.RecordProblems(sc); len(problems) > 0 {
				err = &sandy.ValidationError{File: file, Problems: problems}
			}
		}
		switch {
		case err == nil && sc.Partial() && !allowPartial:
			bad++
			fmt.Fprintf(e.stdout, "%s: replay refuses it unless --allow-partial\n", printable.String(file+": "+sc.PartialProblem().String()))
			continue
		case err == nil && sc.Partial():
			fmt.Fprintf(e.stdout, "%s: ok, partial (%d %s): %s\n", printable.String(file), len(sc.Steps), rpt.Plural(len(sc.Steps), "step", "steps"), printable.String(sc.Metadata.StatusDetail))
			continue
		case err == nil:
			fmt.Fprintf(e.stdout, "%s: ok (%d %s)\n", printable.String(file), len(sc.Steps), rpt.Plural(len(sc.Steps), "step", "steps"))
			continue
		}
		bad++
		printProblems(e.stdout, file, err)
	}
	if bad > 0 {
		return inputError(fmt.Errorf("%d of %d %s invalid", bad, len(files),
			rpt.Plural(len(files), "file is", "files are")))
	}
	return nil
}

// validateOther checks file when it is a NanoClaw replay bundle or a
// Chungoid flow (handled), printing its problems or that it is ok.
func validateOther(w io.Writer, file string) (ok, handled bool) {
	ext := strings.ToLower(filepath.Ext(file))
	data, err := sandy.ReadFile(file)
	if err != nil {
		return false, false // the scenario path says why
	}
	type located struct {
		msg       string
		line, col int
		excerpt   string
	}
	var problems []located
	kind := ""
	switch {
	case ext == ".json" && nanoclaw.Looks(data):
		kind = "NanoClaw replay bundle"
		for _, p := range nanoclaw.Validate(data) {
			l := located{msg: p.String()}
			if p.Path != "" {
				l.line, l.col, l.excerpt = sandy.Locate(data, p.Path)
			}
			problems = append(problems, l)
		}
	case ext == ".yaml" || ext == ".yml" || ext == ".json" && chungoid.Looks(data):
		kind = "Chungoid flow"
		for _, p := range chungoid.Validate(data, ext == ".json") {
			l := located{msg: p.String(), line: p.Line, col: p.Col}
			if p.Line > 0 {
				text, _, _ := textpos.LineAt(data, lineStart(data, p.Line))
				l.excerpt = textpos.Caret(p.Line, text, p.Col)
			}
			problems = append(problems, l)
		}
	default:
		return false, false
	}
	if len(problems) == 0 {
		fmt.Fprintf(w, "%s: ok (%s)\n", printable.String(file), kind)
		return true, true
	}
	for _, p := range problems {
		fmt.Fprintln(w, printable.String(file+": "+p.msg))
		if p.line > 0 {
			fmt.Fprintf(w, "  --> %s:%d:%d\n%s\n", printable.String(file), p.line, p.col, p.excerpt)
		}
	}
	return false, true
}

// lineStart is the byte offset where line n (1-based) of data starts.
func lineStart(data []byte, n int) int {
	off := 0
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(data[off:], '\n')
		if j < 0 {
			return off
		}
		off += j + 1
	}
	return off
}

// printProblems writes every problem of a file that is not valid: one line
// each, and under it where in the file it is, as compilers show it:
//
//	bad.json: steps[0].on_error: unknown value "explode" (want stop, skip or retry)
//	  --> bad.json:3:51
//	    3 |     {"step": 1, "tool": "sandy__log", "on_error": "explode"}]}
//	      |                                                   ^
//
// A problem quotes the file's own text: it is printed through
// printable.String (the excerpt is printable already).
func printProblems(w io.Writer, file string, err error) {
	var ve *sandy.ValidationError
	var de *sandy.DecodeError
	switch {
	case errors.As(err, &ve):
		src, _ := sandy.ReadFile(file) // read again only to point into it
		for _, p := range ve.Problems {
			fmt.Fprintln(w, printable.String(fmt.Sprintf("%s: %s", file, p)))
			if p.Path != "" && src != nil {
				line, col, excerpt := sandy.Locate(src, p.Path)
				fmt.Fprintf(w, "  --> %s:%d:%d\n%s\n", printable.String(file), line, col, excerpt)
			}
		}
		if more := ve.MoreLine(); more != "" {
			fmt.Fprintln(w, printable.String(file+": "+more))
		}
	case errors.As(err, &de): // its one line says file:line:col
		fmt.Fprintf(w, "%s\n%s\n", printable.String(err.Error()), de.Excerpt)
	default: // it says what failed
		fmt.Fprintln(w, printable.String(err.Error()))
	}
}

// sayPassedOver lists, on stderr, the files of the directories given that
// are not scenarios to replay: heal proposals (*.healed.json), partial
// scenarios (*.partial.json) and replay bundles (*.replay.json).
func sayPassedOver(e *env, skipped []string) {
	if len(skipped) == 0 {
		return
	}
	fmt.Fprintf(e.stderr, "passed over %d %s that %s not scenarios to replay (heal proposals, partial scenarios, replay bundles; name one to take it): %s\n",
		len(skipped), rpt.Plural(len(skipped), "file", "files"), rpt.Plural(len(skipped), "is", "are"), printable.String(strings.Join(skipped, ", ")))
}
