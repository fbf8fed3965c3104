package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/nanoclaw"
)

// TestCompileBundleCountsEveryCall: the bundle of a compile carries every
// call the compile made, in order, as the MCP server's own log has them
// (snapshots too; the hover that fails as an error step, the screenshot of
// its evidence after it; the calls of tools the fake does not have, which
// it refuses before its log, as errors of type rejected), and passes the
// bundle rules; the secret's value is nowhere in it.
func TestCompileBundleCountsEveryCall(t *testing.T) {
	calls := filepath.Join(t.TempDir(), "calls.log")
	out := filepath.Join(t.TempDir(), "login.json")
	code, stdout, stderr := runCLI(t, "compile", "type s3cret into Username then hover over Log in", "--url", "http://shop.test/login",
		"--config", fakeConfig(t, fakeLogEnv+"="+calls), "-o", out, "--format", "nanoclaw,chungoid", "--secret", "TOKEN=s3cret", "--evidence", t.TempDir())
	if code != exitFailed {
		t.Fatalf("exit %d, want 1 (the hover fails)\n%s\n%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(exportPath(out, formatNanoClaw))
	if err != nil {
		t.Fatal(err)
	}
	if ps := nanoclaw.Validate(data); len(ps) > 0 {
		t.Errorf("the bundle does not validate: %v", ps)
	}
	if strings.Contains(string(data), "s3cret") {
		t.Error("the secret's value is in the bundle")
	}
	var b nanoclaw.Bundle
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	var got []string
	errs, rejected := 0, map[string]bool{}
	for _, s := range b.Script {
		if s.Type == "error" {
			errs++
			rejected[s.CallID] = s.ErrorType == nanoclaw.ErrRejected
		}
	}
	for _, s := range b.Script {
		if s.Type == "tool_call" && !rejected[s.CallID] {
			got = append(got, s.Tool)
		}
	}
	log, _ := os.ReadFile(calls)
	want := slices.DeleteFunc(strings.Fields(string(log)), func(s string) bool { return s == "start" })
	if !slices.Equal(got, want) {
		t.Errorf("bundle calls\n%v\nserver log\n%v", got, want)
	}
	if !slices.Contains(want, "browser_hover") || errs < 3 || len(rejected) < 2 || b.Status != "partial" {
		t.Errorf("status %s with %d errors; the log: %v", b.Status, errs, want)
	}
	if _, err := os.Stat(exportPath(out, formatChungoid)); err == nil {
		t.Error("a partial compile wrote a flow")
	}
	if !strings.Contains(stdout, "wrote "+exportPath(out, formatNanoClaw)+" (NanoClaw replay bundle)") {
		t.Errorf("stdout does not name the bundle:\n%s", stdout)
	}
}

// TestExportCommand: export writes the flow and the spec of a scenario
// file, refuses nanoclaw, and names every step that has no spec form.
func TestExportCommand(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile(filepath.Join("testdata", "export", "mug.json"))
	sc := filepath.Join(dir, "mug.json")
	os.WriteFile(sc, src, 0o644)
	code, stdout, stderr := runCLI(t, "export", "--format", "all", sc)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, f := range []string{formatChungoid, formatPlaywright} {
		got, err := os.ReadFile(exportPath(sc, f))
		want, _ := os.ReadFile(filepath.Join("testdata", "export", "mug"+strings.TrimPrefix(exportPath("x.json", f), "x")))
		if err != nil || f == formatChungoid && string(got) != string(want) {
			t.Errorf("%s: %v\n%s", f, err, got)
		}
	}
	spec, _ := os.ReadFile(exportPath(sc, formatPlaywright))
	if !strings.Contains(string(spec), `page.getByTestId("cart-link").getByText(says("1 item")),`) {
		t.Errorf("the spec recovered from the file lacks the cart check:\n%s", spec)
	}
	code, _, stderr = runCLI(t, "export", "--format", "nanoclaw", sc)
	if code != exitInput || !strings.Contains(stderr, "use plaintest compile --format nanoclaw") {
		t.Errorf("nanoclaw: exit %d\n%s", code, stderr)
	}
	// A check is read from its record, never from its description: a
	// record of no kind, or none, is named with its step.
	for _, tt := range []struct{ from, to, want string }{
		{`"kind": "text",
        "element": "link \"Cart 1 item\"",`, `"kind": "texts",
        "element": "link \"Cart 1 item\"",`, `steps[6] (step 7): check.kind: "texts" is no kind of check (text, gone,`},
		{`"check": {
        "kind": "text",
        "element": "link \"Cart 1 item\"",`, `"unchecked": {
        "kind": "text",
        "element": "link \"Cart 1 item\"",`, `steps[6] (step 7): the check carries no record of what it reads: compile the scenario again to record it`},
	} {
		if !strings.Contains(string(src), tt.from) {
			t.Fatalf("mug.json lacks %s", tt.from)
		}
		os.WriteFile(sc, []byte(strings.Replace(string(src), tt.from, tt.to, 1)), 0o644)
		code, _, stderr = runCLI(t, "export", "--format", "playwright", "-o", filepath.Join(dir, "x.spec.ts"), sc)
		if code != exitInput || !strings.Contains(stderr, tt.want) {
			t.Errorf("exit %d, want 2 and %q:\n%s", code, tt.want, stderr)
		}
	}
}

// TestValidateBundleAndFlow: validate tells a bundle and a flow from a
// scenario and reports their problems with paths and lines.
func TestValidateBundleAndFlow(t *testing.T) {
	dir := t.TempDir()
	bundle := filepath.Join(dir, "mug.replay.json")
	os.WriteFile(bundle, []byte(`{"schema_version": "0.1", "scenario": {"group_id": "g", "trigger": "user_message"}, "input_messages": [],
 "script": [{"type": "tool_result", "tool": "t", "call_id": "c1", "success": true, "result": {}}],
 "status": "success", "metrics": {"timing_ms_total": 5}}`), 0o644)
	flow := filepath.Join(dir, "mug.flow.yaml")
	os.WriteFile(flow, []byte("start_stage: a\nstages:\n  a:\n    agent_id: x\n    next: b\n  open login:\n    agent_id: y\n"), 0o644)
	code, stdout, _ := runCLI(t, "validate", bundle, flow)
	for _, want := range []string{
		bundle + `: script[0].call_id: tool_result for call_id "c1", which no earlier tool_call has`,
		bundle + ": final_output.content: missing: status success needs the final output",
		flow + `: stages.a.next: no stage "b" (stages: a, open login)`,
		"  --> " + flow + ":5:11",
		flow + `: stages["open login"]: stage name "open login" does not match`,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if code != exitInput {
		t.Errorf("exit %d, want 2", code)
	}
}
