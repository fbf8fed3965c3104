package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/internal/defaults"
)

const mcpHelp = `
Serve plaintest's built-in browser MCP server (@playwright/mcp's browser tools,
one browser, a context per session) over stdio, e.g. as the "playwright" server
of Claude Desktop, Cursor or a Sandy player; with --http, over streamable HTTP
(/mcp) and SSE (/sse) on a loopback address.
  {"mcpServers": {"playwright": {"command": "plaintest", "args": ["mcp"]}}}
  PLAINTEST_MCP_TOKEN=T plaintest mcp --http 127.0.0.1:8931
Reference: docs/browser-servers.md, docs/security.md (who may reach --http)`

func runMCP(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "mcp", "[--http ADDR] [flags]", mcpHelp)
	addr := fs.String("http", "", "serve HTTP on `ADDR` (host:port) instead of stdio")
	ws := fs.String("ws-endpoint", "", "drive the Playwright browser server at `URL`")
	cdp := fs.String("cdp-endpoint", "", "drive the Chromium at `URL` (DevTools)")
	headed := fs.Bool("headed", false, "show the browser window")
	timeout := fs.Duration("timeout", defaults.Step, "how long actions, waits and verifications wait")
	nav := fs.Duration("nav-timeout", defaults.Navigation, "how long a page may take to load")
	var fileURLs fileURLsFlag
	fileURLs.add(fs, "below the working directory")
	var origins listFlag
	fs.Var(&origins, "allow-origin", "with --http, accept web pages of origin `URL` (repeatable)")
	listenAny := fs.Bool("listen-any", false, "with --http, allow an ADDR that is not loopback")
	token := fs.String("token", "", "with --http, the bearer `token` (prefer $"+envMCPToken+")")
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
	access, err := mcpAccess(e, *addr, origins, *token)
	if err != nil {
		return err
	}
	var ln net.Listener
	if *addr != "" {
		if loopback, known := loopbackHost(*addr); known && !loopback && !*listenAny {
			return usageError("--http %s listens beyond this machine: give a loopback address (127.0.0.1:PORT) or add --listen-any", *addr)
		}
		// Listen first: a taken address fails before a browser starts.
		if ln, err = net.Listen("tcp", *addr); err != nil {
			return environmentError(fmt.Errorf("--http %s: %w", *addr, err))
		}
		defer ln.Close()
		if ta, ok := ln.Addr().(*net.TCPAddr); !ok || !ta.IP.IsLoopback() {
			if !*listenAny {
				return usageError("--http %s listens on %s, beyond this machine: give a loopback address (127.0.0.1:PORT) or add --listen-any", *addr, ln.Addr())
			}
			hint := ""
			if access.Token == "" {
				hint = " (set " + envMCPToken + " to ask them for a token)"
			}
			fmt.Fprintf(e.stderr, "plaintest mcp: warning: listening on %s, reachable from other machines: whoever reaches it drives a browser on this one%s\n", ln.Addr(), hint)
		}
	} else if len(origins) > 0 || *listenAny || *token != "" {
		return usageError("--allow-origin, --listen-any and --token go with --http")
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
	srv := &http.Server{Handler: s.Handler(access), ReadHeaderTimeout: defaults.RequestHeader}
	if err := serveUntil(ctx, srv, ln, defaults.MCPShutdown); err != nil {
		return environmentError(err)
	}
	return nil
}

// envMCPToken holds the bearer token of plaintest mcp --http.
const envMCPToken = "PLAINTEST_MCP_TOKEN"

// mcpAccess is who may use plaintest mcp --http: the --allow-origin
// origins, checked, and the token of --token, else of PLAINTEST_MCP_TOKEN.
// Errors never quote the token.
func mcpAccess(e *env, addr string, origins []string, flagToken string) (*browserserver.Access, error) {
	a := &browserserver.Access{Token: flagToken}
	for _, o := range origins {
		n, err := browserserver.ParseOrigin(o)
		if err != nil {
			return nil, usageError("--allow-origin: %v", err)
		}
		a.Origins = append(a.Origins, n)
	}
	from := "--token"
	if a.Token == "" && addr != "" {
		a.Token, from = e.getenv(envMCPToken), envMCPToken
	}
	if a.Token != "" {
		if err := browserserver.CheckToken(a.Token); err != nil {
			return nil, usageError("%s: %v", from, err)
		}
	}
	return a, nil
}

// loopbackHost says whether the host of addr (host:port) is loopback, when
// that is known before listening: an IP address, an empty host (every
// interface) or localhost. Another name is known only once listening.
func loopbackHost(addr string) (loopback, known bool) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, false // net.Listen says what is wrong with it
	}
	if host == "" {
		return false, true
	}
	if strings.EqualFold(host, "localhost") {
		return true, true
	}
	if ip := net.ParseIP(host); ip != nil {
		return ip.IsLoopback(), true
	}
	return false, false
}
