package corpus

import (
	"os"
	"testing"

	"github.com/plaintest/plaintest/browserserver"
)

// TestMain holds one Playwright driver for the binary and stops the suite's
// built-in servers (builtinServer) at its end: TestCorpus and TestMustFail
// run at once (t.Parallel) and share them, each session in a fresh browser
// context.
func TestMain(m *testing.M) {
	release := browserserver.HoldDriver()
	code := m.Run()
	closeBuiltins()
	release()
	os.Exit(code)
}
