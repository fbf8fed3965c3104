package browserserver

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/mxschmitt/playwright-go"

	"github.com/plaintest/plaintest/internal/safefile"
	"github.com/plaintest/plaintest/mcpclient"
)

// DriverVersion is the playwright-core version playwright-go drives, pinned
// in package.json.
const DriverVersion = "1.64.1"

// installHint is what to run when the driver is missing.
const installHint = "run make setup (npm ci) in the plaintest checkout, or make install; it installs playwright-core " + DriverVersion

// corePath is where playwright-core sits below a directory holding
// node_modules.
var corePath = filepath.Join("node_modules", "playwright-core")

// FindDriver returns the playwright-core directory (the driver package)
// playwright-go needs, looked for with no environment variable in: the
// working directory and its parents (a checkout), the executable's
// directory and its parent (bin/plaintest in a checkout), and
// PREFIX/lib/plaintest beside PREFIX/bin (make install). A directory named
// by $PLAINTEST_PLAYWRIGHT_MCP (which holds the pinned node_modules) is
// tried first when set. A playwright-core of another version is skipped.
// None found is an *mcpclient.UnavailableError naming the command that
// installs it.
func FindDriver() (string, error) {
	var dirs []string
	if env := os.Getenv(mcpclient.EnvPlaywrightMCP); env != "" {
		if fi, err := os.Stat(env); err == nil && fi.IsDir() {
			dirs = append(dirs, env)
		}
	}
	wd, _ := os.Getwd()
	exe, _ := os.Executable()
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	dirs = append(dirs, driverDirs(wd, exe)...)
	var other []string
	for _, d := range dirs {
		core := filepath.Join(d, corePath)
		v, err := coreVersion(core)
		switch {
		case err != nil:
		case v == DriverVersion:
			return filepath.Abs(core)
		default:
			other = append(other, core+" is "+v)
		}
	}
	err := fmt.Errorf("playwright-core %s not found in node_modules of the working directory, its parents, or beside the executable", DriverVersion)
	if len(other) > 0 {
		err = fmt.Errorf("%w (%s)", err, strings.Join(other, "; "))
	}
	return "", &mcpclient.UnavailableError{Server: Name, Op: "locate driver", Err: err, Hint: installHint}
}

// driverDirs are the directories whose node_modules may hold the driver,
// in order: wd and its parents, then the executable's directory, its
// parent, and PREFIX/lib/plaintest for PREFIX/bin/plaintest.
func driverDirs(wd, exe string) []string {
	var dirs []string
	if wd != "" {
		for dir := wd; ; dir = filepath.Dir(dir) {
			dirs = append(dirs, dir)
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	if exe != "" {
		dir := filepath.Dir(exe)
		dirs = append(dirs, dir, filepath.Dir(dir), filepath.Join(filepath.Dir(dir), "lib", "plaintest"))
	}
	return dirs
}

// shellQuote quotes s for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// coreVersion reads the version of the playwright-core package in dir.
func coreVersion(dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return "", err
	}
	var pkg struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	if err := json.Unmarshal(b, &pkg); err != nil {
		return "", err
	}
	if pkg.Name != "playwright-core" {
		return "", errors.New("not playwright-core")
	}
	if _, err := os.Stat(filepath.Join(dir, "cli.js")); err != nil {
		return "", err
	}
	return pkg.Version, nil
}

// startDriver lays out a driver folder for core (node and package, as
// symlinks, in a temporary directory returned for removal) and starts
// playwright-go on it. Nothing it prints reaches stdout, which may be an
// MCP stdio transport.
func startDriver(core string, log *slog.Logger) (*playwright.Playwright, string, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, "", &mcpclient.UnavailableError{Server: Name, Op: "locate node", Err: errors.New("node not found on PATH"),
			Hint: "install Node.js 18 or later (apt-get install nodejs), then " + installHint}
	}
	dir, err := os.MkdirTemp("", "plaintest-driver-")
	if err != nil {
		return nil, "", err
	}
	var nodeErr error
	if runtime.GOOS == "windows" {
		nodeErr = os.Symlink(node, filepath.Join(dir, "node.exe"))
	} else {
		// playwright-go asks the driver its version (cli.js --version, a
		// Node start of half a second) before every start; coreVersion has
		// read it already, so the node of the driver folder answers that
		// itself and runs everything else with the real node, in the
		// driver folder: the browsers it launches inherit its working
		// directory, which must outlive the one the process had when the
		// driver started (a test's temporary one; Debian's chromium is a
		// shell script, and sh fails on a removed working directory).
		script := "#!/bin/sh\nif [ \"$2\" = --version ]; then echo 'Version " + DriverVersion + "'; exit 0; fi\ncd " + shellQuote(dir) + " || exit 1\nexec " + shellQuote(node) + " \"$@\"\n"
		nodeErr = safefile.Executable(filepath.Join(dir, "node"), []byte(script))
	}
	if err := errors.Join(nodeErr, os.Symlink(core, filepath.Join(dir, "package"))); err != nil {
		_ = os.RemoveAll(dir)
		return nil, "", &mcpclient.UnavailableError{Server: Name, Op: "driver", Err: err}
	}
	pw, err := playwright.Run(&playwright.RunOptions{DriverDirectory: dir, SkipInstallBrowsers: true,
		Stdout: io.Discard, Stderr: io.Discard, Logger: log})
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, "", &mcpclient.UnavailableError{Server: Name, Op: "start driver", Err: err, Hint: installHint}
	}
	return pw, dir, nil
}

// drivers is the process's Playwright driver (a node process: seconds to
// start on a loaded machine), shared by every Server of the process, each
// with its own browser on it. It stops when the last server closes,
// unless HoldDriver holds it.
var drivers struct {
	sync.Mutex
	core string
	pw   *playwright.Playwright
	dir  string
	refs int // servers using it
	held int // HoldDriver calls not released
}

// acquireDriver returns the shared driver for core, started on first use
// (log gets the driver's messages), and what to call when the server is
// done with it. A server asking for another core while the shared one is
// in use gets a driver of its own.
func acquireDriver(core string, log *slog.Logger) (*playwright.Playwright, func(), error) {
	drivers.Lock()
	defer drivers.Unlock()
	if drivers.pw != nil && drivers.core != core {
		if drivers.refs > 0 {
			pw, dir, err := startDriver(core, log)
			if err != nil {
				return nil, nil, err
			}
			return pw, func() { stopDriver(pw, dir, log) }, nil
		}
		stopDriver(drivers.pw, drivers.dir, log)
		drivers.pw = nil
	}
	if drivers.pw == nil {
		pw, dir, err := startDriver(core, log)
		if err != nil {
			return nil, nil, err
		}
		drivers.core, drivers.pw, drivers.dir = core, pw, dir
	}
	drivers.refs++
	var once sync.Once
	return drivers.pw, func() { once.Do(func() { releaseDriver(log) }) }, nil
}

// releaseDriver ends one server's use of the shared driver.
func releaseDriver(log *slog.Logger) {
	drivers.Lock()
	defer drivers.Unlock()
	drivers.refs--
	stopIdleDriver(log)
}

// stopIdleDriver stops the shared driver when no server uses it and
// nothing holds it. drivers must be locked.
func stopIdleDriver(log *slog.Logger) {
	if drivers.refs == 0 && drivers.held == 0 && drivers.pw != nil {
		stopDriver(drivers.pw, drivers.dir, log)
		drivers.pw, drivers.dir = nil, ""
	}
}

// HoldDriver keeps the shared driver running between servers until the
// returned function is called: a test binary whose tests each start a
// server (each with its own browser) starts one node process for all of
// them rather than one per test.
func HoldDriver() (release func()) {
	drivers.Lock()
	defer drivers.Unlock()
	drivers.held++
	var once sync.Once
	return func() {
		once.Do(func() {
			drivers.Lock()
			defer drivers.Unlock()
			drivers.held--
			stopIdleDriver(slog.New(slog.DiscardHandler))
		})
	}
}

// stopDriver stops a driver and removes its folder.
func stopDriver(pw *playwright.Playwright, dir string, log *slog.Logger) {
	if err := pw.Stop(); err != nil {
		log.Debug("stopping the playwright driver", "err", err)
	}
	_ = os.RemoveAll(dir)
}
