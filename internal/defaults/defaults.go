// Package defaults is plaintest's one table of timings: how long compile,
// replay and the browser servers wait, and how often they ask again. Every
// package and every flag takes its default from here, so that what
// compiles under the defaults also replays under them. The "Timeouts"
// table of docs/compile.md lists them for users.
package defaults

import "time"

const (
	// Step is how long an action waits for its target to appear and act
	// (compile and replay --timeout; the browser servers' action timeout).
	Step = 5 * time.Second
	// Check is how long a check waits for what it checks to hold.
	Check = Step
	// Navigation is how long a page may take to load (--nav-timeout).
	Navigation = 30 * time.Second
	// Poll is how often a wait asks again: a missing target, a check, a
	// page still loading.
	Poll = 100 * time.Millisecond
	// Settle is how long @playwright/mcp waits after an action for work it
	// triggered (--timeout-settle; its own default is 500 ms).
	Settle = 100 * time.Millisecond
	// ServerStart is how long an MCP server may take to start and answer
	// initialize.
	ServerStart = 30 * time.Second
	// Call is how long one MCP call may take when no longer bound is known.
	Call = 60 * time.Second
	// PlaywrightMCPNavigation is @playwright/mcp's own navigation timeout,
	// for a server started without --timeout-navigation.
	PlaywrightMCPNavigation = 60 * time.Second
	// Model is how long one request to a language model may take.
	Model = 60 * time.Second
)
