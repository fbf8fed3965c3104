package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"github.com/plaintest/plaintest/compileout"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/demoshop"
	"github.com/plaintest/plaintest/internal/safefile"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/internal/tokens"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/mcpclient/mcptest"
	"github.com/plaintest/plaintest/sandy"
)

// parallelNote: how a browser test of this package runs, for a new
// *_e2e_test.go file to follow.
//
//   - Start with requireBrowser(t) (Chromium and @playwright/mcp) or
//     requireBuiltin(t) (the built-in server's driver): skipped under
//     -short, failed when missing with CI set (make test sets it).
//   - runCLI(t, args...) runs plaintest in this process. The built-in
//     servers the commands start (the default --mcp) share one browser on
//     one Playwright driver, which TestMain holds, with a fresh context per
//     session. The bundled @playwright/mcp (--mcp playwright-mcp,
//     connectPlaywright) is kept between commands
//     (mcpclient.KeepPlaywright), and connects to one shared browser, a
//     fresh context per session (mcpclient.ShareBrowser): a command
//     costs a context, not a node start or a browser launch. A test that
//     counts processes calls mcpclient.StopKept first; one that kills its
//     session's browser, mcpclient.Unshared.
//   - serveShop(t, opts) serves a demo shop for the test alone;
//     compiledDemo(t, name) the demo scenarios compiled once per binary.
//   - Call t.Parallel() after the require line unless the test uses
//     t.Setenv or t.Chdir, or kills or counts processes: parallel tests run
//     once the serial ones are done, make test's -parallel at a time.
//     Cases of one test run beside each other with together (subtests) or
//     alongside, not as parallel subtests: each of those waits for a turn
//     of -parallel of its own. A
//     page whose element comes late for a compile to find it missing first
//     gives it 7 s or more (a loaded machine has taken 7 s to navigate).
//
// requireBrowser skips a test that needs Chromium and @playwright/mcp when
// they are missing or under -short, except that in CI a missing browser stack
// is a failure.
func requireBrowser(t *testing.T) {
	t.Helper()
	_, err := mcpclient.Playwright(nil)
	testenv.Need(t, err)
}

// testGetenv is the environment of a command under test: the process's,
// without its model settings (a developer's OPENAI_API_KEY must not send
// the tests' actions to a real model), plus set.
func testGetenv(set map[string]string) func(string) string {
	return func(name string) string {
		if v, ok := set[name]; ok {
			return v
		}
		switch name {
		case envAPIKey, envBaseURL, envModel:
			return ""
		}
		return os.Getenv(name)
	}
}

// packageDir is where go test runs the tests: the package's folder.
var packageDir, _ = os.Getwd()

// runCLI runs plaintest with args and returns its exit code and output. A
// compile run from the package's folder with no --evidence or --report
// keeps a failure's evidence in a temporary folder, not in the source
// tree (.sandy/evidence); a test that changed directory keeps the default.
func runCLI(t *testing.T, args ...string) (exitCode, string, string) {
	t.Helper()
	if len(args) > 0 && args[0] == "compile" && !slices.ContainsFunc(args, func(a string) bool {
		return strings.HasPrefix(a, "--evidence") || strings.HasPrefix(a, "--report")
	}) {
		if wd, err := os.Getwd(); err == nil && wd == packageDir {
			args = append(slices.Clone(args), "--evidence", t.TempDir())
		}
	}
	var stdout, stderr bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, getenv: testGetenv(nil)}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	code := run(ctx, e, args)
	return code, stdout.String(), stderr.String()
}

func serveShop(t *testing.T, opts *demoshop.Options) string {
	t.Helper()
	srv := httptest.NewServer(demoshop.Handler(opts))
	t.Cleanup(srv.Close)
	return srv.URL
}

const mugText = "go to the login page then type demo into Username then type demo123 into Password then click Log in then click Add to cart for Blue Mug then verify the cart shows 1 item"

var reRef = regexp.MustCompile(`^(?:[fs]\d+)?e\d+$`)

func TestCompileMugEndToEnd(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	base := serveShop(t, nil)
	out := filepath.Join(t.TempDir(), "mug.json")
	code, stdout, stderr := runCLI(t, "compile", mugText, "--url", base, "--secret", "PASSWORD=demo123", "-o", out, "--evidence", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, want := range []string{
		`[2/6] type demo into Username → textbox "Username"`,
		`[5/6] click Add to cart for Blue Mug → button "Add to cart" in article "Blue Mug"`,
		`[6/6] verify the cart shows 1 item → link "Cart 1 item"`,
		"wrote " + out,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("progress lacks %q:\n%s", want, stdout)
		}
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(raw, []byte("demo123")) || strings.Contains(stdout+stderr, "demo123") {
		t.Errorf("the secret's value leaked:\n%s", raw)
	}
	sc, err := sandy.Load(out)
	if err != nil {
		t.Fatalf("the export does not validate: %v", err)
	}
	if sc.Version != "2.1" || sc.Variables["PASSWORD"] != "" || sc.Variables["BASE_URL"] != base {
		t.Errorf("version %q variables %v", sc.Version, sc.Variables)
	}
	for _, st := range sc.Steps {
		if !strings.HasPrefix(st.Tool, "mcp__playwright__browser_") {
			t.Errorf("step %d tool %q", st.Step, st.Tool)
		}
		if target, ok := st.Params["target"].(string); ok && (reRef.MatchString(target) || !strings.HasPrefix(target, "internal:")) {
			t.Errorf("step %d target %q is not a stable selector", st.Step, target)
		}
	}
	if got := sc.Steps[len(sc.Steps)-1]; !isTextCheck(got, "1 item", false) {
		t.Errorf("last step = %+v, want a check that \"1 item\" is shown", got)
	}
	// The export, run call by call through a fresh @playwright/mcp, leaves
	// the cart with 1 item.
	s := connectPlaywright(t)
	playSteps(t, s, sc, map[string]string{"BASE_URL": base, "PASSWORD": "demo123"})
	snap := testkit.Call(t, s, "browser_snapshot", map[string]any{})
	if !strings.Contains(snap.Snapshot, `link "Cart 1 item"`) {
		t.Errorf("after replay the page shows:\n%s", snap.Snapshot)
	}
}

// TestCompileDelayedElementReplays10Times compiles an action on the offer
// that shows 8 s after the page loads: long enough that compile's first
// snapshot comes before it even on a loaded machine (a navigation there has
// taken 7 s, browser start included), so the late path is what is tested.
// The ten replays run on a shop whose offer comes 3 s after its page loads,
// five in each of two sessions.
func TestCompileDelayedElementReplays10Times(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	late := serveShop(t, &demoshop.Options{OfferDelay: 8 * time.Second})
	base := serveShop(t, &demoshop.Options{OfferDelay: 3 * time.Second})
	out := filepath.Join(t.TempDir(), "offer.json")
	code, stdout, stderr := runCLI(t, "compile", "click Claim discount then verify Discount claimed", "--url", late+"/products", "-o", out, "--timeout", "15s")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "appeared after") {
		t.Errorf("progress does not say the element came late:\n%s", stdout)
	}
	sc, err := sandy.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	var tools []string
	for _, st := range sc.Steps {
		tools = append(tools, strings.TrimPrefix(st.Tool, "mcp__playwright__"))
	}
	if want := "browser_navigate browser_wait_for browser_click browser_evaluate"; strings.Join(tools, " ") != want || !isTextCheck(sc.Steps[3], "Discount claimed", false) {
		t.Fatalf("steps %v, want %s", tools, want)
	}
	// Two sessions beside each other, five runs each: most of a run is the
	// offer's 3 s.
	together(t, []string{"session 1", "session 2"}, 2, func(t *testing.T, _ int) {
		s := connectPlaywright(t)
		for i := 0; i < 5; i++ {
			playSteps(t, s, sc, map[string]string{"BASE_URL": base})
			if t.Failed() {
				t.Fatalf("run %d of 5 failed", i+1)
			}
		}
	})
}

// TestTextShownInChromium checks in a real page the question compile asks
// before it exports a wait for a late element: visible text is found
// whatever its case and spacing; an aria-label is not.
func TestTextShownInChromium(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	base := serveShop(t, &demoshop.Options{OfferDelay: 10 * time.Millisecond})
	s := connectPlaywright(t)
	testkit.Call(t, s, mcpclient.ToolNavigate, map[string]any{"url": base + "/products"})
	if res := testkit.Call(t, s, mcpclient.ToolWaitFor, map[string]any{"text": "Claim discount"}); res.IsError {
		t.Fatalf("the offer never showed: %s", res.Error)
	}
	for text, want := range map[string]string{
		"claim   DISCOUNT": "true",  // the button's text
		"10% off all mugs": "true",  // part of a paragraph
		"Special offer":    "false", // the section's aria-label only
		`say "hi" </p>`:    "false",
	} {
		c := commandgen.TextShown(text)
		res := testkit.Call(t, s, c.Tool, c.Args)
		if res.IsError || res.Value != want {
			t.Errorf("TextShown(%q) = %q (error %q), want %s", text, res.Value, res.Error, want)
		}
	}
}

func TestCompileBadInput(t *testing.T) {
	closed := closedURL(t)
	broken := brokenChromium(t)
	tests := []struct {
		name     string
		browser  bool
		env      map[string]string
		args     func(base, out string) []string
		code     exitCode
		message  string
		keptStep int // steps that must be in the written file; -1: no file
	}{
		{name: "non-http scheme", args: func(b, o string) []string { return []string{"compile", "click x", "--url", "ftp://x", "-o", o} },
			code: 2, message: `scheme "ftp" is not supported`, keptStep: -1},
		{name: "empty action list", args: func(b, o string) []string { return []string{"compile", " ; ", "--url", b, "-o", o} },
			code: 2, message: "no actions", keptStep: -1},
		{name: "no url", args: func(b, o string) []string { return []string{"compile", "click x", "-o", o} },
			code: 2, message: "no URL", keptStep: -1},
		{name: "unknown flag", args: func(b, o string) []string { return []string{"compile", "--nope"} },
			code: 2, message: "flag provided but not defined", keptStep: -1},
		{name: "action not UTF-8", args: func(b, o string) []string {
			return []string{"compile", "click OK then type d\xe9mo into Username", "--url", b, "-o", o}
		}, code: 2, message: "action 2: invalid UTF-8 at byte 6", keptStep: -1},
		{name: "--step and --secret not UTF-8", args: func(b, o string) []string {
			return []string{"compile", "--step", "click OK", "--step", "click \xff", "--secret", "TOKEN=s3cr\xe9t", "--url", b, "-o", o}
		}, code: 2, message: "action 2: invalid UTF-8 at byte 6; secret TOKEN: invalid UTF-8 at byte 4", keptStep: -1},
		{name: "scenario file not UTF-8", args: func(b, o string) []string {
			return []string{"compile", "-f", writeTemp(t, "login.yaml", "actions:\n  - click OK\n  - type d\xe9mo into Username\n"), "--url", b, "-o", o}
		}, code: 2, message: "login.yaml: line 3, column 11: invalid UTF-8 (byte 0xe9): the file must be UTF-8", keptStep: -1},
		{name: "unreachable URL", browser: true, args: func(b, o string) []string {
			return []string{"compile", "click x", "--url", closed, "-o", o}
		},
			code: 3, message: "ERR_CONNECTION_REFUSED", keptStep: -1},
		{name: "unparsable action", browser: true, args: func(b, o string) []string {
			return []string{"compile", "go to the login page then make it pretty", "--url", b, "-o", o}
		}, code: 1, message: `step 2 "make it pretty": cannot understand the action`, keptStep: 2},
		{name: "element not on the page", browser: true, args: func(b, o string) []string {
			// 5 s, not 1: the click on the login link before the step
			// under test must not time out under make test's load.
			return []string{"compile", "go to the login page; click Sign up", "--url", b, "-o", o, "--timeout", "5s"}
		}, code: 1, message: `step 2 "click Sign up": no button or link matching "Sign up"`, keptStep: 2},
		{name: "ambiguous element", browser: true, args: func(b, o string) []string {
			return []string{"compile", "go to the products page then click Add to cart", "--url", b, "-o", o}
		}, code: 1, message: `"Add to cart" matches 7 elements`, keptStep: 2},
		{name: "MCP server missing", env: map[string]string{"PLAINTEST_PLAYWRIGHT_MCP": "/nonexistent/cli.js"}, args: func(b, o string) []string {
			return []string{"compile", "click x", "--url", b, "-o", o, "--mcp", "playwright-mcp"}
		}, code: 3, message: "playwright", keptStep: -1},
		{name: "driver missing", env: map[string]string{"PLAINTEST_PLAYWRIGHT_MCP": "/nonexistent"}, args: func(b, o string) []string {
			return []string{"compile", "click x", "--url", b, "-o", o, "--mcp", "builtin"}
		}, code: 3, message: "playwright-core 1.64.1 not found", keptStep: -1},
		// The built-in server looks for its driver before Chromium: the
		// case needs the driver installed (as browser cases do), not a
		// browser.
		{name: "chromium missing", browser: true, env: map[string]string{"PLAINTEST_CHROMIUM": "/nonexistent/chromium"}, args: func(b, o string) []string {
			return []string{"compile", "click x", "--url", b, "-o", o}
		}, code: 3, message: "chromium", keptStep: -1},
		{name: "chromium broken", browser: true, env: map[string]string{"PLAINTEST_CHROMIUM": broken}, args: func(b, o string) []string {
			return []string{"compile", "click x", "--url", b, "-o", o, "--mcp", "playwright-mcp"}
		}, code: 3, message: "did not start (exit code 127): chromium: error while loading shared libraries", keptStep: -1},
		{name: "chromium broken, built-in server", browser: true, env: map[string]string{"PLAINTEST_CHROMIUM": broken}, args: func(b, o string) []string {
			return []string{"compile", "click x", "--url", b, "-o", o, "--mcp", "builtin"}
		}, code: 3, message: "did not start (exit code 127): chromium: error while loading shared libraries", keptStep: -1},
	}
	base := serveShop(t, nil)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.browser {
				requireBrowser(t)
			}
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			t.Chdir(t.TempDir()) // no discovered MCP config, evidence stays here
			out := filepath.Join(t.TempDir(), "out.json")
			code, stdout, stderr := runCLI(t, tt.args(base, out)...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, stdout, stderr)
			}
			if !strings.Contains(stderr, tt.message) {
				t.Errorf("stderr does not say %q:\n%s", tt.message, stderr)
			}
			if n := strings.Count(strings.TrimSpace(stderr), "\n"); n > 0 {
				t.Errorf("want one sentence on stderr, got %d lines:\n%s", n+1, stderr)
			}
			checkKept(t, out, tt.keptStep)
		})
	}
}

// brokenChromium writes an executable that fails as a Chromium with a
// missing library does, and returns its path.
func brokenChromium(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "chromium")
	script := "#!/bin/sh\necho 'chromium: error while loading shared libraries: libnss3.so: cannot open shared object file' >&2\nexit 127\n"
	// Run at once, beside tests starting processes: see safefile.Executable.
	if err := safefile.Executable(p, []byte(script)); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCompileServerCrashMidRun uses a server named "playwright" from a config
// file: this test binary, re-run as a fake MCP server that dies on its first
// click.
func TestCompileServerCrashMidRun(t *testing.T) {
	dir := t.TempDir()
	cfg := fakeConfig(t)
	out := filepath.Join(dir, "out.json")
	code, stdout, stderr := runCLI(t, "compile", "type demo into Username then click Log in", "--url", "http://shop.test/login", "--config", cfg, "-o", out)
	if code != 3 {
		t.Fatalf("exit %d, want 3\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "playwright") {
		t.Errorf("stderr does not name the server: %s", stderr)
	}
	if !strings.Contains(stdout, "[2/2] click Log in … FAILED") {
		t.Errorf("progress does not show the failed step:\n%s", stdout)
	}
	checkKept(t, out, 2)
}

// checkKept checks what a compile to out that did not finish left: no out,
// and the steps that ran (steps of them; -1: none, and no file) in a partial
// scenario beside it.
func checkKept(t *testing.T, out string, steps int) {
	t.Helper()
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s written by a compile that did not finish", out)
	}
	partial := compileout.PartialPath(out)
	if steps < 0 {
		if _, err := os.Stat(partial); err == nil {
			t.Errorf("%s written although nothing ran", partial)
		}
		return
	}
	sc, err := sandy.Load(partial)
	if err != nil {
		t.Fatalf("partial output: %v", err)
	}
	if !sc.Partial() {
		t.Errorf("%s is not marked partial", partial)
	}
	if len(sc.Steps) != steps {
		t.Errorf("partial output has %d steps, want %d", len(sc.Steps), steps)
	}
}

func connectPlaywright(t *testing.T) *mcpclient.Session {
	t.Helper()
	cfg, err := mcpclient.Playwright(nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := mcpclient.Connect(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// playSteps runs a scenario's steps in order through s: the plain loop the
// replay command refines.
func playSteps(t *testing.T, s *mcpclient.Session, sc *sandy.Scenario, vars map[string]string) {
	t.Helper()
	var pairs []string
	for k, v := range vars {
		pairs = append(pairs, "{{"+k+"}}", v)
	}
	r := strings.NewReplacer(pairs...)
	for _, st := range sc.Steps {
		args := map[string]any{}
		for k, v := range st.Params {
			if str, ok := v.(string); ok {
				v = r.Replace(str)
			}
			args[k] = v
		}
		res := testkit.Call(t, s, strings.TrimPrefix(st.Tool, "mcp__playwright__"), args)
		if res.IsError {
			t.Errorf("step %d %s %v: %s", st.Step, st.Tool, args, res.Error)
			return
		}
	}
}

// fakeConfig writes an MCP config whose "playwright" server is this test
// binary acting as a small fake server (see fakeserver_test.go). env is
// added to the server's environment.
func fakeConfig(t *testing.T, env ...string) string {
	t.Helper()
	serverEnv := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		serverEnv[k] = v
	}
	sc, err := mcptest.Command("playwright", serverEnv)
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	body, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
		sc.Name: map[string]any{"command": sc.Command, "args": sc.Args, "env": sc.Env},
	}})
	if err := os.WriteFile(cfg, body, 0o644); err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestCompileJSONOutput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "login.json")
	code, stdout, stderr := runCLI(t, "compile", "type s3cret into Username", "--url", "http://shop.test/login",
		"--config", fakeConfig(t), "-o", out, "--json", "--secret", "TOKEN=s3cret")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	var res struct {
		Name, Status, Output string
		Steps                []struct {
			Index                 int
			Kind, Element, Target string
		}
		Secrets []string
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout)
	}
	if res.Name != "login" || res.Status != "success" || res.Output != out || len(res.Steps) != 2 || res.Steps[1].Element != `textbox "Username"` {
		t.Errorf("result = %+v", res)
	}
	if !strings.Contains(stderr, "[1/1] type {{TOKEN}} into Username") {
		t.Errorf("progress is not on stderr:\n%s", stderr)
	}
	if strings.Contains(stdout+stderr, "s3cret") {
		t.Error("the secret reached the output")
	}
}

func TestSnapshotCommand(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	base := serveShop(t, nil)
	code, stdout, stderr := runCLI(t, "snapshot", base+"/products", "--for", "click Add to cart for Blue Mug")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	m := regexp.MustCompile(`minimized (\d+) tokens, full snapshot (\d+) tokens \((\d+)%\)`).FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no token line:\n%s", stdout)
	}
	if pct, _ := strconv.Atoi(m[3]); pct > 40 {
		t.Errorf("minimized snapshot is %d%% of the full one, want at most 40%%", pct)
	}
	if n := strings.Count(stdout, `button "Add to cart" [`); n != len(demoshop.Catalogue) {
		t.Errorf("%d Add to cart buttons in the minimized snapshot, want %d", n, len(demoshop.Catalogue))
	}
	if !strings.Contains(stdout, `# click Add to cart for Blue Mug: click button "Add to cart" in article "Blue Mug"`) ||
		!strings.Contains(stdout, `internal:role=article[name="Blue Mug"i] >> internal:role=button[name="Add to cart"s]`) {
		t.Errorf("--for does not show the element and its selector:\n%s", stdout)
	}
	// --budget with --for: the page a model is shown, within the budget in
	// the tokens of --model's tokenizer; without --for, over it, said so.
	code, stdout, stderr = runCLI(t, "snapshot", base+"/products", "--for", "click Add to cart for Blue Mug", "--budget", "120", "--model", "gpt-4o")
	page, _, _ := strings.Cut(stdout, "\n# ")
	if n := tokens.ForModel("gpt-4o").Count(page); code != 0 || n > 120 || !strings.Contains(page, `article "Blue Mug"`) ||
		!strings.Contains(stdout, "in o200k_base (gpt-4o); budget 120\n") || strings.Count(page, `button "Add to cart"`) == len(demoshop.Catalogue) {
		t.Errorf("--for --budget 120: exit %d, %d tokens\n%s\n%s", code, n, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, "snapshot", base+"/products", "--budget", "50")
	if code != 0 || !strings.Contains(stdout, "in o200k_base (gpt-4o-mini); over the budget of 50: without --for, controls are never cut\n") {
		t.Errorf("--budget 50: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = runCLI(t, "snapshot", base+"/login", "--raw")
	if code != 0 || !strings.Contains(stdout, "### Snapshot") || !strings.Contains(stdout, "[ref=") {
		t.Errorf("--raw: exit %d\n%s", code, stdout)
	}
	if code, _, stderr := runCLI(t, "snapshot"); code != 2 || !strings.Contains(stderr, "want one URL") {
		t.Errorf("no URL: exit %d, %s", code, stderr)
	}
}

// closedURL is the URL of a local port that was just listening and is now
// closed: a site that refuses connections.
func closedURL(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr
}

func TestCompileScenarioFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "login.yaml")
	body := "name: login from file\nurl: http://shop.test/login\nactions:\n  - type s3cret into Username\nsecrets: [TOKEN]\n"
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := fakeConfig(t)
	out := filepath.Join(dir, "out.json")

	code, stdout, stderr := runCLI(t, "compile", "-f", file, "--config", cfg, "-o", out)
	if code != 2 || !strings.Contains(stderr, "secret TOKEN has no value") || !strings.Contains(stderr, file) {
		t.Fatalf("without the secret: exit %d\n%s\n%s", code, stdout, stderr)
	}

	t.Setenv("TOKEN", "s3cret") // secrets named in a file may come from the environment
	code, stdout, stderr = runCLI(t, "compile", "-f", file, "--config", cfg, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	sc, err := sandy.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Metadata.Name != "login from file" || sc.Variables["TOKEN"] != "" || sc.Steps[1].Params["text"] != "{{TOKEN}}" {
		t.Errorf("scenario = %+v", sc)
	}
}

// isTextCheck reports whether st is the in-page check that text is shown
// (or, with gone, not shown): compile's checks read the rendered text, so
// a copy in a hidden panel does not count.
func isTextCheck(st sandy.Step, text string, gone bool) bool {
	want := fmt.Sprintf("text %q is shown", text)
	if gone {
		want = fmt.Sprintf("text %q is not shown", text)
	}
	fn, _ := st.Params["function"].(string)
	element, _ := st.Params["element"].(string)
	// A check anchored to the element that shows the text names it:
	// `link "Cart 1 item" showing "1 item"`.
	anchored := !gone && strings.HasSuffix(element, fmt.Sprintf(" showing %q", text))
	return st.Tool == "mcp__playwright__browser_evaluate" && (element == want || anchored) &&
		strings.Contains(fn, strconv.Quote(strings.ToLower(text)))
}
