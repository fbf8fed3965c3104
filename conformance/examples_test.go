package conformance

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// sandyVerdicts is, for every example Sandy ships, the verdict Sandy's
// player gives against the same stub servers, and why. "pass": it loads
// and every step succeeds; "refused": it does not load.
var sandyVerdicts = map[string]struct {
	verdict string
	vars    []string // --var the example needs (its required variables)
	why     string
}{
	"chrome-test.json":                {"pass", nil, "three chrome-devtools calls, outputs of $"},
	"claude-in-chrome-test.json":      {"pass", nil, "claude-in-chrome needs no config entry: the Chrome bridge's socket"},
	"click-element.json":              {"pass", []string{"ELEMENT_UID=1_2"}, "required variable given"},
	"fetch-test.json":                 {"pass", nil, "one fetch call"},
	"filesystem-test.json":            {"pass", nil, "absolute paths in /private/tmp (plaintest: inside --files only)"},
	"fill-input.json":                 {"pass", []string{"ELEMENT_UID=1_2", "VALUE=hello"}, "required variables given"},
	"memory-test.json":                {"pass", nil, "knowledge-graph calls"},
	"multi-mcp-db-report-slack.json":  {"pass", nil, "outputs $[0].total … used in a Slack message"},
	"multi-mcp-form-submit-log.json":  {"pass", []string{"FORM_URL=https://example.com/form", "USER_EMAIL=a@example.com", "USER_NAME=Ann"}, "a screenshot in /tmp (plaintest: inside --files only)"},
	"multi-mcp-github-slack.json":     {"pass", []string{"ISSUE_TITLE=Bug", "ISSUE_BODY=Broken"}, "{{create_issue.number}} in the Slack text"},
	"multi-mcp-pr-review-notify.json": {"pass", []string{"REPO=o/r", "PR_NUMBER=7"}, "outputs of a PR used twice"},
	"multi-mcp-web-to-db.json":        {"refused", nil, "step 4 has an output and no id: Sandy's loader refuses it too"},
	"navigate-and-wait.json":          {"pass", []string{"URL=https://example.com", "WAIT_TEXT=Example"}, "required variables given"},
	"supabase-query.json":             {"pass", nil, "outputs $ and $[0].id"},
	"template-list-test.json":         {"pass", nil, "v1.1 navigate and wait {duration} steps"},
	"template-navigation-test.json":   {"pass", nil, "v1.1 navigate, click {ref} and wait {duration} steps"},
	"web-navigate.json":               {"pass", nil, "wait_after 2"},
	"youtube-nodongyo.json":           {"pass", nil, "claude-in-chrome with sandy__wait {seconds}"},
}

// chromeExamples call claude-in-chrome: the suite allows the Chrome bridge
// (the stub's) for them, as their user would.
var chromeExamples = []string{"claude-in-chrome-test.json", "youtube-nodongyo.json"}

// Every example Sandy ships is here, validates as Sandy's loader decides,
// and replays against the stubs to Sandy's verdict. File paths outside the
// working folder need --files (see the differences in docs/replay.md): the suite
// gives --files / as a user who trusts these scenarios would.
func TestSandyExamples(t *testing.T) {
	files, err := filepath.Glob(scenario(t, "sandy-examples", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	for name := range sandyVerdicts {
		if !slices.Contains(names, name) {
			t.Errorf("%s: listed but not in testdata/sandy-examples", name)
		}
	}
	for _, f := range files {
		name := filepath.Base(f)
		want, ok := sandyVerdicts[name]
		if !ok {
			t.Errorf("%s: no verdict listed for it", name)
			continue
		}
		t.Run(strings.TrimSuffix(name, ".json"), func(t *testing.T) {
			t.Parallel()
			w := newWorkdir(t)
			args := []string{"--json", "--files", string(filepath.Separator)}
			if slices.Contains(chromeExamples, name) {
				args = append(args, "--allow-chrome-bridge")
			}
			for _, v := range want.vars {
				args = append(args, "--var", v)
			}
			r := w.replay(t, append(args, f)...)
			switch want.verdict {
			case "pass":
				if r.exit != 0 {
					t.Fatalf("exit %d, want 0 (Sandy passes it: %s)\nstdout:\n%s\nstderr:\n%s", r.exit, want.why, r.stdout, r.stderr)
				}
				res := result(t, r)
				wantRun(t, res, true, nil)
				steps, _ := res["step_results"].([]any)
				if total, _ := res["total_steps"].(float64); int(total) != len(steps) {
					t.Errorf("%d step results of %v steps", len(steps), res["total_steps"])
				}
			case "refused":
				if r.exit != 2 {
					t.Fatalf("exit %d, want 2: Sandy refuses it too (%s)\nstderr:\n%s", r.exit, want.why, r.stderr)
				}
			}
		})
	}
}

// The examples that name files outside the working folder are refused
// without --files, before anything runs: plaintest's deliberate
// difference.
func TestSandyExamplesFilesOutside(t *testing.T) {
	for _, name := range []string{"filesystem-test.json", "multi-mcp-form-submit-log.json"} {
		t.Run(name, func(t *testing.T) {
			w := newWorkdir(t)
			args := []string{"--json"}
			for _, v := range sandyVerdicts[name].vars {
				args = append(args, "--var", v)
			}
			r := w.replay(t, append(args, scenario(t, "sandy-examples", name))...)
			if r.exit != 2 || !strings.Contains(r.stderr, "outside the files folder") {
				t.Errorf("exit %d, stderr:\n%s\nwant 2, naming the files folder", r.exit, r.stderr)
			}
			if _, err := os.Stat(w.path("calls.jsonl")); err == nil {
				t.Errorf("a server was called before the refusal")
			}
		})
	}
}
