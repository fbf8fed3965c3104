package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/mcpclient"
)

// asCLIEnv makes this test binary run as plaintest (see TestMain), for
// programs that start plaintest themselves.
const asCLIEnv = "PLAINTEST_TEST_AS_CLI"

// sdkBundle is the official TypeScript MCP SDK as the pinned @playwright/mcp
// installs it (bundled in its playwright-core).
func sdkBundle(t *testing.T) string {
	t.Helper()
	p := filepath.Join(os.Getenv(mcpclient.EnvPlaywrightMCP), "node_modules", "@playwright", "mcp", "node_modules", "playwright-core", "lib", "utilsBundle.js")
	if _, err := os.Stat(p); err != nil {
		testenv.Missing(t, "the MCP SDK of the pinned @playwright/mcp (run make setup): %v", err)
	}
	return p
}

// sdkResult is what testdata/sdkclient.js prints.
type sdkResult struct {
	Server     struct{ Name, Version string }
	Tools      []string
	Click      string
	ClickError bool
	Snapshot   string
}

// runSDKClient runs testdata/sdkclient.js with args after the bundle and
// the shop's URL.
func runSDKClient(t *testing.T, env []string, shop string, args ...string) sdkResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", append([]string{filepath.Join("testdata", "sdkclient.js"), sdkBundle(t), shop}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("sdkclient.js %v: %v\n%s", args, err, stderr.String())
	}
	var r sdkResult
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("sdkclient.js printed %q: %v", out, err)
	}
	return r
}

// checkSDKResult: the client listed the tools, and the click added the mug.
func checkSDKResult(t *testing.T, how string, r sdkResult) {
	t.Helper()
	for _, tool := range []string{"browser_navigate", "browser_click", "browser_snapshot", "browser_verify_text_visible", "browser_generate_locator"} {
		if !slices.Contains(r.Tools, tool) {
			t.Errorf("%s: tools/list lacks %s: %v", how, tool, r.Tools)
		}
	}
	if r.ClickError || !strings.Contains(r.Click, "### Ran Playwright code") {
		t.Errorf("%s: click failed: %s", how, r.Click)
	}
	if !strings.Contains(r.Snapshot, `link "Cart 1 item"`) {
		t.Errorf("%s: after the click the page shows:\n%s", how, r.Snapshot)
	}
	if r.Server.Name != "plaintest-builtin" {
		t.Errorf("%s: server %+v", how, r.Server)
	}
}

// TestMCPOtherClientStdio: the TypeScript SDK's client starts `plaintest
// mcp` and drives the demo shop over stdio.
func TestMCPOtherClientStdio(t *testing.T) {
	requireBuiltin(t)
	t.Parallel() // see parallelNote
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r := runSDKClient(t, []string{asCLIEnv + "=1"}, serveShop(t, nil), "stdio", exe, "mcp")
	checkSDKResult(t, "stdio", r)
}

// servingRe is the line plaintest mcp --http prints when it listens.
var servingRe = regexp.MustCompile(`serving (http://\S+)/mcp`)

// TestMCPOtherClientHTTP: the same client over streamable HTTP and over
// SSE, each session in its own context (each adds one mug to its own cart).
func TestMCPOtherClientHTTP(t *testing.T) {
	requireBuiltin(t)
	shop := serveShop(t, nil)
	base := startMCPHTTP(t, testGetenv(nil))
	checkSDKResult(t, "streamable HTTP", runSDKClient(t, nil, shop, "http", base+"/mcp"))
	checkSDKResult(t, "SSE", runSDKClient(t, nil, shop, "sse", base+"/sse"))
}
