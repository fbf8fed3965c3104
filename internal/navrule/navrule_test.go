package navrule

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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
	if err := os.Symlink("/etc", filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	return Rule{FileRoots: []string{root}}, root
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
}

// TestGuardAgrees holds guard.cjs, which runs inside @playwright/mcp, to
// Loaded's answers on every probe.
func TestGuardAgrees(t *testing.T) {
	node, err := exec.LookPath("node")
	testenv.Need(t, err)
	rule, root := testRule(t)
	var urls []string
	for _, p := range probes {
		urls = append(urls, strings.ReplaceAll(p.url, "ROOT", root))
	}
	guard, err := WriteGuard(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
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

// FuzzRule: Open never panics, never allows what Loaded refuses, and allows
// no scheme but the ones the rule names.
func FuzzRule(f *testing.F) {
	for _, p := range probes {
		f.Add(p.url)
	}
	rule := Rule{FileRoots: []string{"/tmp/plaintest-fuzz-root"}}
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
			if err != nil || !strings.HasPrefix(p, "/tmp/plaintest-fuzz-root") {
				t.Fatalf("%q opens a file outside the root: %q, %v", u, p, err)
			}
		default:
			t.Fatalf("%q opens, scheme %q", u, Scheme(Normalize(u)))
		}
	})
}
