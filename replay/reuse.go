package replay

// The bundled @playwright/mcp kept between runs (ConfigServers.Reuse).

import (
	"context"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/mcpclient"
)

// reused is a session of a kept server for one run: its Close ends the
// run's browser and hands the server to the next run with the same needs.
type reused struct {
	*mcpclient.Session
	c     *ConfigServers
	needs Needs
}

// Close ends the run's browser with browser_close and keeps the server
// for the next run; a server that fails it (gone, its browser lost, no
// answer in time) is stopped instead.
func (r *reused) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), defaults.KeptClose)
	defer cancel()
	res, err := r.Session.CallTool(ctx, mcpclient.ToolClose, nil)
	if err != nil || res.IsError || !r.c.keep(r.needs, r.Session) {
		return r.Session.Close()
	}
	return nil
}

// idleSession takes a kept server with these needs, or returns nil.
func (c *ConfigServers) idleSession(needs Needs) *mcpclient.Session {
	c.mu.Lock()
	defer c.mu.Unlock()
	list := c.idle[needs]
	if len(list) == 0 {
		return nil
	}
	s := list[len(list)-1]
	c.idle[needs] = list[:len(list)-1]
	return s
}

// keep puts s among the kept servers; false once Close has run.
func (c *ConfigServers) keep(needs Needs, s *mcpclient.Session) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return false
	}
	if c.idle == nil {
		c.idle = map[Needs][]*mcpclient.Session{}
	}
	c.idle[needs] = append(c.idle[needs], s)
	return true
}

// Close stops the servers kept between runs (Reuse). Runs still going
// stop theirs when they end.
func (c *ConfigServers) Close() error {
	c.mu.Lock()
	idle := c.idle
	c.idle, c.closed = nil, true
	c.mu.Unlock()
	var first error
	for _, list := range idle {
		for _, s := range list {
			if err := s.Close(); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}
