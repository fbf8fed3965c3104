// Package testkit holds the helpers the tests of several packages share,
// and only tests import it: a tool call through an MCP session (Call,
// CallText), the W3C APG corpus found through PLAINTEST_APG_CORPUS
// (APGCorpus, APGDir, NeedAPGDir), npx playwright test of the checkout's
// pinned @playwright/test (PlaywrightTest), pages served by path
// (Pages, Serve), the median of timings (Median) and a Playwright trace
// loaded as its viewer loads it (LoadTrace).
package testkit

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/spectest"
	"github.com/plaintest/plaintest/mcpclient"
)

// Caller is the one method of an MCP session the calls need.
type Caller interface {
	CallTool(ctx context.Context, tool string, args map[string]any) (*mcpclient.Result, error)
}

// Call calls tool through s and returns its result; a Go error (the
// session broken, no answer within the session's call timeout) fails tb,
// a tool error is the result's IsError, for the caller to judge.
func Call(tb testing.TB, s Caller, tool string, args map[string]any) *mcpclient.Result {
	tb.Helper()
	res, err := s.CallTool(context.Background(), tool, args)
	if err != nil {
		tb.Fatalf("%s: %v", tool, err)
	}
	return res
}

// CallText is Call that fails tb on a tool error too, and returns the
// result's text.
func CallText(tb testing.TB, s Caller, tool string, args map[string]any) string {
	tb.Helper()
	res := Call(tb, s, tool, args)
	if res.IsError {
		tb.Fatalf("%s %v: tool error: %s", tool, args, res.Text)
	}
	return res.Text
}

// root is the checkout: the folder of go.mod above the working directory
// the test binary started in (its package's folder), found before any
// test changes directory.
var root = func() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}()

// PlaywrightTest finds what npx playwright test needs: node, the pinned
// @playwright/test and Prettier in the checkout's node_modules, and
// Chromium's headless shell. Missing, tb skips, or fails under CI
// (spectest.Find).
func PlaywrightTest(tb testing.TB) spectest.Tool {
	tb.Helper()
	return spectest.Find(tb, filepath.Join(root, "node_modules"))
}

// Median is the middle of ds (the mean of the two middle ones for an even
// count), 0 for none; ds is left as it was.
func Median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
