package mcpclient

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A browser that cannot start (a broken or missing library, a wrong
// --executable-path) is not a failed action: Playwright MCP starts the
// browser lazily, on the first call that needs a page, and reports the
// launch failure as that call's error, with the browser's own output under
// "Browser logs:". CallTool turns such a result into an *UnavailableError,
// so that compile and replay report an environment problem (exit 3) in one
// line instead of a failed step with a page of launch flags.

var (
	launchingRe = regexp.MustCompile(`(?m)^<launching> (\S+)`)
	browserErr  = regexp.MustCompile(`(?m)^\[pid=\d+\]\[err\] (.+)$`)
	exitCodeRe  = regexp.MustCompile(`<process did exit: exitCode=(\d+)`)
)

// maxLaunchLines bounds how many of the browser's error lines a launch
// failure quotes.
const maxLaunchLines = 3

// LaunchFailure reads a Playwright MCP error text and, when it says the
// browser could not be started, returns a one-paragraph description: the
// executable, then the last lines the browser printed on stderr (or its
// exit code).
func LaunchFailure(errText string) (string, bool) {
	// Playwright puts the logs after the first line of the message, and
	// repeats them, with more, under "Call log:".
	_, logs, ok := strings.Cut(errText, "\nBrowser logs:")
	if !ok {
		return "", false
	}
	logs, _, _ = strings.Cut(logs, "\nCall log:")
	m := launchingRe.FindStringSubmatch(logs)
	if m == nil {
		return "", false
	}
	var lines []string
	for _, e := range browserErr.FindAllStringSubmatch(logs, -1) {
		if l := strings.TrimSpace(e[1]); l != "" && !slices.Contains(lines, l) {
			lines = append(lines, l)
		}
	}
	if len(lines) > maxLaunchLines {
		lines = lines[len(lines)-maxLaunchLines:]
	}
	msg := fmt.Sprintf("the browser %s did not start", m[1])
	if c := exitCodeRe.FindStringSubmatch(errText); c != nil {
		msg += " (exit code " + c[1] + ")"
	}
	if len(lines) > 0 {
		msg += ": " + strings.Join(lines, "; ")
	}
	return msg, true
}
