package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// noSecretIn fails the test when the secret's value, in any of the forms
// listed, is in text or in a file name or file under dir.
func noSecretIn(t *testing.T, what, text, dir string, forms ...string) {
	t.Helper()
	for _, f := range forms {
		if strings.Contains(text, f) {
			t.Errorf("%s holds the secret as %q:\n%s", what, f, text)
		}
	}
	if dir == "" {
		return
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, f := range forms {
			if strings.Contains(p, f) || strings.Contains(string(data), f) {
				t.Errorf("%s holds the secret as %q:\n%s", p, f, data)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestReplayMasksSecretInURL: a secret sent in a URL comes back
// percent-encoded in the server's error text and in the page snapshot; it is
// masked there too, in --json and in the evidence files.
func TestReplayMasksSecretInURL(t *testing.T) {
	file := writeTemp(t, "token.json", `{"version":"2.1","metadata":{"name":"token"},"variables":{"TOKEN":""},"steps":[
		{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"http://shop.test/login?token={{TOKEN}}"}},
		{"step":2,"tool":"mcp__playwright__browser_hover","params":{"target":"internal:role=button[name=\"Log in\"i]","element":"Log in"}}]}`)
	reports := t.TempDir()
	code, stdout, stderr := runCLI(t, "replay", file, "--config", fakeConfig(t), "--var", "TOKEN=s3cr3t tok", "--json", "--report", reports)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	var res struct {
		Scenarios []struct {
			Error    string
			Evidence []string
			Steps    []struct {
				Params map[string]any
				Error  string
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout)
	}
	run := res.Scenarios[0]
	if len(run.Steps) != 2 || run.Steps[0].Params["url"] != "http://shop.test/login?token=***" ||
		!strings.Contains(run.Steps[1].Error, "login?token=***") || len(run.Evidence) != 2 {
		t.Errorf("result = %+v, want the URL masked in the params and the error, and two evidence files", run)
	}
	noSecretIn(t, "the output", stdout+stderr, reports, "s3cr3t")
	snap, err := os.ReadFile(run.Evidence[1])
	if err != nil || !strings.Contains(string(snap), "Page URL: http://shop.test/login?token=***") {
		t.Errorf("snapshot evidence (%v):\n%s", err, snap)
	}
}

// TestCompileMasksSecretInURL: a secret in --url, typed by an action and
// quoted percent-encoded by the server's error reaches no output, no
// scenario name and no file.
func TestCompileMasksSecretInURL(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	code, stdout, stderr := runCLI(t, "compile", "type s3cr3t tok into Username then hover Log in", "--url", "http://shop.test/login?token=s3cr3t tok",
		"--config", fakeConfig(t), "--json", "--secret", "TOKEN=s3cr3t tok")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	var res struct {
		Name   string
		Errors []struct{ Message string }
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout)
	}
	if res.Name != "type-token-into-username" || len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Message, "login?token={{TOKEN}}") {
		t.Errorf("result = %+v, want the name and the error with the token masked", res)
	}
	if !strings.Contains(stderr, "against http://shop.test/login?token={{TOKEN}} through") {
		t.Errorf("progress does not show the URL masked:\n%s", stderr)
	}
	noSecretIn(t, "the output", stdout+stderr, dir, "s3cr3t", "S3CR3T")
}

// TestCompileEscapesPageText: accessible names and server errors with
// terminal escapes are printed with the escapes visible, never raw.
func TestCompileEscapesPageText(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, "compile", "type demo into Name then hover Log in", "--url", "http://shop.test/evil",
		"--config", fakeConfig(t), "-o", filepath.Join(dir, "evil.json"), "--evidence", dir)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	if strings.ContainsAny(stdout+stderr, "\x1b\x07\u202e") {
		t.Errorf("raw control characters reached the terminal:\n%q\n%q", stdout, stderr)
	}
	for _, want := range []string{`[1/2] type demo into Name → textbox "Name\x1b]0;pwned\a" [internal:role=textbox[name="Name"i]] … ok`, `[2/2] hover Log in … FAILED: `,
		`Timeout 5000ms exceeded on http://shop.test/evil\x1b]0;pwned\x07`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("progress lacks %s:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, `plaintest compile: step 2 "hover Log in": hover on button "Log in\x1b[31m" failed`) {
		t.Errorf("the error line does not show the escapes:\n%s", stderr)
	}
}

// TestReplayEscapesOutsideText: a scenario named with terminal escapes and a
// step whose error carries @playwright/mcp's colour codes are printed with
// the escapes visible, on the console and in the final error line.
func TestReplayEscapesOutsideText(t *testing.T) {
	file := writeTemp(t, "evil.json", `{"version":"2.1","metadata":{"name":"evil\u001b]0;pwned\u0007"},"steps":[
		{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"http://shop.test/login"},"description":"open \u202eevil"},
		{"step":2,"tool":"mcp__playwright__browser_hover","params":{"target":"internal:role=button[name=\"Log in\"i]"},"description":"hover\u001b[2J"}]}`)
	code, stdout, stderr := runCLI(t, "replay", file, "--config", fakeConfig(t), "--report", t.TempDir())
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	if strings.ContainsAny(stdout+stderr, "\x1b\x07\u202e") {
		t.Errorf("raw control characters reached the terminal:\n%q\n%q", stdout, stderr)
	}
	for _, want := range []string{`▶ evil\x1b]0;pwned\x07 (`, `[1/2] open \u202eevil … ok`, `step:     2, hover\x1b[2J`,
		`exceeded on http://shop.test/login\x1b]0;pwned\x07`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("console lacks %s:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, `step 2 (hover\x1b[2J) failed`) {
		t.Errorf("the error line does not show the escapes:\n%s", stderr)
	}
}

// TestSnapshotEscapesPageText: the page's text is printed with its bidi
// overrides and control characters escaped, minimized or --raw.
func TestSnapshotEscapesPageText(t *testing.T) {
	requireBrowser(t)
	page := writeTemp(t, "evil.html", `<button aria-label="Go&#x1b;]0;pwned&#x7; now">x</button><p>text &#x202e;evil</p>`)
	for _, raw := range []bool{false, true} {
		args := []string{"snapshot", "file://" + page}
		if raw {
			args = append(args, "--raw")
		}
		code, stdout, stderr := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
		}
		if strings.ContainsAny(stdout, "\x1b\x07\u202e") || !strings.Contains(stdout, `text \u202eevil`) {
			t.Errorf("--raw=%v: the page's text is not escaped:\n%q", raw, stdout)
		}
	}
}

// TestValidateEscapesFileNames: a file's name is printed with its control
// characters escaped.
func TestValidateEscapesFileNames(t *testing.T) {
	file := writeTemp(t, "evil\x1b[2J.json", `{"version":"2.1","metadata":{"name":"x"},"steps":[{"step":1,"tool":"sandy__log","params":{"message":"hi"}}]}`)
	code, stdout, stderr := runCLI(t, "validate", file)
	if code != 0 || strings.ContainsRune(stdout+stderr, 0x1b) || !strings.Contains(stdout, `evil\x1b[2J.json: ok (1 step)`) {
		t.Errorf("exit %d:\n%q\n%q", code, stdout, stderr)
	}
}
