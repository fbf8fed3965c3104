package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/plaintest/plaintest/internal/safefile"
	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/internal/textpos"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/replay"
	rpt "github.com/plaintest/plaintest/report" // main has a func report
	"github.com/plaintest/plaintest/sandy"
)

func init() {
	// A scenario naming a server the MCP config does not have is bad input.
	extraExitCodes = append(extraExitCodes, struct {
		err  error
		code int
	}{mcpclient.ErrNoServer, exitInput})
}

const replayHelp = `
Replay Sandy v2.1 scenarios (files, or directories of *.json files) with no
model: each step's MCP tool call is made as written, with {{variables}}
filled in. Every scenario runs in its own isolated browser.

Servers: mcp__<server>__tool picks <server> from the MCP config (--config,
else $SANDY_CONFIG, ./.sandy/config.json, the Claude Desktop config,
~/.cursor/mcp.json, ~/.sandy/config.json). "playwright" is the bundled,
pinned @playwright/mcp when the config does not name it.

Variables: the scenario's own, then --env FILE, then --var (later wins). A
variable the scenario declares empty is required. A {{NAME}} in any step
(selected by --start/--end or not) that none of them defines is refused
before anything runs.

--start N and --end N run the steps numbered N or more and N or less; step
numbers increase in the order steps run, so that is one run of steps.

A partial scenario (its compile stopped early: "status": "partial" in its
metadata, as in the mug.partial.json compile writes) is refused before
anything runs, unless --allow-partial; then its result line, the --json
result ("partial": true) and the JUnit test case (property partial=true)
say it is partial.

A step whose target is not on the page yet is retried until --timeout before
it fails. On a failure, a screenshot and the page snapshot are saved in the
report directory.

Exit codes: 0 every scenario passed, 1 one failed, 2 bad input (flags, a
scenario file, a missing variable, an unknown server), 3 an MCP server or
the browser could not be started or was lost.`

// replayFlags are the flags of plaintest replay.
type replayFlags struct {
	vars     kvFlag
	envFile  string
	config   string
	mcp      string
	start    int
	end      int
	dryRun   bool
	json     bool
	junit    string
	report   string
	parallel int
	shard    string
	timeout  time.Duration
	nav      time.Duration
	files    string
	unsafe   bool
	headed   bool
	verbose  bool
	partial  bool // --allow-partial
}

func runReplay(ctx context.Context, e *env, args []string) error {
	var f replayFlags
	fs := newFlags(e, "replay", "FILE|DIR... [flags]", replayHelp)
	fs.Var(&f.vars, "var", "set a variable, NAME=VALUE (repeatable)")
	fs.StringVar(&f.envFile, "env", "", "read variables from a dotenv `FILE`")
	fs.StringVar(&f.config, "config", "", "MCP config `FILE` (default: discovered)")
	fs.StringVar(&f.mcp, "mcp", "", "config server `NAME` that serves mcp__playwright__ steps")
	fs.IntVar(&f.start, "start", 0, "first step `N` to run (by step number)")
	fs.IntVar(&f.end, "end", 0, "last step `N` to run (by step number)")
	fs.BoolVar(&f.dryRun, "dry-run", false, "resolve variables and print the calls; start no server")
	fs.BoolVar(&f.json, "json", false, "write the result as JSON on stdout (progress goes to stderr)")
	fs.StringVar(&f.junit, "junit", "", "write JUnit XML to `FILE`")
	fs.StringVar(&f.report, "report", "", "`DIR` for failure screenshots and snapshots (default: beside --junit, else .sandy/reports)")
	fs.IntVar(&f.parallel, "parallel", 1, "run `N` scenarios at once")
	fs.StringVar(&f.shard, "shard", "", "run only shard `I/N` of the scenarios (1 <= I <= N)")
	fs.DurationVar(&f.timeout, "timeout", replay.DefaultTimeout, "how long a step waits for its target")
	fs.DurationVar(&f.nav, "nav-timeout", mcpclient.DefaultNavTimeout, "how long a page may take to load (bundled browser server)")
	fs.StringVar(&f.files, "files", replay.DefaultFiles, "the only `DIR` a scenario may read and write files in (screenshots, uploads, sandy__append_file)")
	fs.BoolVar(&f.unsafe, "allow-unsafe-code", false, "let scenarios call browser_run_code_unsafe, which runs any code on this machine")
	fs.BoolVar(&f.headed, "headed", false, "show the browser of the bundled @playwright/mcp")
	fs.BoolVar(&f.verbose, "v", false, "log server and retry details to stderr")
	fs.BoolVar(&f.partial, "allow-partial", false, "replay partial scenarios too (labelled partial in every report)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageError("replay needs scenario files or directories (see plaintest replay --help)")
	}
	if err := f.check(); err != nil {
		return err
	}
	files, err := scenarioFiles(pos)
	if err != nil {
		return err
	}
	if f.shard != "" {
		files = shardOf(files, f.shard)
		if len(files) == 0 {
			fmt.Fprintf(e.stderr, "shard %s has no scenarios\n", f.shard)
			return nil
		}
	}

	layers, err := varLayers(f.envFile, f.vars)
	if err != nil {
		return err
	}

	out := e.stdout
	if f.json {
		out = e.stderr
	}
	onTTY := e.tty && !f.json
	console := rpt.NewConsole(out, &rpt.ConsoleOptions{
		Color:  onTTY,
		Live:   onTTY && (f.parallel == 1 || len(files) == 1),
		Prefix: f.parallel > 1 && len(files) > 1,
	})

	opts := &replay.Options{
		Vars:            layers,
		Timeout:         f.timeout,
		NavTimeout:      f.nav,
		Files:           f.files,
		AllowUnsafeCode: f.unsafe,
		Start:           f.start,
		End:             f.end,
		DryRun:          f.dryRun,
		Progress:        console.Step,
		EvidenceDir:     f.evidenceDir(),
	}
	scenarios, err := loadScenarios(files, opts, f.partial)
	if err != nil {
		return err
	}
	logger := slog.New(slog.DiscardHandler)
	if f.verbose {
		// A server's messages and stderr may echo what it was sent.
		logger = slog.New(secret.Handler(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelDebug}),
			secret.All(secretsOf(scenarios, layers), rpt.Mask)))
	}
	opts.Logger = logger
	var servers replay.Servers
	if !f.dryRun {
		cfg, err := mcpclient.Discover(f.config)
		if err != nil {
			return usageError("%v", err)
		}
		pw := mcpclient.BundledOptions(f.timeout, f.nav)
		pw.Headed = f.headed
		servers = &replay.ConfigServers{Config: cfg, Browser: f.mcp, Playwright: pw,
			Session: &mcpclient.Options{Logger: logger}}
	}
	player := replay.New(servers, opts)

	started := time.Now()
	results, errs := playAll(ctx, player, files, scenarios, f.parallel, console)
	summary := rpt.NewSummary(results, time.Since(started))
	if len(files) > 1 {
		console.Summary(summary)
	}
	if f.json {
		if err := rpt.WriteJSON(e.stdout, summary); err != nil {
			return err
		}
	}
	if f.junit != "" {
		if err := writeJUnit(f.junit, summary, started); err != nil {
			return err
		}
	}
	return replayOutcome(ctx, summary, errs)
}

func (f *replayFlags) check() error {
	switch {
	case f.parallel < 1:
		return usageError("--parallel %d: want 1 or more", f.parallel)
	case f.start < 0 || f.end < 0:
		return usageError("--start and --end are step numbers, 1 or more")
	case f.end > 0 && f.start > f.end:
		return usageError("--start %d is after --end %d", f.start, f.end)
	case f.timeout <= 0:
		return usageError("--timeout %v: want a positive duration such as 5s", f.timeout)
	case f.nav <= 0:
		return usageError("--nav-timeout %v: want a positive duration such as 30s", f.nav)
	case strings.TrimSpace(f.files) == "":
		return usageError("--files: want a folder")
	}
	if f.shard != "" {
		if _, _, err := parseShard(f.shard); err != nil {
			return err
		}
	}
	return nil
}

// varLayers returns the variables of the --env file envFile (none when ""),
// then those of --var, lowest precedence first. A --var value that is not
// UTF-8 is refused with its byte offset (and not shown: it may be a secret).
func varLayers(envFile string, vars kvFlag) ([]map[string]string, error) {
	for _, k := range vars.keys {
		if bad := textpos.InvalidUTF8([]byte(vars.values[k])); bad >= 0 {
			return nil, usageError("--var %s: invalid UTF-8 at byte %d of the value", k, bad)
		}
	}
	var layers []map[string]string
	if envFile != "" {
		env, err := sandy.LoadDotenv(envFile)
		if err != nil {
			if errors.Is(err, sandy.ErrInvalid) {
				return nil, err
			}
			return nil, usageError("--env: %v", err)
		}
		layers = append(layers, env)
	}
	if len(vars.values) > 0 {
		layers = append(layers, vars.values)
	}
	return layers, nil
}

// evidenceDir is --report, else the directory of --junit, else .sandy/reports.
func (f *replayFlags) evidenceDir() string {
	switch {
	case f.report != "":
		return f.report
	case f.junit != "":
		return filepath.Dir(f.junit)
	}
	return filepath.Join(".sandy", "reports")
}

// scenarioFiles expands the arguments: a directory gives its *.json files
// (recursively, sorted); a file is taken as it is. Duplicates are dropped.
func scenarioFiles(args []string) ([]string, error) {
	var files []string
	seen := map[string]bool{}
	add := func(p string) {
		if key := filepath.Clean(p); !seen[key] {
			seen[key] = true
			files = append(files, p)
		}
	}
	for _, arg := range args {
		fi, err := os.Stat(arg)
		if err != nil {
			return nil, usageError("%v", err)
		}
		if !fi.IsDir() {
			add(arg)
			continue
		}
		var found []string
		err = filepath.WalkDir(arg, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".json") {
				found = append(found, p)
			}
			return nil
		})
		if err != nil {
			return nil, usageError("%v", err)
		}
		if len(found) == 0 {
			return nil, usageError("%s: no .json scenario files", arg)
		}
		slices.Sort(found)
		for _, p := range found {
			add(p)
		}
	}
	return files, nil
}

// parseShard reads "I/N" with 1 <= I <= N.
func parseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, usageError("--shard %q: want I/N with 1 <= I <= N, e.g. 2/4", s)
	}
	return i, n, nil
}

// shardOf keeps the files of shard "I/N": the I-th of every N, counting in
// the order the files were given (directories expanded in sorted order).
// Every machine given the same arguments computes the same split, the
// shards together cover every file once, and their sizes differ by at most
// one.
func shardOf(files []string, shard string) []string {
	i, n, _ := parseShard(shard)
	var out []string
	for k, f := range files {
		if k%n == i-1 {
			out = append(out, f)
		}
	}
	return out
}

// secretsOf lists the values every scenario masks, given the variable
// layers.
func secretsOf(scenarios []*sandy.Scenario, layers []map[string]string) []string {
	var all []string
	for _, sc := range scenarios {
		all = append(all, sandy.NewVars(sc.Variables, layers...).Secrets()...)
	}
	return all
}

// loadScenarios loads every file and checks, before anything runs, what
// the player would refuse: partial scenarios unless allowPartial, variables
// (a {{NAME}} nothing defines, a required variable not given), unsafe code
// and files outside the files folder. It reports every bad file at once.
func loadScenarios(files []string, opts *replay.Options, allowPartial bool) ([]*sandy.Scenario, error) {
	scenarios := make([]*sandy.Scenario, len(files))
	var problems []error
	for i, file := range files {
		sc, err := sandy.LoadWithVars(file, opts.Vars...)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		if sc.Partial() && !allowPartial {
			problems = append(problems, errors.New(partialProblem(file, sc)+": refused; replay it anyway with --allow-partial"))
			continue
		}
		if err := errors.Join(replay.CheckVars(file, sc, opts.Vars...), replay.Preflight(file, sc, opts)); err != nil {
			problems = append(problems, err)
			continue
		}
		scenarios[i] = sc
	}
	if len(problems) > 0 {
		return nil, &exitError{code: exitInput, err: errors.Join(problems...)}
	}
	return scenarios, nil
}

// playAll runs the scenarios, parallel at a time, and returns their results
// in file order with the error of each run (nil for a run that could run).
func playAll(ctx context.Context, p *replay.Player, files []string, scenarios []*sandy.Scenario, parallel int, console *rpt.Console) ([]*rpt.RunResult, []error) {
	results := make([]*rpt.RunResult, len(files))
	errs := make([]error, len(files))
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for i := range files {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			res, err := p.Run(ctx, files[i], scenarios[i])
			results[i], errs[i] = res, err
			console.Run(res)
		}()
	}
	wg.Wait()
	// Scenarios not started (interrupted) are left out.
	var kept []*rpt.RunResult
	var keptErrs []error
	for i, r := range results {
		if r != nil {
			kept = append(kept, r)
			keptErrs = append(keptErrs, errs[i])
		}
	}
	return kept, keptErrs
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
		case errors.Is(err, sandy.ErrInvalid), errors.Is(err, mcpclient.ErrNoServer):
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
		return &exitError{code: exitInput, err: errors.Join(input...)}
	case len(environment) > 0:
		return &exitError{code: exitEnvironment, err: errors.Join(environment...)}
	case !s.Success:
		var names []string
		for _, r := range s.Scenarios {
			if !r.Success {
				names = append(names, r.File+": "+firstLine(r.Error))
			}
		}
		return failed(fmt.Errorf("%d of %d %s failed: %s", s.Failed, s.Total,
			pluralWord(s.Total, "scenario", "scenarios"), strings.Join(names, "; ")))
	}
	return nil
}

// writeJUnit replaces the file at path with the JUnit XML of s, atomically:
// a failed write leaves the previous report as it was.
func writeJUnit(path string, s *rpt.Summary, started time.Time) error {
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
	if err := rpt.WriteJUnit(f, s, &rpt.JUnitOptions{Timestamp: started}); err != nil {
		return fmt.Errorf("--junit %s: %w", path, err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("--junit: %w", err)
	}
	return nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
