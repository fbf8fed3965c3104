package mcpclient

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/navrule"
	"github.com/plaintest/plaintest/internal/permit"
)

// Environment variables the launcher reads.
const (
	// EnvPlaywrightMCP points at @playwright/mcp's cli.js, or at a directory
	// holding node_modules/@playwright/mcp.
	EnvPlaywrightMCP = "PLAINTEST_PLAYWRIGHT_MCP"
	// EnvChromium is the browser executable to use.
	EnvChromium = "PLAINTEST_CHROMIUM"
)

// cliPath is where cli.js sits below a directory holding node_modules.
var cliPath = filepath.Join("node_modules", "@playwright", "mcp", "cli.js")

// PlaywrightOptions tune the Playwright MCP server Playwright launches.
type PlaywrightOptions struct {
	Headed         bool          // show the browser window
	ExecutablePath string        // browser; default ChromiumFor(Headed)
	OutputDir      string        // where the server puts files it names itself; default a temp dir removed on Close
	Caps           []string      // extra capabilities, e.g. "testing"
	SettleTimeout  time.Duration // --timeout-settle; 0 = server default (500ms)
	// ActionTimeout is how long the server's actions (and browser_wait_for)
	// wait: --timeout-action; 0 = the server's default (5s).
	ActionTimeout time.Duration
	// NavigationTimeout bounds how long a page may take to load:
	// --timeout-navigation; 0 = the server's default (60s).
	NavigationTimeout time.Duration
	Viewport          string // "WIDTHxHEIGHT", default "1280x720"
	// WorkDir is the server's working directory, which it treats as its
	// workspace: relative file names in tool arguments resolve there, and
	// (unless FileRoots) it reads and writes files only there and in
	// OutputDir. Default: the output directory, so that a scenario cannot
	// reach the user's working directory through it.
	WorkDir string
	// FileRoots are the folders whose files the browser may open through
	// file: URLs (navrule.Root makes one); none: no file: URL opens. The
	// server is always started with plaintest's navigation guard
	// (navrule.Guard), which closes a page that shows anything else the
	// rule refuses, view-source:file: pages included, however it got
	// there. With roots, the server also gets the flag it needs to open
	// files (--allow-unrestricted-file-access), which lifts its own limits
	// on file paths: check file arguments before calling.
	FileRoots []string
	ExtraArgs []string // appended as given
	// Grant is the browser permissions the server's context starts with
	// (its config file's browser.contextOptions: permissions, and
	// geolocation when granted); the zero Grant leaves the browser's
	// default.
	Grant permit.Grant
}

// DefaultViewport is the browser viewport Playwright asks for.
const DefaultViewport = "1280x720"

// Playwright returns the config of the project's pinned @playwright/mcp
// server over stdio, named "playwright":
//
//	node .../node_modules/@playwright/mcp/cli.js --headless --executable-path CHROMIUM
//	     --no-sandbox --isolated --viewport-size 1280x720 --file-paths absolute --output-dir DIR ...
//
// cli.js is found through $PLAINTEST_PLAYWRIGHT_MCP, then node_modules in
// the working directory or any parent, then beside the executable (and in
// its parent directory, and PREFIX/lib/plaintest for PREFIX/bin/plaintest,
// where make install puts it). A missing node, cli.js or browser is an error
// wrapping ErrUnavailable that says how to fix it.
func Playwright(opts *PlaywrightOptions) (ServerConfig, error) {
	var o PlaywrightOptions
	if opts != nil {
		o = *opts
	}
	unavailable := func(err error, hint string) (ServerConfig, error) {
		return ServerConfig{}, &UnavailableError{Server: PlaywrightServer, Op: "locate", Err: err, Hint: hint}
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return unavailable(errors.New("node not found on PATH"), "install Node.js 20 or later (apt-get install nodejs), then run make setup")
	}
	cli, err := findPlaywrightCLI()
	if err != nil {
		return unavailable(err, "run make setup (npm ci) in the plaintest checkout, or set "+EnvPlaywrightMCP)
	}
	browser := o.ExecutablePath
	if browser == "" {
		if browser, err = ChromiumFor(o.Headed); err != nil {
			return ServerConfig{}, err
		}
	} else if _, err := os.Stat(browser); err != nil {
		return unavailable(fmt.Errorf("browser: %w", err), "apt-get install chromium, or fix the executable path")
	} else if browser, err = filepath.Abs(browser); err != nil {
		return ServerConfig{}, err
	}
	viewport := o.Viewport
	if viewport == "" {
		viewport = DefaultViewport
	}
	if !validViewport(viewport) {
		return ServerConfig{}, fmt.Errorf("playwright: viewport %q: want WIDTHxHEIGHT, e.g. 1280x720", viewport)
	}
	args := []string{cli}
	if !o.Headed {
		args = append(args, "--headless")
	}
	// A trace (--caps devtools) is written by the process that launched
	// the browser, into this server's output folder only when that is
	// the server: through a shared browser it would be written in that
	// browser server's own folder, where the result's links do not lead.
	if ep := sharedEndpoint(browser); ep != "" && !o.Headed && !slices.Contains(o.Caps, CapDevtools) {
		args = append(args, "--endpoint", ep) // ShareBrowser
	} else {
		args = append(args, "--executable-path", browser, "--no-sandbox")
	}
	args = append(args, "--isolated", "--viewport-size", viewport,
		// Links to snapshot and screenshot files then work from any directory.
		"--file-paths", "absolute")
	if len(o.Caps) > 0 {
		args = append(args, "--caps", strings.Join(o.Caps, ","))
	}
	for _, t := range []struct {
		flag string
		d    time.Duration
	}{{"--timeout-settle", o.SettleTimeout}, {"--timeout-action", o.ActionTimeout}, {"--timeout-navigation", o.NavigationTimeout}} {
		if t.d > 0 {
			args = append(args, t.flag, strconv.FormatInt(t.d.Milliseconds(), 10))
		}
	}
	if len(o.FileRoots) > 0 {
		args = append(args, "--allow-unrestricted-file-access")
	}
	sc := ServerConfig{Name: PlaywrightServer, Command: node, Transport: TransportStdio,
		hint:        "run make setup, and check that " + browser + " starts headless",
		callTimeout: o.callTimeout(),
		guard:       &navrule.Rule{},
		keepable:    true,
		grant:       o.Grant}
	for _, dir := range o.FileRoots {
		root, err := navrule.Root(dir)
		if err != nil {
			return ServerConfig{}, fmt.Errorf("playwright: file root %s: %w", dir, err)
		}
		sc.guard.FileRoots = append(sc.guard.FileRoots, root)
	}
	if o.OutputDir != "" {
		dir, err := filepath.Abs(o.OutputDir)
		if err != nil {
			return ServerConfig{}, err
		}
		args = append(args, "--output-dir", dir)
		sc.Dir = dir
	} else {
		sc.tempOutputDir = true
	}
	if o.WorkDir != "" {
		if sc.Dir, err = filepath.Abs(o.WorkDir); err != nil {
			return ServerConfig{}, err
		}
	}
	sc.Args = append(args, o.ExtraArgs...)
	return sc, nil
}

// callTimeout is how long a call to such a server may take before the
// session gives up on it: longer than any wait the server bounds itself
// (a navigation, then an action and the settling after it), so that the
// server's own timeout error, which names what was slow, comes first.
func (o *PlaywrightOptions) callTimeout() time.Duration {
	nav, action := o.NavigationTimeout, o.ActionTimeout
	if nav <= 0 {
		nav = defaults.PlaywrightMCPNavigation
	}
	if action <= 0 {
		action = defaults.Step
	}
	return nav + action + defaults.CallSlack
}

func validViewport(s string) bool {
	w, h, ok := strings.Cut(s, "x")
	if !ok {
		return false
	}
	wi, err1 := strconv.Atoi(w)
	hi, err2 := strconv.Atoi(h)
	return err1 == nil && err2 == nil && wi > 0 && hi > 0
}

// findPlaywrightCLI returns the path of @playwright/mcp's cli.js.
func findPlaywrightCLI() (string, error) {
	if env := os.Getenv(EnvPlaywrightMCP); env != "" {
		for _, p := range []string{env, filepath.Join(env, cliPath)} {
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				return filepath.Abs(p)
			}
		}
		return "", fmt.Errorf("%s=%s holds neither cli.js nor %s", EnvPlaywrightMCP, env, cliPath)
	}
	var tried []string
	if wd, err := os.Getwd(); err == nil {
		for dir := wd; ; dir = filepath.Dir(dir) {
			p := filepath.Join(dir, cliPath)
			if isFile(p) {
				return p, nil
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
		tried = append(tried, wd+" and its parents")
	}
	if exe, err := os.Executable(); err == nil {
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		dir := filepath.Dir(exe)
		// PREFIX/bin/plaintest finds PREFIX/lib/plaintest (make install).
		for _, d := range []string{dir, filepath.Dir(dir), filepath.Join(filepath.Dir(dir), "lib", "plaintest")} {
			if p := filepath.Join(d, cliPath); isFile(p) {
				return p, nil
			}
		}
		tried = append(tried, dir)
	}
	return "", fmt.Errorf("@playwright/mcp not found: no %s in %s", cliPath, strings.Join(tried, ", or beside the executable in "))
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}

// Chromium returns the browser executable for a headed browser:
// $PLAINTEST_CHROMIUM when set (it must exist), else the first of chromium,
// chromium-browser and google-chrome on PATH, else /usr/bin/chromium. None
// found is an error wrapping ErrUnavailable.
func Chromium() (string, error) { return ChromiumFor(true) }

// HeadlessShell is Chromium's headless shell (Debian's
// chromium-headless-shell), the build Playwright itself runs headless: no
// browser window's user interface behind the page, so it launches in half
// the time and uses a third of the processor time of the full browser in
// headless mode.
const HeadlessShell = "chromium-headless-shell"

// ChromiumFor returns the browser executable for a headed or a headless
// browser: $PLAINTEST_CHROMIUM when set (it must exist); for a headless one
// the headless shell (HeadlessShell) on PATH or in /usr/bin when installed;
// else as Chromium.
func ChromiumFor(headed bool) (string, error) {
	if env := os.Getenv(EnvChromium); env != "" {
		if !isFile(env) {
			return "", &UnavailableError{Server: PlaywrightServer, Op: "locate browser",
				Err: fmt.Errorf("%s=%s does not exist", EnvChromium, env), Hint: "fix " + EnvChromium + " or unset it"}
		}
		return env, nil
	}
	names := []string{"chromium", "chromium-browser", "google-chrome"}
	if !headed {
		names = append([]string{HeadlessShell}, names...)
	}
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
		if !headed && name == HeadlessShell && isFile("/usr/bin/"+HeadlessShell) {
			return "/usr/bin/" + HeadlessShell, nil
		}
	}
	if isFile("/usr/bin/chromium") {
		return "/usr/bin/chromium", nil
	}
	return "", &UnavailableError{Server: PlaywrightServer, Op: "locate browser",
		Err:  errors.New("no chromium, chromium-browser or google-chrome on PATH"),
		Hint: "apt-get install chromium, or set " + EnvChromium}
}
