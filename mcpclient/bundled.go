package mcpclient

import (
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
)

// BundledOptions are the options plaintest gives the bundled
// @playwright/mcp, for replay and compile alike (so that what compiles also
// replays), for a step timeout of timeout and a navigation timeout of nav
// (0 for defaults.Step and defaults.Navigation):
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
		timeout = defaults.Step
	}
	if nav <= 0 {
		nav = defaults.Navigation
	}
	return &PlaywrightOptions{
		SettleTimeout:     defaults.Settle,
		ActionTimeout:     timeout,
		NavigationTimeout: nav,
		ExtraArgs:         []string{"--snapshot-mode", "none"},
	}
}
