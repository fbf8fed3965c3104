package main

import (
	"fmt"
	"sync"

	"github.com/plaintest/plaintest/browserserver"
)

// builtinPool keeps the built-in browser servers a suite compile starts,
// one per set of options its tests need, so that the tests share the
// browser, each in a context of its own (a session's end closes its
// context), instead of launching one each.
type builtinPool struct {
	mu      sync.Mutex
	servers map[string]*browserserver.Server
}

// server is the pool's server for o, started on first use.
func (p *builtinPool) server(o *browserserver.Options) (*browserserver.Server, error) {
	key := fmt.Sprintf("%q %q %v %v %q %q %q %v %v", o.FileRoots, o.WorkDir, o.Grant, o.Headed, o.ExecutablePath,
		o.WSEndpoint, o.CDPEndpoint, o.ActionTimeout, o.NavigationTimeout)
	p.mu.Lock()
	defer p.mu.Unlock()
	if s, ok := p.servers[key]; ok {
		return s, nil
	}
	s, err := browserserver.New(o)
	if err != nil {
		return nil, err
	}
	if p.servers == nil {
		p.servers = map[string]*browserserver.Server{}
	}
	p.servers[key] = s
	return s, nil
}

// close stops every server of the pool.
func (p *builtinPool) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.servers {
		_ = s.Close()
	}
	p.servers = nil
}
