package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/pflag"
)

// The screen --help fits: lines, and the columns of each (a longer line
// wraps on a terminal of common width, taking more than one line).
const (
	helpLines = 40
	helpWidth = 120
)

// docPage is a doc page as help names it.
var docPage = regexp.MustCompile(`(?:docs/[a-z-]+|README)\.md`)

// TestHelpFitsAScreen: plaintest's own help and every command's --help fit
// one screen (at most helpLines lines, none wider than helpWidth), name
// the command's reference page, and name only pages that exist; a
// command's help names every flag it takes, those shown on a shared line
// (flagLine) or on their twin's line too.
func TestHelpFitsAScreen(t *testing.T) {
	tests := []struct {
		args  []string
		page  string
		flags func(*env) *pflag.FlagSet
	}{
		{[]string{"--help"}, "README.md", nil},
		{[]string{"help"}, "README.md", nil},
		{[]string{"compile", "--help"}, "docs/compile.md", (&compileFlags{}).flagSet},
		{[]string{"replay", "--help"}, "docs/replay.md", (&replayFlags{}).flagSet},
		{[]string{"prove", "--help"}, "docs/prove.md", (&proveFlags{}).flagSet},
		{[]string{"validate", "--help"}, "docs/replay.md", nil},
		{[]string{"export", "--help"}, "docs/exports.md", nil},
		{[]string{"snapshot", "--help"}, "docs/compile.md", nil},
		{[]string{"mcp", "--help"}, "docs/browser-servers.md", nil},
		{[]string{"demo", "--help"}, "README.md", nil},
	}
	covered := map[string]bool{"version": true} // takes no flags
	for _, tt := range tests {
		covered[tt.args[0]] = true
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != exitOK || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) > helpLines {
				t.Errorf("%d lines, want at most %d:\n%s", len(lines), helpLines, out)
			}
			for _, l := range lines {
				if n := utf8.RuneCountInString(l); n > helpWidth {
					t.Errorf("a line of %d columns, want at most %d: %q", n, helpWidth, l)
				}
			}
			pages := docPage.FindAllString(out, -1)
			if !strings.Contains(out, tt.page) {
				t.Errorf("names pages %q, want %s among them", pages, tt.page)
			}
			for _, p := range pages {
				if _, err := os.Stat(filepath.Join("..", "..", p)); err != nil {
					t.Errorf("names %s: %v", p, err)
				}
			}
			if tt.flags == nil {
				return
			}
			tt.flags(&env{}).VisitAll(func(f *pflag.Flag) {
				if !regexp.MustCompile(`--` + f.Name + `(?:[^a-z-]|$)`).MatchString(out) {
					t.Errorf("does not name --%s", f.Name)
				}
			})
		})
	}
	for _, c := range commands {
		if !covered[c.name] {
			t.Errorf("plaintest %s --help: no case in this table", c.name)
		}
	}
}
