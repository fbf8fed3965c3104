package mcpclient

import (
	"time"
)

// Timeouts BundledOptions gives the bundled @playwright/mcp when told 0.
const (
	// DefaultActionTimeout is how long the server's actions wait: a step's
	// timeout.
	DefaultActionTimeout = 5 * time.Second
	// DefaultNavTimeout is how long a page may take to load.
	DefaultNavTimeout = 30 * time.Second
)

// BundledOptions are the options plaintest gives the bundled
// @playwright/mcp, for replay and compile alike (so that what compiles also
// replays), for a step timeout of timeout and a navigation timeout of nav
// (0 for DefaultActionTimeout and DefaultNavTimeout):
//
//   - --timeout-settle 100: after each action the server waits 100 ms (not
//     500) for work the action triggered; a navigation seen in that window is
//     still waited for until the page loads.
//   - --snapshot-mode none: no page snapshot after every action (replay reads
//     none; browser_snapshot still works, for failure evidence).
//   - --timeout-action: the step timeout, so that browser_wait_for and the
//     server's own waits give up when a step would.
//   - --timeout-navigation: nav, so that a page that never finishes loading
//     fails its step with the server's own timeout error, in bounded time.
func BundledOptions(timeout, nav time.Duration) *PlaywrightOptions {
	if timeout <= 0 {
		timeout = DefaultActionTimeout
	}
	if nav <= 0 {
		nav = DefaultNavTimeout
	}
	return &PlaywrightOptions{
		SettleTimeout:     100 * time.Millisecond,
		ActionTimeout:     timeout,
		NavigationTimeout: nav,
		ExtraArgs:         []string{"--snapshot-mode", "none"},
	}
}
