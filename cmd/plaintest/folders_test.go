package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/fspath"
)

// linkedCheckout is a working directory whose .sandy is a committed link
// to outside (which holds files and reports), made the test's working
// directory.
func linkedCheckout(t *testing.T) (repo, outside string) {
	t.Helper()
	repo, outside = t.TempDir(), t.TempDir()
	for _, dir := range []string{"files", "reports"} {
		if err := os.Mkdir(filepath.Join(outside, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(repo, ".sandy")); err != nil {
		t.Skipf("symbolic links: %v", err)
	}
	t.Chdir(repo)
	return repo, outside
}

// TestCompileDefaultFilesThroughALink: compile's default --files reached
// through a link is no files folder (an upload says why, and the browser
// server gets no workspace there); named with --files, it is one.
func TestCompileDefaultFilesThroughALink(t *testing.T) {
	repo, outside := linkedCheckout(t)
	e := &env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	for _, c := range []struct {
		args  []string
		files string // "" = refused
	}{
		{nil, ""},
		{[]string{"--files", filepath.Join(".sandy", "files")}, filepath.Join(repo, ".sandy", "files")},
	} {
		var f compileFlags
		fs := f.flagSet(e)
		if _, err := parseArgs(fs, c.args); err != nil {
			t.Fatal(err)
		}
		files, err := f.filesDir(fs)
		if err != nil || files != c.files || f.browser.workDir != c.files {
			t.Errorf("%v: files %q, workspace %q, %v; want %q", c.args, files, f.browser.workDir, err, c.files)
		}
		if c.files != "" {
			continue
		}
		if !errors.Is(f.filesRefused, fspath.ErrLinked) || !strings.Contains(f.filesRefused.Error(), filepath.Join(repo, ".sandy")+", a symbolic link to "+outside) ||
			!strings.Contains(f.filesRefused.Error(), "--files DIR") {
			t.Errorf("%v: the reason given to uploads is %v, want the link named and --files", c.args, f.filesRefused)
		}
	}
}

// TestReplayDefaultReportThroughALink: the default report folder
// (.sandy/reports) reached through a committed link is refused before a
// run that could write evidence there (exit 2, naming it and --report);
// named with --report, or in a dry run, the run goes on.
func TestReplayDefaultReportThroughALink(t *testing.T) {
	repo, outside := linkedCheckout(t)
	file := writeTemp(t, "fails.json", `{"version":"2.1","metadata":{"name":"fails"},"steps":[
		{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"http://shop.test/login"}},
		{"step":2,"tool":"mcp__playwright__browser_hover","params":{"target":"internal:role=button[name=\"Log in\"i]"}}]}`)
	cfg := fakeConfig(t)
	code, stdout, stderr := runCLI(t, "replay", file, "--config", cfg)
	if code != exitInput {
		t.Fatalf("exit %d, want 2\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{filepath.Join(repo, ".sandy", "reports"), "a symbolic link to " + outside, "--report DIR"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(outside, "reports")); len(entries) != 0 {
		t.Errorf("the folder outside holds %d files", len(entries))
	}
	if code, stdout, stderr := runCLI(t, "replay", file, "--config", cfg, "--dry-run"); code != 0 {
		t.Errorf("--dry-run: exit %d, want 0\n%s\n%s", code, stdout, stderr)
	}
	if code, stdout, stderr := runCLI(t, "replay", file, "--config", cfg, "--report", filepath.Join(".sandy", "reports")); code != exitFailed {
		t.Errorf("--report named: exit %d, want 1 (the step fails)\n%s\n%s", code, stdout, stderr)
	}
	if entries, _ := os.ReadDir(filepath.Join(outside, "reports")); len(entries) == 0 {
		t.Error("--report named: no evidence where it leads")
	}
}

// TestCompileDefaultFoldersThroughALink: a compile whose default scenario,
// evidence or cache folder a committed link leads to is refused before it
// opens a browser (exit 2, naming the link and the flag that names a
// folder instead), and writes nothing where the link leads.
func TestCompileDefaultFoldersThroughALink(t *testing.T) {
	repo, outside := linkedCheckout(t)
	own := t.TempDir()
	for _, c := range []struct {
		args []string
		flag string
	}{
		{nil, "--output FILE"},
		{[]string{"-o", filepath.Join(own, "s.json")}, "--evidence DIR"},
		{[]string{"-o", filepath.Join(own, "s.json"), "--report", own}, "--cache DIR"},
	} {
		args := append([]string{"compile", "click Go", "--url", "http://127.0.0.1:1/", "--translator", "rules"}, c.args...)
		code, stdout, stderr := runCLI(t, args...)
		if code != exitInput || !strings.Contains(stderr, filepath.Join(repo, ".sandy")+", a symbolic link to "+outside) || !strings.Contains(stderr, c.flag) {
			t.Errorf("%v: exit %d, want 2 naming the link and %s\n%s\n%s", c.args, code, c.flag, stdout, stderr)
		}
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 2 {
		t.Errorf("the folder the link leads to holds %d entries, want its 2 folders only", len(entries))
	}
}
