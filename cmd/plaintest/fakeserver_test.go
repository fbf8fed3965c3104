package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
)

// fakeLogEnv, when set, names a file the fake server appends a line to as it
// starts ("start") and for each tool call (the tool's name), so a test can
// tell what ran.
const fakeLogEnv = "PLAINTEST_TEST_FAKE_MCP_LOG"

// loginSnapshot is the login page as the fake's browser_snapshot shows it.
const loginSnapshot = "- generic [ref=e1]:\n  - textbox \"Username\" [ref=e2]\n  - button \"Log in\" [ref=e3]\n"

// evilSnapshot is a page whose accessible names carry terminal escapes (a
// window title change, a colour) and a bidi override, escaped as
// @playwright/mcp writes them (JSON).
const evilSnapshot = "- generic [ref=e1]:\n  - textbox \"Name\\u001b]0;pwned\\u0007\" [ref=e2]\n  - button \"Log in\\u001b[31m\" [ref=e3]\n" +
	"  - link \"Help \\u202Etxt.exe\" [ref=e4]\n"

func TestMain(m *testing.M) {
	if mcptest.Serving() {
		serveFake()
		return
	}
	if os.Getenv(asCLIEnv) != "" {
		// Another program runs this binary as plaintest (sdkclient.js).
		os.Exit(int(run(context.Background(), &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}, os.Args[1:])))
	}
	// Tests change directory; the pinned @playwright/mcp stays findable.
	if os.Getenv(mcpclient.EnvPlaywrightMCP) == "" {
		if root, err := filepath.Abs(filepath.Join("..", "..")); err == nil {
			os.Setenv(mcpclient.EnvPlaywrightMCP, root)
		}
	}
	// One Playwright driver (a node process) and one browser (per
	// executable and headedness) for every built-in server the commands
	// under test start, each session with a fresh context.
	release := browserserver.HoldBrowsers()
	// The bundled @playwright/mcp servers the commands start are kept
	// between them: each command still gets a fresh browser.
	releasePW := mcpclient.KeepPlaywright()
	// And they (and npx playwright test's workers) connect to one shared
	// browser, a fresh context each, rather than launch one each: most of
	// this package's processor time went to launching and closing them.
	unshare := mcptest.ShareBrowser()
	code := m.Run()
	closeDemos()
	releasePW()
	unshare()
	release()
	os.Exit(code)
}

// serveFake serves the fake: navigation remembers the URL, percent-encoded
// as a browser shows it; the snapshot is the login page (evilSnapshot under
// /evil) with that URL; a hover fails with an error that quotes the URL and
// carries a title-changing escape and @playwright/mcp's colours; the first
// click kills the server (the "server crashes mid-run" fixture).
func serveFake() {
	logLine := func(line string) {
		if p := os.Getenv(fakeLogEnv); p != "" {
			f, err := os.OpenFile(p, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
			if err == nil {
				f.WriteString(line + "\n")
				f.Close()
			}
		}
	}
	logLine("start")
	s := mcptest.NewServer("fake-playwright")
	handle := func(tool string, h mcptest.Handler) {
		s.Handle(tool, func(c mcptest.Call) mcptest.Result {
			logLine(c.Tool)
			return h(c)
		})
	}
	var mu sync.Mutex
	page := "http://shop.test/login"
	handle(mcpclient.ToolNavigate, func(c mcptest.Call) mcptest.Result {
		mu.Lock()
		defer mu.Unlock()
		page = strings.ReplaceAll(fmt.Sprint(c.Args["url"]), " ", "%20")
		return mcptest.Navigated(page)
	})
	handle(mcpclient.ToolSnapshot, func(mcptest.Call) mcptest.Result {
		mu.Lock()
		defer mu.Unlock()
		if strings.Contains(page, "/evil") {
			return mcptest.Playwright{PageURL: "http://shop.test/evil", Snapshot: evilSnapshot}.Result()
		}
		return mcptest.Playwright{PageURL: page, Snapshot: loginSnapshot}.Result()
	})
	handle(mcpclient.ToolHover, func(mcptest.Call) mcptest.Result {
		mu.Lock()
		defer mu.Unlock()
		return mcptest.Playwright{Error: "Error: locator.hover: Timeout 5000ms exceeded on " + page + "\x1b]0;pwned\x07\r\n" +
			"Call log:\n\x1b[2m  - waiting for locator\x1b[22m\n"}.Result()
	})
	handle(mcpclient.ToolScreenshot, func(mcptest.Call) mcptest.Result {
		return mcptest.Screenshot([]byte("\x89PNG fake"))
	})
	handle(mcpclient.ToolType, func(mcptest.Call) mcptest.Result {
		return mcptest.Playwright{Code: "await page.getByRole('textbox', { name: 'Username' }).fill('demo');"}.Result()
	})
	handle(mcpclient.ToolClick, func(mcptest.Call) mcptest.Result {
		os.Exit(7)
		return mcptest.Result{}
	})
	_ = s.ServeStdio()
}
