package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/sandy"
)

// Exit codes (DESIGN.md §3).
const (
	exitOK          = 0
	exitFailed      = 1 // a step or an assertion did not hold
	exitInput       = 2 // flags, scenario file, missing variable
	exitEnvironment = 3 // browser, MCP server or model unreachable
)

// exitError carries an explicit exit code; the message is already complete.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageError marks bad flags or arguments (exit 2).
func usageError(format string, args ...any) error {
	return &exitError{code: exitInput, err: fmt.Errorf(format, args...)}
}

// failed marks a run whose scenario did not hold (exit 1); the details were
// already printed by the command's report.
func failed(err error) error { return &exitError{code: exitFailed, err: err} }

// exitCode maps an error to the process exit code.
func exitCode(err error) int {
	var ee *exitError
	var le *replay.LoadError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ee):
		return ee.code
	case errors.As(err, &le): // scenarios refused before the run
		return exitInput
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.Is(err, sandy.ErrInvalid):
		return exitInput
	case errors.Is(err, mcpclient.ErrUnavailable):
		return exitEnvironment
	case errors.Is(err, context.Canceled):
		return 130
	}
	for _, m := range extraExitCodes {
		if errors.Is(err, m.err) {
			return m.code
		}
	}
	return exitFailed
}

// extraExitCodes lets a command file map its package's sentinels.
var extraExitCodes []struct {
	err  error
	code int
}

// report prints one sentence for a failed command and returns its exit code.
// The error may quote a page, a scenario or a server: its control
// characters are escaped (printable.String).
func report(w io.Writer, cmd string, err error) int {
	code := exitCode(err)
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(w, "plaintest %s: %s\n", cmd, printable.String(err.Error()))
	}
	return code
}
