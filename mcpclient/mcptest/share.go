package mcptest

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/plaintest/plaintest/mcpclient"
)

// ShareBrowser starts, for a test binary's TestMain, the browser its
// bundled @playwright/mcp servers and npx playwright test workers share
// (mcpclient.ShareBrowser), and returns what stops it. None starts under
// -short, where no test opens a browser; one that will not start is
// reported on stderr, and each server then launches its own (a test that
// needs a browser fails or skips as it would have).
func ShareBrowser() (stop func()) {
	if !flag.Parsed() {
		flag.Parse()
	}
	if testing.Short() {
		return func() {}
	}
	stop, err := mcpclient.ShareBrowser()
	if err != nil {
		fmt.Fprintf(os.Stderr, "no shared browser: each @playwright/mcp server or spec worker launches its own: %v\n", err)
		return func() {}
	}
	return stop
}
