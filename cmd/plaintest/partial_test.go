package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	rpt "github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// A partial scenario of built-in steps only: it replays with no server.
const (
	partialDetail = `compile stopped at action 2 of 3 ("click Pay"): no button or link matching "Pay"`
	partialJSON   = `{"version":"2.1","metadata":{"name":"mug","status":"partial","status_detail":` +
		`"compile stopped at action 2 of 3 (\"click Pay\"): no button or link matching \"Pay\""},` +
		`"steps":[{"step":1,"tool":"sandy__log","params":{"message":"one"}},{"step":2,"tool":"sandy__log","params":{"message":"two"}}]}`
	completeJSON = `{"version":"2.1","metadata":{"name":"done"},"steps":[{"step":1,"tool":"sandy__log","params":{"message":"one"}}]}`
)

func TestValidatePartial(t *testing.T) {
	dir := t.TempDir()
	partial := filepath.Join(dir, "mug.partial.json")
	if err := os.WriteFile(partial, []byte(partialJSON), 0o644); err != nil {
		t.Fatal(err)
	}

	code, out, errOut := runCLI(t, "validate", partial)
	want := partial + ": metadata.status: partial (" + partialDetail + "): replay refuses it unless --allow-partial"
	if code != exitInput || !strings.Contains(out, want) {
		t.Errorf("exit %d, want 2, and stdout to say\n%s\nstdout:\n%s\nstderr:\n%s", code, want, out, errOut)
	}

	code, out, errOut = runCLI(t, "validate", "--allow-partial", partial)
	want = partial + ": ok, partial (2 steps): " + partialDetail
	if code != exitOK || !strings.Contains(out, want) {
		t.Errorf("--allow-partial: exit %d, want 0, and stdout to say\n%s\nstdout:\n%s\nstderr:\n%s", code, want, out, errOut)
	}
}

func TestReplayPartial(t *testing.T) {
	cfg := writeTemp(t, "mcp.json", deadConfig)
	dir := t.TempDir()
	complete := filepath.Join(dir, "done.json")
	partial := filepath.Join(dir, "mug.partial.json")
	other := filepath.Join(dir, "sub", "tea.partial.json")
	for p, body := range map[string]string{complete: completeJSON, partial: partialJSON, other: partialJSON} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	t.Run("passed over in a folder", func(t *testing.T) {
		_, out, errOut := runCLI(t, "replay", "--config", cfg, "--report", t.TempDir(), dir)
		if !strings.Contains(errOut, "passed over 2 files") || !strings.Contains(errOut, partial) || !strings.Contains(errOut, other) {
			t.Errorf("replay DIR: stderr does not list the partial scenarios passed over:\n%s", errOut)
		}
		if strings.Contains(out+errOut, "mug (") || strings.Contains(errOut, "refused; replay it anyway") {
			t.Errorf("replay DIR ran or refused a partial scenario:\n%s\n%s", out, errOut)
		}
	})

	t.Run("refused", func(t *testing.T) {
		for _, args := range [][]string{{partial}, {partial, other}} {
			code, out, errOut := runCLI(t, append([]string{"replay", "--config", cfg, "--report", t.TempDir()}, args...)...)
			if code != exitInput {
				t.Errorf("replay %v: exit %d, want 2\nstdout:\n%s\nstderr:\n%s", args, code, out, errOut)
			}
			if out != "" {
				t.Errorf("replay %v ran something:\n%s", args, out)
			}
			files := []string{partial}
			if len(args) > 1 {
				files = append(files, other)
			}
			for _, f := range files {
				want := f + ": metadata.status: partial (" + partialDetail + "): refused; replay it anyway with --allow-partial"
				if !strings.Contains(errOut, want) {
					t.Errorf("replay %v: stderr lacks\n%s\nstderr:\n%s", args, want, errOut)
				}
			}
		}
	})

	t.Run("allowed", func(t *testing.T) {
		junit := filepath.Join(t.TempDir(), "junit.xml")
		code, out, errOut := runCLI(t, "replay", "--config", cfg, "--allow-partial", "--json", "--junit", junit, partial, complete)
		if code != exitOK {
			t.Fatalf("exit %d, want 0\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
		}
		if want := "PASSED mug (" + partial + ") [partial scenario]: 2 steps"; !strings.Contains(errOut, want) {
			t.Errorf("progress lacks %q:\n%s", want, errOut)
		}
		if strings.Contains(errOut, "PASSED done ("+complete+") [partial") {
			t.Errorf("the complete scenario is labelled partial:\n%s", errOut)
		}
		var s rpt.Summary
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			t.Fatalf("stdout is not the JSON result: %v\n%s", err, out)
		}
		if len(s.Scenarios) != 2 || !s.Scenarios[0].Partial || s.Scenarios[0].PartialDetail != partialDetail || s.Scenarios[1].Partial {
			t.Errorf("JSON scenarios = %+v, want the first partial with its detail, the second not", s.Scenarios)
		}
		var doc struct {
			Suites []struct {
				Cases []struct {
					Name       string `xml:"name,attr"`
					Properties []struct {
						Name  string `xml:"name,attr"`
						Value string `xml:"value,attr"`
					} `xml:"properties>property"`
					SystemOut string `xml:"system-out"`
				} `xml:"testcase"`
			} `xml:"testsuite"`
		}
		b, _ := os.ReadFile(junit)
		if err := xml.Unmarshal(b, &doc); err != nil || len(doc.Suites[0].Cases) != 2 {
			t.Fatalf("junit: %v\n%s", err, b)
		}
		c := doc.Suites[0].Cases[0]
		if len(c.Properties) != 1 || c.Properties[0].Name != "partial" || c.Properties[0].Value != "true" ||
			!strings.HasPrefix(c.SystemOut, "partial scenario: "+partialDetail) {
			t.Errorf("junit test case %+v: want property partial=true and the detail in system-out", c)
		}
		if len(doc.Suites[0].Cases[1].Properties) != 0 {
			t.Errorf("the complete scenario's test case has properties %+v", doc.Suites[0].Cases[1].Properties)
		}
	})
}

// TestReplayJUnitReplacesOldReport: the JUnit file is replaced atomically
// (safefile), not rewritten in place: a hard link to the previous report
// keeps it.
func TestReplayJUnitReplacesOldReport(t *testing.T) {
	cfg := writeTemp(t, "mcp.json", deadConfig)
	scenario := writeTemp(t, "done.json", completeJSON)
	dir := t.TempDir()
	junit := filepath.Join(dir, "junit.xml")
	if err := os.WriteFile(junit, []byte("old report"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(junit, filepath.Join(dir, "previous.xml")); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runCLI(t, "replay", "--config", cfg, "--junit", junit, scenario); code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if b, _ := os.ReadFile(junit); !bytes.Contains(b, []byte(`tests="1"`)) {
		t.Errorf("junit.xml = %s, want the new report", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "previous.xml")); string(b) != "old report" {
		t.Errorf("junit.xml was rewritten in place: the previous report's link holds %.80q", b)
	}
	if got := dirNames(t, dir); !slices.Equal(got, []string{"junit.xml", "previous.xml"}) {
		t.Errorf("report dir holds %v, want no temporary file", got)
	}
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// oldScenario is the complete scenario a compile's -o file holds before a
// compile that does not finish; it must survive byte for byte.
const oldScenario = "{\n  \"version\": \"2.1\",\n  \"metadata\": {\"name\": \"out\"},\n  \"steps\": [{\"step\": 1, \"tool\": \"sandy__log\", \"params\": {\"message\": \"seven steps, say\"}}]\n}\n"

// TestCompileFailureKeepsTarget: a compile that fails at action 2 against an
// -o file holding a complete scenario leaves that file as it was and writes
// the steps that ran beside it, marked partial.
func TestCompileFailureKeepsTarget(t *testing.T) {
	cfg := fakeConfig(t)
	for _, asJSON := range []bool{false, true} {
		dir := t.TempDir()
		out := filepath.Join(dir, "out.json")
		if err := os.WriteFile(out, []byte(oldScenario), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"compile", "type demo into Username then click Sign up", "--url", "http://shop.test/login",
			"--config", cfg, "-o", out, "--timeout", "300ms", "--evidence", t.TempDir()}
		if asJSON {
			args = append(args, "--json")
		}
		code, stdout, stderr := runCLI(t, args...)
		if code != exitFailed {
			t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
		partial := filepath.Join(dir, "out.partial.json")
		checkPartial(t, out, partial, 2, `compile stopped at action 2 of 2 ("click Sign up"): no button or link matching "Sign up"`)
		if got := dirNames(t, dir); !slices.Equal(got, []string{"out.json", "out.partial.json"}) {
			t.Errorf("output dir holds %v, want out.json and out.partial.json only", got)
		}
		if !asJSON {
			want := "wrote PARTIAL scenario " + partial + ": 2 steps from 1 of 2 actions"
			if !strings.Contains(stdout, want) || !strings.Contains(stdout, out+" was left as it was") {
				t.Errorf("summary does not say %q and that %s was left as it was:\n%s", want, out, stdout)
			}
			continue
		}
		var res struct {
			Status, Target, Output string
			Partial                bool
		}
		if err := json.Unmarshal([]byte(stdout), &res); err != nil {
			t.Fatalf("stdout is not JSON: %v\n%s", err, stdout)
		}
		if res.Status != "partial" || res.Target != out || res.Output != partial || !res.Partial {
			t.Errorf("--json = %+v, want status partial, target %s, output %s, partial true", res, out, partial)
		}
	}
}

// checkPartial checks that out still holds oldScenario and that partial is
// a partial scenario of steps steps whose detail starts with detail.
func checkPartial(t *testing.T, out, partial string, steps int, detail string) {
	t.Helper()
	if b, err := os.ReadFile(out); err != nil || string(b) != oldScenario {
		t.Errorf("%s changed (%v):\n%s", out, err, b)
	}
	sc, err := sandy.Load(partial)
	if err != nil {
		t.Fatalf("partial output: %v", err)
	}
	if !sc.Partial() || !strings.HasPrefix(sc.Metadata.StatusDetail, detail) {
		t.Errorf("partial output: status %q, detail %q; want partial, %q…", sc.Metadata.Status, sc.Metadata.StatusDetail, detail)
	}
	if len(sc.Steps) != steps {
		t.Errorf("partial output has %d steps, want %d", len(sc.Steps), steps)
	}
}

// TestCompileRemovesStalePartial: a complete compile writes its target and
// removes the partial scenario an earlier compile left beside it, but not a
// file there that is no partial scenario.
func TestCompileRemovesStalePartial(t *testing.T) {
	cfg := fakeConfig(t)
	for _, tt := range []struct {
		name, stale string
		removed     bool
	}{
		{"partial scenario", partialJSON, true},
		{"some other file", completeJSON, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out.json")
			stale := filepath.Join(dir, "out.partial.json")
			if err := os.WriteFile(stale, []byte(tt.stale), 0o644); err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr := runCLI(t, "compile", "type demo into Username", "--url", "http://shop.test/login", "--config", cfg, "-o", out)
			if code != exitOK {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
			}
			if sc, err := sandy.Load(out); err != nil || sc.Partial() || len(sc.Steps) != 2 {
				t.Fatalf("%s: %v, want a complete 2-step scenario", out, err)
			}
			_, err := os.Stat(stale)
			if gone := os.IsNotExist(err); gone != tt.removed {
				t.Errorf("%s removed = %v, want %v", stale, gone, tt.removed)
			}
			said := strings.Contains(stdout, "removed the stale partial scenario "+stale)
			if said != tt.removed {
				t.Errorf("summary says it removed %s: %v, want %v:\n%s", stale, said, tt.removed, stdout)
			}
		})
	}
}

// cancelOn is a progress writer that cancels the compile once a line
// containing mark has been written: Ctrl-C between two actions.
type cancelOn struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	mark   string
	cancel context.CancelFunc
}

func (w *cancelOn) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n, err := w.buf.Write(p)
	if strings.Contains(w.buf.String(), w.mark) {
		w.cancel()
	}
	return n, err
}

// TestCompileInterruptedKeepsTarget: a compile interrupted after its first
// action leaves the -o file as it was and keeps what ran beside it.
func TestCompileInterruptedKeepsTarget(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.json")
	if err := os.WriteFile(out, []byte(oldScenario), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	progress := &cancelOn{mark: "[1/2] type demo into Username", cancel: cancel}
	var stderr bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: progress, stderr: &stderr, getenv: testGetenv(nil)}
	code := run(ctx, e, []string{"compile", "type demo into Username then type demo into Username",
		"--url", "http://shop.test/login", "--config", fakeConfig(t), "-o", out, "--evidence", t.TempDir()})
	if code != 130 {
		t.Errorf("exit %d, want 130 (interrupted)\nstdout:\n%s\nstderr:\n%s", code, progress.buf.String(), stderr.String())
	}
	checkPartial(t, out, filepath.Join(dir, "out.partial.json"), 2,
		`compile stopped at action 2 of 2 ("type demo into Username"): interrupted`)
}
