package defaults

import "time"

// The timings of the MCP servers' processes (mcpclient) and of the
// commands that serve (plaintest mcp, plaintest demo): how long a process
// is given to start, answer, drain and exit.
const (
	// DialRetryFirst and DialRetryMax are the backoff between attempts to
	// reach a network server while it starts: the first delay, doubled up
	// to the last.
	DialRetryFirst = 50 * time.Millisecond
	DialRetryMax   = time.Second
	// ExitReap is how long a call that saw its server's stdout end waits
	// for the process to be reaped, so that its error says how it ended.
	ExitReap = time.Second
	// EOFGrace is how long the exit watcher lets the transport read what
	// the child wrote before it died, before it closes stdout under it (a
	// grandchild holding the pipe open would otherwise keep the transport
	// waiting forever).
	EOFGrace = 500 * time.Millisecond
	// GracefulExit is how long a server is given to exit once its stdin
	// closes (a Playwright MCP server closes its browser then, which
	// takes a few hundred milliseconds), and TermExit how long after
	// SIGTERM, before it is killed.
	GracefulExit = 3 * time.Second
	TermExit     = 2 * time.Second
	// OrphanGrace is how long processes the server started may outlive
	// it before they are killed.
	OrphanGrace = 500 * time.Millisecond
	// OrphanPoll is how often the processes left are looked at meanwhile.
	OrphanPoll = 50 * time.Millisecond
	// DrainGrace bounds how long closing a server waits for the rest of
	// its stderr.
	DrainGrace = 200 * time.Millisecond
	// KeptClose bounds the browser_close that ends a kept server's run and
	// hands it back.
	KeptClose = 10 * time.Second
	// SharedBrowserStart is how long the shared Chromium (a Playwright
	// browser server) may take to say its endpoint, and SharedBrowserStop
	// how long it is given to close its browser and exit before it is
	// killed.
	SharedBrowserStart = time.Minute
	SharedBrowserStop  = 15 * time.Second
	// BridgeDial bounds the connection to one socket of Claude Code's
	// Chrome bridge, and BridgeCall one call through it.
	BridgeDial = time.Second
	BridgeCall = 30 * time.Second
	// MCPShutdown and DemoShutdown are how long plaintest mcp and
	// plaintest demo let the requests in flight end after Ctrl-C.
	MCPShutdown  = 5 * time.Second
	DemoShutdown = 2 * time.Second
)
