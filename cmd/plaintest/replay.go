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
Replay Sandy v2.1 scenarios (files, or directories of *.json files) with no
model (--heal aside): each step's MCP tool call is made as written, with
{{variables}} filled in. A file over 10 MB, or a value inside over its
limit (see docs/security.md), is refused before anything runs;
so is a directory's scenario that is a symbolic link out of the directory.
Every scenario runs in its own isolated browser. It is a drop-in
for Sandy's player (play.py): its flags, its --json fields and its verdicts;
docs/replay.md lists where plaintest differs on purpose, and why.

Servers: mcp__<server>__tool picks <server> from the MCP config (--config,
else $SANDY_CONFIG, ./.sandy/config.json, the Claude Desktop config,
~/.cursor/mcp.json, ~/.sandy/config.json). A config found among the files
under test (./.sandy/config.json; any inside the repository replayed) is
passed over unless --trust-config: its servers are commands. stderr names
the config read, and each one passed over. "playwright" is the config's
own entry when it has one and --mcp is not given; else the server --mcp
names: plaintest's built-in server ("builtin", the default: one browser for
the whole replay, a fresh context per scenario; --ws-endpoint or
--cdp-endpoint for a remote browser), the bundled, pinned @playwright/mcp
("playwright-mcp"), or another config server by name. "claude-in-chrome"
is Claude Code's Chrome bridge (claude --chrome): your own Chrome, so its
steps need --allow-chrome-bridge. A server that cannot be opened fails the
step that uses it, under that step's on_error.

A directory gives its *.json scenarios, recursively, passing over (and
listing on stderr) heal proposals (*.healed.json), partial scenarios
(*.partial.json) and replay bundles (*.replay.json); name one to take it.

Variables: the scenario's own, then --env FILE, then --var (later wins). A
variable the scenario declares empty is required. A {{NAME}} in any step
(selected by --start/--end or not) that none of them defines is refused
before anything runs.

--start N (or --resume-from N) and --end N run the steps numbered N or
more and N or less; step numbers increase in the order steps run, so that
is one run of steps.

A step that fails ends the run, unless its on_error is skip or retry; then
the run goes on, but it has failed (as in Sandy's player): its result,
--json and JUnit list the steps that failed.

A partial scenario (its compile stopped early: "status": "partial" in its
metadata, as in the mug.partial.json compile writes) is refused before
anything runs, unless --allow-partial; then its result line, the --json
result ("partial": true) and the JUnit test case (property partial=true)
say it is partial.

What a scenario may touch: files only in --files DIR; in the browser, web
pages (http, https, data, blob, about:blank), and local files (file: URLs)
only with --allow-file-urls: bare, those in the folder of the scenario's own
file; =DIR, those in DIR. view-source:, javascript:, chrome: and the like
never open. A URL written in a file is refused before anything runs; one
from a variable at its step; a page that gets there by itself (a script, a
redirect, a popup) is closed by the browser server and ends the run.
browser_run_code_unsafe (and browser_run_code, its older name) needs
--allow-unsafe-code. docs/security.md says each rule.

A step whose target is not on the page yet is retried until --timeout before
it fails. On a failure, a screenshot and the page snapshot are saved in the
report directory (--report, or Sandy's --screenshot-dir); --screenshots all
also saves one after every step (one more browser call each: slower), off
none. --report DIR also writes DIR/index.html, a self-contained HTML report
(open it from disk): passed, failed and healed scenarios, each step with its
tool call, status, duration, retries and screenshot, a failure's error and
page snapshot; JUnit (--junit) attaches the same screenshots.

--json writes plaintest's result and Sandy's fields beside it (for one
scenario at the top: scenario_name, success, failed_step, step_results,
outputs, completed_steps, context, error); --include-results true|on_failure
keeps the tools' results in step_results; -o FILE also writes the result
(the --json document, else the console log) to FILE.

Identity: an action compiled with its element ("element": button "Delete"
in row "Ada") acts only on an element with that role, that whole name
(case and white space aside: "Delete" is not "Delete all") and in that
container: a target that now names another control fails, saying which,
and does not act.

--heal: a step whose target no longer names its element is re-read (its
plain-English action, by the rules translator, and by a language model
for what the rules cannot read when OPENAI_API_KEY or OPENAI_BASE_URL is
set: --model, --model-timeout, --budget, --cache and --no-cache as in
compile). The model sees each scenario's variables as compile's does, a
secret only as {{NAME}}, and may lead only to the scenario's own sites:
its BASE_URL (after --env and --var), its metadata.target_url and
--allow-origin's. When exactly one element fits with the same role, the
same whole name and a container named as the compiled one ("click Delete
for Ada": Ada's row or card, whatever its markup now), the step runs on
it. Checks, URLs and typed values are never healed. Such a run is HEALED
(exit 4), not passed: the corrected scenario is written as
FILE.healed.json with FILE.healed.diff, and FILE is replaced only with
--heal=accept. Only the healed steps' target and element values change:
every other byte of FILE (unknown keys, order, indentation, line endings)
is kept, and a value there that came from a {{VARIABLE}} the step names,
or from a secret, is written as its placeholder.

Reference: docs/replay.md (replay, healing, reports, the differences from
Sandy's player), docs/security.md (what a scenario may do).

Exit codes: 0 every scenario passed, 1 one failed, 2 bad input (flags, a
scenario file, a missing variable, an unknown server), 3 an MCP server or
the browser could not be started or was lost, 4 every scenario ran but some
only with heals (--heal).`

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
	fs.Var(&f.vars, "var", "set a variable, NAME=VALUE (repeatable)")
	fs.StringVar(&f.envFile, "env", "", "read variables from a dotenv `FILE`")
	f.config.add(fs)
	f.browser.add(fs, "those in the folder of each scenario's own file")
	fs.IntVar(&f.start, "start", 0, "first step `N` to run (by step number)")
	fs.IntVar(&f.start, "resume-from", 0, "the same as --start `N` (Sandy's name)")
	fs.IntVar(&f.end, "end", 0, "last step `N` to run (by step number)")
	fs.BoolVar(&f.dryRun, "dry-run", false, "resolve variables and print the calls; start no server")
	fs.BoolVar(&f.json, "json", false, "write the result as JSON on stdout (progress goes to stderr)")
	fs.StringVar(&f.junit, "junit", "", "write JUnit XML to `FILE`")
	fs.StringVar(&f.report, "report", "", "`DIR` for screenshots and failure snapshots, and the HTML report DIR/index.html (default, without the HTML report: beside --junit, else .sandy/reports)")
	fs.StringVar(&f.shotMode, "screenshots", string(replay.ScreenshotsFailure), "which steps get a screenshot: `WHEN` all (slower), failure or off")
	fs.IntVar(&f.parallel, "parallel", 1, "run `N` scenarios at once")
	fs.StringVar(&f.shard, "shard", "", "run only shard `I/N` of the scenarios (1 <= I <= N)")
	fs.DurationVar(&f.timeout, "timeout", defaults.Step, "how long a step waits for its target (a compiled \"wait for …\" waits as long as it was compiled to)")
	fs.DurationVar(&f.nav, "nav-timeout", defaults.Navigation, "how long a page may take to load (bundled browser server)")
	fs.StringVar(&f.files, "files", replay.DefaultFiles, "the only `DIR` a scenario may read and write files in (screenshots, uploads, sandy__append_file); the default is refused when a symbolic link leads to it")
	fs.BoolVar(&f.unsafe, "allow-unsafe-code", false, "let scenarios call browser_run_code_unsafe, which runs any code on this machine")
	fs.BoolVar(&f.chrome, chromeBridgeFlag, false, "let claude-in-chrome steps drive your own Chrome, logged in as you (Claude Code's bridge)")
	fs.BoolVar(&f.headed, "headed", false, "show the browser of the bundled @playwright/mcp")
	fs.BoolVarP(&f.verbose, "verbose", "v", false, "log server and retry details to stderr")
	fs.BoolVar(&f.debug, "debug", false, "--verbose, and log each step's params and result")
	fs.StringVar(&f.include, "include-results", "false", "keep tools' results in --json's step_results: `MODE` true, false or on_failure (alone: true)")
	fs.Lookup("include-results").NoOptDefVal = "true"
	fs.StringVarP(&f.output, "output", "o", "", "also write the result (the --json document, else the console log) to `FILE`")
	fs.StringVar(&f.shotDir, "screenshot-dir", "", "the same as --report `DIR` (Sandy's name)")
	fs.StringVar(&f.heal, "heal", "", "re-read a step whose target no longer names its element, and run it on the one that fits; write FILE.healed.json and FILE.healed.diff (`accept`: replace FILE)")
	fs.Lookup("heal").NoOptDefVal = "propose"
	f.model.add(fs, "each scenario's BASE_URL and metadata.target_url (--heal)")
	fs.BoolVar(&f.shots, "screenshot-on-failure", false, "accepted for Sandy's scripts: a failure always saves a screenshot and the page snapshot")
	fs.BoolVar(&f.partial, "allow-partial", false, "replay partial scenarios too (labelled partial in every report)")
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
// give, those of --shard's shard; what a directory passed over is said on
// stderr. None, with a nil error, when the shard has none (said too).
func (f *replayFlags) scenarioFiles(e *env, pos []string) ([]string, error) {
	var shard replay.Shard
	if f.shard != "" {
		var err error
		if shard, err = replay.ParseShard(f.shard); err != nil {
			return nil, usageError("--%v", err)
		}
	}
	files, skipped, err := replay.Scan(pos)
	if err != nil {
		return nil, usageError("%v", err)
	}
	sayPassedOver(e, skipped)
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
