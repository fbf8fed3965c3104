package replay

// A run's server sessions: opened before step 1, closed when it ends.

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/sandy"
)

// openSessions opens every server the plans call, in order of first use,
// before step 1, so that a missing server is known before anything runs.
// A server that cannot be opened is remembered, not reported: as in
// Sandy's player, the step that uses it fails, under its own on_error.
// Only an interruption is returned.
func (r *run) openSessions(ctx context.Context, servers Servers, plans []*plan, needs Needs) error {
	for _, pl := range plans {
		name := pl.serverFor(r.browser)
		if name == "" || r.sessions[name] != nil || r.openErrs[name] != nil {
			continue
		}
		r.log.Debug("opening mcp server", "server", name)
		s, err := servers.Open(ctx, name, needs)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			r.log.Debug("mcp server not opened", "server", name, "err", err)
			r.openErrs[name] = err
			continue
		}
		r.sessions[name] = s
		r.opened = append(r.opened, name)
	}
	return nil
}

// session is the open session of a server, or why it could not be opened.
func (r *run) session(name string) (ToolCaller, error) {
	if s := r.sessions[name]; s != nil {
		return s, nil
	}
	if err := r.openErrs[name]; err != nil {
		return nil, err
	}
	return nil, fmt.Errorf("%w: server %s is not open", errNoSession, printable.Quote(name))
}

// builtinBrowser is the server that sandy__wait_for_element and
// sandy__wait_until use when a step names none: chrome-devtools when the
// scenario calls it (Sandy's default), else the player's browser server.
func builtinBrowser(sc *sandy.Scenario, browser string) string {
	for i := range sc.Steps {
		if server, _, builtin, err := sandy.SplitTool(sc.Steps[i].Tool); err == nil && !builtin && server == devtoolsServer {
			return devtoolsServer
		}
	}
	return browser
}

func (r *run) closeSessions() {
	for _, name := range slices.Backward(r.opened) {
		switch c := r.sessions[name].(type) {
		case interface{ Close() error }:
			if err := c.Close(); err != nil {
				r.log.Debug("closing mcp server", "server", name, "err", err)
			}
		case interface{ Close() }:
			c.Close()
		}
	}
}

// errNoSession is returned when a browser built-in has no server to use.
var errNoSession = errors.New("no browser session")
