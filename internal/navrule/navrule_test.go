package navrule

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/fspath"
	"github.com/plaintest/plaintest/internal/testenv"
)

// probes are the URLs an attacker tries, with whether Open allows them for
// a rule whose one file root is the test's folder (given as ROOT).
var probes = []struct {
	url   string
	allow bool
}{
	{"https://example.com/", true},
	{"http://127.0.0.1:8080/a?b=c", true},
	{"data:text/html,<h1>hi</h1>", true},
	{"about:blank", true},
	{"blob:https://example.com/0b5a", true},
	{"blob:null/0b5a", true},
	{"file://ROOT/page.html", true},
	{"FILE://ROOT/page.html", true},
	{"file://localhostROOT/page.html", true},
	{"file://ROOT/sub/../page.html", true},
	{"file:///etc/hostname", false},
	{"FiLe:///etc/hostname", false},
	{"  file:///etc/hostname", false},
	{"\x00file:///etc/hostname", false},
	{"fi\tle:///etc/hostname", false},
	{"fi\nle:///etc/hostname", false},
	{`file:\\\etc\hostname`, false},
	{"file://ROOT/../../etc/hostname", false},
	{"file://ROOT/%2e%2e/%2e%2e/etc/hostname", false},
	{"file://ROOT/%2E%2E/%2E%2E/etc/hostname", false},
	{"file://ROOT/link/hostname", false}, // link -> /etc
	{"file://otherhost/etc/hostname", false},
	{"file:etc/hostname", false},
	{"view-source:file:///etc/hostname", false},
	{"VIEW-SOURCE:file:///etc/hostname", false},
	{"view-source:https://example.com/", false},
	{"view-source:file://ROOT/page.html", false},
	{"javascript:location='file:///etc/hostname'", false},
	{"JavaScript:alert(1)", false},
	{"chrome://version", false},
	{"chrome://settings", false},
	{"devtools://devtools/bundled/inspector.html", false},
	{"filesystem:file:///temporary/x", false},
	{"blob:file:///0b5a", false},
	{"about:config", false},
	{"about:srcdoc", false},
	{"chrome-error://chromewebdata/", false},
	{"back", true},          // no scheme: opened as https://back by @playwright/mcp
	{"/etc/hostname", true}, // likewise https://etc/hostname, never a file
	{"", true},
	{"ws://example.com/", false},
	// Dot-files and dot-folders below the root never open (.git/config
	// may hold a CI checkout's token), however the URL spells them.
	{"file://ROOT/.git/config", false},
	{"file://ROOT/%2egit/config", false},
	{"file://ROOT/%2Egit/config", false},
	{"file://ROOT/%2e%67it/config", false},
	{"file://ROOT/.GIT/config", false},
	{"FILE://ROOT/.git/config", false},
	{`file://ROOT\.git\config`, false},
	{"file://ROOT/./.git/config", false},
	{"file://ROOT/sub/../.git/config", false},
	{"file://ROOT/sub/.env", false},
	{"file://ROOT/.env", false},
	{"file://ROOT/.git", false},
	{"file://ROOT/dotlink/config", false},   // dotlink -> .git
	{"file://ROOT/.alias.html", false},      // .alias.html -> page.html
	{"blob:file://ROOT/.git/config", false}, // a blob of a local file's page
	{"view-source:file://ROOT/.git/config", false},
	{"file://ROOT/.git/../page.html", true}, // read as page.html, as a browser reads it
	{"file://ROOT/x.git/page.html", true},   // a dot inside a name is no dot-file
	{"file://ROOT/", true},                  // the root's listing shows names, opens none
}

// dotRootProbes are URLs for a rule whose root is itself a dot-folder
// (ROOT/.pages): named by the user, it opens, but not a dot-folder below it.
var dotRootProbes = []struct {
	url   string
	allow bool
}{
	{"file://ROOT/.pages/index.html", true},
	{"file://ROOT/.pages/.git/config", false},
	{"file://ROOT/.pages/%2egit/config", false},
	{"file://ROOT/page.html", false},
}

func testRule(t *testing.T) (Rule, string) {
	t.Helper()
	dir := t.TempDir()
	root, err := Root(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "page.html"), []byte("<p>hi</p>"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{".git", ".pages/.git"} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range map[string]string{".git/config": "token", ".pages/index.html": "<p>hi</p>", ".env": "KEY=x"} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for link, to := range map[string]string{"link": "/etc", "dotlink": ".git", ".alias.html": "page.html"} {
		if err := os.Symlink(to, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	return Rule{FileRoots: []string{root}}, root
}

// dotRoot is the rule of the dot-folder ROOT/.pages of testRule's root.
func dotRoot(t *testing.T, root string) Rule {
	t.Helper()
	dir, err := Root(filepath.Join(root, ".pages"))
	if err != nil {
		t.Fatal(err)
	}
	return Rule{FileRoots: []string{dir}}
}

func TestRule(t *testing.T) {
	rule, root := testRule(t)
	for _, p := range probes {
		u := strings.ReplaceAll(p.url, "ROOT", root)
		err := rule.Open(u)
		if (err == nil) != p.allow {
			t.Errorf("Open(%q) = %v, want allowed %v", u, err, p.allow)
		}
		if err != nil && (!errors.Is(err, ErrRefused) || !strings.HasPrefix(err.Error(), Marker)) {
			t.Errorf("Open(%q) = %v: not a refusal", u, err)
		}
	}
	for _, p := range dotRootProbes {
		u := strings.ReplaceAll(p.url, "ROOT", root)
		if err := dotRoot(t, root).Open(u); (err == nil) != p.allow {
			t.Errorf("root .pages: Open(%q) = %v, want allowed %v", u, err, p.allow)
		}
	}
	// With no roots, no file opens.
	if err := (Rule{}).Open("file://" + root + "/page.html"); err == nil || !strings.Contains(err.Error(), "--allow-file-urls") {
		t.Errorf("no roots: Open(file) = %v, want a refusal naming --allow-file-urls", err)
	}
	// What a browser shows on its own is not a navigation to refuse.
	for _, u := range []string{"", "about:srcdoc", "chrome-error://chromewebdata/", "about:blank"} {
		if err := (Rule{}).Loaded(u); err != nil {
			t.Errorf("Loaded(%q) = %v, want nil", u, err)
		}
	}
	if err := (Rule{}).Loaded("view-source:file:///etc/hostname"); err == nil {
		t.Error("Loaded(view-source:file:) = nil, want a refusal")
	}
}

func TestRuleMessages(t *testing.T) {
	for url, want := range map[string]string{
		"view-source:file:///etc/hostname": "view-source: pages around a local file never open",
		"chrome://version":                 "chrome: URLs never open",
		"file:///etc/hostname":             "local files open only with --allow-file-urls",
	} {
		err := (Rule{}).Open(url)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), url) {
			t.Errorf("Open(%q) = %v, want it to name the URL and say %q", url, err, want)
		}
	}
	rule, root := testRule(t)
	url := "file://" + root + "/%2egit/config"
	want := root + "/.git/config is in .git, a dot-file or dot-folder: --allow-file-urls opens none"
	if err := rule.Open(url); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "--allow-file-urls=DIR") {
		t.Errorf("Open(%q) = %v, want it to say %q and how to open such a folder", url, err, want)
	}
}

// TestGuardAgrees holds guard.cjs, which runs inside @playwright/mcp, to
// Loaded's answers on every probe.
func TestGuardAgrees(t *testing.T) {
	node, err := exec.LookPath("node")
	testenv.Need(t, err)
	rule, root := testRule(t)
	guard, err := WriteGuard(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var urls []string
	for _, p := range probes {
		urls = append(urls, strings.ReplaceAll(p.url, "ROOT", root))
	}
	guardAgrees(t, node, guard, rule, urls)
	urls = nil
	for _, p := range dotRootProbes {
		urls = append(urls, strings.ReplaceAll(p.url, "ROOT", root))
	}
	guardAgrees(t, node, guard, dotRoot(t, root), urls)
}

// guardAgrees asks guard.cjs, run by node with rule, about urls, and holds
// its answers to rule.Loaded's.
func guardAgrees(t *testing.T, node, guard string, rule Rule, urls []string) {
	t.Helper()
	in, _ := json.Marshal(urls)
	script := `const g = require(process.argv[1]); const urls = JSON.parse(require('fs').readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(urls.map(u => g.refusal(u))));`
	cmd := exec.Command(node, "-e", script, guard)
	cmd.Env = append(os.Environ(), rule.GuardEnv("")...)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got []*string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("node's answer %s: %v", out, err)
	}
	for i, u := range urls {
		goErr := rule.Loaded(u)
		if (goErr == nil) != (got[i] == nil) {
			t.Errorf("%q: Go says %v, guard.cjs says %v", u, goErr, deref(got[i]))
			continue
		}
		if goErr != nil && !strings.HasSuffix(goErr.Error(), *got[i]) {
			t.Errorf("%q: Go says %q, guard.cjs says %q", u, goErr, *got[i])
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return "<allowed>"
	}
	return *s
}

func TestRoot(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink(dir, filepath.Join(dir, "..", filepath.Base(dir)+"-link")); err != nil {
		t.Fatal(err)
	}
	got, err := Root(dir + "-link")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := filepath.EvalSymlinks(dir)
	if got != want {
		t.Errorf("Root(link) = %q, want %q", got, want)
	}
}

// FuzzRule: Open never panics, never allows what Loaded refuses, allows
// no scheme but the ones the rule names, and opens no file outside the
// root or in a dot-file or dot-folder below it.
func FuzzRule(f *testing.F) {
	const root = "/tmp/plaintest-fuzz-root"
	for _, p := range probes {
		f.Add(p.url)
		f.Add(strings.ReplaceAll(p.url, "ROOT", root))
	}
	rule := Rule{FileRoots: []string{root}}
	f.Fuzz(func(t *testing.T, u string) {
		open, loaded := rule.Open(u), rule.Loaded(u)
		if open == nil && loaded != nil {
			t.Fatalf("%q opens but may not be shown: %v", u, loaded)
		}
		if open != nil {
			return
		}
		switch Scheme(Normalize(u)) {
		case "http", "https", "data", "about", "blob", "":
		case "file":
			p, err := FilePath(u)
			if err != nil || !fspath.Within(root, p) {
				t.Fatalf("%q opens a file outside the root: %q, %v", u, p, err)
			}
			if dot := dotPart(root, p); dot != "" {
				t.Fatalf("%q opens %q, in the dot-file or dot-folder %s", u, p, dot)
			}
		default:
			t.Fatalf("%q opens, scheme %q", u, Scheme(Normalize(u)))
		}
	})
}
