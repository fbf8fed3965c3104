package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/prove"
	"github.com/plaintest/plaintest/replay"
	rpt "github.com/plaintest/plaintest/report" // main has a func report
	"github.com/spf13/pflag"
)

const proveHelp = `
Prove that each check of Sandy scenarios can fail: replay them and, right after
each check passes, break the fact it reads (its text changed or hidden, its
state flipped, an item removed, ...) and run it there. A check that still
passes SURVIVED: it is vacuous, and prove exits 1. Replay's flags mean the same.
  plaintest prove .sandy/scenarios --junit prove.xml
Reference: docs/prove.md; replay's flags: docs/replay.md`

// proveFlags are the flags of plaintest prove: replay's, those that
// apply, and the time a check has on a broken page.
type proveFlags struct {
	replayFlags
	mutant time.Duration
}

func runProve(ctx context.Context, e *env, args []string) error {
	var f proveFlags
	fs := f.flagSet(e)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageError("prove needs scenario files or directories (see plaintest prove --help)")
	}
	if err := f.check(); err != nil {
		return err
	}
	if f.mutant <= 0 {
		return usageError("--mutant-timeout %v: want a positive duration such as 200ms", f.mutant)
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
	found, err := f.config.discover(e.stderr, folders(files))
	if err != nil {
		return err
	}
	cfg := found.Config
	out, saved, _ := f.console(e, len(files))
	pc := newProveConsole(out, e.tty && !f.json, f.parallel > 1 && len(files) > 1)
	prover := prove.New(&prove.Options{MutantTimeout: f.mutant, Timeout: f.timeout, Proved: pc.check})
	opts := f.options(layers, replay.IncludeNone, replay.ScreenshotsFailure, nil)
	opts.Progress = nil
	opts.AllowChromeBridge = f.chrome || configures(cfg, mcpclient.ClaudeInChrome)
	opts.AfterStep = prover.AfterStep
	opts.Finished = func(r *rpt.RunResult) { pc.run(proved(prover, r)) }
	suite, err := replay.Load(files, opts)
	if err != nil {
		return err
	}
	if f.report == "" && f.shotDir == "" && f.junit == "" {
		if err := defaultFolder("report DIR", opts.EvidenceDir); err != nil {
			return err
		}
	}
	logger := slog.New(slog.DiscardHandler)
	if f.verbose {
		logger = slog.New(secret.Handler(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelDebug}),
			secret.All(suite.Secrets(layers...), rpt.Mask)))
	}
	opts.Logger = logger
	servers, done := f.browser.replayServers(cfg, f.headed, f.chrome, f.timeout, f.nav, &mcpclient.Options{Logger: logger})
	defer done()

	started := time.Now()
	results, errs := replay.New(servers, opts).RunAll(ctx, suite)
	for _, r := range results {
		proved(prover, r)
	}
	total := prover.Attach(results)
	summary := rpt.NewSummary(results, time.Since(started))
	summary.Proved = &total
	pc.summary(summary)
	if err := f.writeProof(e, out, saved, summary, started); err != nil {
		return err
	}
	if err := f.annotate(e, suite, summary); err != nil {
		return err
	}
	return proveOutcome(ctx, summary, errs)
}

// notProven starts the error of a scenario that replayed and whose
// checks are not all proven, before their lines.
const notProven = "checks not proven:\n"

// proved attaches r's proofs and, when a mutation survived one of its
// checks or no mutation could break one, fails r saying which (once).
func proved(p *prove.Prover, r *rpt.RunResult) *rpt.RunResult {
	p.Attach([]*rpt.RunResult{r})
	if r.Success && !r.Proved.Held() {
		r.Success = false
		r.Error = notProven + rpt.Unproved(r)
	}
	return r
}

// flagSet declares prove's flags into f: replay's that apply to it.
func (f *proveFlags) flagSet(e *env) *pflag.FlagSet {
	fs := newFlags(e, "prove", "FILE|DIR... [flags]", proveHelp)
	fs.Var(&f.vars, "var", "set a variable (repeatable)")
	fs.StringVar(&f.envFile, "env", "", "read variables from a dotenv `FILE`")
	f.config.add(fs)
	f.browser.add(fs, "in each scenario's folder")
	fs.DurationVar(&f.mutant, "mutant-timeout", defaults.Mutant, "how long a check runs on a broken page")
	fs.BoolVar(&f.json, "json", false, "write the result as JSON on stdout")
	fs.StringVar(&f.junit, "junit", "", "write JUnit XML to `FILE` (a vacuous check fails)")
	fs.StringVar(&f.report, "report", "", "`DIR` for evidence and the HTML report")
	fs.IntVar(&f.parallel, "parallel", 1, "prove `N` scenarios at once")
	fs.StringVar(&f.shard, "shard", "", "prove only shard `I/N` of the scenarios")
	fs.DurationVar(&f.timeout, "timeout", defaults.Step, "how long a step waits for its target")
	fs.DurationVar(&f.nav, "nav-timeout", defaults.Navigation, "how long a page may take to load")
	fs.StringVar(&f.files, "files", replay.DefaultFiles, "the only `DIR` scenarios read and write files in")
	fs.BoolVar(&f.unsafe, "allow-unsafe-code", false, "let scenarios call browser_run_code_unsafe")
	fs.BoolVar(&f.chrome, chromeBridgeFlag, false, "let claude-in-chrome steps drive your own Chrome")
	fs.BoolVar(&f.headed, "headed", false, "show the browser window")
	fs.BoolVarP(&f.verbose, "verbose", "v", false, "log server and retry details to stderr")
	fs.StringVarP(&f.output, "output", "o", "", "also write the result to `FILE`")
	fs.BoolVar(&f.partial, "allow-partial", false, "prove partial scenarios too")
	fs.StringSliceVar(&f.reporter, "reporter", nil, "also report with `NAME`: github (annotations on failures and checks not proven)")
	fs.Var(&f.tags, "tags", "prove only scenarios whose tags match EXPR, a Cucumber tag expression")
	flagLine(fs, "suites in CI (docs/ci.md)", "tags", "reporter")
	return fs
}
