package mcpclient

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLaunchFailure(t *testing.T) {
	// A real result: @playwright/mcp 0.0.83 asked to navigate with an
	// executable that prints a loader error and exits 127.
	data, err := os.ReadFile(filepath.Join("testdata", "result-error-launch.md"))
	if err != nil {
		t.Fatal(err)
	}
	msg, ok := LaunchFailure(ParseText(string(data)).Error)
	want := "the browser /tmp/badchrome did not start (exit code 127): chromium: error while loading shared libraries: libnss3.so: cannot open shared object file"
	if !ok || msg != want {
		t.Errorf("LaunchFailure = %q, %v\nwant %q", msg, ok, want)
	}

	// The other errors Playwright MCP gives are about the page, not the
	// browser.
	others, _ := filepath.Glob(filepath.Join("testdata", "result-error-*.md"))
	if len(others) < 5 {
		t.Fatalf("only %d error results in testdata", len(others))
	}
	for _, p := range others {
		if strings.HasSuffix(p, "result-error-launch.md") {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if msg, ok := LaunchFailure(ParseText(string(data)).Error); ok {
			t.Errorf("%s: taken for a launch failure: %q", p, msg)
		}
	}

	for _, tt := range []struct{ text, want string }{
		{"Error: launch failed\nBrowser logs:\n\n<launching> /usr/bin/chromium --headless\n<launched> pid=7\nCall log:\n  - <process did exit: exitCode=1, signal=null>",
			"the browser /usr/bin/chromium did not start (exit code 1)"},
		{"Error: x\nBrowser logs:\n<launching> /c\n[pid=1][err] a\n[pid=1][err] a\n[pid=1][err] b\n[pid=1][err] c\n[pid=1][err] d\n",
			"the browser /c did not start: b; c; d"},
		{"Error: Browser logs: in the first line only", ""},
		{"Error: x\nBrowser logs:\nnothing launched", ""},
	} {
		msg, ok := LaunchFailure(tt.text)
		if ok != (tt.want != "") || msg != tt.want {
			t.Errorf("LaunchFailure(%q) = %q, %v; want %q", tt.text, msg, ok, tt.want)
		}
	}
}

func FuzzLaunchFailure(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join("testdata", "result-error-launch.md")); err == nil {
		f.Add(ParseText(string(data)).Error)
	}
	f.Add("Error: x\nBrowser logs:\n<launching> /c\n[pid=1][err] a\nCall log:\n<process did exit: exitCode=2")
	f.Add("\nBrowser logs:<launching> ")
	f.Fuzz(func(t *testing.T, text string) {
		msg, ok := LaunchFailure(text)
		if ok != strings.Contains(msg, "did not start") {
			t.Fatalf("ok %v with message %q", ok, msg)
		}
		if ok && (!strings.Contains(text, "Browser logs:") || strings.Contains(msg, "\n")) {
			t.Fatalf("message %q from %q", msg, text)
		}
	})
}
