package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/translator"
	"github.com/spf13/pflag"
)

// exitCode is the status plaintest exits with (DESIGN.md §3).
type exitCode int

const (
	exitOK          exitCode = 0
	exitFailed      exitCode = 1   // a step or an assertion did not hold
	exitInput       exitCode = 2   // flags, scenario file, missing variable, unknown server
	exitEnvironment exitCode = 3   // browser, MCP server or site unreachable, or lost
	exitHealed      exitCode = 4   // replay --heal: every step ran, some on healed targets
	exitInterrupted exitCode = 130 // Ctrl-C, as a shell reports SIGINT
)

// The classes of the errors a command makes itself, when no package's
// sentinel says what happened; mark attaches one.
var (
	errInput       = errors.New("bad input")
	errFailed      = errors.New("scenario failed")
	errEnvironment = errors.New("environment")
	errHealed      = errors.New("healed")
)

// marked is an error with a class; its message is the error's own.
type marked struct {
	class, err error
}

func (m *marked) Error() string   { return m.err.Error() }
func (m *marked) Unwrap() []error { return []error{m.class, m.err} }

// usageError is bad input: flags, arguments, files (exit 2).
func usageError(format string, args ...any) error {
	return inputError(fmt.Errorf(format, args...))
}

// inputError marks err as bad input (exit 2).
func inputError(err error) error { return &marked{errInput, err} }

// failed marks a run whose scenario did not hold (exit 1); the details were
// already printed by the command's report.
func failed(err error) error { return &marked{errFailed, err} }

// healedError marks a replay that ran every step, some only on healed
// targets (exit 4): not a pass, the scenarios need the proposed update.
func healedError(err error) error { return &marked{errHealed, err} }

// environmentError marks what is not the input's fault: a browser, a
// server, a site, a disk (exit 3).
func environmentError(err error) error { return &marked{errEnvironment, err} }

// exitCodeOf is the one place an error becomes an exit code. The first rule
// that holds wins: the class a command gave it, then --help, then what the
// packages' sentinels say (bad input, an environment that failed, an
// interruption); anything else is a failure.
func exitCodeOf(err error) exitCode {
	var load *replay.LoadError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errInput):
		return exitInput
	case errors.Is(err, errFailed):
		return exitFailed
	case errors.Is(err, errEnvironment):
		return exitEnvironment
	case errors.Is(err, errHealed):
		return exitHealed
	case errors.Is(err, pflag.ErrHelp):
		return exitOK
	case errors.As(err, &load), errors.Is(err, sandy.ErrInvalid):
		return exitInput
	case errors.Is(err, mcpclient.ErrUnavailable), errors.Is(err, translator.ErrModelUnavailable):
		return exitEnvironment
	case errors.Is(err, context.Canceled):
		return exitInterrupted
	case errors.Is(err, parser.ErrInvalid), errors.Is(err, mcpclient.ErrNoServer):
		return exitInput
	case errors.Is(err, mcpclient.ErrSiteUnreachable):
		return exitEnvironment
	}
	return exitFailed
}

// report prints one sentence for a failed command and returns its exit code.
// The error may quote a page, a scenario or a server: its control
// characters are escaped (printable.String).
func report(w io.Writer, cmd string, err error) exitCode {
	code := exitCodeOf(err)
	if err != nil && !errors.Is(err, pflag.ErrHelp) {
		fmt.Fprintf(w, "plaintest %s: %s\n", cmd, printable.String(err.Error()))
	}
	return code
}
