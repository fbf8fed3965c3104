package main

// replay --trace: a Playwright trace of each scenario, kept in the report
// folder as NAME.trace.zip (replay.Options.Trace, package tracing).

import (
	"github.com/spf13/pflag"

	"github.com/plaintest/plaintest/replay/tracing"
)

// addTraceFlag declares --trace into fs, its value kept in mode.
func addTraceFlag(fs *pflag.FlagSet, mode *string) {
	fs.StringVar(mode, "trace", string(tracing.Off),
		"keep a Playwright trace: `MODE` on, retain-on-failure or off")
}

// traceMode reads --trace; a value it does not know is a usage error
// naming the flag and the values it takes.
func traceMode(mode string) (tracing.Mode, error) {
	t, err := tracing.Parse(mode)
	if err != nil {
		return "", usageError("--%v", err)
	}
	return t, nil
}
