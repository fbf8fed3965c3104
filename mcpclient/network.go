package mcpclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/printable"
)

// connectNetwork dials sc.URL and initializes, retrying while the server
// refuses connections (not listening yet), until ctx ends.
func connectNetwork(ctx context.Context, sc ServerConfig, o Options, log *slog.Logger) (*Session, error) {
	t := sc.EffectiveTransport()
	delay := defaults.DialRetryFirst
	var last error
	for attempt := 1; ; attempt++ {
		s, err := dialOnce(ctx, sc, t, o, log)
		if err == nil {
			return s, nil
		}
		last = err
		if !retryable(err) || ctx.Err() != nil {
			break
		}
		log.Debug("mcp server not up yet, retrying", "attempt", attempt, "in", delay, "err", err)
		timer := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			timer.Stop()
		case <-timer.C:
		}
		if ctx.Err() != nil {
			break
		}
		delay = min(2*delay, defaults.DialRetryMax)
	}
	last = redactQuery(sc.URL, last)
	e := &UnavailableError{Server: sc.Name, Op: "connect to " + redactURL(sc.URL), Err: last,
		Hint: "check that the server is running and the URL in the MCP config is right"}
	if ctx.Err() != nil && !errors.Is(last, ctx.Err()) {
		e.Err = fmt.Errorf("%w (still failing when the start timeout ran out)", last)
	}
	return nil, e
}

// dialOnce makes one attempt: connect, start the transport, initialize.
func dialOnce(ctx context.Context, sc ServerConfig, t string, o Options, log *slog.Logger) (*Session, error) {
	// Streams that outlive Connect (SSE's event stream) live on this
	// context; Close cancels it.
	life, stop := context.WithCancel(context.WithoutCancel(ctx))
	s := &Session{name: sc.Name, transport: t, log: log, callTimeout: o.CallTimeout, stop: stop,
		redact: func(err error) error { return redactQuery(sc.URL, err) },
		hint:   "check that the server is running at " + redactURL(sc.URL)}
	var tr transport.Interface
	switch t {
	case TransportHTTP:
		h, err := transport.NewStreamableHTTP(sc.URL,
			transport.WithHTTPHeaders(sc.Headers),
			transport.WithHTTPLogger(log))
		if err != nil {
			stop()
			return nil, err
		}
		tr = h
	case TransportSSE:
		remaining := o.StartTimeout
		if d, ok := ctx.Deadline(); ok {
			remaining = time.Until(d)
		}
		h, err := transport.NewSSE(sc.URL,
			transport.WithHeaders(sc.Headers),
			transport.WithEndpointTimeout(remaining),
			transport.WithResponseTimeout(o.CallTimeout),
			transport.WithSSELogger(log))
		if err != nil {
			stop()
			return nil, err
		}
		tr = h
	case TransportUnix:
		u, err := url.Parse(sc.URL)
		if err != nil {
			stop()
			return nil, err
		}
		var d net.Dialer
		conn, err := d.DialContext(ctx, "unix", u.Path)
		if err != nil {
			stop()
			return nil, err
		}
		tr = quietIO(conn, conn, log)
	case TransportWS:
		rw, err := dialWebSocket(ctx, life, sc)
		if err != nil {
			stop()
			return nil, err
		}
		tr = quietIO(rw, rw, log)
	default:
		stop()
		return nil, fmt.Errorf("unknown transport %s", printable.Quote(t))
	}
	s.c = client.NewClient(tr)
	if err := startWithin(ctx, life, s.c); err != nil {
		_ = s.Close()
		return nil, err
	}
	if err := s.initialize(ctx); err != nil {
		_ = s.Close()
		return nil, err
	}
	return s, nil
}

// startWithin starts c on the long-lived context life (SSE ties its event
// stream to it) but gives up when ctx ends.
func startWithin(ctx, life context.Context, c *client.Client) error {
	done := make(chan error, 1)
	go func() { done <- c.Start(life) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// retryable reports whether err looks like a server that is not listening
// yet: refused or reset connections, a socket file not created yet.
func retryable(err error) bool {
	var op *net.OpError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED),
		errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.ENOENT),
		errors.Is(err, io.ErrUnexpectedEOF):
		return true
	case errors.As(err, &op) && op.Op == "dial":
		return true
	}
	return false
}

// redactURL drops credentials and the query (tokens often travel there)
// from u for messages.
func redactURL(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return "the configured URL"
	}
	p.User = nil
	if p.RawQuery != "" {
		p.RawQuery = "…"
	}
	return p.String()
}

// redactQuery hides rawURL's query (tokens often travel there) wherever it
// appears in err's message; errors.Is and errors.As still see err.
func redactQuery(rawURL string, err error) error {
	u, perr := url.Parse(rawURL)
	if err == nil || perr != nil || u.RawQuery == "" {
		return err
	}
	return &redactedError{err: err, query: "?" + u.RawQuery}
}

type redactedError struct {
	err   error
	query string
}

func (e *redactedError) Error() string {
	return strings.ReplaceAll(e.err.Error(), e.query, "?…")
}

func (e *redactedError) Unwrap() error { return e.err }

// quietIO is mcp-go's newline-delimited JSON transport over r and w, logging
// to log instead of the default logger.
func quietIO(r io.Reader, w io.WriteCloser, log *slog.Logger) *transport.Stdio {
	t := transport.NewIO(r, w, nil)
	transport.WithCommandLogger(log)(t)
	return t
}
