package browserserver

// Tracing: browser_start_tracing and browser_stop_tracing, a Playwright
// trace of the session's browser context as @playwright/mcp records it
// (--caps devtools), kept as one zip.

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/mcpclient"
)

// startTracing starts a Playwright trace of the session's context with
// what @playwright/mcp records: a screencast (screenshots) and, at each
// Playwright call, a DOM snapshot and the network.
func (t *tab) startTracing(_ args, r *response) error {
	if t.recording() {
		return toolErrorf("Tracing has been already started")
	}
	err := t.bctx.Tracing().Start(playwright.TracingStartOptions{
		Screenshots: playwright.Bool(true),
		Snapshots:   playwright.Bool(true),
	})
	if err != nil {
		return err
	}
	t.tracing = t.bctx
	r.result = "Trace recording started"
	return nil
}

// stopTracing stops the trace and writes it as one zip, the file
// Playwright's trace viewer opens (npx playwright show-trace FILE), in the
// server's traces folder; its result links it as @playwright/mcp links
// its trace: "- [Trace](PATH)". The folder is the server's own (a
// temporary one, removed on Close): whoever asked moves the file out.
func (t *tab) stopTracing(_ args, r *response) error {
	if !t.recording() {
		lost := t.tracing != nil
		t.tracing = nil
		if lost {
			return toolErrorf("Tracing is not started: the browser context it recorded was closed (browser_close, or a call past its time bound)")
		}
		return toolErrorf("Tracing is not started")
	}
	tr := t.tracing.Tracing()
	t.tracing = nil
	dir, err := t.s.tracesDir()
	if err != nil {
		_ = tr.Stop()
		return err
	}
	path := filepath.Join(dir, fmt.Sprintf("trace-%d.zip", t.s.traces.n.Add(1)))
	if err := tr.Stop(path); err != nil {
		return err
	}
	r.result = "Trace recording stopped.\n- [Trace](" + path + ")"
	return nil
}

// recording reports whether the session's context is being traced.
func (t *tab) recording() bool {
	return t.tracing != nil && t.tracing == t.bctx
}

// group runs call inside a trace group named after the tool when the
// session's context is being traced, so that the trace viewer shows each
// MCP call with the Playwright calls it made (the tracing tools' own
// calls aside); else it only runs call.
func (t *tab) group(name string, call func() error) error {
	if !t.recording() || name == mcpclient.ToolStartTracing || name == mcpclient.ToolStopTracing {
		return call()
	}
	tr := t.bctx.Tracing()
	if err := tr.Group(name); err != nil {
		return call()
	}
	defer func() { _ = tr.GroupEnd() }()
	return call()
}

// tracesDir is the folder the server's traces are written in: made on
// first use, removed on Close.
func (s *Server) tracesDir() (string, error) {
	s.traces.mu.Lock()
	defer s.traces.mu.Unlock()
	if s.traces.dir == "" {
		dir, err := os.MkdirTemp("", "plaintest-builtin-traces-")
		if err != nil {
			return "", err
		}
		s.traces.dir = dir
	}
	return s.traces.dir, nil
}

// removeTraces removes the traces folder, and what was not moved out of it.
func (s *Server) removeTraces() {
	s.traces.mu.Lock()
	defer s.traces.mu.Unlock()
	if s.traces.dir != "" {
		_ = os.RemoveAll(s.traces.dir)
		s.traces.dir = ""
	}
}
