package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// disclosurePage is a FAQ whose button opens its answer (aria-expanded
// false, then true) or, on /broken/, opens nothing.
const disclosurePage = `<!doctype html><title>FAQ</title><h1>FAQ</h1>
<button id="q" aria-expanded="false" aria-controls="a">Shipping details</button>
<p id="a" hidden>Ships in 2 days</p>
<script>
if (!location.pathname.startsWith('/broken/')) q.onclick = () => {
  const open = q.getAttribute('aria-expanded') !== 'true';
  q.setAttribute('aria-expanded', String(open));
  a.hidden = !open;
};
</script>`

// "expand X" on a closed section's button, whose state the snapshot
// leaves out until it is open: the compile checks that the click opened
// it, so the replay fails on a page whose button opens nothing (before,
// the click alone was exported, and passed there).
func TestExpandClosedDisclosure(t *testing.T) {
	requireBuiltin(t)
	t.Parallel() // see parallelNote
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(disclosurePage))
	}))
	t.Cleanup(srv.Close)
	out := filepath.Join(t.TempDir(), "faq.json")
	if code, stdout, stderr := runCLI(t, "compile", "expand Shipping details", "--url", srv.URL+"/faq", "-o", out, "--translator", "rules"); code != exitOK {
		t.Fatalf("compile: exit %d\n%s\n%s", code, stdout, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(b), `is expanded`) {
		t.Fatalf("the export does not check the section opened (%v):\n%s", err, b)
	}
	if code, stdout, stderr := runCLI(t, "replay", out, "--report", t.TempDir()); code != exitOK {
		t.Fatalf("replay on the page: exit %d\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, stderr := runCLI(t, "replay", out, "--var", "BASE_URL="+srv.URL+"/broken", "--report", t.TempDir(), "--timeout", "2s")
	if code != exitFailed || !strings.Contains(stdout+stderr, `button "Shipping details" is not expanded`) {
		t.Errorf("replay where the button opens nothing: exit %d, want 1 saying it is not expanded\n%s\n%s", code, stdout, stderr)
	}
}
