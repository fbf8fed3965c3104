package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/demoshop"
	rpt "github.com/plaintest/plaintest/report"
)

// writeTemp writes content to name in a temp dir and returns its path.
func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const (
	mugScenario   = "../../replay/testdata/login-add-mug.json"
	claimScenario = "../../replay/testdata/claim-discount.json"
	// deadConfig names a server whose command does not exist: any test that
	// starts a server by mistake fails loudly with exit 3.
	deadConfig = `{"mcpServers": {"playwright": {"command": "/nonexistent/mcp-server"}, "shop": {"command": "/nonexistent/shop"}}}`
)

func TestValidate(t *testing.T) {
	bad := writeTemp(t, "bad.json", `{"version":"2.1","metadata":{"name":"x"},"steps":[
		{"step":1,"tool":"mcp__playwright__browser_click","params":{"target":"a"},"on_error":"explode"},
		{"step":2,"tool":"mcp__playwright__browser_type","params":{"text":"{{nosuch.value}}"}}]}`)
	malformed := writeTemp(t, "malformed.json", "{\"version\": \"2.1\",\n  \"steps\": [,]\n}")
	undefined := writeTemp(t, "login.json", `{"version":"2.1","metadata":{"name":"x"},"variables":{"PASSWORD":""},"steps":[
		{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"{{HOST}}/login"}},
		{"step":2,"tool":"mcp__playwright__browser_type","params":{"target":"#p","text":"{{PASSWORD}}"},"condition":"{{MODE}} == ci"}]}`)
	hostEnv := writeTemp(t, "host.env", "HOST=http://shop.test\n")
	latin1 := writeTemp(t, "latin1.json", `{"version":"2.1","metadata":{"name":"u","description":"caf`+"\xe9"+`"},"steps":[
		{"step":1,"tool":"sandy__log","params":{"message":"hi"}}]}`)
	outOfOrder := writeTemp(t, "order.json", `{"version":"2.1","metadata":{"name":"x"},"steps":[
		{"step":1,"tool":"sandy__log","params":{"message":"a"}},{"step":5,"tool":"sandy__log","params":{"message":"b"}},
		{"step":2,"tool":"sandy__log","params":{"message":"c"}}]}`)
	unsafe := writeTemp(t, "unsafe.json", `{"version":"2.1","metadata":{"name":"x"},"steps":[
		{"step":1,"tool":"mcp__playwright__browser_take_screenshot","params":{"filename":"/etc/x.png"}},
		{"step":2,"tool":"mcp__playwright__browser_run_code_unsafe","params":{"code":"async (page) => 1"}}]}`)
	records := writeTemp(t, "records.json", `{"version":"2.1","metadata":{"name":"x"},"steps":[
		{"step":1,"tool":"mcp__playwright__browser_evaluate","params":{"function":"() => 'ok'"},"check":{"kind":"sparkle","value":"x"}},
		{"step":2,"tool":"mcp__playwright__browser_evaluate","params":{"function":"() => 'ok'","target":"#n"},"check":{"kind":"count","value":"many"}},
		{"step":3,"tool":"mcp__playwright__browser_click","params":{"target":"#b"},"check":{"kind":"text","value":"Saved"}}]}`)
	tests := []struct {
		name     string
		args     []string
		wantCode exitCode
		want     []string
	}{
		{"check records prove could not read", []string{"validate", records}, 2, []string{
			records + `: steps[0].check: kind: "sparkle" is no kind of check (`,
			records + `: steps[1].check: `,
			records + `: steps[2].check: a check record on a step that is no browser_evaluate`}},
		{"what replay would refuse", []string{"validate", unsafe}, 2, []string{
			unsafe + `: steps[0].params.filename: "/etc/x.png" is outside the files folder`,
			unsafe + ": steps[1].tool: browser_run_code_unsafe runs any code on this machine"}},
		{"what replay would allow with its flags", []string{"validate", unsafe, "--files", "/", "--allow-unsafe-code"}, 0,
			[]string{unsafe + ": ok (2 steps)"}},
		{"undefined variables", []string{"validate", undefined}, 2, []string{
			undefined + `: steps[0].params.url: {{HOST}} is not defined: declare it in "variables" ("" makes it required) or pass --var HOST=... / --env FILE`,
			undefined + `: steps[1].condition: {{MODE}} is not defined: declare it in "variables" ("" makes it required) or pass --var MODE=... / --env FILE`}},
		{"variables from --env and --var", []string{"validate", undefined, "--env", hostEnv, "--var", "MODE=ci"}, 0,
			[]string{undefined + ": ok (2 steps)"}},
		{"not UTF-8", []string{"validate", latin1}, 2, []string{latin1 + ":1:59: metadata.description: invalid UTF-8 (byte 0xe9): the file must be UTF-8"}},
		{"--var not UTF-8", []string{"validate", undefined, "--var", "HOST=\xff"}, 2, []string{"--var HOST: invalid UTF-8 at byte 0 of the value"}},
		{"step numbers out of order", []string{"validate", outOfOrder}, 2,
			[]string{outOfOrder + ": steps[2].step: 2 comes after 5 (steps[1]); step numbers must increase in the order steps run"}},
		{"valid files and a directory", []string{"validate", mugScenario, "../../replay/testdata"}, 0,
			[]string{"login-add-mug.json: ok (6 steps)", "claim-discount.json: ok (3 steps)"}},
		{"every problem with its path", []string{"validate", bad}, 2,
			[]string{"bad.json: steps[0].on_error:", "explode", `bad.json: steps[1].params.text: {{nosuch.value}} refers to unknown step "nosuch"`,
				// where each problem is, and its line with a caret under the value
				"  --> " + bad + ":2:88\n    2 | \t\t{\"step\":1,", "\n      | \t\t" + strings.Repeat(" ", 85) + "^\n"}},
		{"malformed JSON with line and column", []string{"validate", malformed}, 2, []string{
			"malformed.json:2:13: invalid character ',' looking for beginning of value\n" +
				"    2 |   \"steps\": [,]\n" +
				"      |             ^\n"}},
		{"missing file", []string{"validate", "nope.json"}, 2, []string{"nope.json"}},
		{"no arguments", []string{"validate"}, 2, []string{"needs scenario files"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.wantCode, out, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(out+errOut, w) {
					t.Errorf("output lacks %q:\n%s%s", w, out, errOut)
				}
			}
		})
	}
}

func TestReplayBadInput(t *testing.T) {
	cfg := writeTemp(t, "mcp.json", deadConfig)
	unknown := writeTemp(t, "unknown.json", `{"version":"2.1","metadata":{"name":"u"},"steps":[
		{"step":1,"tool":"sandy__log","params":{"message":"hi"}},
		{"step":2,"tool":"mcp__github__create_issue","params":{}}]}`)
	undeclared := writeTemp(t, "undeclared.json", `{"version":"2.1","metadata":{"name":"u"},"steps":[
		{"step":1,"tool":"sandy__log","params":{"message":"{{GHOST}}"}}]}`)
	badEnv := writeTemp(t, "bad.env", "PASSWORD demo123\n")
	latin1Env := writeTemp(t, "latin1.env", "BASE_URL=http://x\nPASSWORD=d\xe9mo123\n")
	latin1 := writeTemp(t, "latin1.json", `{"version":"2.1","metadata":{"name":"u","description":"caf`+"\xe9"+`"},"steps":[
		{"step":1,"tool":"sandy__log","params":{"message":"hi"}}]}`)
	badRef := writeTemp(t, "badref.json", `{"version":"2.1","metadata":{"name":"r"},"steps":[
		{"step":1,"tool":"sandy__log","params":{"message":"{{later.value}}"}},
		{"step":2,"id":"later","tool":"sandy__log","params":{"message":"x"},"output":{"value":"$.message"}}]}`)
	malformed := writeTemp(t, "malformed.json", "{\"version\": \"2.1\",\n  \"steps\": [,]\n}")
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"missing required variable", []string{mugScenario}, []string{"missing required variable PASSWORD"}},
		{"unknown tool prefix", []string{unknown}, []string{"step 2", `"github"`, "mcp.json"}},
		{"undeclared variable", []string{undeclared}, []string{"GHOST"}},
		{"reference to a later step", []string{badRef}, []string{"steps[0].params.message", "later"}},
		{"malformed JSON", []string{malformed, mugScenario}, []string{"malformed.json:2:13:", "missing required variable PASSWORD"}},
		{"bad env file", []string{mugScenario, "--env", badEnv}, []string{"bad.env:1"}},
		{"env file not UTF-8", []string{mugScenario, "--env", latin1Env}, []string{latin1Env + ":2: column 11: invalid UTF-8 (byte 0xe9)"}},
		{"--var not UTF-8", []string{mugScenario, "--var", "PASSWORD=d\xe9mo123"}, []string{"--var PASSWORD: invalid UTF-8 at byte 1 of the value"}},
		{"scenario not UTF-8", []string{latin1}, []string{latin1 + ":1:59: metadata.description: invalid UTF-8 (byte 0xe9)"}},
		{"no files", nil, []string{"needs scenario files"}},
		{"missing file", []string{"nope.json"}, []string{"nope.json"}},
		{"bad shard", []string{mugScenario, "--shard", "3/2"}, []string{"--shard"}},
		{"bad parallel", []string{mugScenario, "--parallel", "0"}, []string{"--parallel"}},
		{"start after end", []string{mugScenario, "--start", "4", "--end", "2"}, []string{"--start 4 is after --end 2"}},
		{"unknown flag", []string{mugScenario, "--nope"}, []string{"nope"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"replay", "--config", cfg, "--report", t.TempDir()}, tt.args...)
			code, out, errOut := runCLI(t, args...)
			if code != exitInput {
				t.Errorf("exit %d, want 2\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(out+errOut, w) {
					t.Errorf("output lacks %q:\nstdout:\n%s\nstderr:\n%s", w, out, errOut)
				}
			}
		})
	}
}

// TestReplayRefusesUndefinedVariableBeforeAnyStep: a {{HOST}} that nothing
// defines, in the third step only, stops the run before the server starts,
// even when --end leaves that step out; given --var HOST, the same run
// makes its three calls (so the call log would have shown any).
func TestReplayRefusesUndefinedVariableBeforeAnyStep(t *testing.T) {
	calls := filepath.Join(t.TempDir(), "calls.log")
	cfg := fakeConfig(t, fakeLogEnv+"="+calls)
	sc := writeTemp(t, "login.json", `{"version":"2.1","metadata":{"name":"login"},"variables":{"BASE_URL":"http://shop.test"},"steps":[
		{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"{{BASE_URL}}/login"}},
		{"step":2,"tool":"mcp__playwright__browser_type","params":{"target":"#u","element":"Username","text":"demo"}},
		{"step":3,"tool":"mcp__playwright__browser_navigate","params":{"url":"{{HOST}}/cart"}}]}`)
	want := sc + `: steps[2].params.url: {{HOST}} is not defined: declare it in "variables" ("" makes it required) or pass --var HOST=... / --env FILE`
	for _, extra := range [][]string{nil, {"--end", "2"}} {
		code, out, errOut := runCLI(t, append([]string{"replay", sc, "--config", cfg, "--report", t.TempDir()}, extra...)...)
		if code != exitInput || !strings.Contains(errOut, want) {
			t.Errorf("%v: exit %d, want 2 and %q\nstdout:\n%s\nstderr:\n%s", extra, code, want, out, errOut)
		}
		if b, err := os.ReadFile(calls); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("%v: the server started or was called:\n%s", extra, b)
		}
	}
	code, out, errOut := runCLI(t, "replay", sc, "--config", cfg, "--report", t.TempDir(), "--var", "HOST=http://shop.test")
	if code != 0 {
		t.Fatalf("with --var HOST: exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	b, _ := os.ReadFile(calls)
	if got := strings.Fields(string(b)); !slices.Equal(got, []string{"start", "browser_navigate", "browser_type", "browser_navigate"}) {
		t.Errorf("with --var HOST the server logged %q, want a start and three calls", got)
	}
}

func TestReplayUnreachableServer(t *testing.T) {
	cfg := writeTemp(t, "mcp.json", deadConfig)
	code, out, errOut := runCLI(t, "replay", mugScenario, "--config", cfg, "--var", "PASSWORD=demo123", "--report", t.TempDir())
	if code != exitEnvironment {
		t.Fatalf("exit %d, want 3\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "/nonexistent/mcp-server") {
		t.Errorf("stderr does not say which server: %s", errOut)
	}
}

// TestReplayBrokenChromium: a browser that does not start is the
// environment's fault (exit 3), said in one line, not a failed step quoting
// Playwright's launch log.
func TestReplayBrokenChromium(t *testing.T) {
	requireBrowser(t)
	t.Setenv("PLAINTEST_CHROMIUM", brokenChromium(t))
	cfg := writeTemp(t, "mcp.json", `{"mcpServers": {}}`)
	junit := filepath.Join(t.TempDir(), "junit.xml")
	code, out, errOut := runCLI(t, "replay", mugScenario, "--config", cfg, "--var", "PASSWORD=demo123",
		"--var", "BASE_URL=http://127.0.0.1:9", "--junit", junit)
	if code != exitEnvironment {
		t.Fatalf("exit %d, want 3\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	// @playwright/mcp's log has the exit code, playwright-go's does not.
	if !regexp.MustCompile(`did not start( \(exit code 127\))?: chromium: error while loading shared libraries`).MatchString(errOut) {
		t.Errorf("stderr does not say the browser did not start:\n%s", errOut)
	}
	if strings.Contains(out+errOut, "Call log") || strings.Contains(out+errOut, "--disable-") {
		t.Errorf("output quotes the launch log:\nstdout:\n%s\nstderr:\n%s", out, errOut)
	}
	if b, err := os.ReadFile(junit); err != nil || !strings.Contains(string(b), "did not start") {
		t.Errorf("JUnit report (%v) does not say the browser did not start:\n%s", err, b)
	}
}

func TestReplayDryRun(t *testing.T) {
	cfg := writeTemp(t, "mcp.json", deadConfig)
	env := writeTemp(t, "test.env", "PASSWORD=from-env\nBASE_URL=http://env.test\n")
	code, out, errOut := runCLI(t, "replay", mugScenario, "--dry-run", "--config", cfg, "--env", env, "--var", "BASE_URL=http://flag.test")
	if code != 0 {
		t.Fatalf("exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, want := range []string{
		`[1/6] open the login page … mcp__playwright__browser_navigate {"url":"http://flag.test/login"}`,
		`"text":"***"`,
		"DRY RUN login-and-add-mug",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out+errOut, "from-env") {
		t.Errorf("the secret from the env file was printed:\n%s", out)
	}
}

// TestReplayDemoShop replays both demo scenarios in parallel against the demo
// shop through the bundled @playwright/mcp, then the mug scenario against a
// variant of the shop whose cart badge changed: exit 0 then exit 1, naming
// the failed step in the console, the JSON and the JUnit report, with the
// evidence saved.
func TestReplayDemoShop(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	cfg := writeTemp(t, "mcp.json", `{"mcpServers": {}}`)

	t.Run("passes", func(t *testing.T) {
		srv := httptest.NewServer(demoshop.Handler(nil))
		defer srv.Close()
		dir := t.TempDir()
		junit := filepath.Join(dir, "junit.xml")
		code, out, errOut := runCLI(t, "replay", mugScenario, claimScenario, "--config", cfg, "--parallel", "2",
			"--var", "BASE_URL="+srv.URL, "--var", "PASSWORD="+demoshop.Password, "--json", "--junit", junit)
		if code != 0 {
			t.Fatalf("exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
		}
		var s rpt.Summary
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			t.Fatalf("stdout is not the JSON result: %v\n%s", err, out)
		}
		if !s.Success || s.Total != 2 || len(s.Scenarios[0].Steps) != 6 || s.Scenarios[1].Scenario != "claim-discount" {
			t.Errorf("summary = %+v", s)
		}
		if strings.Contains(out+errOut, demoshop.Password) {
			t.Errorf("the password reached the output")
		}
		if !strings.Contains(errOut, "login-and-add-mug: [6/6] check the cart shows 1 item … ok") {
			t.Errorf("progress (stderr with --json) lacks the prefixed step line:\n%s", errOut)
		}
		b, err := os.ReadFile(junit)
		if err != nil || !bytes.Contains(b, []byte(`tests="2" failures="0"`)) {
			t.Errorf("junit: %v\n%s", err, b)
		}
	})

	t.Run("fails on a changed site", func(t *testing.T) {
		srv := httptest.NewServer(demoshop.Handler(&demoshop.Options{CartText: func(n int) string {
			return strings.Repeat("•", n) + " in basket"
		}}))
		defer srv.Close()
		dir := t.TempDir()
		junit := filepath.Join(dir, "junit.xml")
		code, out, errOut := runCLI(t, "replay", mugScenario, "--config", cfg, "--timeout", "6s",
			"--var", "BASE_URL="+srv.URL, "--var", "PASSWORD="+demoshop.Password, "--junit", junit)
		if code != exitFailed {
			t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
		}
		for _, want := range []string{
			"[6/6] check the cart shows 1 item … FAILED",
			"FAILED login-and-add-mug",
			"step:     6, check the cart shows 1 item",
			"tool:     mcp__playwright__browser_wait_for",
			`params:   {"text":"1 item"}`,
			"evidence: " + filepath.Join(dir, "login-add-mug-step6.png"),
		} {
			if !strings.Contains(out, want) {
				t.Errorf("stdout lacks %q:\n%s", want, out)
			}
		}
		if !strings.Contains(errOut, "1 of 1 scenario failed") || !strings.Contains(errOut, "step 6") {
			t.Errorf("stderr = %q, want one sentence naming step 6", errOut)
		}
		var doc struct {
			Suites []struct {
				Cases []struct {
					Failure *struct {
						Message string `xml:"message,attr"`
					} `xml:"failure"`
				} `xml:"testcase"`
			} `xml:"testsuite"`
		}
		b, _ := os.ReadFile(junit)
		if err := xml.Unmarshal(b, &doc); err != nil || doc.Suites[0].Cases[0].Failure == nil ||
			!strings.Contains(doc.Suites[0].Cases[0].Failure.Message, "step 6 (check the cart shows 1 item) failed: mcp__playwright__browser_wait_for") {
			t.Errorf("junit failure does not name step 6: %v\n%s", err, b)
		}
		for _, f := range []string{"login-add-mug-step6.png", "login-add-mug-step6.snapshot.md"} {
			if fi, err := os.Stat(filepath.Join(dir, f)); err != nil || fi.Size() == 0 {
				t.Errorf("evidence %s: %v", f, err)
			}
		}
	})
}

// TestReplayHTMLReport: --report DIR writes DIR/index.html beside the
// screenshots; --screenshots all takes one after each step; JUnit attaches
// them; a bad --screenshots value is bad input.
func TestReplayHTMLReport(t *testing.T) {
	cfg := fakeConfig(t)
	sc := writeTemp(t, "hover.json", `{"version":"2.1","metadata":{"name":"hover-menu"},"steps":[
		{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"http://shop.test/login"},"description":"open the login page"},
		{"step":2,"tool":"mcp__playwright__browser_type","params":{"target":"internal:role=textbox[name=\"Username\"i]","text":"demo"},"description":"type demo into Username"},
		{"step":3,"tool":"mcp__playwright__browser_hover","params":{"target":"internal:role=link[name=\"Menu\"i]"},"description":"hover Menu"}]}`)
	dir := filepath.Join(t.TempDir(), "report")
	junit := filepath.Join(t.TempDir(), "junit.xml")
	code, out, errOut := runCLI(t, "replay", sc, "--config", cfg, "--report", dir, "--screenshots", "all", "--junit", junit)
	if code != exitFailed {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	index := filepath.Join(dir, "index.html")
	if !strings.Contains(out, "report: "+index) {
		t.Errorf("stdout does not name the report:\n%s", out)
	}
	html, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"hover-menu", `<details class="failed" open>`, "type demo into Username",
		`<img src="hover-step1.png"`, `<img src="hover-step2.png"`, `<img src="hover-step3.png"`, "locator.hover: Timeout 5000ms exceeded"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	for _, name := range []string{"hover-step1.png", "hover-step2.png", "hover-step3.png", "hover-step3.snapshot.md"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	x, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2, 3} {
		want := fmt.Sprintf("[[ATTACHMENT|%s]]", filepath.ToSlash(filepath.Join(dir, fmt.Sprintf("hover-step%d.png", n))))
		if !bytes.Contains(x, []byte(want)) {
			t.Errorf("junit lacks %s:\n%s", want, x)
		}
	}

	code, out, errOut = runCLI(t, "replay", sc, "--config", cfg, "--screenshots", "some")
	if code != exitInput || !strings.Contains(errOut, "want all, failure or off") {
		t.Errorf("--screenshots some: exit %d, want 2 naming the values\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}

// TestCompileHTMLReport: compile --report DIR writes DIR/index.html with
// the actions that ran and the one that failed, its screenshot and its
// snapshot, which are saved in DIR.
func TestCompileHTMLReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "report")
	out := filepath.Join(t.TempDir(), "login.json")
	code, stdout, stderr := runCLI(t, "compile", "type demo into Username then hover Log in", "--url", "http://shop.test/login",
		"--config", fakeConfig(t), "-o", out, "--report", dir)
	if code != exitFailed {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	html, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	for _, want := range []string{`<details class="failed" open>`, "type demo into Username", "browser_type",
		"hover Log in", "locator.hover: Timeout 5000ms exceeded", `<img src="login-step2.png"`, `textbox &#34;Username&#34;`} {
		if !strings.Contains(string(html), want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "login-step2.png")); err != nil {
		t.Errorf("the failure's screenshot is not in the report folder: %v", err)
	}
}
