package replay

import (
	"time"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/sandy"
)

// PlaywrightOptions are the options replay (and compile, so that what
// compiles also replays) gives the bundled @playwright/mcp, for a step
// timeout of timeout and a navigation timeout of nav (0 for the defaults):
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
func PlaywrightOptions(timeout, nav time.Duration) *mcpclient.PlaywrightOptions {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if nav <= 0 {
		nav = DefaultNavTimeout
	}
	return &mcpclient.PlaywrightOptions{
		SettleTimeout:     100 * time.Millisecond,
		ActionTimeout:     timeout,
		NavigationTimeout: nav,
		ExtraArgs:         []string{"--snapshot-mode", "none"},
	}
}

// OpensFileURLs reports whether sc, with its variables layered under layers
// (lowest precedence first), navigates the browser to a file: URL: the
// bundled @playwright/mcp then has to be started with
// mcpclient.PlaywrightOptions.FileURLs, which it otherwise blocks.
func OpensFileURLs(sc *sandy.Scenario, layers ...map[string]string) bool {
	vars := sandy.NewVars(sc.Variables, layers...)
	for _, st := range sc.Steps {
		_, tool, builtin, err := sandy.SplitTool(st.Tool)
		if err != nil || builtin || tool != mcpclient.ToolNavigate {
			continue
		}
		raw, ok := st.Params["url"].(string)
		if !ok {
			continue
		}
		// An output of an earlier step cannot be known yet; such a
		// reference resolves to an error here and the step is passed over.
		if s, err := vars.SubstituteString(raw); err == nil && mcpclient.IsFileURL(s) {
			return true
		}
	}
	return false
}
