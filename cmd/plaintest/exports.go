package main

// The formats a compile (or plaintest export) writes besides the Sandy
// scenario: a NanoClaw replay bundle, a Chungoid flow and a Playwright
// Test spec, each beside the scenario file with its own extension.

import (
	"context"
	"fmt"
	"github.com/plaintest/plaintest/compileout"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/chungoid"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/safefile"
	"github.com/plaintest/plaintest/nanoclaw"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/pwspec"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// The output formats.
const (
	formatSandy      = "sandy"
	formatNanoClaw   = "nanoclaw"
	formatChungoid   = "chungoid"
	formatPlaywright = "playwright"
)

var allFormats = []string{formatSandy, formatNanoClaw, formatChungoid, formatPlaywright}

// specConfig marks the Playwright Test config written beside a spec in
// the list of files written; it is no format of its own.
const specConfig = "playwright-config"

// formatNames say what each format's file is, for messages.
var formatNames = map[string]string{
	formatSandy:      "Sandy v2.1 scenario",
	formatNanoClaw:   "NanoClaw replay bundle",
	formatChungoid:   "Chungoid flow",
	formatPlaywright: "Playwright Test spec",
	specConfig:       "Playwright Test config: Chromium for every spec of the folder",
}

// parseFormats reads --format: a comma-separated list of allowed formats,
// or "all" (every one of them).
func parseFormats(s string, allowed []string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		switch {
		case f == "all":
			return allowed, nil
		case !slices.Contains(allowed, f):
			return nil, usageError("--format %q: want %s, or all", f, strings.Join(allowed, ", "))
		case !slices.Contains(out, f):
			out = append(out, f)
		}
	}
	return out, nil
}

// exportPath is where the file of format goes beside the scenario file
// out: mug.json gives mug.replay.json, mug.flow.yaml and mug.spec.ts.
func exportPath(out, format string) string {
	base := out
	if ext := filepath.Ext(out); strings.EqualFold(ext, ".json") {
		base = strings.TrimSuffix(out, ext)
	}
	switch format {
	case formatNanoClaw:
		return base + ".replay.json"
	case formatChungoid:
		return base + ".flow.yaml"
	case formatPlaywright:
		return base + ".spec.ts"
	}
	return out
}

// writeExport writes data to path atomically, making its folder.
func writeExport(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return safefile.Write(path, data, 0o644)
}

// exportFlow is the flow of sc, YAML or JSON by path's extension.
func exportFlow(sc *sandy.Scenario, path string) ([]byte, error) {
	return chungoid.FromScenario(sc).Marshal(strings.EqualFold(filepath.Ext(path), ".json"))
}

// writeSpecConfig writes pwspec's Playwright Test config beside the spec
// at path, unless its folder has a config already (the user's, or one
// written before), which is left as it is.
func writeSpecConfig(path string) ([]compileout.Written, error) {
	dir := filepath.Dir(path)
	has, err := pwspec.HasConfig(dir)
	if err != nil || has {
		return nil, err
	}
	config := filepath.Join(dir, pwspec.ConfigFile)
	if err := writeExport(config, pwspec.Config()); err != nil {
		return nil, err
	}
	return []compileout.Written{{Format: specConfig, Path: config}}, nil
}

// exportSpec is the spec of sc; intents are the compile's steps behind
// sc's steps, nil for a scenario read from a file.
func exportSpec(sc *sandy.Scenario, intents []step.Step) ([]byte, error) {
	return pwspec.Generate(sc, &pwspec.Options{Intents: intents, CreatedBy: "plaintest " + version})
}

// compileExports writes the formats asked for besides the Sandy scenario of
// a compile: the bundle of the run always (it records a partial run too),
// the flow and the spec only of a complete scenario.
func compileExports(formats []string, out string, res *parser.ParserResult, sc *sandy.Scenario, rec *nanoclaw.Recorder,
	instruction string, secrets map[string]string, w compileout.Saved) ([]compileout.Written, error) {
	var done []compileout.Written
	for _, f := range formats {
		var data []byte
		var err error
		path := exportPath(out, f)
		switch f {
		case formatNanoClaw:
			b := nanoclaw.Build(res.Compiled(), rec.Calls(), &nanoclaw.Options{Instruction: instruction, Secrets: secrets, Steps: len(sc.Steps), File: w.Path})
			data, err = b.Marshal()
		case formatChungoid, formatPlaywright:
			if res.Status != parser.Success {
				continue
			}
			if f == formatChungoid {
				data, err = exportFlow(sc, path)
			} else {
				var intents []step.Step
				for _, s := range res.Steps {
					intents = append(intents, s.Steps...)
				}
				data, err = exportSpec(sc, intents)
			}
		default:
			continue
		}
		if err != nil {
			// The scenario is written; what it holds has no form in f.
			return done, inputError(fmt.Errorf("no %s written:\n%w", formatNames[f], err))
		}
		if err := writeExport(path, data); err != nil {
			return done, environmentError(err)
		}
		done = append(done, compileout.Written{Format: f, Path: path})
		if f == formatPlaywright {
			config, err := writeSpecConfig(path)
			if err != nil {
				return done, environmentError(err)
			}
			done = append(done, config...)
		}
	}
	return done, nil
}

func printWritten(w io.Writer, files []compileout.Written) {
	for _, f := range files {
		fmt.Fprintf(w, "wrote %s (%s)\n", printable.String(f.Path), formatNames[f.Format])
	}
}

const exportHelp = `
Convert a Sandy scenario, without a browser, into a Chungoid flow (chungoid:
mug.flow.yaml, JSON when -o ends in .json) or a Playwright Test spec
(playwright: mug.spec.ts, and a playwright.config.ts unless its folder has
one), beside the scenario unless -o. A step it cannot read is named, and
nothing is written (exit 2).
  plaintest export --format playwright mug.json
Reference: docs/exports.md`

func runExport(ctx context.Context, e *env, args []string) error {
	var format, out string
	var allowPartial bool
	fs := newFlags(e, "export", "--format chungoid,playwright|all [-o FILE] SCENARIO.json", exportHelp)
	fs.StringVar(&format, "format", "", "`formats` to write: chungoid, playwright (comma-separated), or all")
	fs.StringVarP(&out, "output", "o", "", "output `file` (one format only; default beside the scenario)")
	fs.BoolVar(&allowPartial, "allow-partial", false, "export a partial scenario too")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError("export needs one scenario file (see plaintest export --help)")
	}
	if format == "" {
		return usageError("export needs --format chungoid, playwright or all")
	}
	if strings.Contains(strings.ToLower(format), formatNanoClaw) {
		return usageError("--format nanoclaw: a replay bundle records the calls and results of a compile run, which a scenario file does not hold; use plaintest compile --format nanoclaw")
	}
	formats, err := parseFormats(format, []string{formatChungoid, formatPlaywright})
	if err != nil {
		return err
	}
	if out != "" && len(formats) > 1 {
		return usageError("-o names one file: give one --format with it")
	}
	sc, err := sandy.Load(pos[0])
	if err != nil {
		printProblems(e.stderr, pos[0], err)
		return inputError(fmt.Errorf("%s is not a valid scenario", pos[0]))
	}
	if sc.Partial() && !allowPartial {
		return inputError(fmt.Errorf("%s: %s: export refuses it unless --allow-partial", pos[0], sc.PartialProblem()))
	}
	var done []compileout.Written
	for _, f := range formats {
		path := out
		if path == "" {
			path = exportPath(pos[0], f)
		}
		var data []byte
		if f == formatChungoid {
			data, err = exportFlow(sc, path)
		} else {
			data, err = exportSpec(sc, nil)
		}
		if err != nil {
			return inputError(fmt.Errorf("%s: no %s:\n%w", pos[0], formatNames[f], err))
		}
		if err := writeExport(path, data); err != nil {
			return environmentError(err)
		}
		done = append(done, compileout.Written{Format: f, Path: path})
		if f == formatPlaywright {
			config, err := writeSpecConfig(path)
			if err != nil {
				return environmentError(err)
			}
			done = append(done, config...)
		}
	}
	printWritten(e.stdout, done)
	return ctx.Err()
}
