package mcpclient

// The bundled @playwright/mcp servers a test binary keeps between sessions
// (KeepPlaywright).

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
)

// kept holds the idle servers while KeepPlaywright is in effect, by what
// started them (keepKey).
var kept struct {
	sync.Mutex
	held int
	idle map[string][]*Session
}

// KeepPlaywright makes Connect keep the bundled @playwright/mcp servers it
// starts (Playwright's configs) until the returned function is called: a
// session's Close ends its browser with browser_close and leaves the
// server for the next Connect with the same config, whose first call
// starts a fresh browser (the server runs --isolated: no cookie, storage
// or page of the run before). A server whose browser_close fails, or whose
// browser was lost, is stopped. A session whose Options.Stderr is set
// gets a server of its own (the kept one's stderr goes elsewhere).
//
// For test binaries, whose commands under test each connect: a node start
// and the loading of @playwright/mcp is about a second of processor time.
// A user's run connects once (replay keeps its own servers between
// scenarios: replay.ConfigServers.Reuse).
func KeepPlaywright() (release func()) {
	kept.Lock()
	kept.held++
	kept.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			kept.Lock()
			kept.held--
			var stop []*Session
			if kept.held == 0 {
				stop = takeIdle()
			}
			kept.Unlock()
			stopAll(stop)
		})
	}
}

// StopKept stops the idle kept servers now; KeepPlaywright stays in
// effect (for a test that counts processes).
func StopKept() {
	kept.Lock()
	stop := takeIdle()
	kept.Unlock()
	stopAll(stop)
}

// takeIdle empties the pool; kept's lock is held.
func takeIdle() []*Session {
	var out []*Session
	for _, l := range kept.idle {
		out = append(out, l...)
	}
	kept.idle = nil
	return out
}

func stopAll(l []*Session) {
	for _, s := range l {
		s.keepKey = ""
		s.closed = false // a kept session was closed for its user only
		_ = s.Close()
	}
}

// keepKey is what sc starts, for the pool: "" when sc is not a bundled
// server or nothing keeps servers.
func (sc ServerConfig) keepKey(o Options) string {
	if !sc.keepable || o.Stderr != nil {
		return ""
	}
	kept.Lock()
	held := kept.held
	kept.Unlock()
	if held == 0 {
		return ""
	}
	var roots []string
	if sc.guard != nil {
		roots = sc.guard.FileRoots
	}
	key, _ := json.Marshal([]any{sc.Name, sc.Command, sc.Args, sc.Env, sc.Dir, sc.tempOutputDir, sc.guard != nil, roots, sc.grant.String()})
	return string(key)
}

// leaseKept returns a session of an idle kept server started as key, or
// nil. The session is new (its Close is its own); the server is the kept
// one, called with this Connect's log and call timeout. A kept server that
// ended while idle is stopped (its folders removed) and passed over.
func leaseKept(key string, log *slog.Logger, callTimeout time.Duration) *Session {
	if key == "" {
		return nil
	}
	var old *Session
	var gone []*Session
	kept.Lock()
	for l := kept.idle[key]; len(l) > 0 && old == nil; l = kept.idle[key] {
		s := l[len(l)-1]
		kept.idle[key] = l[:len(l)-1]
		if s.proc.dead() {
			gone = append(gone, s)
		} else {
			old = s
		}
	}
	kept.Unlock()
	stopAll(gone)
	if old == nil {
		return nil
	}
	return &Session{name: old.name, transport: old.transport, c: old.c, proc: old.proc, log: log,
		callTimeout: callTimeout, stop: old.stop, redact: old.redact, hint: old.hint, tempDirs: old.tempDirs,
		guardLog: old.guardLog, serverInfo: old.serverInfo, ended: old.ended, keepKey: key}
}

// giveBack ends s's browser and puts its server in the pool; false when
// it is not to be kept (the caller then stops it). s is closed for its
// user already.
func (s *Session) giveBack() bool {
	s.mu.Lock()
	lost := s.lost != nil
	s.mu.Unlock()
	if lost || s.proc == nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), defaults.KeptClose)
	defer cancel()
	if s.proc.dead() {
		return false
	}
	r, err := s.callTool(ctx, ToolClose, nil)
	if err != nil || r.IsError {
		return false
	}
	kept.Lock()
	defer kept.Unlock()
	if kept.held == 0 {
		return false
	}
	if kept.idle == nil {
		kept.idle = map[string][]*Session{}
	}
	kept.idle[s.keepKey] = append(kept.idle[s.keepKey], s)
	return true
}
