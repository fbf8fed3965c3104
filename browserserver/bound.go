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
// server's CallTimeout. Playwright's calls wait for the page: a page whose
// script never yields (an endless loop) holds them for ever, and its own
// timeouts do not all apply. Past the bound the call's context is closed,
// which ends what Playwright was waiting for, and the call fails saying
// so; the session's next call starts on a fresh page. A client that gives
// up first (ctx) is answered at once, and the call goes on, held to the
// same bound: a client's own deadline may be short (a wait for a late
// element), and a page is closed only when it is the page that holds the
// call.
func (s *Server) bounded(ctx context.Context, t *tab, name string, run func() *mcp.CallToolResult) *mcp.CallToolResult {
	bound := s.opts.CallTimeout
	done := make(chan *mcp.CallToolResult, 1)
	go func() { done <- run() }()
	timer := time.NewTimer(bound)
	select {
	case res := <-done:
		timer.Stop()
		return res
	case <-ctx.Done():
		go func() {
			select {
			case <-done:
				timer.Stop()
			case <-timer.C:
				s.overran(t, name, bound, done)
			}
		}()
		return errorResult(toolErrorf("%s: the client stopped waiting (%v); the call goes on, within %s", name, context.Cause(ctx), bound.Round(100*time.Millisecond)))
	case <-timer.C:
	}
	s.overran(t, name, bound, done)
	return errorResult(toolErrorf("%s did not answer within %s: the page may be running a script that never yields (an endless loop); "+
		"its page is closed, and the next call opens a new one", name, bound.Round(100*time.Millisecond)))
}

// overran closes the page of a call that overran its bound and waits for
// the call to end (done) no longer than defaults.Abandon.
func (s *Server) overran(t *tab, name string, bound time.Duration, done <-chan *mcp.CallToolResult) {
	s.log.Warn("call overran its bound: closing its page", "tool", name, "bound", bound)
	t.abandon()
	select {
	case <-done:
	case <-time.After(defaults.Abandon):
	}
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
