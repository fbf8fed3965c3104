package mcpclient

import (
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/navrule"
	"github.com/plaintest/plaintest/internal/permit"
	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/step"
)

// Transport names, as ServerConfig.Transport holds them.
const (
	TransportStdio = "stdio"
	TransportHTTP  = "http" // streamable HTTP
	TransportSSE   = "sse"
	TransportWS    = "ws"
	TransportUnix  = "unix"
)

// ServerConfig says how to reach one MCP server.
type ServerConfig struct {
	Name    string            // the name scenarios use in mcp__<name>__tool
	Command string            // stdio: program
	Args    []string          // stdio: arguments
	Env     map[string]string // stdio: added to the environment
	Dir     string            // stdio: working directory
	// URL is http(s)://... for streamable HTTP (or SSE when Transport is
	// "sse" or the path ends in /sse), ws(s)://... for WebSocket, or
	// unix:///path/to.sock for a Unix socket.
	URL       string
	Headers   map[string]string // HTTP and WebSocket: sent with every request
	Transport string            // "stdio", "http", "sse", "ws", "unix"; derived from Command/URL when empty

	// tempOutputDir asks Connect for a fresh --output-dir, removed on Close
	// (set by Playwright when PlaywrightOptions.OutputDir is empty).
	tempOutputDir bool
	// hint replaces the generic advice in errors when the server is
	// unavailable (set by Playwright).
	hint string
	// callTimeout, when longer than Options.CallTimeout, is how long a
	// call may take (set by Playwright from its own timeouts).
	callTimeout time.Duration
	// guard, when set, starts the server with plaintest's navigation guard
	// for this rule (--init-page navrule.Guard); see Session.guardRefusal.
	guard *navrule.Rule
	// keepable: the bundled @playwright/mcp (set by Playwright), which
	// KeepPlaywright may keep between sessions.
	keepable bool
	// grant is the browser permissions the bundled server's context starts
	// with (PlaywrightOptions.Grant), written into its config file.
	grant permit.Grant
}

// EffectiveTransport returns sc.Transport, or the one its Command or URL implies.
func (sc ServerConfig) EffectiveTransport() string {
	if sc.Transport != "" {
		return sc.Transport
	}
	if sc.Command != "" {
		return TransportStdio
	}
	u, err := url.Parse(sc.URL)
	if err != nil {
		return ""
	}
	switch u.Scheme {
	case "ws", "wss":
		return TransportWS
	case "unix":
		return TransportUnix
	case "http", "https":
		if strings.HasSuffix(strings.TrimRight(u.Path, "/"), "/sse") {
			return TransportSSE
		}
		return TransportHTTP
	}
	return ""
}

// Validate reports what is wrong with sc, or nil.
func (sc ServerConfig) Validate() error {
	var errs []error
	if sc.Command != "" && sc.URL != "" {
		errs = append(errs, errors.New(`both "command" and a URL: give one`))
	}
	t := sc.EffectiveTransport()
	switch t {
	case TransportStdio:
		if sc.Command == "" {
			errs = append(errs, errors.New(`transport "stdio" needs a "command"`))
		}
	case TransportHTTP, TransportSSE, TransportWS, TransportUnix:
		if sc.URL == "" {
			errs = append(errs, fmt.Errorf("transport %s needs a URL", printable.Quote(t)))
			break
		}
		u, err := url.Parse(sc.URL)
		if err != nil {
			// url.Parse's error quotes the whole URL: name an excerpt.
			var ue *url.Error
			if errors.As(err, &ue) {
				err = ue.Err
			}
			errs = append(errs, fmt.Errorf("bad URL %s: %w", printable.Quote(sc.URL), err))
			break
		}
		want := map[string][]string{
			TransportHTTP: {"http", "https"},
			TransportSSE:  {"http", "https"},
			TransportWS:   {"ws", "wss", "http", "https"},
			TransportUnix: {"unix"},
		}[t]
		if !slices.Contains(want, u.Scheme) {
			errs = append(errs, fmt.Errorf("URL %s does not suit transport %s (want %s)", printable.Quote(sc.URL), printable.Quote(t), strings.Join(want, ", ")))
		}
		if t == TransportUnix && u.Path == "" {
			errs = append(errs, fmt.Errorf("URL %s names no socket path (want unix:///path/to.sock)", printable.Quote(sc.URL)))
		}
	case "":
		if sc.Command == "" && sc.URL == "" {
			errs = append(errs, errors.New(`neither "command" nor "url"`))
		} else {
			errs = append(errs, fmt.Errorf("URL %s: scheme must be http, https, ws, wss or unix", printable.Quote(sc.URL)))
		}
	default:
		errs = append(errs, fmt.Errorf("unknown transport %s (want stdio, http, sse, ws or unix)", printable.Quote(t)))
	}
	return errors.Join(errs...)
}

// Config is a set of servers by name, and the file they came from.
type Config struct {
	Path    string // "" when no file was found
	Servers map[string]ServerConfig
}

// Server returns the server called name, or an error wrapping ErrNoServer
// that names the config file and the servers it has.
func (c *Config) Server(name string) (ServerConfig, error) {
	if sc, ok := c.Servers[name]; ok {
		return sc, nil
	}
	names := slices.Sorted(maps.Keys(c.Servers))
	for i, n := range names {
		names[i] = printable.Excerpt(n)
	}
	have := "none"
	if len(names) > 0 {
		have = printable.Message(strings.Join(names, ", "))
	}
	from := "no config file found"
	if c.Path != "" {
		from = c.Path
	}
	return ServerConfig{}, fmt.Errorf("%w: %s (%s; servers: %s)", ErrNoServer, printable.Quote(name), from, have)
}

// PlaywrightServer is the server name scenarios use for the browser.
const PlaywrightServer = step.Server

// Browser returns the server called name like Server, except that
// "playwright", when the config does not name it, is the project's own
// pinned @playwright/mcp tuned by opts: a user's own entry wins.
func (c *Config) Browser(name string, opts *PlaywrightOptions) (ServerConfig, error) {
	sc, err := c.Server(name)
	if errors.Is(err, ErrNoServer) && name == PlaywrightServer {
		return Playwright(opts)
	}
	return sc, err
}
