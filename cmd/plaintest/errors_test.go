package main

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/sandy"
	"github.com/spf13/pflag"
)

func TestExitCodeOf(t *testing.T) {
	unavailable := &mcpclient.UnavailableError{Server: "playwright", Op: "start", Err: errors.New("no node")}
	tests := []struct {
		name string
		err  error
		want exitCode
	}{
		{"no error", nil, exitOK},
		{"--help", fmt.Errorf("parse: %w", pflag.ErrHelp), exitOK},
		{"a bad flag", usageError("--parallel 0: want 1 or more"), exitInput},
		{"a scenario that did not hold", failed(errors.New("1 of 1 scenario failed")), exitFailed},
		{"a disk that refused a write", environmentError(errors.New("read-only file system")), exitEnvironment},
		{"an invalid scenario", fmt.Errorf("x.json: %w", sandy.ErrInvalid), exitInput},
		{"scenarios refused before the run", &replay.LoadError{Errs: []error{errors.New("a.json: refused")}}, exitInput},
		{"invalid compile input", fmt.Errorf("url: %w", parser.ErrInvalid), exitInput},
		{"an unknown server", fmt.Errorf("step 2: %w", mcpclient.ErrNoServer), exitInput},
		{"a server that cannot start", fmt.Errorf("step 1: %w", unavailable), exitEnvironment},
		{"a site that cannot be reached", &mcpclient.SiteError{URL: "http://x", Reason: "net::ERR_CONNECTION_REFUSED"}, exitEnvironment},
		{"interrupted", fmt.Errorf("interrupted: %w", context.Canceled), exitInterrupted},
		{"a lost server while interrupted is the environment's", errors.Join(context.Canceled, unavailable), exitEnvironment},
		{"a class a command gave wins", usageError("%w", unavailable), exitInput},
		{"anything else", errors.New("step 3 failed"), exitFailed},
	}
	for _, tt := range tests {
		if got := exitCodeOf(tt.err); got != tt.want {
			t.Errorf("%s: exitCodeOf(%v) = %d, want %d", tt.name, tt.err, got, tt.want)
		}
	}
}
