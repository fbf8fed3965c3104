package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// taggedSuite writes a folder of scenarios named s01 to s10, each tagged
// as tags gives (a JSON list), whose one step logs "ran NAME": they run
// with no browser server.
func taggedSuite(t *testing.T) string {
	t.Helper()
	tags := []string{
		`["@smoke"]`, `["@smoke","@slow"]`, `["@cart"]`, `["@smoke","@cart"]`, `[]`,
		`["@smoke","@with space"]`, `["smoke"]`, `["@slow"]`, `["@smoke","@x(1)"]`, `["@smoke","@slow","@cart"]`,
	}
	dir := t.TempDir()
	for i, tg := range tags {
		name := fmt.Sprintf("s%02d", i+1)
		sc := `{"version":"2.1","metadata":{"name":"` + name + `","tags":` + tg + `},"steps":[
			{"step":1,"tool":"sandy__log","params":{"message":"ran ` + name + `"}}]}`
		if err := os.WriteFile(filepath.Join(dir, name+".json"), []byte(sc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// ran lists the scenarios whose step logged, in the order they did.
func ran(out string) []string {
	var names []string
	for _, m := range regexp.MustCompile(`\[LOG\] ran (s\d\d)`).FindAllStringSubmatch(out, -1) {
		names = append(names, m[1])
	}
	return names
}

// TestReplayTags: --tags runs the scenarios of a folder whose tags match
// a Cucumber tag expression, says how many of how many, selects before
// --shard splits, and refuses a bad expression or one that selects
// nothing (exit 2).
func TestReplayTags(t *testing.T) {
	dir := taggedSuite(t)
	cfg := writeTemp(t, "mcp.json", deadConfig)
	tests := []struct {
		name   string
		args   []string
		code   exitCode
		ran    []string
		stderr string
	}{
		{"an expression", []string{"--tags", "@smoke and not @slow"}, exitOK,
			[]string{"s01", "s04", "s06", "s09"}, `--tags "@smoke and not @slow": 4 of 10 scenarios`},
		{"escapes", []string{"--tags", `@with\ space or @x\(1\)`}, exitOK,
			[]string{"s06", "s09"}, `--tags "@with\ space or @x\(1\)": 2 of 10 scenarios`},
		{"precedence", []string{"--tags=@cart and @smoke or @slow and not @smoke"}, exitOK,
			[]string{"s04", "s08", "s10"}, ": 3 of 10 scenarios"},
		{"with --shard and --parallel: the selection is split", []string{"--tags", "@smoke and not @slow", "--shard", "2/2", "--parallel", "2"}, exitOK,
			[]string{"s04", "s09"}, `--tags "@smoke and not @slow": 4 of 10 scenarios`},
		{"an empty expression: every scenario", []string{"--tags", ""}, exitOK,
			[]string{"s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08", "s09", "s10"}, `--tags "": 10 of 10 scenarios`},
		{"tags compared as written", []string{"--tags", "smoke"}, exitOK, []string{"s07"}, `--tags "smoke": 1 of 10 scenarios`},
		{"a syntax error, in Cucumber's words", []string{"--tags", "@smoke and or @slow"}, exitInput, nil,
			`plaintest replay: --tags: Tag expression "@smoke and or @slow" could not be parsed because of syntax error: Expected operand.`},
		{"a comma", []string{"--tags", "@smoke,@slow"}, exitInput, nil, `could not be parsed because of syntax error: An invalid tag combination operator was detected.`},
		{"nothing selected", []string{"--tags", "@smoek"}, exitInput, nil,
			`plaintest replay: --tags "@smoek": none of 10 scenarios matches; their tags, compared as written: @cart, @slow, @smoke, @with space, @x(1), smoke`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"replay", dir, "--config", cfg, "--report", t.TempDir()}, tt.args...)
			code, out, errOut := runCLI(t, args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, out, errOut)
			}
			got := ran(out)
			slices.Sort(got) // --parallel runs in any order
			if !slices.Equal(got, tt.ran) {
				t.Errorf("ran %q, want %q\nstdout:\n%s", got, tt.ran, out)
			}
			if !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderr, errOut)
			}
		})
	}

	// A folder whose scenarios have no tags at all says so.
	untagged := t.TempDir()
	if err := os.WriteFile(filepath.Join(untagged, "a.json"), []byte(`{"version":"2.1","metadata":{"name":"a"},"steps":[
		{"step":1,"tool":"sandy__log","params":{"message":"ran a"}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "replay", untagged, "--config", cfg, "--tags", "@smoke")
	if want := "none of 1 scenario matches; none has tags"; code != exitInput || !strings.Contains(errOut, want) {
		t.Errorf("untagged: exit %d, want 2 and %q\nstdout:\n%s\nstderr:\n%s", code, want, out, errOut)
	}
}
