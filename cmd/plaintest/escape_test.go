package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plaintest/plaintest/internal/printable"
)

// nastyText holds what no output may carry raw: a bidi override, isolate
// and marks, ESC, BEL, CR, NUL, DEL and the C1 controls NEL and CSI.
const nastyText = "a\u202eb\x1b[2Jc\ad\re\x00f\u0085g\u200fh\u061ci\u2066j\u009bk\x7fl"

// nastyJSON is nastyText as a JSON string's content.
const nastyJSON = `a\u202eb\u001b[2Jc\u0007d\re\u0000f\u0085g\u200fh\u061ci\u2066j\u009bk\u007fl`

// rawControl reports whether r may not stand raw in an output: a control
// character but newline and tab, or a bidi control.
func rawControl(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20, r >= 0x7f && r <= 0x9f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069,
		r == 0x200e, r == 0x200f, r == 0x061c, r == 0x2028, r == 0x2029:
		return true
	}
	return false
}

// noRawControl fails t when text holds a raw control or bidi character
// (or a byte that is not UTF-8).
func noRawControl(t *testing.T, what, text string) {
	t.Helper()
	for i, r := range text {
		if rawControl(r) || r == utf8.RuneError && !strings.HasPrefix(text[i:], "\uFFFD") {
			t.Errorf("%s holds a raw %U at byte %d: %q", what, r, i, text[max(0, i-80):min(len(text), i+40)])
			return
		}
	}
}

// TestReplayOutputsEscapeOutsideText: a scenario whose name and
// description hold control and bidi characters, and a step whose server
// error quotes them (the fake's hover error quotes the page's URL), gives
// a console log, --json, JUnit and an HTML report with none of them raw,
// each showing them escaped.
func TestReplayOutputsEscapeOutsideText(t *testing.T) {
	dir := t.TempDir()
	file := writeTemp(t, "nasty.json", `{"version":"2.1","metadata":{"name":"name `+nastyJSON+`"},"steps":[
		{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"http://shop.test/login?`+nastyJSON+`"},"description":"open `+nastyJSON+`"},
		{"step":2,"tool":"mcp__playwright__browser_hover","params":{"target":"internal:role=button[name=\"Log in\"i]"},"description":"hover `+nastyJSON+`"}]}`)
	junit, report := filepath.Join(dir, "junit.xml"), filepath.Join(dir, "report")
	code, stdout, stderr := runCLI(t, "replay", file, "--config", fakeConfig(t), "--json", "--junit", junit, "--report", report)
	if code != exitFailed {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitFailed, stdout, stderr)
	}
	var doc struct {
		Scenarios []struct {
			Scenario string `json:"scenario"`
			Error    string `json:"error"`
		} `json:"scenarios"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil || len(doc.Scenarios) != 1 {
		t.Fatalf("--json: %v\n%s", err, stdout)
	}
	if got := doc.Scenarios[0].Scenario; got != "name "+nastyText {
		t.Errorf("--json scenario reads back as %q, want %q", got, "name "+nastyText)
	}
	if !strings.Contains(doc.Scenarios[0].Error, "hover "+nastyText) {
		t.Errorf("--json error %q, want the failed step named", doc.Scenarios[0].Error)
	}
	files := map[string]string{"--json": stdout, "the console": stderr}
	for name, path := range map[string]string{"JUnit": junit, "the HTML report": filepath.Join(report, "index.html")} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(b)
	}
	for name, text := range files {
		noRawControl(t, name, text)
		escaped := `a\u202eb\x1b[2Jc\x07d\re\x00f\u0085g\u200fh\u061ci\u2066j\u009bk\x7fl`
		if name == "--json" {
			escaped = nastyJSON
		}
		for _, want := range []string{"name " + escaped, "hover " + escaped, `login?a\u202eb`} {
			if !strings.Contains(text, want) {
				t.Errorf("%s does not show %s:\n%s", name, want, text)
			}
		}
	}
}

// TestReplayOfAHugeNumberSaysLittle: a scenario with a number literal of
// 9 MB is refused, by replay and validate, in well under a kilobyte of
// output.
func TestReplayOfAHugeNumberSaysLittle(t *testing.T) {
	file := writeTemp(t, "big.json", `{"version":"2.1","metadata":{"name":"big"},"steps":[{"step":1,"tool":"sandy__log","params":{"message":"m","n":`+
		strings.Repeat("9", 9<<20)+`}}]}`)
	for _, args := range [][]string{{"replay", file, "--json"}, {"validate", file}} {
		code, stdout, stderr := runCLI(t, args...)
		if code != exitInput {
			t.Errorf("%s: exit %d, want %d", args[0], code, exitInput)
		}
		if n := len(stdout + stderr); n > 1<<10 || !strings.Contains(stdout+stderr, "steps[0].params.n: want a number, got 9999") ||
			!strings.Contains(stdout+stderr, "… (9437184 bytes)") {
			t.Errorf("%s: %d bytes of output, want under 1 KB naming the value and its size:\n%.2000s\n%.2000s", args[0], n, stdout, stderr)
		}
	}
}

// TestCompileJSONEscapesPageText: compile --json writes the control and
// bidi characters of a server's error text (the fake's hover error quotes
// the page's URL) as \u escapes, which read back as they were.
func TestCompileJSONEscapesPageText(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, "compile", "type demo into Name then hover Log in", "--url", "http://shop.test/evil?x\u202ey\u0085z\u200f",
		"--config", fakeConfig(t), "-o", filepath.Join(dir, "evil.json"), "--evidence", dir, "--json")
	if code != exitFailed {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitFailed, stdout, stderr)
	}
	noRawControl(t, "compile --json", stdout)
	var res struct {
		Errors []struct {
			Message string `json:"message"`
		} `json:"errors"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || len(res.Errors) == 0 {
		t.Fatalf("compile --json: %v\n%s", err, stdout)
	}
	if !strings.Contains(res.Errors[0].Message, "evil?x\u202ey\u0085z\u200f") {
		t.Errorf("compile --json error reads back as %q, want the page's URL whole", res.Errors[0].Message)
	}
	if !strings.Contains(stdout, `evil?x\u202ey\u0085z\u200f`) {
		t.Errorf("compile --json does not write the characters as \\u escapes:\n%s", stdout)
	}
}

// TestCompileErrorIsCut: a server's error text of any size (the fake's
// hover error quotes the page's URL, here 100 KB) is kept in compile's
// messages up to printable.MaxMessage characters, with its size.
func TestCompileErrorIsCut(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, "compile", "type demo into Name then hover Log in", "--url", "http://shop.test/evil?"+strings.Repeat("q", 100<<10),
		"--config", fakeConfig(t), "-o", filepath.Join(dir, "evil.json"), "--evidence", dir, "--json")
	if code != exitFailed {
		t.Fatalf("exit %d, want %d\n%.2000s\n%.2000s", code, exitFailed, stdout, stderr)
	}
	var res struct {
		Errors []struct {
			Message string `json:"message"`
		} `json:"errors"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || len(res.Errors) == 0 {
		t.Fatalf("compile --json: %v\n%.2000s", err, stdout)
	}
	if msg := res.Errors[0].Message; utf8.RuneCountInString(msg) > printable.MaxMessage+40 || !strings.HasSuffix(msg, " bytes)") {
		t.Errorf("the error is %d characters, ending %q; want at most %d, cut", utf8.RuneCountInString(msg), msg[max(0, len(msg)-40):], printable.MaxMessage)
	}
}
