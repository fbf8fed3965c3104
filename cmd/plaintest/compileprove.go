package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/pflag"
)

// proveShared are the flags compile passes on to the prove that
// compile --prove runs: the browser, its server and config, what the
// scenario may open, and its timeouts.
var proveShared = []string{"config", trustConfigFlag, "allow-file-urls", "mcp", "ws-endpoint", "cdp-endpoint", "headed", "timeout", "nav-timeout", "files"}

// proveCompiled proves the scenario compile wrote at path, as plaintest
// prove does (a new browser session replays it, breaking what each check
// reads), with the flags of fs that prove shares and the variables and
// secrets compile was given. Its error is prove's: exit 1 when a
// mutation survived a check.
func proveCompiled(ctx context.Context, e *env, progress io.Writer, fs *pflag.FlagSet, f *compileFlags, path string) error {
	args := []string{path}
	fs.Visit(func(fl *pflag.Flag) {
		for _, name := range proveShared {
			if fl.Name == name {
				args = append(args, fmt.Sprintf("--%s=%s", name, fl.Value.String()))
			}
		}
	})
	for _, kv := range []*kvFlag{&f.vars, &f.secrets} {
		for _, k := range kv.keys {
			args = append(args, "--var", k+"="+kv.values[k])
		}
	}
	fmt.Fprintf(progress, "proving the checks of %s (plaintest prove)\n", path)
	return runProve(ctx, e, args)
}
