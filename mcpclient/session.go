package mcpclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/printable"
)

// Defaults for Options.
const (
	DefaultStartTimeout = defaults.ServerStart
	DefaultCallTimeout  = defaults.Call
)

// Options tune Connect. The zero value (or nil) means the defaults.
type Options struct {
	Logger *slog.Logger // nil = discard
	// Stderr receives a stdio server's stderr as it comes, besides the tail
	// kept for error messages; nil = only the tail. Writes must not block.
	Stderr       io.Writer
	StartTimeout time.Duration // connect + initialize, default defaults.ServerStart
	CallTimeout  time.Duration // per tool call, default 60s (ctx may be shorter)
}

func (o *Options) withDefaults() Options {
	var out Options
	if o != nil {
		out = *o
	}
	if out.Logger == nil {
		out.Logger = slog.New(slog.DiscardHandler)
	}
	if out.StartTimeout <= 0 {
		out.StartTimeout = DefaultStartTimeout
	}
	if out.CallTimeout <= 0 {
		out.CallTimeout = DefaultCallTimeout
	}
	return out
}

// transportInProcess is the transport of a session to a server in this
// process (ConnectInProcess).
const transportInProcess = "in-process"

// clientInfo is how plaintest introduces itself in initialize.
var clientInfo = mcp.Implementation{Name: "plaintest", Version: "0"}

// Session is an initialized connection to one MCP server. It is safe for
// concurrent use. Close it when done: for a stdio server that ends the
// process and everything it started.
type Session struct {
	name        string
	transport   string
	c           *client.Client
	proc        *process // stdio only
	log         *slog.Logger
	callTimeout time.Duration
	stop        context.CancelFunc // ends the transport's long-lived streams
	redact      func(error) error  // hides secrets of the URL in errors; nil for stdio
	hint        string             // what to do when the server is unavailable
	tempDirs    []string
	guardLog    string        // where the navigation guard logs refusals (see guardRefusal)
	navTimeout  time.Duration // how long a page may take to load (see awaitNavigation)

	serverInfo mcp.Implementation // what the server said it is in initialize
	// keepKey, when set, is the pool Close gives the server back to
	// (KeepPlaywright).
	keepKey string

	mu     sync.Mutex
	closed bool
	lost   *UnavailableError // set once the browser was lost; every later call fails with it
	// browser holds the browser processes a stdio server drives, once it
	// has started them (Linux only; see watchBrowser); ended, those a
	// browser_close ended, which may take a moment to go.
	browser []procID
	ended   map[procID]bool
}

// Connect starts (stdio) or dials the server and initializes the session.
// Dialing is retried while the server is still coming up, until
// StartTimeout or ctx ends; a stdio server gets StartTimeout to answer
// initialize. Every failure wraps ErrUnavailable in an *UnavailableError
// that names the server and says what to do.
func Connect(ctx context.Context, sc ServerConfig, opts *Options) (*Session, error) {
	o := opts.withDefaults()
	if err := sc.Validate(); err != nil {
		return nil, &UnavailableError{Server: sc.Name, Op: "config", Err: err, Hint: "fix the server's entry in the MCP config"}
	}
	if sc.callTimeout > o.CallTimeout {
		o.CallTimeout = sc.callTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, o.StartTimeout)
	defer cancel()
	t := sc.EffectiveTransport()
	log := o.Logger.With("server", sc.Name, "transport", t)
	start := time.Now()
	var (
		s   *Session
		err error
	)
	if t == TransportStdio {
		key := sc.keepKey(o)
		if s = leaseKept(key, log, o.CallTimeout); s != nil {
			s.navTimeout = sc.navigationTimeout()
			log.Debug("mcp session ready on a kept server", "took", time.Since(start))
			return s, nil
		}
		if s, err = connectStdio(ctx, sc, o, log); err == nil {
			s.keepKey = key
		}
	} else {
		s, err = connectNetwork(ctx, sc, o, log)
	}
	if err != nil {
		return nil, err
	}
	s.navTimeout = sc.navigationTimeout()
	log.Debug("mcp session ready", "took", time.Since(start))
	return s, nil
}

// ConnectInProcess opens a session to an mcp-go server in this process.
// Tests use it with a fake server; the built-in browser server will too.
func ConnectInProcess(ctx context.Context, srv *server.MCPServer, opts *Options) (*Session, error) {
	o := opts.withDefaults()
	ctx, cancel := context.WithTimeout(ctx, o.StartTimeout)
	defer cancel()
	c, err := client.NewInProcessClient(srv)
	if err != nil {
		return nil, &UnavailableError{Server: "in-process", Op: "connect", Err: err}
	}
	s := &Session{name: "in-process", transport: transportInProcess, c: c, log: o.Logger, callTimeout: o.CallTimeout}
	// Start registers the session with the server, which then tells its
	// tools which session called (server.ClientSessionFromContext).
	if err := c.Start(context.WithoutCancel(ctx)); err != nil {
		return nil, &UnavailableError{Server: s.name, Op: "start", Err: err}
	}
	if err := s.initialize(ctx); err != nil {
		_ = s.Close()
		return nil, &UnavailableError{Server: s.name, Op: "initialize", Err: err}
	}
	return s, nil
}

func connectStdio(ctx context.Context, sc ServerConfig, o Options, log *slog.Logger) (*Session, error) {
	s := &Session{name: sc.Name, transport: TransportStdio, log: log, callTimeout: o.CallTimeout,
		hint: fmt.Sprintf("check that %s starts and stays up when run by hand", filepath.Base(sc.Command))}
	if sc.tempOutputDir {
		dir, err := os.MkdirTemp("", "plaintest-playwright-")
		if err != nil {
			return nil, &UnavailableError{Server: sc.Name, Op: "start", Err: err}
		}
		s.tempDirs = append(s.tempDirs, dir)
		sc.Args = append(append([]string(nil), sc.Args...), "--output-dir", dir)
		if sc.Dir == "" {
			sc.Dir = dir // the server's workspace: nothing of the user's
		}
	}
	if sc.guard != nil {
		if err := s.addGuard(&sc); err != nil {
			s.removeTempDirs()
			return nil, &UnavailableError{Server: sc.Name, Op: "start", Err: err}
		}
	}
	log.Debug("starting mcp server", "command", sc.Command, "args", len(sc.Args))
	p, err := startProcess(sc, o.Stderr, log)
	if err != nil {
		s.removeTempDirs()
		return nil, &UnavailableError{Server: sc.Name, Op: "start", Err: err,
			Hint: fmt.Sprintf("check that %s is installed and on PATH", printable.Quote(sc.Command))}
	}
	s.proc = p
	if sc.hint != "" {
		s.hint = sc.hint
	}
	s.c = client.NewClient(quietIO(p.stdout, p.stdin, log))
	// The stdio transport never needs its start context after Start.
	if err := s.c.Start(context.WithoutCancel(ctx)); err != nil {
		_ = s.Close()
		return nil, s.unavailable("start", err)
	}
	if err := s.initialize(ctx); err != nil {
		e := s.unavailable("initialize", err)
		_ = s.Close()
		return nil, e
	}
	return s, nil
}

// initialize runs the MCP handshake. A stdio server that dies meanwhile
// ends the wait at once instead of at the timeout.
func (s *Session) initialize(ctx context.Context) error {
	req := mcp.InitializeRequest{}
	req.Params.ClientInfo = clientInfo
	res, err := s.c.Initialize(ctx, req)
	if err == nil && res != nil {
		s.serverInfo = res.ServerInfo
	}
	return err
}

// Name returns the server's name, as scenarios use it in mcp__<name>__tool.
func (s *Session) Name() string { return s.name }

// Close ends the session: for stdio it closes the server's stdin, then
// signals its process group, and kills any process it started that
// outlives it; temporary directories are removed. Close is idempotent.
func (s *Session) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	if s.keepKey != "" && s.giveBack() {
		return nil // kept for the next Connect (KeepPlaywright)
	}

	var errs []error
	if s.c != nil {
		if err := s.c.Close(); err != nil && s.proc == nil {
			errs = append(errs, err)
		}
	}
	if s.stop != nil {
		s.stop()
	}
	if s.proc != nil {
		if err := s.proc.close(); err != nil {
			errs = append(errs, err)
		}
	}
	s.removeTempDirs()
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("mcp server %s: close: %w", printable.Quote(s.name), err)
	}
	return nil
}

func (s *Session) removeTempDirs() {
	for _, d := range s.tempDirs {
		if err := os.RemoveAll(d); err != nil {
			s.log.Warn("removing temp dir", "dir", d, "err", err)
		}
	}
	s.tempDirs = nil
}
