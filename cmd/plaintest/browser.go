package main

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/internal/navrule"
	"github.com/plaintest/plaintest/internal/permit"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcpconfig"
	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/sandy"
)

// The browser servers --mcp names besides the config's.
const (
	// mcpBuiltin is the built-in server (browserserver), in process.
	mcpBuiltin = browserserver.Name
	// mcpPlaywright is the bundled, pinned @playwright/mcp, even when the
	// config has a "playwright" entry.
	mcpPlaywright = "playwright-mcp"
	// defaultMCP is --mcp's default.
	defaultMCP = mcpBuiltin
)

// browserFlags choose the browser server of compile, replay and snapshot.
type browserFlags struct {
	mcp string // builtin, playwright-mcp, or a config server's name
	ws  string // --ws-endpoint
	cdp string // --cdp-endpoint
	// explicit: --mcp was given. Without it, a config's own "playwright"
	// entry serves the browser, as Sandy's players do.
	explicit bool
	files    fileURLsFlag // --allow-file-urls
	// workDir, when set, is the browser server's workspace: compile's
	// files folder, the only place uploads come from.
	workDir string
	// pool, when set (a suite compile), keeps the built-in servers for
	// the sessions after.
	pool *builtinPool
	// devtools: replay records traces (--trace), so the bundled
	// @playwright/mcp is started with its tracing tools (--caps devtools).
	devtools bool
}

const mcpUsage = "browser server: " + mcpBuiltin + ", " + mcpPlaywright + " or a config's `NAME`"

// add registers the flags; bare says where --allow-file-urls alone opens
// local files.
func (b *browserFlags) add(fs *pflag.FlagSet, bare string) {
	b.files.add(fs, bare)
	fs.StringVar(&b.mcp, "mcp", defaultMCP, mcpUsage)
	fs.StringVar(&b.ws, "ws-endpoint", "", "built-in server: drive the Playwright browser server at `URL`")
	fs.StringVar(&b.cdp, "cdp-endpoint", "", "built-in server: drive the Chromium at `URL` (DevTools)")
}

// check refuses remote endpoints for a server other than the built-in one,
// and both at once. fs is the parsed flag set.
func (b *browserFlags) check(fs *pflag.FlagSet) error {
	b.explicit = fs.Changed("mcp")
	if b.ws != "" && b.cdp != "" {
		return usageError("give --ws-endpoint or --cdp-endpoint, not both")
	}
	if (b.ws != "" || b.cdp != "") && b.mcp != mcpBuiltin {
		return usageError("--ws-endpoint and --cdp-endpoint need --mcp %s (the server that drives the browser is plaintest's own)", mcpBuiltin)
	}
	if b.mcp == "" {
		return usageError("--mcp needs a server: %s, %s or a config server's name", mcpBuiltin, mcpPlaywright)
	}
	return nil
}

// builtinOptions are the built-in server's options for these flags.
func (b *browserFlags) builtinOptions(headed bool, timeout, nav time.Duration) *browserserver.Options {
	return &browserserver.Options{Headed: headed, WSEndpoint: b.ws, CDPEndpoint: b.cdp,
		ActionTimeout: timeout, NavigationTimeout: nav}
}

// useBuiltin reports whether the built-in server serves the browser: named
// by --mcp, or the default with no "playwright" entry in cfg.
func (b *browserFlags) useBuiltin(cfg *mcpclient.Config) bool {
	return b.mcp == mcpBuiltin && (b.explicit || !configured(cfg))
}

// configured reports whether cfg has its own "playwright" server.
func configured(cfg *mcpclient.Config) bool {
	return configures(cfg, mcpclient.PlaywrightServer)
}

// replayServers are replay's servers for these flags and the discovered
// config, and what to call when the replay is done. chrome: the user
// allowed Claude Code's Chrome bridge (--allow-chrome-bridge).
func (b *browserFlags) replayServers(cfg *mcpclient.Config, headed, chrome bool, timeout, nav time.Duration, session *mcpclient.Options) (replay.Servers, func()) {
	pw := mcpclient.BundledOptions(timeout, nav)
	pw.Headed = headed
	if b.devtools {
		pw.Caps = append(pw.Caps, mcpclient.CapDevtools)
	}
	// The bundled @playwright/mcp serves the scenarios one after another,
	// a fresh browser each (replay.ConfigServers.Reuse).
	cs := &replay.ConfigServers{Config: cfg, Playwright: pw, Session: session, Reuse: true, AllowChromeBridge: chrome}
	switch {
	case b.useBuiltin(cfg):
		bs := &builtinServers{next: cs, opts: *b.builtinOptions(headed, timeout, nav)}
		return bs, func() { _ = bs.Close(); _ = cs.Close() }
	case !b.explicit && configured(cfg):
	case b.mcp == mcpPlaywright:
		cs.Config = withoutPlaywright(cfg)
	default:
		cs.Browser = b.mcp
	}
	return cs, func() { _ = cs.Close() }
}

// withoutPlaywright returns cfg without its "playwright" entry, so that
// the bundled @playwright/mcp serves that name.
func withoutPlaywright(cfg *mcpclient.Config) *mcpclient.Config {
	c := *cfg
	c.Servers = maps.Clone(cfg.Servers)
	delete(c.Servers, mcpclient.PlaywrightServer)
	return &c
}

// builtinServers serve replay's "playwright" steps with the built-in server
// and every other server from next. One built-in server (one browser) is
// started per set of needs and shared by the runs that have them; each
// run's session gets its own browser context.
type builtinServers struct {
	next replay.Servers
	opts browserserver.Options

	mu      sync.Mutex
	servers map[replay.Needs]*browserserver.Server
}

// Open opens a session of the built-in server for "playwright", else asks
// next.
func (b *builtinServers) Open(ctx context.Context, name string, needs replay.Needs) (replay.ToolCaller, error) {
	if name != replay.DefaultBrowser {
		return b.next.Open(ctx, name, needs)
	}
	s, err := b.server(needs)
	if err != nil {
		return nil, err
	}
	return s.Connect(ctx, nil)
}

func (b *builtinServers) server(needs replay.Needs) (*browserserver.Server, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if s := b.servers[needs]; s != nil {
		return s, nil
	}
	o := b.opts
	o.WorkDir = needs.Files
	if needs.FileRoot != "" {
		o.FileRoots = []string{needs.FileRoot}
	}
	o.Grant = needs.Grant
	o.NoActionSnapshots = true // replay reads none
	s, err := browserserver.New(&o)
	if err != nil {
		return nil, err
	}
	if b.servers == nil {
		b.servers = map[replay.Needs]*browserserver.Server{}
	}
	b.servers[needs] = s
	return s, nil
}

// Close ends every built-in server started.
func (b *builtinServers) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	var errs []error
	for _, s := range b.servers {
		errs = append(errs, s.Close())
	}
	b.servers = nil
	return errors.Join(errs...)
}

// openBrowser connects compile (or snapshot) to the browser server the
// flags name: the built-in server in process, the bundled @playwright/mcp
// (timed like replay's so that what compiles also replays), or the
// discovered config's entry (for "playwright", the bundled server when the
// config has none). It returns the session, the server's description for
// the progress line, and what to call when done.
func openBrowser(ctx context.Context, b browserFlags, found *mcpconfig.Discovery, headed bool, timeout, nav time.Duration, startURL string, grant permit.Grant) (*mcpclient.Session, string, func(), error) {
	cfg := found.Config
	// Local files open where --allow-file-urls says, and beside the start
	// page when the user gave a local one.
	page := pageFolder(startURL)
	roots, err := b.files.roots(page)
	if err != nil {
		return nil, "", nil, err
	}
	if dir := page; dir != "" {
		if root, err := navrule.Root(dir); err == nil {
			roots = append(roots, root)
		}
	}
	if err := (navrule.Rule{FileRoots: roots}).Open(startURL); err != nil {
		return nil, "", nil, usageError("--url: %v", err)
	}
	if b.useBuiltin(cfg) {
		o := b.builtinOptions(headed, timeout, nav)
		o.FileRoots = roots
		o.WorkDir = b.workDir
		o.Grant = grant
		label := "the built-in browser server"
		if b.ws != "" || b.cdp != "" {
			label += " on the browser at " + b.ws + b.cdp
		}
		if b.pool != nil {
			s, err := b.pool.server(o)
			if err != nil {
				return nil, "", nil, err
			}
			sess, err := s.Connect(ctx, nil)
			if err != nil {
				return nil, "", nil, err
			}
			return sess, label, func() { _ = sess.Close() }, nil
		}
		s, err := browserserver.New(o)
		if err != nil {
			return nil, "", nil, err
		}
		sess, err := s.Connect(ctx, nil)
		if err != nil {
			_ = s.Close()
			return nil, "", nil, err
		}
		return sess, label, func() { _ = sess.Close(); _ = s.Close() }, nil
	}
	name := b.mcp
	if !b.explicit && configured(cfg) {
		name = mcpclient.PlaywrightServer
	} else if name == mcpPlaywright {
		cfg, name = withoutPlaywright(cfg), mcpclient.PlaywrightServer
	}
	opts := mcpclient.BundledOptions(timeout, nav)
	opts.Headed = headed
	opts.FileRoots = roots
	opts.WorkDir = b.workDir
	opts.Caps = []string{"testing"} // browser_generate_locator
	opts.Grant = grant
	if _, own := cfg.Servers[name]; own && grant.Set {
		return nil, "", nil, usageError("--mcp %s: the test allows or denies browser permissions (%s), which plaintest sets only on the built-in server and the bundled @playwright/mcp: compile it with --mcp builtin or --mcp playwright-mcp", name, grant)
	}
	sc, err := cfg.Browser(name, opts)
	switch {
	case errors.Is(err, mcpclient.ErrNoServer):
		return nil, "", nil, usageError("--mcp %s: %v", b.mcp, err)
	case err != nil:
		return nil, "", nil, err
	}
	label := fmt.Sprintf("MCP server %q from %s (%s)", name, cfg.Path, found.Source)
	if _, own := cfg.Servers[name]; !own {
		label = "the bundled @playwright/mcp"
	}
	s, err := mcpclient.Connect(ctx, sc, nil)
	if err != nil {
		return nil, "", nil, err
	}
	return s, label, func() { _ = s.Close() }, nil
}

// pinScenario records in sc's environment the browser server that compiled
// it (as it named itself) and the fingerprint of the tools its steps call
// there, for replay to tell a server whose tools differ. A server that
// cannot list its tools leaves the fingerprint out.
func pinScenario(ctx context.Context, s *mcpclient.Session, sc *sandy.Scenario) {
	if sc.Environment == nil {
		sc.Environment = &sandy.Environment{}
	}
	env := sc.Environment
	env.Server, env.ServerVersion = s.ServerInfo()
	tools, err := s.Tools(ctx)
	if err != nil {
		return
	}
	var used []string
	for _, st := range sc.Steps {
		if server, tool, builtin, err := sandy.SplitTool(st.Tool); err == nil && !builtin && server == mcpclient.PlaywrightServer {
			used = append(used, tool)
		}
	}
	env.ToolsFingerprint = mcpclient.Fingerprint(mcpclient.Schemas(tools), used)
}
