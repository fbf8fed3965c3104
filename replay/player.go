package replay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/navrule"
	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// ToolCaller calls the tools of one MCP server. *mcpclient.Session is one.
// A tool failure comes back as Result.IsError; a Go error means the server
// could not be reached or the connection was lost.
type ToolCaller interface {
	CallTool(ctx context.Context, name string, args map[string]any) (*mcpclient.Result, error)
}

// Servers opens a ToolCaller for a server name (the <server> of
// mcp__<server>__tool). The player opens each server once per run, and when
// the run ends it closes callers that have a Close method. needs says what
// that one scenario run requires of a server that can be tuned (the
// bundled @playwright/mcp): nothing one scenario needs is granted to
// another.
type Servers interface {
	Open(ctx context.Context, server string, needs Needs) (ToolCaller, error)
}

// Needs is what one scenario run asks of the servers it opens.
type Needs struct {
	// FileRoot, when not "", is the folder (resolved) whose files the
	// scenario opens through file: URLs, which the bundled browser servers
	// refuse unless they are started with it.
	FileRoot string
	// Files is the folder (absolute) the run's file arguments are confined
	// to, when it has any; a server that resolves relative file names works
	// there. "" when the scenario names no file.
	Files string
}

// ServersFunc adapts a function to Servers.
type ServersFunc func(ctx context.Context, server string, needs Needs) (ToolCaller, error)

// Open calls f.
func (f ServersFunc) Open(ctx context.Context, server string, needs Needs) (ToolCaller, error) {
	return f(ctx, server, needs)
}

// Defaults of Options.
const (
	// DefaultFiles is the folder a scenario's file arguments are confined to.
	DefaultFiles = ".sandy/files"
	// DefaultBrowser is the server used for failure evidence and by the
	// sandy__wait_for_element and sandy__wait_until built-ins.
	DefaultBrowser = mcpclient.PlaywrightServer
)

// Options configure a Player. Nil or zero fields take the defaults above.
type Options struct {
	// Logger receives debug and progress records; nil discards them.
	Logger *slog.Logger
	// Vars are variable layers over the scenario's own variables, lowest
	// precedence first: the --env file, then --var values.
	Vars []map[string]string
	// Timeout bounds how long a step waits for a target that does not
	// match any element yet. Default defaults.Step.
	Timeout time.Duration
	// NavTimeout is the navigation timeout the browser server was given,
	// named in the failure of a page that never finishes loading; 0 when
	// unknown (a server from the config, with its own).
	NavTimeout time.Duration
	// Poll is the interval between attempts while waiting for a target.
	// Default defaults.Poll.
	Poll time.Duration
	// Start and End select the steps numbered Start to End (inclusive, by
	// step number, not position; 0 means no bound). Step numbers increase
	// in array order, so the selection is a run of consecutive steps.
	Start, End int
	// DryRun resolves variables and reports the calls without opening any
	// server.
	DryRun bool
	// Progress, when set, is called as each step starts and ends.
	Progress func(report.StepEvent)
	// EvidenceDir is where a failed run's screenshot and snapshot go, and
	// with Screenshots all every step's screenshot; "" saves none.
	EvidenceDir string
	// Screenshots says which steps get a screenshot in EvidenceDir, its
	// name in report.StepResult.Screenshot: the step that ended the run
	// (ScreenshotsFailure, the default), every step that ran
	// (ScreenshotsAll: one more browser_take_screenshot per step), or none
	// (ScreenshotsOff: a failure still saves the page snapshot).
	Screenshots Screenshots
	// Files is the one folder a scenario may read and write files in:
	// sandy__append_file's path, and every tool argument that names a file
	// (see the package documentation, "Files"). Default DefaultFiles.
	Files string
	// AllowUnsafeCode lets a scenario call browser_run_code_unsafe, which
	// runs any code in the browser server's process. Off, such a scenario
	// is refused before it starts.
	AllowUnsafeCode bool
	// AllowFileURLs lets a scenario open file: URLs inside FileURLRoot
	// (default: the folder of the scenario's own file). Off, a file: URL is
	// refused, before the run when it is written out, else at its step.
	// Pages that wrap a file (view-source:file:) and browser pages
	// (chrome:, devtools:) are refused either way; see urls.go.
	AllowFileURLs bool
	FileURLRoot   string
	// Browser names the server used for evidence and by the browser
	// built-ins. Default DefaultBrowser.
	Browser string

	// Healer, when set, re-reads an action step whose target no longer
	// names its compiled element (replay --heal): a step run on a healed
	// target is StatusHealed and listed in RunResult.Heals.
	Healer Healer
	// NoIdentity sends action targets as written, without narrowing them
	// to their compiled identity (for measuring what the check costs).
	NoIdentity bool
	// Debug logs each step's params and result (trimmed, masked) at
	// debug level.
	Debug bool
	// IncludeResults says which steps keep their tool's result in
	// report.StepResult.Result (Sandy's --include-results): none (the
	// default), every step, or failed steps only.
	IncludeResults Include

	// AllowPartial lets Load accept partial scenarios
	// (sandy.Scenario.Partial). Run replays whatever it is given.
	AllowPartial bool
	// Parallel is how many scenarios RunAll runs at once. Default 1.
	Parallel int
	// Finished, when set, is called by RunAll with each result as its run
	// ends, from the run's goroutine: it must be safe for concurrent use.
	Finished func(*report.RunResult)
}

func (o *Options) withDefaults() Options {
	var v Options
	if o != nil {
		v = *o
	}
	if v.Logger == nil {
		v.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if v.Timeout <= 0 {
		v.Timeout = defaults.Step
	}
	if v.Poll <= 0 {
		v.Poll = defaults.Poll
	}
	if v.Files == "" {
		v.Files = DefaultFiles
	}
	if abs, err := filepath.Abs(v.Files); err == nil {
		v.Files = abs
	}
	if v.Browser == "" {
		v.Browser = DefaultBrowser
	}
	if v.Parallel < 1 {
		v.Parallel = 1
	}
	if v.Screenshots == "" {
		v.Screenshots = ScreenshotsFailure
	}
	return v
}

// Include is which steps keep their tool's result (Options.IncludeResults).
type Include string

// Values of Include, as Sandy's --include-results spells them.
const (
	IncludeNone      Include = ""
	IncludeAll       Include = "true"
	IncludeOnFailure Include = "on_failure"
)

// ParseInclude reads an --include-results value: true, false or
// on_failure.
func ParseInclude(s string) (Include, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "false", "":
		return IncludeNone, nil
	case "true":
		return IncludeAll, nil
	case "on_failure":
		return IncludeOnFailure, nil
	}
	return IncludeNone, fmt.Errorf("include-results %q: want true, false or on_failure", s)
}

// Player replays scenarios. One Player may run several scenarios at once,
// each with its own sessions; all they share is the naming of evidence
// files, so that two scenario files with the same base name never overwrite
// each other's.
type Player struct {
	servers Servers
	opts    Options
	names   evidenceNames
}

// New returns a Player that opens servers through servers (unused with
// DryRun, and may then be nil).
func New(servers Servers, opts *Options) *Player {
	return &Player{servers: servers, opts: opts.withDefaults()}
}

// MissingVarsError is a scenario whose required (empty) variables were not
// given. It wraps sandy.ErrInvalid.
type MissingVarsError struct {
	File  string
	Names []string
}

func (e *MissingVarsError) Error() string {
	where := ""
	if e.File != "" {
		where = e.File + ": "
	}
	s := "s"
	if len(e.Names) == 1 {
		s = ""
	}
	return fmt.Sprintf("%smissing required variable%s %s: pass --var NAME=VALUE or --env FILE",
		where, s, strings.Join(e.Names, ", "))
}

// Unwrap returns sandy.ErrInvalid.
func (e *MissingVarsError) Unwrap() error { return sandy.ErrInvalid }

// CheckVars checks that a run given the variable layers (lowest precedence
// first) has every variable sc needs, in every step, whichever steps
// Options.Start and End select. A plain {{NAME}} that neither sc nor a layer
// defines is a *sandy.ValidationError listing each with its JSON path (see
// sandy.Scenario.UndefinedVars); required (empty) variables that no layer
// gives are a *MissingVarsError; both are joined when both happen. Every
// error wraps sandy.ErrInvalid. Run checks this before it opens a server.
func CheckVars(file string, sc *sandy.Scenario, layers ...map[string]string) error {
	var errs []error
	if ps := sc.UndefinedVars(layers...); ps != nil {
		errs = append(errs, &sandy.ValidationError{File: file, Problems: ps})
	}
	vars := sandy.NewVars(sc.Variables, layers...)
	if missing := vars.Missing(sc.Required()); len(missing) > 0 {
		errs = append(errs, &MissingVarsError{File: file, Names: missing})
	}
	return errors.Join(errs...)
}

// Run replays sc (loaded from file, which only names it in results). See the
// package documentation for what it returns.
func (p *Player) Run(ctx context.Context, file string, sc *sandy.Scenario) (*report.RunResult, error) {
	start := time.Now()
	res := &report.RunResult{Scenario: sc.Metadata.Name, File: file, Steps: []report.StepResult{},
		Partial: sc.Partial(), PartialDetail: sc.Metadata.StatusDetail,
		TotalSteps: len(sc.Steps), Outputs: map[string]map[string]any{}}
	r := &run{
		opts:     &p.opts,
		file:     file,
		sc:       sc,
		res:      res,
		sessions: map[string]ToolCaller{},
		openErrs: map[string]error{},
		browser:  builtinBrowser(sc, p.opts.Browser),
		rule:     fileRule(file, &p.opts),
		log:      p.opts.Logger,
		names:    &p.names,
	}
	err := r.play(ctx, p.servers)
	r.closeSessions()
	res.Duration = time.Since(start)
	if err != nil {
		res.Success = false
		if res.Error == "" {
			res.Error = r.mask.text(err.Error())
		}
		res.Unavailable = errors.Is(err, mcpclient.ErrUnavailable) || errors.Is(err, mcpclient.ErrSiteUnreachable)
		return res, r.mask.m.Error(err)
	}
	res.Success = res.FailedStep == 0
	if tolerated := res.Tolerated(); res.Success && len(tolerated) > 0 {
		// As in Sandy's player: the run went on, but it did not pass.
		res.Success = false
		var msgs []string
		for _, s := range tolerated {
			msgs = append(msgs, fmt.Sprintf("step %d (%s): %s", s.Step, s.Label(), report.FirstLine(s.Error)))
		}
		res.Error = fmt.Sprintf("%d %s failed and the run went on (on_error skip or retry): %s",
			len(tolerated), report.Plural(len(tolerated), "step", "steps"), strings.Join(msgs, "; "))
	}
	if len(res.Heals) > 0 {
		// Healed is not passed: the scenario no longer says what the
		// site is (see report.RunResult.Healed).
		res.Success = false
	}
	return res, nil
}

// run is the state of one scenario run.
type run struct {
	opts     *Options
	file     string
	sc       *sandy.Scenario
	res      *report.RunResult
	vars     *sandy.Vars
	mask     masker
	sessions map[string]ToolCaller
	openErrs map[string]error // servers that could not be opened, reported by the steps that use them
	opened   []string         // server names in the order they were opened
	browser  string           // the server of browser built-ins without mcp_server
	rule     navrule.Rule     // what the run's steps may open, its file folder resolved once
	log      *slog.Logger
	names    *evidenceNames
}

func (r *run) where() string {
	if r.file != "" {
		return r.file
	}
	return r.sc.Metadata.Name
}

func (r *run) play(ctx context.Context, servers Servers) error {
	r.vars = sandy.NewVars(r.sc.Variables, r.opts.Vars...)
	r.mask = newMasker(r.vars.Secrets())
	// Errors and messages logged may quote what a server was sent.
	r.log = slog.New(secret.Handler(r.log.Handler(), r.mask.m)).With("scenario", r.sc.Metadata.Name)
	if err := CheckVars(r.file, r.sc, r.opts.Vars...); err != nil {
		return err
	}
	if err := Preflight(r.file, r.sc, r.opts); err != nil {
		return err
	}
	plans, err := r.plan()
	if err != nil {
		return err
	}
	if !r.opts.DryRun {
		if servers == nil {
			return errors.New("replay: no servers to open")
		}
		if err := r.openSessions(ctx, servers, plans, r.needs()); err != nil {
			return err
		}
		if err := r.pin(ctx, plans); err != nil {
			return err
		}
	}
	for _, pl := range plans {
		if err := ctx.Err(); err != nil {
			return err
		}
		stop, err := r.step(ctx, pl)
		if err != nil {
			return err
		}
		if stop {
			return nil
		}
	}
	return nil
}

// plan turns the steps selected by Start/End into plans.
func (r *run) plan() ([]*plan, error) {
	var plans []*plan
	for i := range r.sc.Steps {
		st := &r.sc.Steps[i]
		if (r.opts.Start > 0 && st.Step < r.opts.Start) || (r.opts.End > 0 && st.Step > r.opts.End) {
			continue
		}
		pl, err := newPlan(st, i, len(r.sc.Steps))
		if err != nil {
			return nil, fmt.Errorf("%s: steps[%d]: %w", r.where(), i, err)
		}
		plans = append(plans, pl)
	}
	if len(plans) == 0 {
		return nil, fmt.Errorf("%w: %s: no step between --start %d and --end %d", sandy.ErrInvalid, r.where(), r.opts.Start, r.opts.End)
	}
	return plans, nil
}

// needs is what this scenario run asks of its servers.
func (r *run) needs() Needs {
	var n Needs
	if rule := r.rule; len(rule.FileRoots) > 0 && OpensFileURLs(r.sc, r.opts.Vars...) {
		n.FileRoot = rule.FileRoots[0]
	}
	if namesFiles(r.sc) {
		n.Files = r.opts.Files
	}
	return n
}

// openSessions opens every server the plans call, in order of first use,
// before step 1, so that a missing server is known before anything runs.
// A server that cannot be opened is remembered, not reported: as in
// Sandy's player, the step that uses it fails, under its own on_error.
// Only an interruption is returned.
func (r *run) openSessions(ctx context.Context, servers Servers, plans []*plan, needs Needs) error {
	for _, pl := range plans {
		name := pl.serverFor(r.browser)
		if name == "" || r.sessions[name] != nil || r.openErrs[name] != nil {
			continue
		}
		r.log.Debug("opening mcp server", "server", name)
		s, err := servers.Open(ctx, name, needs)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			r.log.Debug("mcp server not opened", "server", name, "err", err)
			r.openErrs[name] = err
			continue
		}
		r.sessions[name] = s
		r.opened = append(r.opened, name)
	}
	return nil
}

// session is the open session of a server, or why it could not be opened.
func (r *run) session(name string) (ToolCaller, error) {
	if s := r.sessions[name]; s != nil {
		return s, nil
	}
	if err := r.openErrs[name]; err != nil {
		return nil, err
	}
	return nil, fmt.Errorf("%w: server %q is not open", errNoSession, name)
}

// builtinBrowser is the server that sandy__wait_for_element and
// sandy__wait_until use when a step names none: chrome-devtools when the
// scenario calls it (Sandy's default), else the player's browser server.
func builtinBrowser(sc *sandy.Scenario, browser string) string {
	for i := range sc.Steps {
		if server, _, builtin, err := sandy.SplitTool(sc.Steps[i].Tool); err == nil && !builtin && server == devtoolsServer {
			return devtoolsServer
		}
	}
	return browser
}

func (r *run) closeSessions() {
	for _, name := range slices.Backward(r.opened) {
		switch c := r.sessions[name].(type) {
		case interface{ Close() error }:
			if err := c.Close(); err != nil {
				r.log.Debug("closing mcp server", "server", name, "err", err)
			}
		case interface{ Close() }:
			c.Close()
		}
	}
}
