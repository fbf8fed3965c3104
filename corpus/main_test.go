package corpus

import (
	"os"
	"testing"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
)

// TestMain holds one Playwright driver for the binary and stops the suite's
// built-in servers (builtinServer) at its end: TestCorpus and TestMustFail
// run at once (t.Parallel) and share them, each session in a fresh browser
// context. The workers of npx playwright test (the specs) and the bundled
// @playwright/mcp servers (-corpus.compile, -corpus.replay) connect to one
// shared browser, a fresh context each (mcpclient.ShareBrowser), rather
// than launch one each.
func TestMain(m *testing.M) {
	release := browserserver.HoldDriver()
	unshare := mcptest.ShareBrowser()
	code := m.Run()
	closeBuiltins()
	unshare()
	release()
	os.Exit(code)
}
