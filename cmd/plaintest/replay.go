package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/replay"
	rpt "github.com/plaintest/plaintest/report" // main has a func report
	"github.com/spf13/pflag"
)

const replayHelp = `
Replay Sandy v2.1 scenarios (files, or folders of *.json) step by step, with no model.
  plaintest replay login.json --var PASSWORD=demo123 --junit junit.xml
Reference: docs/replay.md; what a scenario may touch: docs/security.md`

// chromeBridgeFlag lets claude-in-chrome steps reach the user's Chrome.
const chromeBridgeFlag = "allow-chrome-bridge"

// replayFlags are the flags of plaintest replay.
type replayFlags struct {
	vars     kvFlag
	envFile  string
	config   configFlags
	chrome   bool // --allow-chrome-bridge
	browser  browserFlags
	start    int
	end      int
	dryRun   bool
	json     bool
	junit    string
	report   string
	parallel int
	shard    string
	tags     tagsFlag // --tags EXPR
	reporter []string // --reporter
	timeout  time.Duration
	nav      time.Duration
	files    string
	unsafe   bool
	headed   bool
	verbose  bool
	debug    bool
	partial  bool // --allow-partial
	include  string
	output   string // -o FILE
	shotDir  string // --screenshot-dir
	shots    bool   // --screenshot-on-failure
	heal     string // "", "propose" or "accept"
	shotMode string // --screenshots
	trace    string // --trace
	model    modelFlags
}

func runReplay(ctx context.Context, e *env, args []string) error {
	var f replayFlags
	fs := f.flagSet(e)
	args = joinOptional(args, "--include-results", "true", "false", "on_failure")
	args = joinOptional(args, "--heal", "propose", "accept")
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
	if err := f.browser.check(fs); err != nil {
		return err
	}
	f.files = namedFolder(fs, "files", f.files)
	files, err := f.scenarioFiles(e, pos)
	if err != nil || len(files) == 0 {
		return err
	}
	layers, err := varLayers(f.envFile, f.vars)
	if err != nil {
		return err
	}
	include, err := replay.ParseInclude(f.include)
	if err != nil {
		return usageError("--%v", err)
	}
	shotMode, err := replay.ParseScreenshots(f.shotMode)
	if err != nil {
		return usageError("--%v", err)
	}
	trace, err := traceMode(f.trace)
	if err != nil {
		return err
	}
	if f.debug {
		f.verbose = true
	}

	found, err := f.config.discover(e.stderr, folders(files))
	if err != nil {
		return err
	}
	cfg := found.Config
	out, saved, console := f.console(e, len(files))
	opts := f.options(layers, include, shotMode, console)
	opts.Trace = trace
	f.browser.devtools = trace.Records()
	// A config's own claude-in-chrome entry is a server the user set up,
	// not the bridge to their browser.
	opts.AllowChromeBridge = f.chrome || configures(cfg, mcpclient.ClaudeInChrome)
	if f.heal != "" {
		h, err := f.model.healer(f.timeout, e.getenv)
		if err != nil {
			return err
		}
		opts.Healer = h
	}
	suite, err := replay.Load(files, opts)
	if err != nil {
		return err
	}
	if f.report == "" && f.shotDir == "" && f.junit == "" && !f.dryRun {
		if err := defaultFolder("report DIR", opts.EvidenceDir); err != nil {
			return err
		}
	}
	logger := slog.New(slog.DiscardHandler)
	if f.verbose {
		// A server's messages and stderr may echo what it was sent.
		logger = slog.New(secret.Handler(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelDebug}),
			secret.All(suite.Secrets(layers...), rpt.Mask)))
	}
	opts.Logger = logger
	var servers replay.Servers
	if !f.dryRun {
		var done func()
		servers, done = f.browser.replayServers(cfg, f.headed, f.chrome, f.timeout, f.nav, &mcpclient.Options{Logger: logger})
		defer done()
	}
	player := replay.New(servers, opts)

	started := time.Now()
	results, errs := player.RunAll(ctx, suite)
	summary := rpt.NewSummary(results, time.Since(started))
	if len(files) > 1 {
		console.Summary(summary)
	}
	if err := f.annotate(e, suite, summary); err != nil {
		return err
	}
	if err := f.writeResults(e, out, saved, summary, started); err != nil {
		return err
	}
	if err := writeHeals(e, suite, results, f.heal == "accept"); err != nil {
		return err
	}
	return replayOutcome(ctx, summary, errs)
}

// flagSet declares replay's flags into f.
func (f *replayFlags) flagSet(e *env) *pflag.FlagSet {
	fs := newFlags(e, "replay", "FILE|DIR... [flags]", replayHelp)
	fs.Var(&f.vars, "var", "set a variable (repeatable)")
	fs.StringVar(&f.envFile, "env", "", "read variables from a dotenv `FILE`")
	f.config.add(fs)
	f.browser.add(fs, "in each scenario's folder")
	fs.IntVar(&f.start, "start", 0, "first step `N` to run (Sandy's --resume-from too)")
	fs.IntVar(&f.start, "resume-from", 0, "the same as --start `N` (Sandy's name)")
	fs.IntVar(&f.end, "end", 0, "last step `N` to run")
	fs.BoolVar(&f.dryRun, "dry-run", false, "print the calls, variables filled in; start no server")
	fs.BoolVar(&f.json, "json", false, "write the result as JSON on stdout")
	fs.StringVar(&f.junit, "junit", "", "write JUnit XML to `FILE`")
	fs.StringVar(&f.report, "report", "", "`DIR` for evidence and the HTML report (Sandy's --screenshot-dir too)")
	fs.StringSliceVar(&f.reporter, "reporter", nil, "also report with `NAME`: github (annotations on failures); console always writes")
	fs.StringVar(&f.shotMode, "screenshots", string(replay.ScreenshotsFailure), "which steps get a screenshot: `WHEN` all, failure or off")
	addTraceFlag(fs, &f.trace)
	fs.IntVar(&f.parallel, "parallel", 1, "run `N` scenarios at once")
	fs.StringVar(&f.shard, "shard", "", "run only shard `I/N` of the scenarios")
	fs.Var(&f.tags, "tags", "run only scenarios whose tags match EXPR, a Cucumber tag expression")
	fs.DurationVar(&f.timeout, "timeout", defaults.Step, "how long a step waits for its target")
	fs.DurationVar(&f.nav, "nav-timeout", defaults.Navigation, "how long a page may take to load")
	fs.StringVar(&f.files, "files", replay.DefaultFiles, "the only `DIR` scenarios read and write files in")
	fs.BoolVar(&f.unsafe, "allow-unsafe-code", false, "let scenarios call browser_run_code_unsafe")
	fs.BoolVar(&f.chrome, chromeBridgeFlag, false, "let claude-in-chrome steps drive your own Chrome")
	fs.BoolVar(&f.headed, "headed", false, "show the browser window")
	fs.BoolVarP(&f.verbose, "verbose", "v", false, "log server and retry details to stderr")
	fs.BoolVar(&f.debug, "debug", false, "--verbose, and each step's params and result")
	fs.StringVar(&f.include, "include-results", "false", "keep results in --json: `MODE` true, false, on_failure")
	fs.Lookup("include-results").NoOptDefVal = "true"
	fs.StringVarP(&f.output, "output", "o", "", "also write the result to `FILE`")
	fs.StringVar(&f.shotDir, "screenshot-dir", "", "the same as --report `DIR` (Sandy's name)")
	fs.StringVar(&f.heal, "heal", "", "re-target a step whose element moved (`accept`: replace FILE)")
	fs.Lookup("heal").NoOptDefVal = "propose"
	f.model.add(fs)
	fs.BoolVar(&f.shots, "screenshot-on-failure", false, "accepted for Sandy's scripts: a failure always saves one")
	fs.BoolVar(&f.partial, "allow-partial", false, "replay partial scenarios too")
	// Sandy's names are said on their twins' lines; the model is compile's.
	_ = fs.MarkHidden("resume-from")
	_ = fs.MarkHidden("screenshot-dir")
	flagLine(fs, "for --heal, as compile's", modelFlagNames...)
	flagLine(fs, "suites in CI (docs/ci.md)", "tags", "reporter")
	return fs
}

// console is where replay's progress goes, out: stdout, or stderr with
// --json. With -o FILE the console log (or, with --json, the document) is
// also kept in saved, to be written to FILE, whole, when the run ends.
func (f *replayFlags) console(e *env, nfiles int) (out io.Writer, saved *bytes.Buffer, console *rpt.Console) {
	out = e.stdout
	if f.json {
		out = e.stderr
	}
	saved = &bytes.Buffer{}
	if f.output != "" && !f.json {
		out = io.MultiWriter(out, saved)
	}
	onTTY := e.tty && !f.json
	console = rpt.NewConsole(out, &rpt.ConsoleOptions{
		Color:  onTTY,
		Live:   onTTY && (f.parallel == 1 || nfiles == 1),
		Prefix: f.parallel > 1 && nfiles > 1,
	})
	return out, saved, console
}

// scenarioFiles are the scenario files that pos (files and directories)
// give, those that --tags selects, then those of --shard's shard; what a
// directory passed over is said on stderr. None, with a nil error, when
// the shard has none (said too).
func (f *replayFlags) scenarioFiles(e *env, pos []string) ([]string, error) {
	expr, err := f.tags.parse()
	if err != nil {
		return nil, err
	}
	var shard replay.Shard
	if f.shard != "" {
		if shard, err = replay.ParseShard(f.shard); err != nil {
			return nil, usageError("--%v", err)
		}
	}
	files, skipped, err := replay.Scan(pos)
	if err != nil {
		return nil, usageError("%v", err)
	}
	sayPassedOver(e, skipped)
	if expr != nil {
		if files, err = f.tags.selectTagged(e, expr, files); err != nil {
			return nil, err
		}
	}
	if f.shard != "" {
		files = shard.Select(files)
		if len(files) == 0 {
			fmt.Fprintf(e.stderr, "shard %s has no scenarios\n", f.shard)
			return nil, nil
		}
	}
	return files, nil
}

// options are the player's options from the flags; Healer and Logger are
// set by the caller.
func (f *replayFlags) options(layers []map[string]string, include replay.Include, shotMode replay.Screenshots, console *rpt.Console) *replay.Options {
	return &replay.Options{
		Vars:            layers,
		Timeout:         f.timeout,
		NavTimeout:      f.nav,
		Files:           f.files,
		AllowUnsafeCode: f.unsafe,
		AllowFileURLs:   f.browser.files.on,
		FileURLRoot:     f.browser.files.dir,
		Start:           f.start,
		End:             f.end,
		DryRun:          f.dryRun,
		Progress:        console.Step,
		EvidenceDir:     f.evidenceDir(),
		Screenshots:     shotMode,
		AllowPartial:    f.partial,
		Parallel:        f.parallel,
		Finished:        console.Run,
		IncludeResults:  include,
		Debug:           f.debug,
	}
}

func (f *replayFlags) check() error {
	if err := checkReporters(f.reporter); err != nil {
		return err
	}
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
	case f.heal != "" && f.heal != "propose" && f.heal != "accept":
		return usageError("--heal=%s: want --heal (propose) or --heal=accept", f.heal)
	case f.heal != "" && f.dryRun:
		return usageError("--heal needs a browser: not with --dry-run")
	}
	return nil
}

// evidenceDir is --report (or Sandy's --screenshot-dir), else the
// directory of --junit, else .sandy/reports.
func (f *replayFlags) evidenceDir() string {
	switch {
	case f.report != "":
		return f.report
	case f.shotDir != "":
		return f.shotDir
	case f.junit != "":
		return filepath.Dir(f.junit)
	}
	return filepath.Join(".sandy", "reports")
}
