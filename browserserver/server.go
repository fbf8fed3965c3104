package browserserver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/server"
	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/fspath"
	"github.com/plaintest/plaintest/internal/navrule"
	"github.com/plaintest/plaintest/internal/permit"
	"github.com/plaintest/plaintest/mcpclient"
)

// Name is the server's name in errors and in a scenario's environment
// (plaintest compile --mcp builtin).
const Name = "builtin"

// Version is the built-in server's version, recorded with the scenarios it
// compiles: it changes when a tool's behaviour changes, and names the
// Playwright that reads the pages (roles and names differ between
// Playwright versions).
const Version = "1.1.0 (playwright-core " + DriverVersion + ")"

// Options tune a Server. The zero value launches the local Chromium
// headless with the default timeouts.
type Options struct {
	// ExecutablePath is the local browser to launch; default
	// mcpclient.ChromiumFor(Headed): the headless shell when installed.
	ExecutablePath string
	Headed         bool
	// WSEndpoint connects to a Playwright browser server elsewhere (npx
	// playwright run-server; ws://host:port/) instead of launching one.
	WSEndpoint string
	// CDPEndpoint connects to a running Chromium over the Chrome DevTools
	// Protocol (http://host:9222) instead of launching one.
	CDPEndpoint string
	// ActionTimeout bounds each action, wait and verification; default
	// defaults.Step.
	ActionTimeout time.Duration
	// NavigationTimeout bounds a page load; default
	// defaults.Navigation.
	NavigationTimeout time.Duration
	// CallTimeout bounds each call, whatever the page does (a script that
	// never yields): past it, or past the client's deadline, the call
	// fails and the session's context is closed, its next call starting
	// on a fresh page. Default defaults.Call, or the navigation and
	// action timeouts with defaults.CallSlack when longer.
	CallTimeout time.Duration
	Viewport    string // "WIDTHxHEIGHT", default mcpclient.DefaultViewport
	// NoActionSnapshots leaves the snapshot out of action results (replay
	// reads none); browser_snapshot still works.
	NoActionSnapshots bool
	// WorkDir is where relative file names (screenshots) are written; a
	// name outside it is refused. Default: a private temporary directory
	// removed on Close.
	WorkDir string
	// FileRoots are the folders whose files the browser may open through
	// file: URLs (navrule.Root makes one); none: no file: URL opens. Every
	// URL a tool opens, and every page the browser shows after a tool,
	// answers to navrule.Rule: a refused page's context is closed and the
	// call fails with the refusal, its result unread.
	FileRoots []string
	// Grant is the browser permissions every session's context starts
	// with: exactly its names granted, every other permission denied, and
	// its position reported (plaintest's tests that say "allow location
	// access"); the zero Grant leaves the browser's default.
	Grant  permit.Grant
	Logger *slog.Logger // nil = discard
}

// Server is the built-in browser MCP server: one browser (launched, or
// connected to remotely) and, per MCP session, one isolated browser
// context with one page, so that parallel sessions share no cookies or
// storage. Its tools have @playwright/mcp's names, argument shapes and
// result sections (mcpclient.ParseText reads them). It is safe for
// concurrent use; the calls of one session run one at a time.
type Server struct {
	opts    Options
	log     *slog.Logger
	pw      *playwright.Playwright // the process's shared driver (acquireDriver)
	release func()                 // ends this server's use of pw
	browser playwright.Browser
	// sharedBrowser: browser is shared (HoldBrowsers), not closed with s.
	sharedBrowser bool
	tempDir       string         // WorkDir when the server made it
	work          *fspath.Folder // WorkDir, opened once (openWork)
	workReal      string         // its path, symbolic links followed
	srv           *server.MCPServer
	rule          navrule.Rule // what the browser may open and show

	// spares holds the next session's context and page, made ahead (one
	// at a time, in flight or ready; see takePage), or an empty spare when
	// none is.
	spares chan spare
	// opened counts the sessions that took a page: the first is served
	// the spare New made; a next one is made ahead only from the second
	// on (a command's server serves one session: a context made for a
	// second would be made and closed for nothing).
	opened atomic.Int64
	// lastEnd is when a session last ended (UnixNano), 0 before any; gap
	// is backToBackGap (tests change it).
	lastEnd, gap atomic.Int64

	// traces is where browser_stop_tracing writes (tracing.go): a
	// temporary folder made on first use, and the count that names each.
	traces struct {
		mu  sync.Mutex
		dir string
		n   atomic.Int64
	}

	mu     sync.Mutex
	tabs   map[string]*tab // by MCP session ID
	closed bool
}

// errClosed is the error of a call to a closed server.
var errClosed = errors.New("the server is closed")

// New starts the browser (or connects to a remote one) on the process's
// Playwright driver, started by the first server and shared by those
// running at once (HoldDriver keeps it between them), and returns the
// server. A missing driver, node or browser is an
// *mcpclient.UnavailableError saying what to install.
func New(opts *Options) (*Server, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.ActionTimeout <= 0 {
		o.ActionTimeout = defaults.Step
	}
	if o.NavigationTimeout <= 0 {
		o.NavigationTimeout = defaults.Navigation
	}
	if o.CallTimeout <= 0 {
		o.CallTimeout = callTimeout(o)
	}
	if o.Viewport == "" {
		o.Viewport = mcpclient.DefaultViewport
	}
	if _, _, err := parseViewport(o.Viewport); err != nil {
		return nil, err
	}
	if o.WSEndpoint != "" && o.CDPEndpoint != "" {
		return nil, errors.New("builtin: give a WebSocket endpoint or a CDP endpoint, not both")
	}
	s := &Server{opts: o, log: o.Logger}
	for _, dir := range o.FileRoots {
		root, err := navrule.Root(dir)
		if err != nil {
			return nil, fmt.Errorf("builtin: file root %s: %w", dir, err)
		}
		s.rule.FileRoots = append(s.rule.FileRoots, root)
	}
	if s.opts.WorkDir == "" {
		dir, err := os.MkdirTemp("", "plaintest-builtin-")
		if err != nil {
			return nil, err
		}
		s.tempDir, s.opts.WorkDir = dir, dir
	} else if abs, err := filepath.Abs(s.opts.WorkDir); err == nil {
		s.opts.WorkDir = abs
	}
	if err := s.openWork(); err != nil {
		s.cleanup()
		return nil, fmt.Errorf("builtin: workspace %s: %w", s.opts.WorkDir, err)
	}
	core, err := FindDriver()
	if err != nil {
		s.cleanup()
		return nil, err
	}
	if s.pw, s.release, err = acquireDriver(core, o.Logger); err != nil {
		s.cleanup()
		return nil, err
	}
	if s.browser, err = s.openBrowser(); err != nil {
		s.cleanup()
		return nil, err
	}
	s.srv = s.newMCP()
	s.spares = make(chan spare, 1)
	s.gap.Store(int64(defaults.BackToBack))
	s.prepare()
	return s, nil
}

// openBrowser launches the local browser or connects to the remote one.
func (s *Server) openBrowser() (playwright.Browser, error) {
	o := s.opts
	timeout := float64(o.NavigationTimeout.Milliseconds())
	switch {
	case o.WSEndpoint != "":
		b, err := s.pw.Chromium.Connect(o.WSEndpoint, playwright.BrowserTypeConnectOptions{Timeout: &timeout})
		if err != nil {
			return nil, &mcpclient.UnavailableError{Server: Name, Op: "connect to " + o.WSEndpoint, Err: err,
				Hint: "start a browser server there (npx playwright run-server --port N, playwright-core " + DriverVersion + ")"}
		}
		return b, nil
	case o.CDPEndpoint != "":
		b, err := s.pw.Chromium.ConnectOverCDP(o.CDPEndpoint, playwright.BrowserTypeConnectOverCDPOptions{Timeout: &timeout})
		if err != nil {
			return nil, &mcpclient.UnavailableError{Server: Name, Op: "connect to " + o.CDPEndpoint, Err: err,
				Hint: "start Chromium there with --remote-debugging-port"}
		}
		return b, nil
	}
	exe := o.ExecutablePath
	if exe == "" {
		var err error
		if exe, err = mcpclient.ChromiumFor(o.Headed); err != nil {
			return nil, err
		}
	} else if _, err := os.Stat(exe); err != nil {
		return nil, &mcpclient.UnavailableError{Server: Name, Op: "locate browser", Err: err, Hint: "apt-get install chromium, or fix the executable path"}
	}
	launch := func() (playwright.Browser, error) {
		return s.pw.Chromium.Launch(playwright.BrowserTypeLaunchOptions{
			ExecutablePath:  playwright.String(exe),
			Headless:        playwright.Bool(!o.Headed),
			ChromiumSandbox: playwright.Bool(false),
			Args:            defaults.ChromiumArgs,
		})
	}
	b, held, err := sharedBrowser(sharedKey{s.pw, exe, o.Headed}, launch)
	s.sharedBrowser = held && err == nil
	if !held {
		b, err = launch()
	}
	if err != nil {
		if msg, ok := mcpclient.LaunchFailure(err.Error()); ok {
			err = errors.New(msg) // the browser's own words, not Playwright's launch log
		}
		return nil, &mcpclient.UnavailableError{Server: Name, Op: "launch " + exe, Err: err,
			Hint: "reinstall it with apt-get install chromium, or set " + mcpclient.EnvChromium + " to a working one"}
	}
	return b, nil
}

// MCP returns the mcp-go server, for ServeStdio, streamable HTTP or SSE.
func (s *Server) MCP() *server.MCPServer { return s.srv }

// Connect opens an in-process MCP session to s (a fresh browser context),
// named "playwright" as scenarios call the browser server. Its calls are
// bounded by the server's CallTimeout (the session waits
// defaults.Abandon longer for its answer) unless opts says otherwise.
func (s *Server) Connect(ctx context.Context, opts *mcpclient.Options) (*mcpclient.Session, error) {
	var o mcpclient.Options
	if opts != nil {
		o = *opts
	}
	if o.CallTimeout <= 0 {
		// The server's own bound answers first, saying what held the
		// call, and closes its page; the session waits a little longer.
		o.CallTimeout = s.opts.CallTimeout + defaults.Abandon
	}
	return mcpclient.ConnectInProcess(ctx, s.srv, &o)
}

// Close ends every session's context, the browser (a remote one is only
// disconnected from; a shared one, HoldBrowsers, is left) and the driver,
// and removes the temporary folders.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	tabs := s.tabs
	s.tabs = nil
	s.mu.Unlock()
	for _, t := range tabs {
		t.close()
	}
	if s.spares != nil {
		// The context made ahead for a next session (the browser may
		// outlive s); a session that starts now gets errClosed. Close
		// waits for it a while only: a driver call that never answers
		// (seen once under make test's load) must not hold Close for
		// ever; the context is closed when it comes.
		drop := func(sp spare) {
			if sp.err == nil && sp.bctx != nil {
				_ = sp.bctx.Close()
			}
			s.spares <- spare{err: errClosed}
		}
		select {
		case sp := <-s.spares:
			drop(sp)
		case <-time.After(defaults.Spare):
			go func() { drop(<-s.spares) }()
		}
	}
	var errs []error
	if s.browser != nil && !s.sharedBrowser {
		if err := s.browser.Close(); err != nil && !errors.Is(err, playwright.ErrTargetClosed) {
			errs = append(errs, err)
		}
	}
	s.cleanup()
	return errors.Join(errs...)
}

// cleanup releases the driver (stopped when no other server uses it) and
// removes the temporary folders.
func (s *Server) cleanup() {
	if s.release != nil {
		s.release()
		s.pw, s.release = nil, nil
	}
	if s.work != nil {
		_ = s.work.Close()
	}
	if s.tempDir != "" {
		_ = os.RemoveAll(s.tempDir)
	}
	s.removeTraces()
}

func parseViewport(v string) (int, int, error) {
	w, h, ok := strings.Cut(v, "x")
	wi, err1 := strconv.Atoi(w)
	hi, err2 := strconv.Atoi(h)
	if !ok || err1 != nil || err2 != nil || wi <= 0 || hi <= 0 {
		return 0, 0, fmt.Errorf("builtin: viewport %q: want WIDTHxHEIGHT, e.g. 1280x720", v)
	}
	return wi, hi, nil
}
