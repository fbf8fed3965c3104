package replay

import (
	"strconv"
	"time"

	"github.com/plaintest/plaintest/mcpclient"
)

// PlaywrightOptions are the options replay gives the bundled
// @playwright/mcp, for a step timeout of timeout:
//
//   - --timeout-settle 100: after each action the server waits 100 ms (not
//     500) for work the action triggered; a navigation seen in that window is
//     still waited for until the page loads.
//   - --snapshot-mode none: no page snapshot after every action (replay reads
//     none; browser_snapshot still works, for failure evidence).
//   - --timeout-action: the step timeout, so that browser_wait_for and the
//     server's own waits give up when a step would.
func PlaywrightOptions(timeout time.Duration) *mcpclient.PlaywrightOptions {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	return &mcpclient.PlaywrightOptions{
		SettleTimeout: 100 * time.Millisecond,
		ExtraArgs: []string{
			"--snapshot-mode", "none",
			"--timeout-action", strconv.FormatInt(timeout.Milliseconds(), 10),
		},
	}
}
