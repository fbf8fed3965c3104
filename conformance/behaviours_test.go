package conformance

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

// Each behaviour that Sandy's player and its tests pin down, in one small
// scenario replayed by the plaintest binary. The comment on each case says
// what Sandy's code does; where plaintest differs on purpose, the case pins
// plaintest's behaviour and the "Differences from Sandy's player" of docs/replay.md
// gives the reason.
func TestBehaviours(t *testing.T) {
	tests := []struct {
		name     string
		file     string
		args     []string
		wantExit int
		check    func(t *testing.T, w *workdir, r run, res map[string]any)
	}{
		// 1. Waits. Sandy's examples write sandy__wait {seconds}; a v1.1
		// wait step writes {duration}.
		{"wait with seconds, and with nothing", "wait-seconds.json", nil, 0, func(t *testing.T, w *workdir, r run, res map[string]any) {
			if r.took < 300*time.Millisecond {
				t.Errorf("took %v: sandy__wait {seconds: 0.3} did not wait", r.took)
			}
		}},
		{"v1.1 wait with duration", "v11-wait-duration.json", nil, 0, func(t *testing.T, w *workdir, r run, res map[string]any) {
			if got := stepField(res, 0, "tool"); got != "sandy__wait" {
				t.Errorf("step 1 tool = %v, want sandy__wait", got)
			}
		}},
		// 2. Sandy: success = no failed step and every step passed, so a
		// failure tolerated by skip (or a retry that ran out) fails the
		// run; failed_step stays null.
		{"skip tolerates a failure, the run fails", "skip-fails-run.json", nil, 1, func(t *testing.T, w *workdir, r run, res map[string]any) {
			wantRun(t, res, false, nil)
			if got := tools(w.calls(t)); !reflect.DeepEqual(got, []string{"api/fail", "api/ok"}) {
				t.Errorf("calls %v: want the run to go on after the failure", got)
			}
			if stepField(res, 0, "success") != false || stepField(res, 1, "success") != true {
				t.Errorf("step_results %v", res["step_results"])
			}
		}},
		{"retry runs out, the run fails", "retry-runs-out.json", nil, 1, func(t *testing.T, w *workdir, r run, res map[string]any) {
			wantRun(t, res, false, nil)
			if got := tools(w.calls(t)); !reflect.DeepEqual(got, []string{"api/fail", "api/fail", "api/ok"}) {
				t.Errorf("calls %v: want 2 attempts, then the next step", got)
			}
		}},
		// 3. Sandy stores None for a path that matches nothing; a missing
		// reference reads as "" in a condition; one operand is a
		// non-empty test.
		{"output matching nothing is null", "output-null.json", nil, 0, func(t *testing.T, w *workdir, r run, res map[string]any) {
			outs, _ := res["outputs"].(map[string]any)
			s, _ := outs["s"].(map[string]any)
			if v, ok := s["missing"]; !ok || v != nil || s["id"] != 5.0 {
				t.Errorf("outputs = %v, want s.missing null and s.id 5", outs)
			}
			cs := w.calls(t)
			if len(cs) != 2 || cs[1].Args["text"] != "[] 5" {
				t.Errorf("calls %v: want step 2 sent \"[] 5\"", cs)
			}
		}},
		{"guard skips when data is missing", "guard.json", nil, 0, func(t *testing.T, w *workdir, r run, res map[string]any) {
			if stepField(res, 1, "skipped") != true || len(w.calls(t)) != 2 {
				t.Errorf("step 2 skipped %v, %d calls: want step 2 skipped, steps 1 and 3 called", stepField(res, 1, "skipped"), len(w.calls(t)))
			}
		}},
		{"guard skips after a tolerated failure", "guard-after-skip.json", nil, 1, func(t *testing.T, w *workdir, r run, res map[string]any) {
			if stepField(res, 1, "skipped") != true {
				t.Errorf("step 2 = %v, want skipped (not failed)", stepAt(res, 1))
			}
			if got := tools(w.calls(t)); !reflect.DeepEqual(got, []string{"api/fail", "api/ok"}) {
				t.Errorf("calls %v", got)
			}
		}},
		{"one-operand condition", "bare-condition.json", nil, 0, func(t *testing.T, w *workdir, r run, res map[string]any) {
			if stepField(res, 1, "skipped") != false || stepField(res, 2, "skipped") != true {
				t.Errorf("steps %v: want step 2 run (id not empty), step 3 skipped (null)", res["step_results"])
			}
		}},
		// 4. retry.condition: only errors containing it are retried;
		// others stop at once.
		{"retry.condition excludes other errors", "retry-condition-other.json", nil, 1, func(t *testing.T, w *workdir, r run, res map[string]any) {
			wantRun(t, res, false, 1.0)
			if got := tools(w.calls(t)); !reflect.DeepEqual(got, []string{"api/conflict"}) {
				t.Errorf("calls %v: want one call and no retry of a 409", got)
			}
		}},
		{"retry.condition retries matching errors", "retry-condition-match.json", nil, 0, func(t *testing.T, w *workdir, r run, res map[string]any) {
			if n := len(w.calls(t)); n != 3 {
				t.Errorf("%d calls, want 3", n)
			}
		}},
		// 5. Browser built-ins: chrome-devtools' evaluate_script by
		// default, mcp_server honoured, a failed evaluation is "not yet".
		{"wait_for_element on chrome-devtools", "wait-devtools.json", nil, 0, func(t *testing.T, w *workdir, r run, res map[string]any) {
			got := tools(w.calls(t))
			want := []string{"chrome-devtools/navigate_page", "chrome-devtools/evaluate_script", "chrome-devtools/evaluate_script", "chrome-devtools/evaluate_script"}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("calls %v, want %v (false, an error, then true)", got, want)
			}
			if outs := res["outputs"].(map[string]any); outs["w"].(map[string]any)["found"] != true {
				t.Errorf("outputs %v, want w.found true", outs)
			}
		}},
		{"wait_until honours mcp_server", "wait-mcp-server.json", nil, 0, func(t *testing.T, w *workdir, r run, res map[string]any) {
			got := tools(w.calls(t))
			if len(got) != 3 || got[0] != "browser2/browser_evaluate" {
				t.Errorf("calls %v, want 3 browser_evaluate calls on browser2", got)
			}
		}},
		// 6. sandy__log prints without -v; Sandy's flags are accepted.
		{"sandy__log prints", "log.json", []string{}, 0, func(t *testing.T, w *workdir, r run, res map[string]any) {
			if !strings.Contains(r.stderr, "[LOG] hello from the scenario") {
				t.Errorf("stderr (the console under --json):\n%s\nwant the logged message", r.stderr)
			}
		}},
		{"Sandy's flags", "skip-fails-run.json", []string{"-o", "result.json", "--include-results", "on_failure",
			"--verbose", "--debug", "--screenshot-on-failure", "--screenshot-dir", "shots"}, 1, func(t *testing.T, w *workdir, r run, res map[string]any) {
			b, err := os.ReadFile(w.path("result.json"))
			if err != nil || strings.TrimSpace(string(b)) != strings.TrimSpace(r.stdout) {
				t.Errorf("-o result.json = %q (%v), want the --json document", b, err)
			}
			if got := stepField(res, 0, "result"); got == nil || !strings.Contains(got.(string), "boom") {
				t.Errorf("failed step's result = %v, want the tool's error text (on_failure)", got)
			}
			if got := stepField(res, 1, "result"); got != nil {
				t.Errorf("passed step's result = %v, want null (on_failure)", got)
			}
		}},
		{"--resume-from", "wait-seconds.json", []string{"--resume-from", "3"}, 0, func(t *testing.T, w *workdir, r run, res map[string]any) {
			if steps := res["step_results"].([]any); len(steps) != 1 || stepField(res, 0, "step") != 3.0 {
				t.Errorf("step_results %v, want step 3 only", steps)
			}
		}},
		// 7. Smaller differences.
		{"tool and action: the tool wins", "tool-and-action.json", nil, 0, func(t *testing.T, w *workdir, r run, res map[string]any) {
			if got := tools(w.calls(t)); !reflect.DeepEqual(got, []string{"api/ok"}) {
				t.Errorf("calls %v", got)
			}
		}},
		{"unknown server under on_error skip", "unknown-server-skip.json", nil, 1, func(t *testing.T, w *workdir, r run, res map[string]any) {
			if got := tools(w.calls(t)); !reflect.DeepEqual(got, []string{"api/ok", "api/ok"}) {
				t.Errorf("calls %v: want steps 1 and 3", got)
			}
			if e, _ := stepField(res, 1, "error").(string); !strings.Contains(e, "nosuch") {
				t.Errorf("step 2 error %q, want it to name the server", e)
			}
		}},
		{"unknown server stops at its step", "unknown-server-stop.json", nil, 2, func(t *testing.T, w *workdir, r run, res map[string]any) {
			if got := tools(w.calls(t)); !reflect.DeepEqual(got, []string{"api/ok"}) {
				t.Errorf("calls %v: want step 1 run, then the stop", got)
			}
		}},
		// Sandy's player reaches the Chrome bridge with no config entry;
		// plaintest only with --allow-chrome-bridge (TestChromeBridgeNeedsConsent).
		{"claude-in-chrome without a config entry", "claude-in-chrome.json", []string{"--allow-chrome-bridge"}, 0, nil},
		{"append_file CSV flattens", "append-csv.json", []string{"--files", "out"}, 0, func(t *testing.T, w *workdir, r run, res map[string]any) {
			b, err := os.ReadFile(w.path("out", "users.csv"))
			if want := "tags,user_age,user_name\n\"[\"\"a\"\",\"\"b\"\"]\",30,John\n"; err != nil || string(b) != want {
				t.Errorf("users.csv = %q (%v), want %q", b, err, want)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := newWorkdir(t)
			args := append([]string{"--json"}, tt.args...)
			r := w.replay(t, append(args, scenario(t, "behaviours", tt.file))...)
			if r.exit != tt.wantExit {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.exit, tt.wantExit, r.stdout, r.stderr)
			}
			res := result(t, r)
			if tt.wantExit == 0 {
				wantRun(t, res, true, nil)
			}
			if tt.check != nil {
				tt.check(t, w, r, res)
			}
		})
	}
}

// wantRun checks Sandy's success and failed_step at the top of --json.
func wantRun(t *testing.T, res map[string]any, success bool, failedStep any) {
	t.Helper()
	if res["success"] != success || res["failed_step"] != failedStep {
		t.Errorf("success %v, failed_step %v; want %v, %v", res["success"], res["failed_step"], success, failedStep)
	}
	for _, key := range []string{"scenario_name", "total_steps", "passed_steps", "duration", "step_results", "completed_steps", "outputs", "context", "error"} {
		if _, ok := res[key]; !ok {
			t.Errorf("--json has no %q (Sandy's field)", key)
		}
	}
}

func stepAt(res map[string]any, i int) map[string]any {
	steps, _ := res["step_results"].([]any)
	if i >= len(steps) {
		return nil
	}
	m, _ := steps[i].(map[string]any)
	return m
}

func stepField(res map[string]any, i int, key string) any {
	return stepAt(res, i)[key]
}

// The differences of docs/replay.md that keep the user's machine theirs:
// the Chrome bridge reaches the user's own browser, so a scenario that
// calls claude-in-chrome is refused before step 1 without
// --allow-chrome-bridge (exit 2, naming the step and the flag); the
// working directory's .sandy/config.json is read only with --trust-config
// (or named with --config), and stderr says it was passed over.
func TestChromeBridgeNeedsConsent(t *testing.T) {
	w := newWorkdir(t)
	r := w.replay(t, "--json", scenario(t, "behaviours", "claude-in-chrome.json"))
	if r.exit != 2 || !strings.Contains(r.stderr, "steps[0].tool: mcp__claude-in-chrome__navigate drives your own Chrome") || !strings.Contains(r.stderr, "--allow-chrome-bridge") {
		t.Errorf("exit %d, stderr:\n%s\nwant 2, naming steps[0].tool and --allow-chrome-bridge", r.exit, r.stderr)
	}
}

func TestWorkdirConfigNeedsTrust(t *testing.T) {
	w := newWorkdir(t)
	w.untrusted = true
	r := w.replay(t, "--json", scenario(t, "behaviours", "tool-and-action.json"))
	if r.exit != 2 || !strings.Contains(r.stderr, ".sandy/config.json (the working directory) not read") || !strings.Contains(r.stderr, "--trust-config") {
		t.Errorf("exit %d, stderr:\n%s\nwant 2 (no server api), saying the config was not read and how to read it", r.exit, r.stderr)
	}
	if calls := w.calls(t); len(calls) != 0 {
		t.Errorf("calls %v: want none", tools(calls))
	}
	r = w.replay(t, "--json", "--config", w.path(".sandy", "config.json"), scenario(t, "behaviours", "tool-and-action.json"))
	if r.exit != 0 || !strings.Contains(r.stderr, "(--config)") {
		t.Errorf("--config: exit %d, stderr:\n%s\nwant 0, saying which config was read", r.exit, r.stderr)
	}
}
