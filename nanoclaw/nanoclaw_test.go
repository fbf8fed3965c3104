package nanoclaw

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/step"
)

// clock is a fake time that moves 10 ms at every reading.
func clock() func() time.Time {
	t := time.Date(2026, 2, 24, 17, 0, 0, 0, time.UTC)
	return func() time.Time { t = t.Add(10 * time.Millisecond); return t }
}

// TestRecorderAndBuild: every call the compile's observer kept is in the
// bundle in order, as a tool_call then its tool_result, or an error step
// when it failed (a tool failure and a transport failure), with its
// times; a model's answers too; the secret's value is nowhere; a check
// repeated after it failed counts as a retry; and the bundle validates.
// (parser's observer test holds the records to what the compiler sees.)
func TestRecorderAndBuild(t *testing.T) {
	now := clock()
	rec := &Recorder{}
	add := func(r step.Record) {
		r.Start, r.End = now(), now()
		rec.Observe(r)
	}
	noMatch := `locator.evaluate: Timeout 5000ms exceeded. waiting for locator("x") does not match any elements`
	add(step.Record{Tool: "browser_type", Args: map[string]any{"target": "#pw", "text": "s3cret"},
		Result: &step.Result{Text: "### Ran Playwright code\nawait page.fill('s3cret')", Sections: map[string]string{"code": "await page.fill('s3cret')"}}})
	add(step.Record{Tool: "browser_evaluate", Args: map[string]any{"function": "() => 1"}, Result: &step.Result{Sections: map[string]string{}},
		Failure: step.FailNoMatch, Retryable: true, Message: noMatch})
	add(step.Record{Tool: "browser_evaluate", Args: map[string]any{"function": "() => 1"}, Result: &step.Result{Sections: map[string]string{}},
		Failure: step.FailNoMatch, Retryable: true, Message: noMatch})
	add(step.Record{Tool: "browser_snapshot", Args: map[string]any{},
		Result: &step.Result{Sections: map[string]string{"snapshot": strings.Repeat("- button \"Go\"\n", 200), "page_url": "http://shop.test/"}}})
	add(step.Record{Tool: step.ModelTool, Args: map[string]any{"model": "m"}, Action: "press Go",
		Model: &step.ModelAnswer{Model: "m", Answer: "click", Element: `button "Go"`, PromptTokens: 100, CompletionTokens: 5, Requests: 2}})
	add(step.Record{Tool: step.ModelTool, Args: map[string]any{"model": "m"}, Action: "press Go", Model: &step.ModelAnswer{Model: "m"}})
	add(step.Record{Tool: "browser_close", Args: map[string]any{}, Failure: step.FailUnavailable, Retryable: true, Message: "server unavailable: server gone"})

	res := &step.Compiled{Name: "pw", Actions: []string{"type {{PW}} into Password"}, Status: "partial",
		Steps:    []step.Action{{Index: 0, Action: "open http://shop.test"}, {Index: 1, Action: "type {{PW}} into Password", Element: `textbox "Password"`}},
		Stop:     &step.Stop{Index: 1, Message: "boom"},
		Duration: 1234567 * time.Microsecond, Model: step.Usage{PromptTokens: 100, CompletionTokens: 5, Requests: 3}}
	b := Build(res, rec.Calls(), &Options{Secrets: map[string]string{"PW": "s3cret"}, Steps: 2})
	data, err := b.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "s3cret") {
		t.Errorf("the secret's value is in the bundle:\n%s", data)
	}
	if ps := Validate(data); len(ps) > 0 {
		t.Errorf("the bundle does not validate: %v\n%s", ps, data)
	}
	var kinds []string
	for _, s := range b.Script {
		kinds = append(kinds, s.Type+":"+s.Tool+":"+s.CallID+":"+s.ErrorType)
	}
	want := []string{
		"tool_call:browser_type:call-1:", "tool_result:browser_type:call-1:",
		"tool_call:browser_evaluate:call-2:", "error:browser_evaluate:call-2:no_match",
		"tool_call:browser_evaluate:call-3:", "error:browser_evaluate:call-3:no_match",
		"tool_call:browser_snapshot:call-4:", "tool_result:browser_snapshot:call-4:",
		"tool_call:intermediate_step:call-5:", "tool_result:intermediate_step:call-5:",
		"tool_call:intermediate_step:call-6:", "error:intermediate_step:call-6:model_error",
		"tool_call:browser_close:call-7:", "error:browser_close:call-7:unavailable",
		"final_output:::",
	}
	if !slices.Equal(kinds, want) {
		t.Errorf("script =\n%s\nwant\n%s", strings.Join(kinds, "\n"), strings.Join(want, "\n"))
	}
	if got := b.Script[0].TS; got != "2026-02-24T17:00:00.010Z" {
		t.Errorf("first call at %s, want the record's start", got)
	}
	if got := b.Script[1].TS; got != "2026-02-24T17:00:00.020Z" {
		t.Errorf("first result at %s", got)
	}
	if b.Metrics.TimingMS != 1234 || b.Metrics.RetryCount != 2 || b.Metrics.TokenUsage == nil || b.Metrics.TokenUsage.TotalTokens != 105 {
		t.Errorf("metrics = %+v (token usage %+v), want 1234 ms, 2 retries (a repeated check, a re-asked model), 105 tokens", b.Metrics, b.Metrics.TokenUsage)
	}
	snap := b.Script[7].Result.(map[string]any)["snapshot"].(string)
	if !strings.HasSuffix(snap, "[trimmed: 1000 of 2800 characters kept]") {
		t.Errorf("the snapshot is not trimmed: ...%s", snap[len(snap)-60:])
	}
	if b.Status != "partial" || !strings.Contains(b.FinalOutput.Content, `compile stopped at action 1 of 1 ("type {{PW}} into Password"): boom`) {
		t.Errorf("status %s, final output %q", b.Status, b.FinalOutput.Content)
	}
	if b.Script[0].Args.(map[string]any)["text"] != "{{PW}}" {
		t.Errorf("typed text recorded as %v, want {{PW}}", b.Script[0].Args)
	}
}

// TestBuildNoModel: without a model, token_usage is null, and a run with
// no retries says 0.
func TestBuildNoModel(t *testing.T) {
	now := clock()
	calls := []step.Record{{Tool: "browser_navigate", Args: map[string]any{"url": "http://x/"}, Start: now(), End: now(),
		Result: &step.Result{Sections: map[string]string{"page_url": "http://x/"}}}}
	b := Build(&step.Compiled{Name: "x", Complete: true, Status: "success", Steps: []step.Action{{Action: "open http://x/"}}}, calls, nil)
	data, _ := b.Marshal()
	if !strings.Contains(string(data), `"token_usage": null`) || !strings.Contains(string(data), `"retry_count": 0`) {
		t.Errorf("metrics:\n%s", data)
	}
	if ps := Validate(data); len(ps) > 0 {
		t.Errorf("problems: %v", ps)
	}
}

const goodBundle = `{
  "schema_version": "0.1",
  "adapter": "nanoclaw-replay",
  "scenario": {"group_id": "g", "trigger": "user_message"},
  "input_messages": [{"role": "user", "content": "hi"}],
  "script": [
    {"type": "tool_call", "tool": "web_search", "call_id": "call-1", "args": {"q": "x"}, "ts": "2026-02-24T17:00:00.500Z"},
    {"type": "tool_result", "tool": "web_search", "call_id": "call-1", "success": true, "result": {}, "ts": "2026-02-24T17:00:00.700Z"},
    {"type": "final_output", "content": "done"}
  ],
  "final_output": {"role": "assistant", "content": "done"},
  "status": "success",
  "metrics": {"timing_ms_total": 1200, "retry_count": 0, "token_usage": null}
}`

// TestValidateRejectsBrokenBundles: each hand-broken bundle is refused with
// the problem at its path; the good one passes.
func TestValidateRejectsBrokenBundles(t *testing.T) {
	if ps := Validate([]byte(goodBundle)); len(ps) > 0 {
		t.Fatalf("the good bundle has problems: %v", ps)
	}
	for _, tc := range []struct {
		name, from, to string
		want           []string
	}{
		{"result before its call",
			`{"type": "tool_call", "tool": "web_search", "call_id": "call-1", "args": {"q": "x"}, "ts": "2026-02-24T17:00:00.500Z"},
    {"type": "tool_result", "tool": "web_search", "call_id": "call-1", "success": true, "result": {}, "ts": "2026-02-24T17:00:00.700Z"},`,
			`{"type": "tool_result", "tool": "web_search", "call_id": "call-1", "success": true, "result": {}, "ts": "2026-02-24T17:00:00.400Z"},
    {"type": "tool_call", "tool": "web_search", "call_id": "call-1", "args": {"q": "x"}, "ts": "2026-02-24T17:00:00.500Z"},`,
			[]string{`script[0].call_id: tool_result for call_id "call-1", which no earlier tool_call has`}},
		{"missing final output on success", `"final_output": {"role": "assistant", "content": "done"},`, ``,
			nil},
		{"missing schema version", `"schema_version": "0.1",`, ``, []string{"schema_version: missing: want a string"}},
		{"scheduler without context", `"trigger": "user_message"`, `"trigger": "scheduler"`,
			[]string{"scenario.scheduler_context: missing: trigger scheduler needs a scheduler_context"}},
		{"unknown trigger", `"trigger": "user_message"`, `"trigger": "cron"`,
			[]string{`scenario.trigger: unknown value "cron" (want user_message, scheduler)`}},
		{"fractional timing", `"timing_ms_total": 1200`, `"timing_ms_total": 1200.5`,
			[]string{"metrics.timing_ms_total: want an integer, got 1200.5"}},
		{"duplicate call id and wrong tool",
			`{"type": "final_output", "content": "done"}`,
			`{"type": "tool_call", "tool": "web_fetch", "call_id": "call-1", "args": {}},
    {"type": "error", "scope": "tool", "tool": "web_fetch", "call_id": "call-9", "error_type": "timeout", "message": "x"},
    {"type": "final_output", "content": "done"}`,
			[]string{`script[2].call_id: "call-1" is the call_id of script[0] too: call_ids must be unique`,
				"script[3].retryable: missing: want true or false",
				`script[3].call_id: error for call_id "call-9", which no earlier tool_call has`}},
		{"time going back", `"ts": "2026-02-24T17:00:00.700Z"`, `"ts": "2026-02-24T16:00:00.700Z"`,
			[]string{"script[1].ts: 2026-02-24T16:00:00.700Z is before 2026-02-24T17:00:00.5Z of script[0]: the steps are not in the order they happened"}},
		{"unknown step and status", `"status": "success"`, `"status": "done"`,
			[]string{`status: unknown value "done" (want success, partial, failed, blocked)`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := strings.Replace(goodBundle, tc.from, tc.to, 1)
			if bad == goodBundle {
				t.Fatal("the test's replacement did not apply")
			}
			if tc.name == "missing final output on success" {
				bad = strings.Replace(bad, `{"type": "final_output", "content": "done"}`, `{"type": "message_received"}`, 1)
				tc.want = []string{"final_output.content: missing: status success needs the final output"}
			}
			var got []string
			for _, p := range Validate([]byte(bad)) {
				got = append(got, p.String())
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("problems =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestValidateMalformed(t *testing.T) {
	ps := Validate([]byte("{\n  \"schema_version\": \"0.1\",\n  \"script\": [,]\n}"))
	if len(ps) != 1 || !strings.Contains(ps[0].Msg, "malformed JSON at line 3") {
		t.Errorf("problems = %v", ps)
	}
}

func TestLooks(t *testing.T) {
	if !Looks([]byte(goodBundle)) || Looks([]byte(`{"version": "2.1", "steps": []}`)) || Looks([]byte(`[`)) {
		t.Error("Looks does not tell a bundle from a scenario")
	}
}

func FuzzValidate(f *testing.F) {
	f.Add([]byte(goodBundle))
	f.Add([]byte(`{"script": [{"type": "tool_result", "call_id": 3}], "metrics": {"timing_ms_total": -1}}`))
	f.Add([]byte(`[1, "x", null]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps := Validate(data)
		var v any
		if json.Unmarshal(data, &v) != nil && len(ps) == 0 {
			t.Errorf("malformed JSON passed: %q", data)
		}
		for _, p := range ps {
			if p.Msg == "" {
				t.Errorf("a problem with no message at %q", p.Path)
			}
		}
	})
}
