package browserserver

// A session's browser context: made ahead, taken by the session's first
// call, closed when it ends; and when the next one is made.

import (
	"context"
	"errors"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mxschmitt/playwright-go"
)

// spare is a fresh context and page, or why none could be made.
type spare struct {
	bctx playwright.BrowserContext
	page playwright.Page
	err  error
}

// prepare makes the next spare context and page in the background.
func (s *Server) prepare() {
	go func() {
		bctx, page, err := s.newPage()
		s.spares <- spare{bctx, page, err}
	}()
}

// takePage returns a fresh, isolated context and its page: the spare made
// ahead when there is one, else a new one. The next session's is made
// ahead in the server's idle time when it has some: when this session
// ends (endSession). Made beside a running session, it costs that
// session's page load and first action about 15-25 ms each
// (ReplayVsDirectWarm, whose sessions have pauses between them). Only
// when sessions come back to back (a suite's scenarios, one after another
// or several at once) is it started now, beside this one: made between
// them, every next session would wait for it (a suite of 24 scenarios
// took 5-9% longer, one and two at a time).
func (s *Server) takePage(backToBack bool) (playwright.BrowserContext, playwright.Page, error) {
	sp := <-s.spares
	if s.opened.Add(1) >= 2 && backToBack {
		s.prepare()
	} else {
		s.spares <- spare{}
	}
	if sp.err != nil || sp.page == nil || sp.page.IsClosed() {
		return s.newPage()
	}
	return sp.bctx, sp.page, nil
}

// backToBack reports whether a session starting now comes back to back:
// another ended less than s.gap ago.
func (s *Server) backToBack() bool {
	end := s.lastEnd.Load()
	return end != 0 && time.Since(time.Unix(0, end)) < time.Duration(s.gap.Load())
}

// startSession notes, as a session connects (before its first call, which
// takes its page), whether it comes back to back.
func (s *Server) startSession(id string) {
	if id == "" {
		return // no tab: tabFor refuses its calls
	}
	backToBack := s.backToBack()
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closed {
		s.tabLocked(id).backToBack = backToBack
	}
}

// prepareNext starts the spare for the next session when none is ready or
// on its way, once the server has served two sessions: a command's server
// serves one, for which a spare would be made and closed for nothing.
func (s *Server) prepareNext() {
	if s.opened.Load() < 2 || s.isClosed() {
		return
	}
	select {
	case sp := <-s.spares:
		if sp.err == nil && sp.page == nil {
			s.prepare()
			return
		}
		s.spares <- sp
	default:
		// A session is taking it, or it is being made.
	}
}

// newPage creates a context with the server's viewport and timeouts, and
// its page.
func (s *Server) newPage() (playwright.BrowserContext, playwright.Page, error) {
	if s.isClosed() {
		return nil, nil, errClosed // a shared browser outlives s: no context may be left in it
	}
	w, h, _ := parseViewport(s.opts.Viewport)
	opts := playwright.BrowserNewContextOptions{Viewport: &playwright.Size{Width: w, Height: h}}
	if g := s.opts.Grant; g.Geolocation() {
		opts.Geolocation = &playwright.Geolocation{Latitude: g.Latitude, Longitude: g.Longitude}
	}
	bctx, err := s.browser.NewContext(opts)
	if err != nil {
		return nil, nil, err
	}
	if g := s.opts.Grant; g.Set {
		// Every permission not named is denied, none named included.
		if err := bctx.GrantPermissions(g.Names()); err != nil {
			_ = bctx.Close()
			return nil, nil, err
		}
	}
	bctx.SetDefaultTimeout(float64(s.opts.ActionTimeout.Milliseconds()))
	bctx.SetDefaultNavigationTimeout(float64(s.opts.NavigationTimeout.Milliseconds()))
	page, err := bctx.NewPage()
	if err != nil {
		_ = bctx.Close()
		return nil, nil, err
	}
	return bctx, page, nil
}

// errNoSession refuses a call that comes with no MCP session, or one with
// no ID: a stateless protocol's (mcp-go serves each request of 2026-07-28
// on a session of its own whose ID is empty). Keyed by that ID, every such
// call would share one browser context, each client seeing the others'
// pages.
var errNoSession = errors.New("this call came with no MCP session, and plaintest mcp keeps each session's pages in a browser context of its own: " +
	"connect with a protocol version that has sessions (" + mcp.LATEST_LEGACY_PROTOCOL_VERSION + " or earlier), or over stdio")

// tabFor returns the tab of the MCP session in ctx, opening its context and
// page on first use.
func (s *Server) tabFor(ctx context.Context) (*tab, error) {
	id := ""
	if cs := server.ClientSessionFromContext(ctx); cs != nil {
		id = cs.SessionID()
	}
	if id == "" {
		return nil, errNoSession
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errClosed
	}
	return s.tabLocked(id), nil
}

// tabLocked returns the tab of session id, made when it has none; s.mu
// is held and s not closed.
func (s *Server) tabLocked(id string) *tab {
	if s.tabs == nil {
		s.tabs = map[string]*tab{}
	}
	t := s.tabs[id]
	if t == nil {
		t = &tab{s: s}
		s.tabs[id] = t
	}
	return t
}

// isClosed reports whether Close has begun.
func (s *Server) isClosed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// endSession closes the context of a session that ended.
func (s *Server) endSession(id string) {
	s.mu.Lock()
	t := s.tabs[id]
	delete(s.tabs, id)
	s.mu.Unlock()
	if t != nil {
		t.close()
	}
	s.lastEnd.Store(time.Now().UnixNano())
	s.prepareNext()
}
