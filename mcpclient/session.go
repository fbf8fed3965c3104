package mcpclient

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Defaults for Options.
const (
	DefaultStartTimeout = 30 * time.Second
	DefaultCallTimeout  = 60 * time.Second
)

// Options tune Connect. The zero value (or nil) means the defaults.
type Options struct {
	Logger *slog.Logger // nil = discard
	// Stderr receives a stdio server's stderr as it comes, besides the tail
	// kept for error messages; nil = only the tail. Writes must not block.
	Stderr       io.Writer
	StartTimeout time.Duration // connect + initialize, default 30s
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

	mu     sync.Mutex
	closed bool
	lost   *UnavailableError // set once the browser was lost; every later call fails with it
	// browser holds the browser processes a stdio server drives, once it
	// has started them (Linux only; see watchBrowser); ended, those a
	// browser_close ended, which may take a moment to go.
	browser []procID
	ended   map[procID]bool
}

// Tool is one tool a server offers.
type Tool struct {
	Name        string
	Description string
	InputSchema map[string]any
}

// Connect starts (stdio) or dials the server and initializes the session.
// Dialing is retried while the server is still coming up, until
// StartTimeout or ctx ends; a stdio server gets StartTimeout to answer
// initialize. Every failure wraps ErrUnavailable in an *UnavailableError
// that names the server and says what to do.
func Connect(ctx context.Context, sc ServerConfig, opts *Options) (*Session, error) {
	o := opts.withDefaults()
	if err := sc.validate(); err != nil {
		return nil, &UnavailableError{Server: sc.Name, Op: "config", Err: err, Hint: "fix the server's entry in the MCP config"}
	}
	if sc.callTimeout > o.CallTimeout {
		o.CallTimeout = sc.callTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, o.StartTimeout)
	defer cancel()
	t := sc.transport()
	log := o.Logger.With("server", sc.Name, "transport", t)
	start := time.Now()
	var (
		s   *Session
		err error
	)
	if t == TransportStdio {
		s, err = connectStdio(ctx, sc, o, log)
	} else {
		s, err = connectNetwork(ctx, sc, o, log)
	}
	if err != nil {
		return nil, err
	}
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
	s := &Session{name: "in-process", transport: "in-process", c: c, log: o.Logger, callTimeout: o.CallTimeout}
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
	log.Debug("starting mcp server", "command", sc.Command, "args", len(sc.Args))
	p, err := startProcess(sc, o.Stderr, log)
	if err != nil {
		s.removeTempDirs()
		return nil, &UnavailableError{Server: sc.Name, Op: "start", Err: err,
			Hint: fmt.Sprintf("check that %q is installed and on PATH", sc.Command)}
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
	_, err := s.c.Initialize(ctx, req)
	return err
}

// Name returns the server's name, as scenarios use it in mcp__<name>__tool.
func (s *Session) Name() string { return s.name }

// CallTool calls the named tool. A result the server flagged isError comes
// back as Result.IsError with a nil error; Go errors mean the call did not
// complete: the caller's ctx ended (its error is wrapped), the server is
// gone or did not answer within CallTimeout (wraps ErrUnavailable, with the
// tail of a stdio server's stderr), or the server rejected the request
// (wraps ErrRejected), or the browser that Playwright MCP starts on the
// first call that needs a page did not start (wraps ErrUnavailable; the
// result is returned too). Calls are never retried: browser actions have
// side effects.
func (s *Session) CallTool(ctx context.Context, name string, args map[string]any) (*Result, error) {
	op := "call " + name
	if err := s.usable(op); err != nil {
		return nil, err
	}
	callCtx, cancel := context.WithTimeout(ctx, s.callTimeout)
	defer cancel()
	req := mcp.CallToolRequest{}
	req.Params.Name = name
	if args == nil {
		// Servers validate arguments against an object schema; null fails.
		args = map[string]any{}
	}
	req.Params.Arguments = args
	start := time.Now()
	res, err := s.c.CallTool(callCtx, req)
	if err != nil {
		s.log.Debug("mcp call failed", "tool", name, "took", time.Since(start), "err", err)
		if lost := s.watchBrowser(op, name, false); lost != nil {
			return nil, lost
		}
		return nil, s.callError(ctx, callCtx, op, err)
	}
	r := s.result(res)
	s.log.Debug("mcp call", "tool", name, "took", time.Since(start), "is_error", r.IsError)
	if lost := s.watchBrowser(op, name, !r.IsError); lost != nil {
		return r, lost
	}
	if r.IsError {
		if msg, ok := launchFailure(r.Error); ok {
			return r, &UnavailableError{Server: s.name, Op: op, Err: errors.New(msg),
				Hint: "reinstall it with apt-get install chromium, or set " + EnvChromium + " to a working one"}
		}
		if what := r.PageLost(); what != "" {
			return r, s.lose(op, fmt.Errorf("%w: the server says %q", ErrBrowserLost, what))
		}
	}
	return r, nil
}

// watchBrowser notices a browser that died under a stdio server: killed,
// crashed or out of memory. @playwright/mcp then quietly starts a new one
// on the next call, with a blank page, and the steps after would run
// against that page. The processes the server drives (its children that
// speak the DevTools protocol) are learnt after the call that starts them;
// after every later call they must still be running. A successful
// browser_close ends them on purpose, and the next browser is learnt
// afresh. Other transports, and other systems than Linux, rely on the
// errors the server reports (Result.PageLost).
func (s *Session) watchBrowser(op, tool string, ok bool) *UnavailableError {
	if s.proc == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if tool == ToolClose && ok {
		for _, b := range s.browser {
			if s.ended == nil {
				s.ended = map[procID]bool{}
			}
			s.ended[b] = true
		}
		s.browser = nil
		return nil
	}
	for _, b := range s.browser {
		if !b.alive() {
			return s.loseLocked(op, fmt.Errorf("%w: its process (pid %d) ended while the scenario ran (killed, or crashed)", ErrBrowserLost, b.pid))
		}
	}
	if len(s.browser) == 0 {
		for _, b := range browsers(s.proc.cmd.Process.Pid) {
			if !s.ended[b] {
				s.browser = append(s.browser, b)
			}
		}
	}
	return nil
}

// lose marks the session unusable: its browser is gone, and no later call
// may run against whatever replaced it.
func (s *Session) lose(op string, err error) *UnavailableError {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.loseLocked(op, err)
}

func (s *Session) loseLocked(op string, err error) *UnavailableError {
	if s.lost == nil {
		s.lost = &UnavailableError{Server: s.name, Op: op, Err: err,
			Hint: "nothing after this call ran; if it recurs, check the machine's memory"}
	}
	return s.lost
}

// Tools lists the server's tools.
func (s *Session) Tools(ctx context.Context) ([]Tool, error) {
	const op = "list tools"
	if err := s.usable(op); err != nil {
		return nil, err
	}
	callCtx, cancel := context.WithTimeout(ctx, s.callTimeout)
	defer cancel()
	res, err := s.c.ListTools(callCtx, mcp.ListToolsRequest{})
	if err != nil {
		return nil, s.callError(ctx, callCtx, op, err)
	}
	tools := make([]Tool, 0, len(res.Tools))
	for _, t := range res.Tools {
		tool := Tool{Name: t.Name, Description: t.Description}
		// The schema is either typed or raw; its JSON form is the same.
		if b, err := json.Marshal(t); err == nil {
			var v struct {
				InputSchema map[string]any `json:"inputSchema"`
			}
			if json.Unmarshal(b, &v) == nil {
				tool.InputSchema = v.InputSchema
			}
		}
		tools = append(tools, tool)
	}
	return tools, nil
}

// usable returns an error when the session cannot take calls any more.
func (s *Session) usable(op string) error {
	s.mu.Lock()
	closed, lost := s.closed, s.lost
	s.mu.Unlock()
	if closed {
		return &UnavailableError{Server: s.name, Op: op, Err: errors.New("session is closed")}
	}
	if lost != nil {
		return lost
	}
	if s.proc != nil && s.proc.dead() {
		return s.unavailable(op, nil)
	}
	return nil
}

// callError classifies a failed request. ctx is the caller's, callCtx the
// one bounded by CallTimeout.
func (s *Session) callError(ctx, callCtx context.Context, op string, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("mcp server %q: %s: %w", s.name, op, context.Cause(ctx))
	}
	var te *transport.Error
	switch {
	case callCtx.Err() != nil:
		// Our timeout, not the caller's: the server is stuck.
		if s.proc != nil {
			if exit := s.proc.exitErr(0); exit != nil {
				return s.unavailable(op, exit)
			}
		}
		e := s.unavailable(op, fmt.Errorf("no answer within %v: %w", s.callTimeout, callCtx.Err()))
		e.Hint = "the server hangs"
		if op == "call "+ToolNavigate {
			e.Hint = "the page may never finish loading; a server you configured gives up after its own navigation timeout, the bundled one after --nav-timeout"
		}
		return e
	case errors.As(err, &te), errors.Is(err, transport.ErrTransportClosed):
		return s.unavailable(op, err)
	}
	if s.redact != nil {
		err = s.redact(err)
	}
	return fmt.Errorf("mcp server %q: %s: %w: %w", s.name, op, ErrRejected, err)
}

// unavailable builds the error for a server that cannot be used, with the
// exit status and stderr tail of a stdio server when it died.
func (s *Session) unavailable(op string, err error) *UnavailableError {
	if s.redact != nil {
		err = s.redact(err)
	}
	e := &UnavailableError{Server: s.name, Op: op, Err: err}
	if s.proc != nil {
		// The exit is seen on stdout before the child is reaped: give it a
		// moment so the message says how it ended.
		if exit := s.proc.exitErr(time.Second); exit != nil {
			e.Err = exit
		}
		e.Stderr = s.proc.tail.String()
	}
	e.Hint = s.hint
	if e.Err == nil {
		e.Err = errors.New("connection lost")
	}
	return e
}

// result converts mcp-go's result into ours.
func (s *Session) result(res *mcp.CallToolResult) *Result {
	var texts []string
	var images []Image
	for _, c := range res.Content {
		switch c := c.(type) {
		case mcp.TextContent:
			texts = append(texts, c.Text)
		case mcp.ImageContent:
			data, err := base64.StdEncoding.DecodeString(c.Data)
			if err != nil {
				s.log.Warn("mcp image content is not base64, dropped", "mime", c.MIMEType, "err", err)
				continue
			}
			images = append(images, Image{MIMEType: c.MIMEType, Data: data})
		}
	}
	r := ParseText(strings.Join(texts, "\n"))
	r.Images = images
	r.IsError = res.IsError
	if r.IsError && r.Error == "" {
		r.Error = strings.TrimSpace(r.Text)
	}
	return &r
}

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
		return fmt.Errorf("mcp server %q: close: %w", s.name, err)
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
