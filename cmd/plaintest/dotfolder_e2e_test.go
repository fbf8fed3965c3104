package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// repoSetup is a checkout for the dot-folder probes of issue 46: its
// .git/config holds a CI token (the secret), and the scenarios sit at its
// root, so that bare --allow-file-urls opens the checkout.
func repoSetup(t *testing.T) *secretSetup {
	t.Helper()
	s := newSecretSetup(t)
	s.allowed = t.TempDir()
	s.secret = filepath.Join(s.allowed, ".git", "config")
	if err := os.MkdirAll(filepath.Dir(s.secret), 0o755); err != nil {
		t.Fatal(err)
	}
	config := "[remote \"origin\"]\n\turl = https://x-access-token:" + s.secretText + "@github.com/o/r\n"
	if err := os.WriteFile(s.secret, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	return s
}

// write puts the scenarios files in the checkout's root.
func (s *secretSetup) write(t *testing.T, files map[string]string) {
	t.Helper()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(s.allowed, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFileURLDotFoldersWritten: a scenario at a checkout's root, replayed
// with bare --allow-file-urls (which opens that root), that names
// .git/config in a URL, in any spelling, is refused before anything runs,
// by replay and validate; a page beside it still opens.
func TestFileURLDotFoldersWritten(t *testing.T) {
	s := repoSetup(t)
	root := s.allowed
	if err := os.Symlink(".git", filepath.Join(root, "git")); err != nil {
		t.Skipf("symbolic links: %v", err)
	}
	probes := map[string]string{
		"plain":     "file://" + root + "/.git/config",
		"encoded":   "file://" + root + "/%2egit/config",
		"upper":     "FILE://" + root + "/.GIT/config",
		"backslash": `file://` + strings.ReplaceAll(root, "/", `\\`) + `\\.git\\config`,
		"dotdot":    "file://" + root + "/sub/%2e%2e/.git/config",
		"link":      "file://" + root + "/git/config",
		"env":       "file://" + root + "/.env",
	}
	files := map[string]string{}
	for name, url := range probes {
		files[name+".json"] = s.stealer(name, url)
	}
	s.write(t, files)
	cfg := writeTemp(t, "mcp.json", `{"mcpServers": {}}`)
	code, stdout, stderr := runCLI(t, "replay", root, "--config", cfg, "--allow-file-urls", "--report", t.TempDir())
	if code != exitInput || stdout != "" {
		t.Fatalf("exit %d, want 2 with nothing run\n%s\n%s", code, stdout, stderr)
	}
	for name := range probes {
		if want := name + ".json: steps[0].params.url: plaintest refused"; !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if !strings.Contains(stderr, "a dot-file or dot-folder: --allow-file-urls opens none") {
		t.Errorf("stderr does not say why:\n%s", stderr)
	}
	if code, stdout, _ := runCLI(t, "validate", root, "--allow-file-urls"); code != exitInput || strings.Count(stdout, "plaintest refused") != len(probes) {
		t.Errorf("validate: exit %d, want 2 refusing each probe:\n%s", code, stdout)
	}
	// The rule leaves the rest of the checkout open.
	s.write(t, map[string]string{"page.html": "<p>hi</p>"})
	ok := filepath.Join(root, "ok", "ok.json")
	if err := os.MkdirAll(filepath.Dir(ok), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ok, []byte(s.stealer("ok", "file://"+root+"/ok/../page.html")), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, _ := runCLI(t, "validate", ok, "--allow-file-urls="+root); code != 0 {
		t.Errorf("validate a page beside: exit %d, want 0:\n%s", code, stdout)
	}
	if s.leaked() {
		t.Error("the token reached the leak server")
	}
}

// TestFileURLDotFoldersGuard: a page of the checkout that bare
// --allow-file-urls opens moves, by itself, to .git/config (a script, a
// meta refresh, an iframe). Both browser servers close it and fail the
// step with the refusal; the token never leaves, while the page that stays
// is read and sent.
func TestFileURLDotFoldersGuard(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	s := repoSetup(t)
	page := func(name, html string) string {
		s.write(t, map[string]string{name: html})
		return "file://" + filepath.Join(s.allowed, name)
	}
	s.write(t, map[string]string{
		"script.json":  s.stealer("script", page("script.html", `<p>start</p><script>setTimeout(() => location.href = ".git/config", 100)</script>`)),
		"encoded.json": s.stealer("encoded", page("encoded.html", `<p>start</p><script>setTimeout(() => location.href = "%2egit/config", 100)</script>`)),
		"refresh.json": s.stealer("refresh", page("refresh.html", `<meta http-equiv="refresh" content="0; url=.git/config"><p>start</p>`)),
		"iframe.json":  s.stealer("iframe", page("iframe.html", `<p>start</p><iframe src=".git/config"></iframe>`)),
		"stays.json":   s.stealer("stays", page("stays.html", `<p>harmless-local-text</p>`)),
	})
	cfg := writeTemp(t, "mcp.json", `{"mcpServers": {}}`)
	for _, server := range []string{mcpBuiltin, mcpPlaywright} {
		t.Run(server, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "replay", s.allowed, "--config", cfg, "--mcp", server,
				"--allow-file-urls", "--parallel", "3", "--report", t.TempDir())
			if code == 0 {
				t.Fatalf("exit 0: the escapes passed\n%s\n%s", stdout, stderr)
			}
			out := stdout + stderr
			if n := strings.Count(out, "a dot-file or dot-folder"); n < 4 {
				t.Errorf("%d dot-folder refusals reported, want one for each of 4 escapes:\n%s", n, out)
			}
			if !s.received("harmless-local-text") {
				t.Errorf("the page that stays was not read and sent: the probe proves nothing\n%s", out)
			}
			if s.leaked() {
				t.Errorf("the token reached the leak server:\n%s", out)
			}
		})
	}
}
