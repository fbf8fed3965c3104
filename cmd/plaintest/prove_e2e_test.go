package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	rpt "github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

const provePage = `<!doctype html><title>Shop</title>
<h1>Cart</h1>
<button onclick="document.getElementById('s').textContent = 'Saved'">Save</button>
<p id="s" role="status"></p>
<label><input type="checkbox" checked> Gift wrap</label>
<ul aria-label="Items"><li>Milk</li><li>Bread</li><li>Eggs</li></ul>`

// TestProveCommand compiles a few checks, proves them (every mutation
// killed, exit 0, with --json and --junit), then tampers one check to
// return 'ok': prove reports it vacuous, naming its step, and exits 1.
func TestProveCommand(t *testing.T) {
	requireBuiltin(t)
	t.Parallel() // see parallelNote
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, provePage)
	}))
	defer srv.Close()
	dir := t.TempDir()
	out := filepath.Join(dir, "cart.json")
	code, stdout, stderr := runCLI(t, "compile", "click Save then verify Saved is shown then verify the Gift wrap checkbox is checked then verify the Items list shows 3 items",
		"--url", srv.URL, "-o", out, "--evidence", t.TempDir())
	if code != 0 {
		t.Fatalf("compile: exit %d\n%s\n%s", code, stdout, stderr)
	}
	junit := filepath.Join(dir, "junit.xml")
	code, stdout, stderr = runCLI(t, "prove", out, "--json", "--junit", junit)
	if code != exitOK {
		t.Fatalf("prove: exit %d, want 0\n%s\n%s", code, stdout, stderr)
	}
	var doc rpt.Summary
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("--json: %v\n%s", err, stdout)
	}
	if doc.Proved == nil || doc.Proved.Checks != 3 || !doc.Proved.Held() || doc.Proved.Percent != 100 || len(doc.Scenarios) != 1 || doc.Scenarios[0].Proved == nil {
		t.Errorf("--json proved %+v: want 3 checks, every mutant killed", doc.Proved)
	}
	if !strings.Contains(stderr, "killed by text changed, display none") || !strings.Contains(stderr, "PROVEN") {
		t.Errorf("progress lacks the checks' lines:\n%s", stderr)
	}
	if b, err := os.ReadFile(junit); err != nil || strings.Contains(string(b), "<failure") || !strings.Contains(string(b), `name="plaintest prove"`) {
		t.Errorf("--junit: %v\n%s", err, b)
	}

	sc, err := sandy.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i := range sc.Steps {
		if sc.Steps[i].Check != nil && sc.Steps[i].Check.Kind == "text" {
			sc.Steps[i].Params["function"] = "async (el) => 'ok'"
			if _, ok := sc.Steps[i].Params["target"]; !ok {
				sc.Steps[i].Params["function"] = "async () => 'ok'"
			}
			n = sc.Steps[i].Step
		}
	}
	if n == 0 {
		t.Fatalf("no text check in %s", out)
	}
	b, err := sc.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	tampered := filepath.Join(dir, "tampered.json")
	if err := os.WriteFile(tampered, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runCLI(t, "prove", tampered, "--junit", junit)
	all := stdout + stderr
	if code != exitFailed || !strings.Contains(all, fmt.Sprintf("step %d (verify Saved is shown", n)) || !strings.Contains(all, "SURVIVED") || !strings.Contains(all, "VACUOUS") {
		t.Errorf("prove of a tampered check: exit %d, want %d naming step %d as SURVIVED\n%s", code, exitFailed, n, all)
	}
	if b, err := os.ReadFile(junit); err != nil || !strings.Contains(string(b), "<failure") || !strings.Contains(string(b), fmt.Sprintf("step %d", n)) {
		t.Errorf("--junit of a vacuous check: %v\n%s", err, b)
	}

	// In CI: --tags selects as replay's does, and --reporter github puts
	// the vacuous check's annotation on its own line of the file.
	code, stdout, stderr = runCLI(t, "prove", tampered, "--tags", "@smoke")
	if code != exitInput || !strings.Contains(stderr, "none of 1 scenario matches") {
		t.Errorf("prove --tags @smoke of an untagged scenario: exit %d, want %d saying none matches\n%s", code, exitInput, stderr)
	}
	sc.Metadata.Tags = []string{"@smoke"}
	if b, err = sc.Marshal(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tampered, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runCLI(t, "prove", tampered, "--tags", "@smoke and not @slow", "--reporter", "github")
	line := 0 // of the step's object: the "{" before its "step"
	lines := strings.Split(string(b), "\n")
	for i, l := range lines {
		if strings.Contains(l, fmt.Sprintf(`"step": %d,`, n)) && i > 0 && strings.HasSuffix(lines[i-1], "{") {
			line = i
		}
	}
	want := fmt.Sprintf("::error file=%s,line=%d,", tampered, line)
	if code != exitFailed || line == 0 || !strings.Contains(stdout, want) || !strings.Contains(stdout, "not proven::") || !strings.Contains(stdout, "SURVIVED") {
		t.Errorf("prove --reporter github of a vacuous check: exit %d, want %d and an annotation %q...\n%s\n%s", code, exitFailed, want, stdout, stderr)
	}
}

// TestCompileProve: compile --prove proves each check as it compiles, on
// the page it passed on, each killed by the mutations of its kind, and
// says so (with --json, on stderr); on a page that puts its text back
// whatever is done to it, the check of that text cannot fail, and
// compile --prove refuses it, naming the mutation it survived, where a
// compile without --prove keeps it.
func TestCompileProve(t *testing.T) {
	requireBuiltin(t)
	t.Parallel() // see parallelNote
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.URL.Path == "/stubborn" {
			fmt.Fprint(w, stubbornPage)
			return
		}
		fmt.Fprint(w, provePage)
	}))
	defer srv.Close()
	out := filepath.Join(t.TempDir(), "saved.json")
	code, stdout, stderr := runCLI(t, "compile", "click Save then verify Saved is shown then verify the Gift wrap checkbox is checked",
		"--url", srv.URL, "-o", out, "--evidence", t.TempDir(), "--prove", "--timeout", "5s")
	if code != exitOK {
		t.Fatalf("compile --prove: exit %d, want 0\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"proved: step 2 (verify Saved is shown): killed by text changed, display none", "proved: step 3 (verify the Gift wrap checkbox is checked): killed by state flipped",
		"checks proved: 2 of 2 checks proven"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("compile --prove does not say %q:\n%s", want, stdout)
		}
	}
	if _, err := sandy.Load(out); err != nil {
		t.Errorf("the scenario proved: %v", err)
	}

	code, stdout, stderr = runCLI(t, "compile", "verify Cart is shown", "--url", srv.URL, "-o", filepath.Join(t.TempDir(), "cart.json"), "--prove", "--json")
	var doc map[string]any
	if code != exitOK || json.Unmarshal([]byte(stdout), &doc) != nil || !strings.Contains(stderr, "proved: step 1 (verify Cart is shown)") {
		t.Errorf("compile --prove --json: exit %d, want 0, the JSON on stdout and the proof on stderr\n%s\n%s", code, stdout, stderr)
	}

	stubborn := "click Save then verify Saved is shown"
	if code, stdout, stderr := runCLI(t, "compile", stubborn, "--url", srv.URL+"/stubborn", "-o", filepath.Join(t.TempDir(), "kept.json")); code != exitOK {
		t.Fatalf("compile without --prove: exit %d, want 0\n%s\n%s", code, stdout, stderr)
	}
	refused := filepath.Join(t.TempDir(), "refused.json")
	code, stdout, stderr = runCLI(t, "compile", stubborn, "--url", srv.URL+"/stubborn", "-o", refused, "--evidence", t.TempDir(), "--prove", "--timeout", "5s")
	all := stdout + stderr
	if code != exitFailed || !strings.Contains(all, `step 2 "verify Saved is shown": the check cannot be shown to fail`) || !strings.Contains(all, "fail (compile --prove): SURVIVED text changed") {
		t.Errorf("compile --prove of a check that cannot fail: exit %d, want %d naming the mutation it survived\n%s", code, exitFailed, all)
	}
	if sc, err := sandy.Load(strings.TrimSuffix(refused, ".json") + ".partial.json"); err != nil || len(sc.Steps) == 0 {
		t.Errorf("the steps before the refused check are not written: %v", err)
	} else {
		for _, st := range sc.Steps {
			if st.Check != nil {
				t.Errorf("the refused check is written: step %d %s", st.Step, st.Description)
			}
		}
	}
}

// stubbornPage puts its status's text back as soon as anything changes
// it: a check that it says Saved passes whatever the text was changed to.
const stubbornPage = `<!doctype html><title>Stubborn</title>
<button onclick="document.getElementById('s').textContent = 'Saved'">Save</button>
<p id="s" role="status"></p>
<script>
const s = document.getElementById('s');
new MutationObserver(() => { if (s.textContent !== '' && s.textContent !== 'Saved') s.textContent = 'Saved'; }).observe(s, {childList: true, characterData: true, subtree: true});
</script>`
