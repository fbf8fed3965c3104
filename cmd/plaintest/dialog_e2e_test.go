package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/sandy"
)

// savedOpen is the failure of a scenario that leaves the /dialogs page's
// alert unanswered, at compile and at replay, through either server.
const savedOpen = `a dialog is open: alert "Saved": answer it first ("accept the alert" or "dismiss the dialog")`

// TestDialogLeftOpenBothServers: through each browser server, an alert
// opened at once by a click is held for the next sentence, which answers
// it; a next sentence that does not, and a scenario that ends with the
// alert open, fail naming the alert's text, at compile and at replay.
func TestDialogLeftOpenBothServers(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	base := serveModalPages(t)
	together(t, bothServers, 2, func(t *testing.T, i int) {
		server := bothServers[i]
		dir := t.TempDir()
		compile := func(out string, actions ...string) (exitCode, string) {
			args := []string{"compile", "--url", base + "/dialogs", "--mcp", server, "-o", out, "--evidence", t.TempDir(), "--translator", "rules"}
			for _, a := range actions {
				args = append(args, "--step", a)
			}
			code, stdout, stderr := runCLI(t, args...)
			return code, stdout + stderr
		}
		answered := filepath.Join(dir, "answered.json")
		if code, out := compile(answered, "click Save", "click OK in the alert", "verify Alert closed is shown"); code != 0 {
			t.Fatalf("compile of the answered alert: exit %d\n%s", code, out)
		}
		for _, tt := range []struct {
			name    string
			actions []string
		}{
			{"next-sentence", []string{"click Save", "click Delete"}},
			{"at-the-end", []string{"click Save"}},
		} {
			code, out := compile(filepath.Join(dir, tt.name+".json"), tt.actions...)
			if code != 1 || !strings.Contains(out, savedOpen) {
				t.Errorf("compile %s: exit %d, want 1 saying %q\n%s", tt.name, code, savedOpen, out)
			}
		}
		// The answered scenario replays; with its answer taken out (the
		// scenario ends with the alert open) or replaced by a click, it
		// fails saying so.
		sc, err := sandy.Load(answered)
		if err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := runCLI(t, "replay", answered, "--mcp", server, "--report", t.TempDir())
		if code != 0 {
			t.Fatalf("replay of the answered alert: exit %d\n%s\n%s", code, stdout, stderr)
		}
		if len(sc.Steps) != 4 || !strings.HasSuffix(sc.Steps[2].Tool, "browser_handle_dialog") {
			t.Fatalf("want open, click, handle_dialog, check: got %+v", sc.Steps)
		}
		ends := *sc
		ends.Steps = sc.Steps[:2]
		next := *sc
		next.Steps = append([]sandy.Step{}, sc.Steps[:2]...)
		click := sc.Steps[1]
		click.Step, click.Params = 3, map[string]any{"element": `button "Delete"`, "target": `internal:role=button[name="Delete"i]`}
		next.Steps = append(next.Steps, click)
		for name, s := range map[string]*sandy.Scenario{"ends-open": &ends, "next-not-answer": &next} {
			data, err := s.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(dir, name+".json")
			if err := os.WriteFile(file, data, 0o644); err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr := runCLI(t, "replay", file, "--mcp", server, "--report", t.TempDir())
			if code != 1 || !strings.Contains(stdout+stderr, savedOpen) {
				t.Errorf("replay %s: exit %d, want 1 saying %q\n%s\n%s", name, code, savedOpen, stdout, stderr)
			}
		}
	})
}
