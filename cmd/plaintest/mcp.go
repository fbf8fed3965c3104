package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/mcpclient"
)

const mcpHelp = `
Serve plaintest's built-in browser MCP server: @playwright/mcp's browser
tools (browser_navigate, browser_click, browser_type, browser_snapshot, ...,
and the testing tools browser_verify_* and browser_generate_locator) on
one browser, with an isolated browser context per MCP session.

Over stdio by default: configure it in Claude Desktop, Cursor or a Sandy
player as the "playwright" server, e.g.

  {"mcpServers": {"playwright": {"command": "plaintest", "args": ["mcp"]}}}

With --http ADDR it serves streamable HTTP at http://ADDR/mcp and SSE at
http://ADDR/sse until interrupted. On a loopback address, requests for
other host names are refused (DNS rebinding).

The browser opens web pages; local files (file: URLs) only with
--allow-file-urls (bare: those below the working directory; =DIR: below
DIR). A page that reaches anything else, view-source: pages included, by a
tool or by itself, is closed and the call fails with the refusal.

--ws-endpoint and --cdp-endpoint drive a browser elsewhere instead of a
local Chromium: a Playwright browser server (npx playwright run-server,
from playwright-core ` + browserserver.DriverVersion + `) or a Chromium started with
--remote-debugging-port.

Exit codes: 0 the client closed the session (or the server was
interrupted), 2 bad flags, 3 the driver, the browser or the address is not
available.`

func runMCP(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "mcp", "[--http ADDR] [flags]", mcpHelp)
	addr := fs.String("http", "", "serve streamable HTTP (/mcp) and SSE (/sse) on `ADDR` (host:port) instead of stdio")
	ws := fs.String("ws-endpoint", "", "use the Playwright browser server at `URL` instead of a local Chromium")
	cdp := fs.String("cdp-endpoint", "", "use the Chromium at `URL` (its DevTools endpoint) instead of a local one")
	headed := fs.Bool("headed", false, "show the browser window")
	timeout := fs.Duration("timeout", mcpclient.DefaultActionTimeout, "how long actions, waits and verifications wait")
	nav := fs.Duration("nav-timeout", mcpclient.DefaultNavTimeout, "how long a page may take to load")
	var fileURLs fileURLsFlag
	fileURLs.add(fs, "those below the working directory")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError("mcp takes no arguments, got %q (see plaintest mcp --help)", pos[0])
	}
	if *ws != "" && *cdp != "" {
		return usageError("give --ws-endpoint or --cdp-endpoint, not both")
	}
	if *timeout <= 0 || *nav <= 0 {
		return usageError("--timeout and --nav-timeout want a positive duration such as 5s")
	}
	var ln net.Listener
	if *addr != "" {
		// Listen first: a taken address fails before a browser starts.
		if ln, err = net.Listen("tcp", *addr); err != nil {
			return environmentError(fmt.Errorf("--http %s: %w", *addr, err))
		}
		defer ln.Close()
	}
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	roots, err := fileURLs.roots(wd)
	if err != nil {
		return err
	}
	s, err := browserserver.New(&browserserver.Options{Headed: *headed, WSEndpoint: *ws, CDPEndpoint: *cdp,
		ActionTimeout: *timeout, NavigationTimeout: *nav, FileRoots: roots})
	if err != nil {
		return err
	}
	defer s.Close()
	if ln == nil {
		err := s.ServeStdio(ctx, e.stdin, e.stdout)
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	fmt.Fprintf(e.stderr, "plaintest mcp: serving http://%s%s (streamable HTTP) and http://%s%s (SSE)\n",
		ln.Addr(), browserserver.PathStreamable, ln.Addr(), browserserver.PathSSE)
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	if err := serveUntil(ctx, srv, ln, 5*time.Second); err != nil {
		return environmentError(err)
	}
	return nil
}
