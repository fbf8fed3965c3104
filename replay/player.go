package replay

// The Player, and Run: one scenario's run from its variables to its result.

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/fspath"
	"github.com/plaintest/plaintest/internal/navrule"
	"github.com/plaintest/plaintest/internal/permit"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/replay/tracing"
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
	// to, when it has any, as the run opened it (symbolic links followed);
	// a server that resolves relative file names works there. "" when the
	// scenario names no file.
	Files string
	// Grant is the browser permissions the scenario's context starts with
	// (environment.permissions, held to permit.Known); the zero Grant
	// leaves the browser's default. Only the bundled @playwright/mcp and
	// the built-in server apply it: another server is refused for a
	// scenario that sets it.
	Grant permit.Grant
}

// ServersFunc adapts a function to Servers.
type ServersFunc func(ctx context.Context, server string, needs Needs) (ToolCaller, error)

// Open calls f.
func (f ServersFunc) Open(ctx context.Context, server string, needs Needs) (ToolCaller, error) {
	return f(ctx, server, needs)
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
	defer func() { res.Trace = r.trace.Keep(res.Success) }()
	err := r.play(ctx, p.servers)
	res.Trace = r.trace.End(ctx) // after the evidence, before the sessions close
	r.closeSessions()
	r.closeFiles()
	res.Duration = time.Since(start)
	if err != nil {
		res.Success = false
		if res.Error == "" {
			res.Error = r.mask.message(err.Error())
		}
		res.Unavailable = errors.Is(err, mcpclient.ErrUnavailable) || errors.Is(err, mcpclient.ErrSiteUnreachable)
		return res, r.mask.err(err)
	}
	res.Success = res.FailedStep == 0
	if tolerated := res.Tolerated(); res.Success && len(tolerated) > 0 {
		// As in Sandy's player: the run went on, but it did not pass.
		res.Success = false
		var msgs []string
		for _, s := range tolerated {
			msgs = append(msgs, fmt.Sprintf("step %d (%s): %s", s.Step, printable.Excerpt(s.Label()), printable.Excerpt(report.FirstLine(s.Error))))
		}
		res.Error = printable.Message(fmt.Sprintf("%d %s failed and the run went on (on_error skip or retry): %s",
			len(tolerated), report.Plural(len(tolerated), "step", "steps"), strings.Join(msgs, "; ")))
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
	opts      *Options
	file      string
	sc        *sandy.Scenario
	res       *report.RunResult
	vars      *sandy.Vars
	mask      masker
	sessions  map[string]ToolCaller
	openErrs  map[string]error // servers that could not be opened, reported by the steps that use them
	opened    []string         // server names in the order they were opened
	browser   string           // the server of browser built-ins without mcp_server
	rule      navrule.Rule     // what the run's steps may open, its file folder resolved once
	files     *fspath.Folder   // the files folder, opened when the scenario names a file (openFiles)
	filesReal string           // its path, symbolic links followed, when opened
	log       *slog.Logger
	names     *evidenceNames
	hovered   *hovered           // the hover a click may repeat (see call)
	trace     *tracing.Recording // Options.Trace's, when it records
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
		if err := r.openFiles(); err != nil {
			return err
		}
		needs, err := r.needs()
		if err != nil {
			return err
		}
		if err := r.openSessions(ctx, servers, plans, needs); err != nil {
			return err
		}
		if err := r.pin(ctx, plans); err != nil {
			return err
		}
		name := func() string { return r.names.claim(r.slug(), r.where()) } // as the run's evidence
		if r.trace, err = tracing.Begin(ctx, r.opts.Trace, r.sessions[r.opts.Browser], r.opts.Browser, r.opts.EvidenceDir, name, r.mask.ifAny(), r.log); err != nil {
			return fmt.Errorf("%s: %w", r.where(), err)
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
func (r *run) needs() (Needs, error) {
	var n Needs
	if env := r.sc.Environment; env != nil {
		g, err := env.Permissions.Grant()
		if err != nil {
			return n, fmt.Errorf("%w: %s: environment.permissions: %v", sandy.ErrInvalid, r.where(), err)
		}
		n.Grant = g
	}
	if rule := r.rule; len(rule.FileRoots) > 0 && OpensFileURLs(r.sc, r.opts.Vars...) {
		n.FileRoot = rule.FileRoots[0]
	}
	if namesFiles(r.sc) {
		n.Files = r.opts.Files
		if r.filesReal != "" {
			n.Files = r.filesReal // as opened, whatever its path leads to later
		}
	}
	return n, nil
}
