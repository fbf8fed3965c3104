package mcpclient

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/internal/defaults"
)

// A navigation an action starts (a link clicked, a form submitted by Enter)
// is waited for up to the navigation timeout, not the action timeout:
// @playwright/mcp's actions wait for it inside the action (Playwright's
// click waits for the navigations it schedules), so that a page the
// server answers after the action timeout failed the click that opened it.
// The session then waits for that navigation itself.

//go:embed awaitnav.js
var awaitNavJS string

// PendingNavigation reports whether a failed call's error is Playwright's
// for an action that ran and then timed out waiting for the navigation it
// started: its call log ends with the action done and that wait. Both
// servers then wait for that navigation up to the navigation timeout.
func PendingNavigation(msg string) bool {
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	return strings.Contains(msg, "action done") && last == "- waiting for scheduled navigations to finish"
}

// navTimeoutArgRe finds the navigation timeout a server was started with.
var navTimeoutArgRe = regexp.MustCompile(`^--timeout-navigation(?:=(\d+))?$`)

// navigationTimeout is how long a page may take to load on the server sc
// starts: its --timeout-navigation, else @playwright/mcp's default.
func (sc ServerConfig) navigationTimeout() time.Duration {
	for i, a := range sc.Args {
		m := navTimeoutArgRe.FindStringSubmatch(a)
		if m == nil {
			continue
		}
		v := m[1]
		if v == "" && i+1 < len(sc.Args) {
			v = sc.Args[i+1]
		}
		if ms, err := strconv.Atoi(v); err == nil && ms > 0 {
			return time.Duration(ms) * time.Millisecond
		}
	}
	return defaults.PlaywrightMCPNavigation
}

// navLoaded is awaitnav.js's answer.
type navLoaded struct {
	State string `json:"state"`
	URL   string `json:"url"`
	Title string `json:"title"`
}

// awaitNavigation waits, after the action sent at sent that failed with
// failed (PendingNavigation), for the navigation it started, until the
// navigation timeout from sent: the action's result is then the page it
// loaded; a page that does not load in time fails the action naming its
// URL and the timeout.
func (s *Session) awaitNavigation(ctx context.Context, sent time.Time, failed *Result) (*Result, error) {
	limit := s.navTimeout
	if limit <= 0 {
		limit = defaults.PlaywrightMCPNavigation
	}
	// Asked first: once the page answers, the request is no longer pending.
	url := s.pendingURL(ctx)
	deadline := sent.Add(limit)
	for left := time.Until(deadline); left > 0; left = time.Until(deadline) {
		fn := fmt.Sprintf("() => (%s)(%d, %d)", strings.TrimSpace(stripComments(awaitNavJS)), sent.UnixMilli(), left.Milliseconds())
		res, err := s.callTool(ctx, ToolEvaluate, map[string]any{"function": fn})
		if err != nil {
			return res, err
		}
		if res.IsError {
			// The document the action left is gone: ask the new one.
			if err := clock.Sleep(ctx, defaults.NavPoll); err != nil {
				return failed, err
			}
			continue
		}
		var got navLoaded
		if json.Unmarshal([]byte(res.Value), &got) != nil || got.State != "loaded" {
			break
		}
		text := "### Page\n- Page URL: " + got.URL + "\n- Page Title: " + got.Title + "\n"
		if failed.Code != "" {
			text = "### Ran Playwright code\n```js\n" + failed.Code + "\n```\n" + text
		}
		loaded := ParseText(text)
		return &loaded, nil
	}
	msg := fmt.Sprintf("TimeoutError: the page %s, which the action opened, did not load within %s (the navigation timeout)", url, limit)
	return &Result{Text: "### Error\n" + msg, Error: msg, IsError: true}, nil
}

// requestLineRe is a line of browser_network_requests: "3. [GET] URL",
// with " => [200] OK" once answered.
var requestLineRe = regexp.MustCompile(`(?m)^\d+\. \[[A-Z]+\] (\S+)( => .*)?$`)

// pendingURL is the URL of the latest request the page still waits for
// an answer to (the navigation's), or "that the action opened" words when
// the server cannot say.
func (s *Session) pendingURL(ctx context.Context) string {
	res, err := s.callTool(ctx, "browser_network_requests", map[string]any{})
	if err == nil && !res.IsError {
		url := ""
		for _, m := range requestLineRe.FindAllStringSubmatch(res.Text, -1) {
			if m[2] == "" {
				url = m[1]
			}
		}
		if url != "" {
			return url
		}
	}
	return "(its URL unknown)"
}

// stripComments drops the // comment lines of a .js file.
func stripComments(js string) string {
	var b strings.Builder
	for _, l := range strings.Split(js, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "//") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}
