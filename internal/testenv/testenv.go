// Package testenv decides what a test does when something outside the Go
// toolchain that it needs (Chromium, node, @playwright/mcp, the Playwright
// driver) is missing: on a developer's machine the test is skipped; with
// CI set it fails, so a broken CI set-up can never pass by skipping.
package testenv

import (
	"os"
	"testing"
)

// Need skips tb under -short (an end-to-end test) and, when err says what
// is missing, skips tb or fails it under CI.
func Need(tb testing.TB, err error) {
	tb.Helper()
	if testing.Short() {
		tb.Skip("end-to-end test skipped in -short mode")
	}
	if err != nil {
		Missing(tb, "%v", err)
	}
}

// Missing skips tb with the message, or fails it when CI is set.
func Missing(tb testing.TB, format string, args ...any) {
	tb.Helper()
	if os.Getenv("CI") != "" {
		tb.Fatalf("CI is set and an end-to-end dependency is missing: "+format, args...)
		return
	}
	tb.Skipf("missing: "+format, args...)
}
