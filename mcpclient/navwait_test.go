package mcpclient

import (
	"testing"
	"time"
)

// TestPendingNavigation: only Playwright's call log of an action that ran
// and then waited for its navigation reads as one still on its way.
func TestPendingNavigation(t *testing.T) {
	for _, tt := range []struct {
		msg  string
		want bool
	}{
		{"TimeoutError: Timeout 5000ms exceeded.\nCall log:\n  - performing click action\n    - click action done\n    - waiting for scheduled navigations to finish", true},
		{"TimeoutError: Timeout 5000ms exceeded.\nCall log:\n  - waiting for getByRole('link')\n", false},
		{"TimeoutError: x\n    - click action done\n    - waiting for scheduled navigations to finish\n    - navigations have finished\n    - retrying", false},
		{"", false},
	} {
		if got := PendingNavigation(tt.msg); got != tt.want {
			t.Errorf("%q: got %v, want %v", tt.msg, got, tt.want)
		}
	}
}

// TestNavigationTimeout: a server's --timeout-navigation, in either form,
// else @playwright/mcp's default.
func TestNavigationTimeout(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want time.Duration
	}{
		{[]string{"cli.js", "--timeout-navigation", "7000"}, 7 * time.Second},
		{[]string{"cli.js", "--timeout-navigation=2500"}, 2500 * time.Millisecond},
		{[]string{"cli.js", "--timeout-navigation", "soon"}, 60 * time.Second},
		{[]string{"cli.js"}, 60 * time.Second},
	} {
		if got := (ServerConfig{Args: tt.args}).navigationTimeout(); got != tt.want {
			t.Errorf("%v: got %s, want %s", tt.args, got, tt.want)
		}
	}
}
