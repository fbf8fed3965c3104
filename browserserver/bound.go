package browserserver

// Every call bounded by wall time, whatever the page does.

import (
	"context"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/internal/defaults"
)

// callTimeout is the default of Options.CallTimeout: defaults.Call, or
// longer when the navigation and action timeouts need it (a navigation,
// then an action and the settling after it), so that their own timeouts,
// which name what was slow, come first.
func callTimeout(o Options) time.Duration {
	return max(defaults.Call, o.NavigationTimeout+o.ActionTimeout+defaults.CallSlack)
}

// bounded runs one call of the tab's session (run, which takes the tab's
// lock) and returns its result, but waits for it no longer than the
// server's CallTimeout or ctx (the client's deadline, or its giving up).
// Playwright's calls wait for the page: a page whose script never yields
// (an endless loop) holds them for ever, and its own timeouts do not all
// apply. Past the bound the call's context is closed, which ends what
// Playwright was waiting for, and the call fails saying so; the session's
// next call starts on a fresh page.
func (s *Server) bounded(ctx context.Context, t *tab, name string, run func() *mcp.CallToolResult) *mcp.CallToolResult {
	bound := s.opts.CallTimeout
	if dl, ok := ctx.Deadline(); ok {
		bound = min(bound, time.Until(dl))
	}
	done := make(chan *mcp.CallToolResult, 1)
	go func() { done <- run() }()
	timer := time.NewTimer(bound)
	defer timer.Stop()
	select {
	case res := <-done:
		return res
	case <-timer.C:
	case <-ctx.Done():
	}
	s.log.Warn("call overran its bound: closing its page", "tool", name, "bound", bound)
	t.abandon()
	select {
	case <-done:
	case <-time.After(defaults.Abandon):
	}
	if ctx.Err() == context.Canceled {
		return errorResult(toolErrorf("%s was cancelled: its page is closed", name))
	}
	return errorResult(toolErrorf("%s did not answer within %s: the page may be running a script that never yields (an endless loop); "+
		"its page is closed, and the next call opens a new one", name, bound.Round(100*time.Millisecond)))
}

// setLive records bctx as the context the tab's calls now run in, for
// abandon.
func (t *tab) setLive(bctx playwright.BrowserContext) {
	t.liveMu.Lock()
	t.live = bctx
	t.liveMu.Unlock()
}

// abandon closes the context the tab's calls run in without waiting for
// the call that holds the tab (t.mu): what that call waits for in the
// page then ends, with an error.
func (t *tab) abandon() {
	t.liveMu.Lock()
	bctx := t.live
	t.live = nil
	t.liveMu.Unlock()
	if bctx != nil {
		_ = bctx.Close()
	}
}

// close ends the tab's context. A call that holds the tab and does not
// end once its page is closed is waited for no longer than
// defaults.Abandon.
func (t *tab) close() {
	t.abandon()
	done := make(chan struct{})
	go func() {
		defer close(done)
		t.mu.Lock()
		defer t.mu.Unlock()
		if t.bctx != nil {
			_ = t.bctx.Close()
		}
		t.bctx, t.page = nil, nil
	}()
	select {
	case <-done:
	case <-time.After(defaults.Abandon):
	}
}
