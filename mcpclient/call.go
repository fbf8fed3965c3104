package mcpclient

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/printable"
)

// Tool is one tool a server offers.
type Tool struct {
	Name        string
	Description string
	InputSchema map[string]any
}

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
	if err := s.usable("call " + name); err != nil {
		return nil, err
	}
	return s.callTool(ctx, name, args)
}

// callTool is CallTool on a session known to be usable.
func (s *Session) callTool(ctx context.Context, name string, args map[string]any) (*Result, error) {
	op := "call " + name
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
	res, err := s.send(callCtx, req)
	if err != nil {
		s.log.Debug("mcp call failed", "tool", name, "took", time.Since(start), "err", err)
		if lost := s.watchBrowser(op, name, false); lost != nil {
			return nil, lost
		}
		return nil, s.callError(ctx, callCtx, op, err)
	}
	r := s.result(res)
	if refusal := s.guardRefusal(); refusal != "" {
		// The result may hold the refused page's text: it goes unread.
		s.log.Debug("mcp call refused by the navigation guard", "tool", name)
		return &Result{Text: refusal, Error: refusal, IsError: true}, nil
	}
	s.log.Debug("mcp call", "tool", name, "took", time.Since(start), "is_error", r.IsError)
	if lost := s.watchBrowser(op, name, !r.IsError); lost != nil {
		return r, lost
	}
	if r.IsError {
		if msg, ok := LaunchFailure(r.Error); ok {
			return r, &UnavailableError{Server: s.name, Op: op, Err: errors.New(msg),
				Hint: "reinstall it with apt-get install chromium, or set " + EnvChromium + " to a working one"}
		}
		if what := r.PageLost(); what != "" {
			return r, s.lose(op, fmt.Errorf("%w: the server says %q", ErrBrowserLost, what))
		}
		if PendingNavigation(r.Error) {
			// The action ran; the page it opened is still on its way.
			return s.awaitNavigation(ctx, start, r)
		}
	}
	return r, nil
}

// send sends req. An in-process server's handler runs on the caller's
// goroutine, and one that ignores callCtx would hold the call for ever:
// it runs on its own, and its answer is waited for until callCtx ends and
// defaults.Abandon more (for the answer of a server that gives up at the
// same deadline, which names what it was doing), no longer.
func (s *Session) send(callCtx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if s.transport != transportInProcess {
		return s.c.CallTool(callCtx, req)
	}
	type answer struct {
		res *mcp.CallToolResult
		err error
	}
	done := make(chan answer, 1)
	go func() {
		res, err := s.c.CallTool(callCtx, req)
		done <- answer{res, err}
	}()
	select {
	case a := <-done:
		return a.res, a.err
	case <-callCtx.Done():
	}
	select {
	case a := <-done:
		return a.res, a.err
	case <-time.After(defaults.Abandon):
		return nil, callCtx.Err()
	}
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
		return fmt.Errorf("mcp server %s: %s: %w", printable.Quote(s.name), op, context.Cause(ctx))
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
		switch {
		case op == "call "+ToolNavigate:
			e.Hint = "the page may never finish loading; a server you configured gives up after its own navigation timeout, the bundled one after --nav-timeout"
		case strings.HasPrefix(op, "call browser_"):
			e.Hint = "the page may be running a script that never yields, or the server hangs"
		}
		return e
	case errors.As(err, &te), errors.Is(err, transport.ErrTransportClosed):
		return s.unavailable(op, err)
	}
	if s.redact != nil {
		err = s.redact(err)
	}
	return fmt.Errorf("mcp server %s: %s: %w: %w", printable.Quote(s.name), op, ErrRejected, err)
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
		if exit := s.proc.exitErr(defaults.ExitReap); exit != nil {
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
