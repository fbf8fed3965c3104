package corpus

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/plaintest/plaintest/browserserver"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
)

// TestMain holds one Playwright driver for the binary and stops the suite's
// built-in servers (builtinServer) at its end: TestCorpus and TestMustFail
// run at once (t.Parallel) and share them, each session in a fresh browser
// context. The workers of npx playwright test (the specs) and the bundled
// @playwright/mcp servers (-corpus.compile, -corpus.replay) connect to one
// shared browser, a fresh context each (mcpclient.ShareBrowser), rather
// than launch one each.
//
// The W3C APG examples come from the folder PLAINTEST_APG_CORPUS names
// (testkit.APGCorpus): unset, the APG scenarios are left out, the rest
// run, and the run says so in one line; set to no corpus, the run fails
// before any test, CI or not. Under -short no test reads it.
func TestMain(m *testing.M) {
	flag.Parse()
	if !testing.Short() {
		switch dir, err := testkit.APGCorpus(); {
		case err != nil:
			fmt.Fprintln(os.Stderr, "corpus:", err)
			os.Exit(1)
		case dir == "":
			fmt.Println(testkit.APGNotRun)
		}
	}
	release := browserserver.HoldDriver()
	unshare := mcptest.ShareBrowser()
	code := m.Run()
	closeBuiltins()
	unshare()
	release()
	os.Exit(code)
}
