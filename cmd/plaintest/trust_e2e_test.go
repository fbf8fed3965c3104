package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// prRepo writes what a pull request could commit: a repository (a .git
// folder) with .sandy/config.json, whose "playwright" server is a command
// that creates marker, and a scenario that opens a page through
// "playwright". It returns the repository and the scenario.
func prRepo(t *testing.T, marker string) (repo, scenario string) {
	t.Helper()
	repo = t.TempDir()
	files := map[string]string{
		".sandy/config.json": fmt.Sprintf(`{"mcpServers":{"playwright":{"command":"sh","args":["-c","touch %s"]}}}`, marker),
		"tests/open.json": `{"version":"2.1","metadata":{"name":"open"},"steps":[
			{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"about:blank"}}]}`,
	}
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		p := filepath.Join(repo, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return repo, filepath.Join(repo, "tests", "open.json")
}

// TestReplayPassesOverTheTreesConfig: a pull request's .sandy/config.json
// runs nothing when CI replays its scenarios with default flags, from the
// repository or with the repository as the home folder; stderr says it
// was not read and how to read it. Named with --config, or read with
// --trust-config, it is used.
func TestReplayPassesOverTheTreesConfig(t *testing.T) {
	requireBrowser(t)
	if runtime.GOOS == "windows" {
		t.Skip("sh")
	}
	tests := []struct {
		name       string
		home       func(repo string) string // HOME; "" an empty folder
		cwd        string                   // relative to the repository
		args       []string
		wantMarker bool
		wantCode   exitCode
		stderr     []string
	}{
		{name: "default flags", cwd: ".", wantCode: exitOK,
			stderr: []string{"/.sandy/config.json (the working directory) not read: it is in the repository ", "name it with --config, or add --trust-config"}},
		{name: "the repository is the home folder", home: func(repo string) string { return repo }, cwd: "tests", wantCode: exitOK,
			stderr: []string{"/.sandy/config.json (the home folder) not read: it is in the repository "}},
		{name: "--trust-config", cwd: ".", args: []string{"--trust-config"}, wantMarker: true, wantCode: exitEnvironment,
			stderr: []string{"/.sandy/config.json (the working directory, among the files under test; read with --trust-config)"}},
		{name: "--config", cwd: ".", args: []string{"--config", ".sandy/config.json"}, wantMarker: true, wantCode: exitEnvironment,
			stderr: []string{"MCP config: .sandy/config.json (--config)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			marker := filepath.Join(t.TempDir(), "ran")
			repo, scenario := prRepo(t, marker)
			home := t.TempDir()
			if tt.home != nil {
				home = tt.home(repo)
			}
			t.Setenv("HOME", home)
			t.Setenv("SANDY_CONFIG", "")
			t.Chdir(filepath.Join(repo, tt.cwd))
			args := append([]string{"replay", scenario, "--report", t.TempDir()}, tt.args...)
			code, stdout, stderr := runCLI(t, args...)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.wantCode, stdout, stderr)
			}
			if _, err := os.Stat(marker); (err == nil) != tt.wantMarker {
				t.Errorf("the config's command ran: %v, want %v", err == nil, tt.wantMarker)
			}
			for _, want := range tt.stderr {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr does not say %q:\n%s", want, stderr)
				}
			}
		})
	}
}

// TestCompilePassesOverTheTreesConfig: compile of a cloned repository's
// tests meets its .sandy/config.json as replay does.
func TestCompilePassesOverTheTreesConfig(t *testing.T) {
	requireBrowser(t)
	if runtime.GOOS == "windows" {
		t.Skip("sh")
	}
	marker := filepath.Join(t.TempDir(), "ran")
	repo, _ := prRepo(t, marker)
	t.Setenv("HOME", t.TempDir())
	t.Setenv("SANDY_CONFIG", "")
	t.Chdir(repo)
	page := filepath.Join(repo, "tests", "page.html")
	if err := os.WriteFile(page, []byte(`<button>Go</button>`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "compile", "click Go", "--url", "file://"+page, "-o", filepath.Join(t.TempDir(), "go.json"))
	if code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the config's command ran")
	}
	if !strings.Contains(stderr, "(the working directory) not read") {
		t.Errorf("stderr does not say the config was not read:\n%s", stderr)
	}
}
