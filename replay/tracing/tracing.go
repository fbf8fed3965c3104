// Package tracing records a replay's Playwright trace through its browser
// server's MCP tools, as @playwright/mcp has them (--caps devtools) and
// the built-in server too: browser_start_tracing before the run's first
// step, browser_stop_tracing after its last.
//
// It takes in a browser server's session and the file the trace goes to,
// and gives out that file: the zip Playwright's trace viewer opens (npx
// playwright show-trace FILE), moved from the built-in server's folder or
// packed (internal/tracezip) from the files @playwright/mcp wrote. Which
// runs keep theirs is the player's (Mode).
package tracing

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/safefile"
	"github.com/plaintest/plaintest/internal/tracezip"
	"github.com/plaintest/plaintest/mcpclient"
)

// Mode is which runs keep a Playwright trace (replay --trace).
type Mode string

// Values of Mode, as --trace spells them (Playwright's own names).
const (
	Off             Mode = "off"               // none recorded
	On              Mode = "on"                // every run's kept
	RetainOnFailure Mode = "retain-on-failure" // recorded for every run, kept when it did not pass
)

// Parse reads a --trace value: on, retain-on-failure or off.
func Parse(s string) (Mode, error) {
	switch v := Mode(strings.ToLower(strings.TrimSpace(s))); v {
	case On, RetainOnFailure, Off:
		return v, nil
	}
	return "", fmt.Errorf("trace %s: want on, retain-on-failure or off", printable.Quote(s))
}

// Records reports whether m records traces (On or RetainOnFailure).
func (m Mode) Records() bool { return m == On || m == RetainOnFailure }

// Suffix ends the name of a run's trace file: NAME.trace.zip.
const Suffix = ".trace.zip"

// ErrUnsupported is wrapped when the browser server cannot record a trace:
// it has no tracing tools (a server of the MCP config started without
// @playwright/mcp's --caps devtools), or refused to start one.
var ErrUnsupported = errors.New("the browser server cannot record a trace")

// Caller is the one method of an MCP session tracing calls.
type Caller interface {
	CallTool(ctx context.Context, name string, args map[string]any) (*mcpclient.Result, error)
}

// Start starts recording a trace of s, the browser server called server.
// A server that cannot record one is an error wrapping ErrUnsupported that
// says what to do; a lost connection is the connection's error.
func Start(ctx context.Context, s Caller, server string) error {
	res, err := s.CallTool(ctx, mcpclient.ToolStartTracing, map[string]any{})
	switch {
	case err != nil && !errors.Is(err, mcpclient.ErrRejected):
		return fmt.Errorf("start a trace: %w", err)
	case err != nil || res.UnknownTool():
		// A server without the tool says so in a failed result
		// (@playwright/mcp) or refuses the request.
		return fmt.Errorf("%w: the server %s has no tool %s: start it with @playwright/mcp's --caps %s in your MCP config, or replay with --mcp builtin or --mcp playwright-mcp",
			ErrUnsupported, printable.Quote(server), mcpclient.ToolStartTracing, mcpclient.CapDevtools)
	case res.IsError:
		return fmt.Errorf("%w: the server %s: %s", ErrUnsupported, printable.Quote(server), printable.Message(res.ErrorLine()))
	}
	return nil
}

// Stop stops the trace Start started on s and writes it to dest, replacing
// it: the built-in server's zip moved there, or the files @playwright/mcp
// wrote packed into one. A link that is relative (a server without
// --file-paths absolute) is taken from the working directory.
func Stop(ctx context.Context, s Caller, dest string) error {
	res, err := s.CallTool(ctx, mcpclient.ToolStopTracing, map[string]any{})
	switch {
	case err != nil:
		return err
	case res.IsError:
		return errors.New(printable.Message(res.ErrorLine()))
	}
	src := res.TraceFile()
	if src == "" {
		return fmt.Errorf("the result links no trace: %s", printable.Message(res.Text))
	}
	if !traceName.MatchString(filepath.Base(src)) {
		return fmt.Errorf("the result links %s, which is not a file a server names a trace (trace-N.trace or trace-N.zip)", printable.Quote(src))
	}
	if src, err = filepath.Abs(src); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return err
	}
	if strings.HasSuffix(src, ".trace") {
		return tracezip.Pack(src, dest)
	}
	return moveFile(src, dest)
}

// traceName is the name the servers give a trace they stop: @playwright/mcp
// its action log, trace-N.trace, and the built-in server its zip,
// trace-N.zip. No other file a server links is read or moved.
var traceName = regexp.MustCompile(`^trace-[0-9]+\.(?:trace|zip)$`)

// moveFile moves the file src to dest, replacing dest: renamed when both
// are on one file system, else copied (atomically) and removed.
func moveFile(src, dest string) error {
	if err := os.Rename(src, dest); err == nil {
		return nil
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := safefile.Create(dest, 0o644)
	if err != nil {
		return err
	}
	defer out.Close()
	if _, err := io.Copy(out, in); err != nil {
		return err
	}
	if err := out.Commit(); err != nil {
		return err
	}
	return os.Remove(src)
}

// Recording is one run's trace while it records (Begin). A nil
// *Recording records nothing, and its methods do nothing.
type Recording struct {
	mode Mode
	s    Caller
	file string              // where End writes it
	kept string              // what End wrote
	mask func(string) string // the run's secrets masked; nil: none
	log  *slog.Logger
}

// Begin starts the trace of a run, before its first step, when mode
// records one, s (the browser server called server) is open and there is
// a folder dir to keep it in (else nil, and no call is made). End writes
// it there as name()+Suffix, with every text in it passed through mask
// (the run's secrets masked, as everywhere else it writes; nil when it
// has none). A server that cannot record one is Start's error.
func Begin(ctx context.Context, mode Mode, s Caller, server, dir string, name func() string, mask func(string) string, log *slog.Logger) (*Recording, error) {
	if !mode.Records() || s == nil || dir == "" {
		return nil, nil
	}
	dest := filepath.Join(dir, name()+Suffix)
	if err := Start(ctx, s, server); err != nil {
		return nil, err
	}
	return &Recording{mode: mode, s: s, file: dest, mask: mask, log: log}, nil
}

// End stops the trace, after the run's last step and its failure's
// evidence, and writes it (Stop), bounded by defaults.Trace, its secrets
// masked (tracezip.Mask). It returns the file written; "" when the run
// was interrupted or the trace could not be saved or masked (a trace that
// could not be masked is removed, never kept with the secrets in it),
// which is logged: the run's verdict is its steps'.
func (r *Recording) End(ctx context.Context) string {
	if r == nil || ctx.Err() != nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, defaults.Trace)
	defer cancel()
	if err := Stop(ctx, r.s, r.file); err != nil {
		r.log.Warn("trace not saved", "err", err)
		return ""
	}
	if r.mask != nil {
		if err := tracezip.Mask(r.file, r.mask); err != nil {
			_ = os.Remove(r.file)
			r.log.Warn("trace not kept: its secrets could not be masked", "err", err)
			return ""
		}
	}
	r.kept = r.file
	return r.kept
}

// Keep returns the trace kept once the run's verdict is final: under
// RetainOnFailure a passed run's is removed, and "" returned.
func (r *Recording) Keep(passed bool) string {
	if r == nil || r.kept == "" || r.mode != RetainOnFailure || !passed {
		return r.keptFile()
	}
	if err := os.Remove(r.kept); err != nil {
		r.log.Warn("passed run's trace not removed", "err", err)
		return r.kept
	}
	r.kept = ""
	return ""
}

func (r *Recording) keptFile() string {
	if r == nil {
		return ""
	}
	return r.kept
}
