// Command plaintest compiles plain-English browser tests into Sandy v2.1
// scenarios and replays them deterministically. This file only builds the
// context, dispatches subcommands and maps errors to exit codes; the work is
// done by the packages it imports.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/term"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// env is what a command may touch of the outside world; tests replace it.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// tty is true when stdout is a terminal (colours, live progress).
	tty    bool
	getenv func(string) string
}

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, e *env, args []string) error
}

// commands is the dispatch table, in the order --help lists them.
var commands []command

func init() {
	commands = []command{
		{"compile", "compile plain-English steps into a Sandy v2.1 scenario", runCompile},
		{"replay", "replay Sandy scenarios deterministically, with no model", runReplay},
		{"prove", "show that each check of Sandy scenarios fails when the page breaks its fact", runProve},
		{"validate", "check Sandy scenarios, NanoClaw bundles and Chungoid flows, reporting every problem", runValidate},
		{"export", "convert a Sandy scenario into a Chungoid flow or a Playwright Test spec", runExport},
		{"snapshot", "print a page's minimized snapshot and its token count", runSnapshot},
		{"mcp", "serve the built-in browser MCP server (stdio, or HTTP and SSE)", runMCP},
		{"demo", "serve the bundled demo shop", runDemo},
		{"version", "print the version", runVersion},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	e := &env{
		stdin:  os.Stdin,
		stdout: os.Stdout,
		stderr: os.Stderr,
		tty:    term.IsTerminal(int(os.Stdout.Fd())) && os.Getenv("NO_COLOR") == "",
		getenv: os.Getenv,
	}
	code := run(ctx, e, os.Args[1:])
	stop()
	os.Exit(int(code))
}

// run dispatches one command line and returns the process exit code.
func run(ctx context.Context, e *env, args []string) exitCode {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(e.stdout)
		if len(args) == 0 {
			return exitInput
		}
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			err := c.run(ctx, e, args[1:])
			return report(e.stderr, c.name, err)
		}
	}
	fmt.Fprintf(e.stderr, "plaintest: unknown command %q (see plaintest --help)\n", args[0])
	return exitInput
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "plaintest %s: plain-English browser tests, compiled to deterministic replayable steps\n\nUsage: plaintest <command> [flags]\n\nCommands:\n", version)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Run "plaintest <command> --help" for a command's flags and its doc page.
Reference: README.md, and in docs/ compile.md, replay.md, prove.md, models.md,
exports.md, browser-servers.md, security.md, limits.md.

Exit codes: 0 passed, 1 the scenario failed, 2 bad input, 3 environment
(browser, MCP server or model unreachable), 4 healed (replay --heal: some
steps ran only on healed targets, not a pass), 130 interrupted.
`)
}

func runVersion(_ context.Context, e *env, _ []string) error {
	fmt.Fprintf(e.stdout, "plaintest %s\n", version)
	return nil
}
