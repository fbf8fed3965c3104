package replay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/plaintest/plaintest/mcpclient"
)

// ErrPermissionsUnapplied is wrapped when a scenario that sets browser
// permissions would run on a browser server plaintest cannot set them on
// (a server of the MCP config): its checks would read a page that was
// never granted what the test says.
var ErrPermissionsUnapplied = errors.New("browser permissions cannot be applied")

// ConfigServers opens MCP sessions for the servers of an MCP config: the
// <server> of mcp__<server>__tool is looked up in Config, and "playwright",
// when the config does not name it, is the project's own pinned
// @playwright/mcp (mcpclient.Playwright). Each Open starts a new session, so
// every scenario run gets its own isolated browser; with Reuse, the bundled
// server's process is kept for the next run, and only its browser is new.
type ConfigServers struct {
	// Config is the discovered config (mcpconfig.Discover); nil means none.
	Config *mcpclient.Config
	// Browser, when set, names the config server that serves the
	// "playwright" prefix (plaintest replay --mcp NAME).
	Browser string
	// Session tunes the sessions; nil for the defaults.
	Session *mcpclient.Options
	// Playwright tunes the fallback @playwright/mcp; nil for the defaults.
	Playwright *mcpclient.PlaywrightOptions
	// Reuse keeps the bundled @playwright/mcp running between runs: when a
	// run ends, browser_close ends its browser and context, and the next
	// run with the same Needs gets the same server, whose first call starts
	// a fresh browser (no cookie, storage or tab carried over). It saves
	// starting node and loading the server for every scenario. Close stops
	// the servers kept.
	Reuse bool
	// ClaudeInChromeDir is where the "claude-in-chrome" bridge's sockets
	// are looked for when the config does not name that server; "" for
	// mcpclient.ClaudeInChromeDir().
	ClaudeInChromeDir string
	// AllowChromeBridge lets "claude-in-chrome", when the config does not
	// name it, reach the user's own Chrome through Claude Code's bridge
	// (plaintest replay --allow-chrome-bridge). Off, Open refuses it with
	// an error wrapping ErrChromeBridge.
	AllowChromeBridge bool

	mu     sync.Mutex
	idle   map[Needs][]*mcpclient.Session // Reuse: servers between runs
	closed bool
}

// Open connects to the server called name. A name the config lacks (other
// than "playwright") is an error wrapping mcpclient.ErrNoServer; a server
// that cannot be started or reached wraps mcpclient.ErrUnavailable. The
// bundled @playwright/mcp is started for this run's needs: file: URLs only
// inside the run's file root when the scenario opens them, and its workspace in the run's files folder
// (else in a private temporary folder), so that it resolves relative file
// names there and, unless file: URLs are on, refuses paths elsewhere itself.
// Servers from the config are used as they are. "claude-in-chrome", when
// the config does not name it, is Claude Code's Chrome bridge (as in
// Sandy's player), reached through its socket, when AllowChromeBridge.
func (c *ConfigServers) Open(ctx context.Context, name string, needs Needs) (ToolCaller, error) {
	if name == mcpclient.ClaudeInChrome && (c.Config == nil || c.Config.Servers[name].Name == "") {
		if !c.AllowChromeBridge {
			return nil, chromeBridgeError{}
		}
		return mcpclient.ConnectClaudeInChrome(ctx, c.ClaudeInChromeDir)
	}
	if needs.Grant.Set && name == DefaultBrowser && !c.bundled(name) {
		return nil, fmt.Errorf("%w: the scenario sets browser permissions (environment.permissions: %s), which plaintest applies only through the built-in server and the bundled @playwright/mcp: replay it with --mcp builtin or --mcp playwright-mcp", ErrPermissionsUnapplied, needs.Grant)
	}
	sc, err := c.lookup(name, needs)
	if err != nil {
		return nil, err
	}
	reuse := c.Reuse && c.bundled(name)
	if reuse {
		if s := c.idleSession(needs); s != nil {
			return &reused{Session: s, c: c, needs: needs}, nil
		}
	}
	s, err := mcpclient.Connect(ctx, sc, c.Session)
	if err != nil {
		return nil, err
	}
	if reuse {
		return &reused{Session: s, c: c, needs: needs}, nil
	}
	return s, nil
}

// bundled reports whether name is served by the bundled @playwright/mcp:
// "playwright" (or --mcp's name for it) with no entry in the config.
func (c *ConfigServers) bundled(name string) bool {
	lookup := name
	if name == DefaultBrowser && c.Browser != "" {
		lookup = c.Browser
	}
	if lookup != mcpclient.PlaywrightServer {
		return false
	}
	return c.Config == nil || c.Config.Servers[lookup].Name == ""
}

// lookup returns the config of the server called name.
func (c *ConfigServers) lookup(name string, needs Needs) (mcpclient.ServerConfig, error) {
	cfg := c.Config
	if cfg == nil {
		cfg = &mcpclient.Config{}
	}
	lookup := name
	if name == DefaultBrowser && c.Browser != "" {
		lookup = c.Browser
	}
	var pw mcpclient.PlaywrightOptions
	if c.Playwright != nil {
		pw = *c.Playwright
	}
	if needs.FileRoot != "" {
		pw.FileRoots = []string{needs.FileRoot}
	}
	pw.Grant = needs.Grant
	if needs.Files != "" {
		if err := os.MkdirAll(needs.Files, 0o755); err != nil {
			return mcpclient.ServerConfig{}, fmt.Errorf("files folder: %w", err)
		}
		pw.WorkDir = needs.Files
	}
	sc, err := cfg.Browser(lookup, &pw)
	if err == nil {
		return sc, nil
	}
	if lookup != name {
		return mcpclient.ServerConfig{}, fmt.Errorf("--mcp %s: %w", lookup, err)
	}
	return mcpclient.ServerConfig{}, err
}
