package replay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/internal/testenv"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

func statuses(res *report.RunResult) []string {
	var out []string
	for _, s := range res.Steps {
		out = append(out, s.Status)
	}
	return out
}

func TestStepsRunInOrderWithSubstitutedParams(t *testing.T) {
	f := &fake{}
	src := scenario(`{"BASE":"http://shop","PORT":8080,"USER":{"name":"demo"}}`, `[
		{"step":1,"tool":"mcp__a__echo","params":{"url":"{{BASE}}/login","port":"{{PORT}}","user":"{{USER}}","text":"as {{USER}} on {{PORT}}"}},
		{"step":2,"tool":"mcp__b__echo","params":{"n":2}},
		{"step":5,"tool":"mcp__a__echo","params":{}}]`)
	fs, res, err := play(t, f, &Options{Vars: []map[string]string{{"BASE": "http://env"}, {"BASE": "http://flag"}}}, src)
	if err != nil || !res.Success {
		t.Fatalf("Run: success %v, err %v, error %q", res.Success, err, res.Error)
	}
	calls := f.callsTo("echo")
	if len(calls) != 3 {
		t.Fatalf("got %d echo calls, want 3", len(calls))
	}
	got := calls[0].Args
	want := map[string]any{"url": "http://flag/login", "port": float64(8080), "user": map[string]any{"name": "demo"}, "text": `as {"name":"demo"} on 8080`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("first call args = %v, want %v", got, want)
	}
	if got := calls[1].Args["n"]; got != float64(2) {
		t.Errorf("second call n = %v, want 2", got)
	}
	if got, want := fs.opened, []string{"a", "b"}; !reflect.DeepEqual(got, want) {
		t.Errorf("servers opened = %v, want %v (once each, in order of first use)", got, want)
	}
	if fs.closed != 2 {
		t.Errorf("sessions closed = %d, want 2", fs.closed)
	}
	if got := []int{res.Steps[0].Step, res.Steps[1].Step, res.Steps[2].Step}; !reflect.DeepEqual(got, []int{1, 2, 5}) {
		t.Errorf("result step numbers = %v, want [1 2 5]", got)
	}
}

func TestStartEndSelectByStepNumber(t *testing.T) {
	f := &fake{}
	src := scenario("", `[
		{"step":1,"tool":"mcp__a__echo","params":{"n":1}},
		{"step":2,"tool":"mcp__a__echo","params":{"n":2}},
		{"step":4,"tool":"mcp__a__echo","params":{"n":4}},
		{"step":6,"tool":"mcp__a__echo","params":{"n":6}}]`)
	// Numbers, not positions: 2 to 5 is the steps numbered 2 and 4.
	_, res, err := play(t, f, &Options{Start: 2, End: 5}, src)
	if err != nil {
		t.Fatal(err)
	}
	var got []any
	for _, c := range f.callsTo("echo") {
		got = append(got, c.Args["n"])
	}
	if want := []any{float64(2), float64(4)}; !reflect.DeepEqual(got, want) {
		t.Errorf("ran n = %v, want %v", got, want)
	}
	if len(res.Steps) != 2 {
		t.Errorf("got %d step results, want 2", len(res.Steps))
	}

	_, _, err = play(t, &fake{}, &Options{Start: 7}, src)
	if !errors.Is(err, sandy.ErrInvalid) {
		t.Errorf("--start past the last step: err = %v, want ErrInvalid", err)
	}
}

func TestDryRunResolvesWithoutServers(t *testing.T) {
	src := scenario(`{"BASE":"http://shop","PASSWORD":""}`, `[
		{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"{{BASE}}/login"}},
		{"step":2,"tool":"mcp__playwright__browser_type","params":{"target":"#p","text":"{{PASSWORD}}"}}]`)
	var events []report.StepEvent
	p := New(nil, &Options{DryRun: true, Vars: []map[string]string{{"PASSWORD": "hunter2"}},
		Progress: func(ev report.StepEvent) { events = append(events, ev) }})
	res, err := p.Run(context.Background(), "x.json", parse(t, src))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := statuses(res), []string{"dry-run", "dry-run"}; !reflect.DeepEqual(got, want) {
		t.Errorf("statuses = %v, want %v", got, want)
	}
	if got := res.Steps[0].Params["url"]; got != "http://shop/login" {
		t.Errorf("url = %v, want http://shop/login", got)
	}
	if got := res.Steps[1].Params["text"]; got != report.Mask {
		t.Errorf("password param = %v, want it masked", got)
	}
	if len(events) != 4 || events[0].Done || !events[1].Done || events[2].Index != 2 || events[2].Total != 2 {
		t.Errorf("progress events = %+v, want start/done for [1/2] then [2/2]", events)
	}
}

func TestMissingRequiredVariable(t *testing.T) {
	src := scenario(`{"BASE":"http://shop","PASSWORD":"","TOKEN":""}`, `[{"step":1,"tool":"mcp__a__echo","params":{}}]`)
	f := &fake{}
	fs, res, err := play(t, f, &Options{Vars: []map[string]string{{"TOKEN": "t"}}}, src)
	var mv *MissingVarsError
	if !errors.As(err, &mv) || !errors.Is(err, sandy.ErrInvalid) {
		t.Fatalf("err = %v, want a *MissingVarsError wrapping sandy.ErrInvalid", err)
	}
	if !reflect.DeepEqual(mv.Names, []string{"PASSWORD"}) || !strings.Contains(err.Error(), "PASSWORD") {
		t.Errorf("err = %v (names %v), want it to name PASSWORD only", err, mv.Names)
	}
	if len(fs.opened) != 0 || len(f.tools()) != 0 || res.Success {
		t.Errorf("opened %v, calls %d, success %v: want nothing started", fs.opened, len(f.tools()), res.Success)
	}
	if err := CheckVars("x", parse(t, src), map[string]string{"PASSWORD": "p", "TOKEN": "t"}); err != nil {
		t.Errorf("CheckVars with both given: %v", err)
	}
}

func TestUndefinedVariableRefusedBeforeAnyStep(t *testing.T) {
	src := scenario(`{"BASE":"http://shop"}`, `[
		{"step":1,"tool":"mcp__a__echo","params":{"url":"{{BASE}}"}},
		{"step":2,"tool":"mcp__a__echo","params":{"n":2}},
		{"step":3,"tool":"mcp__a__echo","params":{"x":"{{NOPE}}"}},
		{"step":4,"tool":"mcp__a__echo","params":{},"condition":"{{MODE}} == ci"}]`)
	for name, opts := range map[string]*Options{
		"whole run": nil,
		// A step left out by --start/--end cannot smuggle one in either.
		"steps not selected": {Start: 1, End: 2},
		"dry run":            {DryRun: true},
	} {
		t.Run(name, func(t *testing.T) {
			f := &fake{}
			fs, res, err := play(t, f, opts, src)
			var ve *sandy.ValidationError
			if !errors.As(err, &ve) || !errors.Is(err, sandy.ErrInvalid) {
				t.Fatalf("err = %v, want a *sandy.ValidationError", err)
			}
			want := []string{
				`test.json: steps[2].params.x: {{NOPE}} is not defined: declare it in "variables" ("" makes it required) or pass --var NOPE=... / --env FILE`,
				`test.json: steps[3].condition: {{MODE}} is not defined: declare it in "variables" ("" makes it required) or pass --var MODE=... / --env FILE`,
			}
			if got := strings.Split(err.Error(), "\n"); !reflect.DeepEqual(got, want) {
				t.Errorf("error:\n got %q\nwant %q", got, want)
			}
			if len(fs.opened) != 0 || len(f.tools()) != 0 || len(res.Steps) != 0 || res.Success {
				t.Errorf("opened %v, calls %d, steps %d, success %v: want nothing started", fs.opened, len(f.tools()), len(res.Steps), res.Success)
			}
		})
	}

	// Defined by a layer: the run goes ahead.
	f := &fake{}
	_, res, err := play(t, f, &Options{Vars: []map[string]string{{"NOPE": "x"}, {"MODE": "ci"}}}, src)
	if err != nil || !res.Success || len(f.callsTo("echo")) != 4 {
		t.Errorf("with NOPE and MODE given: err %v, success %v, %d calls; want 4 calls", err, res.Success, len(f.callsTo("echo")))
	}
}

func TestCheckVarsListsUndefinedAndMissingAtOnce(t *testing.T) {
	sc := parse(t, scenario(`{"PASSWORD":""}`, `[{"step":1,"tool":"mcp__a__echo","params":{"t":"{{PASSWORD}} {{HOST}}"}}]`))
	err := CheckVars("x.json", sc)
	var ve *sandy.ValidationError
	var mv *MissingVarsError
	if !errors.As(err, &ve) || !errors.As(err, &mv) || !errors.Is(err, sandy.ErrInvalid) {
		t.Fatalf("CheckVars = %v, want both a *sandy.ValidationError and a *MissingVarsError", err)
	}
	if len(ve.Problems) != 1 || ve.Problems[0].Path != "steps[0].params.t" || !reflect.DeepEqual(mv.Names, []string{"PASSWORD"}) {
		t.Errorf("problems %v, missing %v: want {{HOST}} at steps[0].params.t and PASSWORD", ve.Problems, mv.Names)
	}
	if err := CheckVars("x.json", sc, map[string]string{"HOST": "h"}, map[string]string{"PASSWORD": "p"}); err != nil {
		t.Errorf("CheckVars with both given: %v", err)
	}
}

func TestOutputsFeedLaterSteps(t *testing.T) {
	f := &fake{}
	src := scenario("", `[
		{"step":1,"id":"create","tool":"mcp__a__json","params":{"body":"{\"number\":42,\"items\":[{\"id\":1},{\"id\":2}],\"name\":\"Mug\"}"},
		 "output":{"n":"$.number","ids":"$.items[*].id","all":"$"}},
		{"step":2,"tool":"mcp__a__echo","params":{"n":"{{create.n}}","text":"Issue #{{create.n}}: {{create.ids}}","first":"{{create.all.items.0.id}}"}},
		{"step":3,"id":"md","tool":"mcp__a__json","params":{"body":"### Result\n\"Products · Demo Shop\"\n### Ran Playwright code\n`+"```js\\nx\\n```"+`"},"output":{"title":"$"}},
		{"step":4,"tool":"mcp__a__echo","params":{"t":"{{md.title}}"}}]`)
	_, res, err := play(t, f, nil, src)
	if err != nil || !res.Success {
		t.Fatalf("Run: err %v, result error %q", err, res.Error)
	}
	calls := f.callsTo("echo")
	got := calls[0].Args
	want := map[string]any{"n": float64(42), "text": "Issue #42: [1,2]", "first": float64(1)}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("args = %v, want %v", got, want)
	}
	if got := calls[1].Args["t"]; got != "Products · Demo Shop" {
		t.Errorf("markdown result title = %q, want %q", got, "Products · Demo Shop")
	}
	if got := res.Steps[0].Output["ids"]; !reflect.DeepEqual(got, []any{int64(1), int64(2)}) {
		t.Errorf("result output ids = %#v, want [1 2]", got)
	}
}

// An output path that matches nothing stores null, as in Sandy's player:
// the step passes, the value reads as empty in a longer string, and the
// documented guard skips a step that needs it.
func TestOutputMatchingNothingIsNull(t *testing.T) {
	f := &fake{}
	src := scenario("", `[{"step":1,"id":"s","tool":"mcp__a__json","params":{"body":"{\"a\":1}"},"output":{"b":"$.b","a":"$.a"}},
		{"step":2,"tool":"mcp__a__echo","params":{"run":"guarded"},"condition":"{{s.b}} != \"\""},
		{"step":3,"tool":"mcp__a__echo","params":{"run":"text [{{s.b}}] {{s.a}}"}}]`)
	_, res, err := play(t, f, nil, src)
	if err != nil || !res.Success {
		t.Fatalf("Run: %v %q", err, res.Error)
	}
	if got, ok := res.Steps[0].Output["b"]; !ok || got != nil {
		t.Errorf("output b = %#v (present %v), want null", got, ok)
	}
	if !res.Steps[1].Skipped {
		t.Errorf("step 2 = %+v, want skipped by its guard", res.Steps[1])
	}
	if c := f.callsTo("echo"); len(c) != 1 || c[0].Args["run"] != "text [] 1" {
		t.Errorf("echo calls %+v, want one with run = \"text [] 1\"", c)
	}
	if got := res.Outputs["s"]; !reflect.DeepEqual(got, map[string]any{"a": int64(1), "b": nil}) {
		t.Errorf("run outputs = %#v", got)
	}
}

// The guard `{{id.field}} != ""` of Sandy's docs skips a step whose source
// step failed and was tolerated (so recorded no output), instead of
// failing it; the tolerated failure still fails the run.
func TestGuardSkipsAfterToleratedFailure(t *testing.T) {
	f := &fake{}
	src := scenario("", `[{"step":1,"id":"create","tool":"mcp__a__fail","params":{"message":"boom"},"output":{"number":"$.number"},"on_error":"skip"},
		{"step":2,"tool":"mcp__a__echo","params":{"n":"{{create.number}}"},"condition":"{{create.number}} != \"\""},
		{"step":3,"tool":"mcp__a__echo","params":{"run":"after"}}]`)
	_, res, err := play(t, f, nil, src)
	if err != nil {
		t.Fatal(err)
	}
	if got := statuses(res); !reflect.DeepEqual(got, []string{"failed", "skipped", "passed"}) {
		t.Errorf("statuses %v, want failed, skipped, passed", got)
	}
	if res.Success || res.FailedStep != 0 || !strings.Contains(res.Error, "boom") {
		t.Errorf("success %v, failed step %d, error %q: want a failed run (no stopping step) naming the tolerated failure", res.Success, res.FailedStep, res.Error)
	}
}

// retry.condition: only a failure whose text contains it is retried; any
// other ends the run at once, even under on_error: retry.
func TestRetryCondition(t *testing.T) {
	t.Run("matching errors are retried", func(t *testing.T) {
		f := &fake{flakyFails: 2}
		src := scenario("", `[{"step":1,"tool":"mcp__a__flaky","params":{},"on_error":"retry","retry":{"count":3,"delay":1,"condition":"flaky failure"}}]`)
		_, res, err := play(t, f, nil, src)
		if err != nil || !res.Success || len(f.callsTo("flaky")) != 3 {
			t.Fatalf("Run: %v, success %v, %d calls; want a pass after 3 calls", err, res.Success, len(f.callsTo("flaky")))
		}
	})
	t.Run("other errors stop the run", func(t *testing.T) {
		f := &fake{flakyFails: 2}
		src := scenario("", `[{"step":1,"tool":"mcp__a__flaky","params":{},"on_error":"retry","retry":{"count":3,"delay":1,"condition":"not found"}},
			{"step":2,"tool":"mcp__a__echo","params":{}}]`)
		_, res, err := play(t, f, nil, src)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(f.callsTo("flaky")); n != 1 {
			t.Errorf("flaky called %d times, want 1 (its error does not contain the condition)", n)
		}
		if res.Success || res.FailedStep != 1 || len(f.callsTo("echo")) != 0 || !strings.Contains(res.Error, `retry.condition "not found"`) {
			t.Errorf("success %v, failed step %d, echo calls %d, error %q: want the run stopped at step 1", res.Success, res.FailedStep, len(f.callsTo("echo")), res.Error)
		}
	})
}

func TestCondition(t *testing.T) {
	f := &fake{}
	src := scenario(`{"ENV":"ci"}`, `[
		{"step":1,"id":"s","tool":"mcp__a__json","params":{"body":"{\"n\":42}"},"output":{"n":"$.n"}},
		{"step":2,"tool":"mcp__a__echo","params":{"run":"eq"},"condition":"{{s.n}} == 42"},
		{"step":3,"tool":"mcp__a__echo","params":{"run":"ne"},"condition":"{{s.n}} != 42"},
		{"step":4,"tool":"mcp__a__echo","params":{"run":"env"},"condition":"{{ENV}} == \"ci\""}]`)
	_, res, err := play(t, f, nil, src)
	if err != nil || !res.Success {
		t.Fatalf("Run: %v %q", err, res.Error)
	}
	var ran []any
	for _, c := range f.callsTo("echo") {
		ran = append(ran, c.Args["run"])
	}
	if want := []any{"eq", "env"}; !reflect.DeepEqual(ran, want) {
		t.Errorf("ran %v, want %v", ran, want)
	}
	if !res.Steps[2].Skipped || res.Steps[2].Status != report.StatusSkipped {
		t.Errorf("step 3 = %+v, want skipped", res.Steps[2])
	}
}

func TestOnError(t *testing.T) {
	tests := []struct {
		name        string
		step        string
		flakyFails  int
		wantSuccess bool
		wantStatus  []string
		wantCalls   int // calls to the failing tool
		wantRetries int
	}{
		{"stop is the default", `{"step":1,"tool":"mcp__a__fail","params":{"message":"boom"}}`, 0, false, []string{"failed"}, 1, 0},
		{"stop", `{"step":1,"tool":"mcp__a__fail","params":{"message":"boom"},"on_error":"stop"}`, 0, false, []string{"failed"}, 1, 0},
		{"skip goes on, and the run fails", `{"step":1,"tool":"mcp__a__fail","params":{"message":"boom"},"on_error":"skip"}`, 0, false, []string{"failed", "passed"}, 1, 0},
		{"retry until it passes", `{"step":1,"tool":"mcp__a__flaky","params":{},"on_error":"retry","retry":{"count":3,"delay":1}}`, 2, true, []string{"passed", "passed"}, 3, 2},
		{"retry runs out and goes on like skip", `{"step":1,"tool":"mcp__a__flaky","params":{},"on_error":"retry","retry":{"count":2,"delay":1}}`, 5, false, []string{"failed", "passed"}, 2, 1},
		{"retry defaults to 3 attempts", `{"step":1,"tool":"mcp__a__flaky","params":{},"on_error":"retry","retry":{"delay":1}}`, 5, false, []string{"failed", "passed"}, 3, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{flakyFails: tt.flakyFails}
			src := scenario("", `[`+tt.step+`,{"step":2,"tool":"mcp__a__echo","params":{}}]`)
			_, res, err := play(t, f, nil, src)
			if err != nil {
				t.Fatal(err)
			}
			if res.Success != tt.wantSuccess || !reflect.DeepEqual(statuses(res), tt.wantStatus) {
				t.Errorf("success %v, statuses %v; want %v, %v", res.Success, statuses(res), tt.wantSuccess, tt.wantStatus)
			}
			tool := strings.TrimPrefix(res.Steps[0].Tool, "mcp__a__")
			if got := len(f.callsTo(tool)); got != tt.wantCalls {
				t.Errorf("%s called %d times, want %d", tool, got, tt.wantCalls)
			}
			if got := res.Steps[0].Retries; got != tt.wantRetries {
				t.Errorf("retries = %d, want %d", got, tt.wantRetries)
			}
			went := len(res.Steps) == 2
			switch {
			case went && res.Steps[0].Status == report.StatusFailed:
				// As in Sandy's player: the run goes on but does not pass.
				if !res.Steps[0].Tolerated || res.FailedStep != 0 || !strings.Contains(res.Error, "the run went on") {
					t.Errorf("tolerated %v, failed step %d, error %q: want a tolerated failure that fails the run", res.Steps[0].Tolerated, res.FailedStep, res.Error)
				}
			case !tt.wantSuccess:
				if res.FailedStep != 1 || res.Failed() == nil || !strings.Contains(res.Error, "boom") {
					t.Errorf("failed step %d, error %q: want step 1 named with the server's text", res.FailedStep, res.Error)
				}
			}
		})
	}
}

func TestRetryDelayAndBackoff(t *testing.T) {
	f := &fake{flakyFails: 2}
	src := scenario("", `[{"step":1,"tool":"mcp__a__flaky","params":{},"on_error":"retry","retry":{"count":3,"delay":40,"backoff":2}}]`)
	_, res, err := play(t, f, nil, src)
	if err != nil || !res.Success {
		t.Fatalf("Run: %v %q", err, res.Error)
	}
	c := f.callsTo("flaky")
	if len(c) != 3 {
		t.Fatalf("got %d calls, want 3", len(c))
	}
	if gap := c[1].At.Sub(c[0].At); gap < 40*time.Millisecond {
		t.Errorf("first retry after %v, want >= 40ms", gap)
	}
	if gap := c[2].At.Sub(c[1].At); gap < 80*time.Millisecond {
		t.Errorf("second retry after %v, want >= 80ms (backoff 2)", gap)
	}
}

func TestLateTargetIsWaitedFor(t *testing.T) {
	f := &fake{lateAfter: 300 * time.Millisecond}
	src := scenario("", `[{"step":1,"tool":"mcp__playwright__late_click","params":{"target":"internal:role=button[name=\"Claim discount\"s]"}}]`)
	_, res, err := play(t, f, &Options{Timeout: 5 * time.Second, Poll: 20 * time.Millisecond}, src)
	if err != nil || !res.Success {
		t.Fatalf("Run: %v %q", err, res.Error)
	}
	if n := len(f.callsTo("late_click")); n < 2 || res.Steps[0].Retries != n-1 {
		t.Errorf("%d calls, %d retries: want several calls, retries = calls-1", n, res.Steps[0].Retries)
	}
}

// A tab the last click opens is listed a moment after the click returns:
// selecting it waits for it, and a tab that never opens fails in bounded
// time, saying so.
func TestLateTabIsWaitedFor(t *testing.T) {
	step := `[{"step":1,"tool":"mcp__playwright__browser_tabs","params":{"action":"select","index":1}}]`
	f := &fake{lateAfter: 300 * time.Millisecond}
	_, res, err := play(t, f, &Options{Timeout: 5 * time.Second, Poll: 20 * time.Millisecond}, scenario("", step))
	if err != nil || !res.Success {
		t.Fatalf("Run: %v %q", err, res.Error)
	}
	if n := len(f.callsTo("browser_tabs")); n < 2 || res.Steps[0].Retries != n-1 {
		t.Errorf("%d calls, %d retries: want several calls, retries = calls-1", n, res.Steps[0].Retries)
	}

	f = &fake{lateAfter: time.Hour}
	_, res, err = play(t, f, &Options{Timeout: 300 * time.Millisecond, Poll: 20 * time.Millisecond}, scenario("", step))
	if err != nil {
		t.Fatal(err)
	}
	if res.Success || !strings.Contains(res.Steps[0].Error, "Tab 1 not found") || !strings.Contains(res.Steps[0].Error, "waited 300ms for the tab") {
		t.Errorf("success %v, error %q: want the server's error and the wait", res.Success, res.Steps[0].Error)
	}
}

// A confirm a page's timer opens a moment after the click: answering it
// waits for it (@playwright/mcp does not wait itself), and one that never
// opens fails in bounded time, saying so.
func TestLateDialogIsWaitedFor(t *testing.T) {
	step := `[{"step":1,"tool":"mcp__playwright__browser_handle_dialog","params":{"accept":true}}]`
	f := &fake{lateAfter: 300 * time.Millisecond}
	_, res, err := play(t, f, &Options{Timeout: 5 * time.Second, Poll: 20 * time.Millisecond}, scenario("", step))
	if err != nil || !res.Success {
		t.Fatalf("Run: %v %q", err, res.Error)
	}
	if n := len(f.callsTo(mcpclient.ToolHandleDialog)); n < 2 || res.Steps[0].Retries != n-1 {
		t.Errorf("%d calls, %d retries: want several calls, retries = calls-1", n, res.Steps[0].Retries)
	}

	f = &fake{lateAfter: time.Hour}
	_, res, err = play(t, f, &Options{Timeout: 300 * time.Millisecond, Poll: 20 * time.Millisecond}, scenario("", step))
	if err != nil {
		t.Fatal(err)
	}
	if res.Success || !strings.Contains(res.Steps[0].Error, "related modal state") || !strings.Contains(res.Steps[0].Error, "waited 300ms for the dialog") {
		t.Errorf("success %v, error %q: want the server's error and the wait", res.Success, res.Steps[0].Error)
	}
}

func TestTargetThatNeverAppearsFailsAtTheTimeout(t *testing.T) {
	f := &fake{lateAfter: time.Hour}
	src := scenario("", `[{"step":1,"tool":"mcp__playwright__late_click","params":{"target":"#never"}}]`)
	start := time.Now()
	_, res, err := play(t, f, &Options{Timeout: 300 * time.Millisecond, Poll: 20 * time.Millisecond}, src)
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took < 300*time.Millisecond {
		t.Errorf("failed after %v, before the 300ms timeout", took)
	}
	if res.Success || !strings.Contains(res.Steps[0].Error, "does not match any elements") || !strings.Contains(res.Steps[0].Error, "waited 300ms") {
		t.Errorf("success %v, error %q: want the server's error and the wait", res.Success, res.Steps[0].Error)
	}
	// Looks spaced out (clock.Backoff: 20, 50, 100, then 200 ms apart),
	// the last at the timeout: 5, where one every Poll would be 16.
	if n := len(f.callsTo("late_click")); n < 3 || n > 8 {
		t.Errorf("the target was asked for %d times in 300ms, Poll 20ms: want about 5", n)
	}
}

func TestOtherFailuresAreNotRetried(t *testing.T) {
	tests := []struct{ name, step string }{
		{"strict mode violation", `{"step":1,"tool":"mcp__playwright__strict","params":{"target":"button"}}`},
		{"no target", `{"step":1,"tool":"mcp__playwright__fail","params":{"message":"\"x\" does not match any elements."}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{}
			_, res, err := play(t, f, &Options{Timeout: 2 * time.Second}, scenario("", "["+tt.step+"]"))
			if err != nil {
				t.Fatal(err)
			}
			if res.Success || len(f.tools()) != 1 || res.Steps[0].Retries != 0 {
				t.Errorf("success %v, %d calls, %d retries: want one failed call", res.Success, len(f.tools()), res.Steps[0].Retries)
			}
		})
	}
}

func TestWaitAfter(t *testing.T) {
	f := &fake{}
	src := scenario("", `[{"step":1,"tool":"mcp__a__echo","params":{},"wait_after":0.2},{"step":2,"tool":"mcp__a__echo","params":{}}]`)
	if _, _, err := play(t, f, nil, src); err != nil {
		t.Fatal(err)
	}
	c := f.callsTo("echo")
	if gap := c[1].At.Sub(c[0].At); gap < 200*time.Millisecond {
		t.Errorf("second step ran %v after the first, want >= 200ms", gap)
	}
}

func TestSecretsAreMaskedEverywhere(t *testing.T) {
	f := &fake{}
	src := scenario(`{"PASSWORD":"","USER":"demo"}`, `[
		{"step":1,"id":"e","tool":"mcp__a__echo","params":{"text":"{{PASSWORD}}","user":"{{USER}}"},"output":{"t":"$.text"},
		 "description":"log in with s3cr3t-pw"},
		{"step":2,"tool":"mcp__a__fail","params":{"message":"wrong password s3cr3t-pw (sent as s3cr3t%2Dpw, \\u00733cr3t-pw) for {{USER}}"}}]`)
	_, res, err := play(t, f, &Options{Vars: []map[string]string{{"PASSWORD": "s3cr3t-pw"}}}, src)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.callsTo("echo")[0].Args["text"]; got != "s3cr3t-pw" {
		t.Errorf("the server got %v, want the real password", got)
	}
	b, _ := res.MarshalJSON()
	if strings.Contains(string(b), "3cr3t") || strings.Contains(res.Error, "3cr3t") {
		t.Errorf("the result holds the secret: %s", b)
	}
	if res.Steps[0].Params["text"] != report.Mask || res.Steps[0].Output["t"] != report.Mask || res.Steps[0].Params["user"] != "demo" {
		t.Errorf("step 1 params %v output %v: want the password masked, the user not", res.Steps[0].Params, res.Steps[0].Output)
	}
}

// TestShortSecretKeepsMessagesReadable: a one-letter secret is masked where
// it stands alone, not inside every word of the server's error.
func TestShortSecretKeepsMessagesReadable(t *testing.T) {
	src := scenario(`{"PIN":""}`, `[{"step":1,"tool":"mcp__a__fail","params":{"message":"context x expired, pin x"}}]`)
	_, res, err := play(t, &fake{}, &Options{Vars: []map[string]string{{"PIN": "x"}}}, src)
	if err != nil {
		t.Fatal(err)
	}
	if want := "context *** expired, pin ***"; !strings.Contains(res.Error, want) {
		t.Errorf("error %q, want it to read %q", res.Error, want)
	}
}

func TestRunErrorsAreMasked(t *testing.T) {
	src := scenario(`{"PASSWORD":""}`, `[{"step":1,"tool":"mcp__a__echo","params":{"p":"{{PASSWORD}}"}}]`)
	servers := ServersFunc(func(context.Context, string, Needs) (ToolCaller, error) {
		return nil, &mcpclient.UnavailableError{Server: "a", Op: "start", Err: errors.New("exit 1"), Stderr: "login with pw-987 failed"}
	})
	res, err := New(servers, &Options{Vars: []map[string]string{{"PASSWORD": "pw-987"}}}).Run(context.Background(), "m.json", parse(t, src))
	if !errors.Is(err, mcpclient.ErrUnavailable) {
		t.Fatalf("err = %v, want ErrUnavailable kept", err)
	}
	var ue *mcpclient.UnavailableError
	if !errors.As(err, &ue) {
		t.Errorf("errors.As lost the *UnavailableError")
	}
	if strings.Contains(err.Error(), "pw-987") || strings.Contains(res.Error, "pw-987") || !strings.Contains(err.Error(), "login with *** failed") {
		t.Errorf("err %q / result %q: want the secret masked", err, res.Error)
	}
}

// A server the config does not name fails the step that uses it, as in
// Sandy's player: the steps before it run, and the step's on_error applies.
// Not tolerated, the run ends with ErrNoServer (exit 2), naming the step,
// the server and the servers the config has.
func TestUnknownServerPrefix(t *testing.T) {
	cfg := &mcpclient.Config{Path: "cfg.json", Servers: map[string]mcpclient.ServerConfig{"github": {Name: "github", Command: "gh-mcp"}}}
	cs := &ConfigServers{Config: cfg}
	f := &fake{}
	fs := &fakeServers{f: f}
	// Known servers are the fake; the config decides which are known.
	lookups := ServersFunc(func(ctx context.Context, name string, needs Needs) (ToolCaller, error) {
		if _, err := cs.lookup(name, Needs{}); err != nil {
			return nil, err
		}
		return fs.Open(ctx, name, needs)
	})
	t.Run("stop", func(t *testing.T) {
		src := scenario("", `[{"step":1,"tool":"mcp__github__echo","params":{}},{"step":2,"tool":"mcp__nosuch__click","params":{}},{"step":3,"tool":"mcp__github__echo","params":{}}]`)
		res, err := New(lookups, nil).Run(context.Background(), "s.json", parse(t, src))
		if !errors.Is(err, mcpclient.ErrNoServer) {
			t.Fatalf("err = %v, want ErrNoServer", err)
		}
		for _, want := range []string{"step 2", "mcp__nosuch__click", `"nosuch"`, "github"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("err %q does not name %s", err, want)
			}
		}
		if got := statuses(res); !reflect.DeepEqual(got, []string{"passed", "failed"}) || res.Success || res.FailedStep != 2 {
			t.Errorf("statuses %v, success %v, failed step %d: want step 1 run, step 2 failed, nothing after", got, res.Success, res.FailedStep)
		}
	})
	t.Run("skip", func(t *testing.T) {
		src := scenario("", `[{"step":1,"tool":"mcp__nosuch__click","params":{},"on_error":"skip"},{"step":2,"tool":"mcp__github__echo","params":{}}]`)
		res, err := New(lookups, nil).Run(context.Background(), "s.json", parse(t, src))
		if err != nil {
			t.Fatalf("err = %v, want the run to go on past the tolerated step", err)
		}
		if got := statuses(res); !reflect.DeepEqual(got, []string{"failed", "passed"}) || res.Success || !strings.Contains(res.Steps[0].Error, `"nosuch"`) {
			t.Errorf("statuses %v, success %v, step 1 error %q: want a tolerated failure naming the server, and a failed run", got, res.Success, res.Steps[0].Error)
		}
	})
}

func TestServerSelection(t *testing.T) {
	cfg := &mcpclient.Config{Servers: map[string]mcpclient.ServerConfig{
		"playwright": {Name: "playwright", URL: "http://localhost:8931/mcp"},
		"browser":    {Name: "browser", URL: "ws://localhost:9000"},
	}}
	tests := []struct {
		name    string
		servers *ConfigServers
		server  string
		wantURL string
	}{
		{"config names playwright", &ConfigServers{Config: cfg}, "playwright", "http://localhost:8931/mcp"},
		{"--mcp picks another server for playwright", &ConfigServers{Config: cfg, Browser: "browser"}, "playwright", "ws://localhost:9000"},
		{"other names go to the config", &ConfigServers{Config: cfg, Browser: "browser"}, "browser", "ws://localhost:9000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := tt.servers.lookup(tt.server, Needs{})
			if err != nil || sc.URL != tt.wantURL {
				t.Errorf("lookup(%q) = %q, %v; want %q", tt.server, sc.URL, err, tt.wantURL)
			}
			if tt.servers.bundled(tt.server) {
				t.Errorf("bundled(%q) = true for a server of the config: Reuse would keep it", tt.server)
			}
		})
	}
	if !(&ConfigServers{}).bundled("playwright") || (&ConfigServers{}).bundled("other") {
		t.Errorf("bundled: want true for playwright with no config entry, false for other names")
	}
	t.Run("playwright falls back to the pinned server", func(t *testing.T) {
		sc, err := (&ConfigServers{}).lookup("playwright", Needs{})
		if errors.Is(err, mcpclient.ErrUnavailable) {
			testenv.Need(t, err) // fails under CI, skips elsewhere
		}
		if err != nil || sc.Name != "playwright" || !strings.Contains(strings.Join(sc.Args, " "), "@playwright/mcp") {
			t.Errorf("lookup(playwright) = %+v, %v; want the pinned @playwright/mcp", sc, err)
		}
	})
	t.Run("--mcp naming a missing server", func(t *testing.T) {
		_, err := (&ConfigServers{Config: cfg, Browser: "nope"}).lookup("playwright", Needs{})
		if !errors.Is(err, mcpclient.ErrNoServer) || !strings.Contains(err.Error(), "--mcp nope") {
			t.Errorf("err = %v, want ErrNoServer naming --mcp nope", err)
		}
	})
}

func TestFailureEvidence(t *testing.T) {
	dir := t.TempDir()
	f := &fake{}
	src := scenario("", `[{"step":1,"tool":"mcp__playwright__echo","params":{}},{"step":2,"tool":"mcp__playwright__fail","params":{"message":"nope"}}]`)
	_, res, err := play(t, f, &Options{EvidenceDir: dir}, src)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{dir + "/test-step2.png", dir + "/test-step2.snapshot.md"}
	if !reflect.DeepEqual(res.Evidence, want) {
		t.Fatalf("evidence = %v, want %v", res.Evidence, want)
	}
	if len(f.callsTo("browser_take_screenshot")) != 1 || len(f.callsTo("browser_snapshot")) != 1 {
		t.Errorf("calls %v: want one screenshot and one snapshot", f.tools())
	}
}

// TestFailureEvidenceReplacesOldFiles: evidence from an earlier run is
// replaced atomically (safefile), not rewritten in place: a hard link to
// an old file keeps the old content.
func TestFailureEvidenceReplacesOldFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"test-step1.png", "test-step1.snapshot.md"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Link(filepath.Join(dir, name), filepath.Join(dir, "old-"+name)); err != nil {
			t.Fatal(err)
		}
	}
	src := scenario("", `[{"step":1,"tool":"mcp__playwright__fail","params":{"message":"nope"}}]`)
	if _, res, err := play(t, &fake{}, &Options{EvidenceDir: dir}, src); err != nil || len(res.Evidence) != 2 {
		t.Fatalf("err %v, evidence %v: want a screenshot and a snapshot", err, res.Evidence)
	}
	for _, name := range []string{"test-step1.png", "test-step1.snapshot.md"} {
		if b, _ := os.ReadFile(filepath.Join(dir, name)); string(b) == "old" {
			t.Errorf("%s was not replaced", name)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "old-"+name)); string(b) != "old" {
			t.Errorf("%s was rewritten in place, not replaced: its old link holds %q", name, b)
		}
	}
	es, _ := os.ReadDir(dir)
	if len(es) != 4 {
		t.Errorf("evidence dir holds %d files, want 4 (no temporary file left)", len(es))
	}
}

// TestFailureEvidenceSameBaseName runs two failing scenario files named
// alike in different folders, at once, through one Player: each keeps its
// own evidence.
func TestFailureEvidenceSameBaseName(t *testing.T) {
	dir := t.TempDir()
	src := scenario("", `[{"step":1,"tool":"mcp__playwright__fail","params":{"message":"nope"}}]`)
	p := New(&fakeServers{f: &fake{}}, &Options{EvidenceDir: dir})
	files := []string{"shop/a/mug.json", "shop/b/mug.json", "shop/a/mug.json"}
	got := make([][]string, len(files))
	var wg sync.WaitGroup
	for i, file := range files[:2] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := p.Run(t.Context(), file, parse(t, src))
			if err != nil {
				t.Error(err)
				return
			}
			got[i] = res.Evidence
		}()
	}
	wg.Wait()
	res, err := p.Run(t.Context(), files[2], parse(t, src))
	if err != nil {
		t.Fatal(err)
	}
	got[2] = res.Evidence
	if len(got[0]) != 2 || len(got[1]) != 2 {
		t.Fatalf("evidence %v: want a screenshot and a snapshot each", got)
	}
	if got[0][0] == got[1][0] {
		t.Errorf("both files saved their screenshot as %s", got[0][0])
	}
	if !reflect.DeepEqual(got[2], got[0]) {
		t.Errorf("a second run of %s saved %v, want the names of its first run %v", files[0], got[2], got[0])
	}
	names := []string{filepath.Base(got[0][0]), filepath.Base(got[1][0])}
	if !slices.Contains(names, "mug-step1.png") {
		t.Errorf("screenshots %v: want one of them plain mug-step1.png", names)
	}
}

func TestV11ScenarioUsesUpgradedServer(t *testing.T) {
	src := `{"version":"1.1","metadata":{"name":"old"},"steps":[{"step":1,"action":"navigate","params":{"url":"http://x"}}]}`
	var opened []string
	servers := ServersFunc(func(ctx context.Context, name string, _ Needs) (ToolCaller, error) {
		opened = append(opened, name)
		return (&fake{}).server().Connect(ctx)
	})
	res, err := New(servers, nil).Run(context.Background(), "old.json", parse(t, src))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(opened, []string{"chrome-devtools"}) {
		t.Errorf("opened %v, want [chrome-devtools]", opened)
	}
	// The fake has no navigate_page: the server rejects the call, the step fails.
	if res.Success || !strings.Contains(res.Steps[0].Tool, "navigate_page") {
		t.Errorf("result %+v: want a failed mcp__chrome-devtools__navigate_page step", res.Steps)
	}
}

func TestCancelledRunStops(t *testing.T) {
	src := scenario("", `[{"step":1,"tool":"sandy__wait","params":{"duration":30}}]`)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	res, err := New(&fakeServers{f: &fake{}}, nil).Run(ctx, "w.json", parse(t, src))
	if !errors.Is(err, context.Canceled) || res.Success {
		t.Errorf("err = %v, success %v: want context.Canceled", err, res.Success)
	}
}

func TestOpensFileURLs(t *testing.T) {
	for _, tt := range []struct {
		vars, steps string
		layer       map[string]string
		want        bool
	}{
		{"", `[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"file:///tmp/a.html"}}]`, nil, true},
		{"", `[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"http://shop.test/"}}]`, nil, false},
		{`{"BASE_URL":"http://shop.test"}`, `[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"{{BASE_URL}}/a.html"}}]`, nil, false},
		{`{"BASE_URL":"http://shop.test"}`, `[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"{{BASE_URL}}/a.html"}}]`, map[string]string{"BASE_URL": "FILE:///srv"}, true},
		{"", `[{"step":1,"id":"a","tool":"mcp__x__y","params":{},"output":{"u":"$"}},{"step":2,"tool":"mcp__playwright__browser_navigate","params":{"url":"{{a.u}}"}}]`, nil, false},
		// Any tool's url argument counts: browser_tabs opens one too.
		{"", `[{"step":1,"tool":"mcp__playwright__browser_tabs","params":{"action":"new","url":"file:///x"}}]`, nil, true},
		{"", `[{"step":1,"tool":"mcp__playwright__browser_click","params":{"target":"file:///x"}}]`, nil, false},
	} {
		sc := parse(t, scenario(tt.vars, tt.steps))
		if got := OpensFileURLs(sc, tt.layer); got != tt.want {
			t.Errorf("OpensFileURLs(%s, %v) = %v, want %v", tt.steps, tt.layer, got, tt.want)
		}
	}
}

func TestRunMarksPartialScenario(t *testing.T) {
	src := `{"version":"2.1","metadata":{"name":"p","status":"partial","status_detail":"compile stopped at action 2 of 2"},"steps":[{"step":1,"tool":"sandy__log","params":{"message":"hi"}}]}`
	_, res, err := play(t, &fake{}, nil, src)
	if err != nil || !res.Success {
		t.Fatalf("Run: %v %q", err, res.Error)
	}
	if !res.Partial || res.PartialDetail != "compile stopped at action 2 of 2" {
		t.Errorf("partial %v, detail %q: want the scenario's status", res.Partial, res.PartialDetail)
	}
	if _, res, _ := play(t, &fake{}, nil, scenario("", `[{"step":1,"tool":"sandy__log","params":{"message":"hi"}}]`)); res.Partial {
		t.Error("a complete scenario's result is marked partial")
	}
}

// TestScreenshots: --screenshots all saves a screenshot after every step
// that ran (not a skipped one) and names it in the step's result; the
// step that ends the run gets one, as evidence, in every mode but off;
// off still saves the page snapshot of a failure.
func TestScreenshots(t *testing.T) {
	src := scenario("", `[{"step":1,"tool":"mcp__playwright__echo","params":{}},
		{"step":2,"tool":"mcp__playwright__echo","params":{},"condition":"a == b"},
		{"step":3,"tool":"mcp__playwright__fail","params":{"message":"tolerated"},"on_error":"skip"},
		{"step":4,"tool":"mcp__playwright__fail","params":{"message":"nope"}}]`)
	tests := []struct {
		mode  Screenshots
		shots map[int]string // step → its Screenshot
		calls int            // browser_take_screenshot calls
		files []string
	}{
		{"", map[int]string{4: "test-step4.png"}, 1, []string{"test-step4.png", "test-step4.snapshot.md"}},
		{ScreenshotsFailure, map[int]string{4: "test-step4.png"}, 1, []string{"test-step4.png", "test-step4.snapshot.md"}},
		{ScreenshotsAll, map[int]string{1: "test-step1.png", 3: "test-step3.png", 4: "test-step4.png"}, 3,
			[]string{"test-step1.png", "test-step3.png", "test-step4.png", "test-step4.snapshot.md"}},
		{ScreenshotsOff, map[int]string{}, 0, []string{"test-step4.snapshot.md"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.mode), func(t *testing.T) {
			dir := t.TempDir()
			f := &fake{}
			_, res, err := play(t, f, &Options{EvidenceDir: dir, Screenshots: tt.mode}, src)
			if err != nil {
				t.Fatal(err)
			}
			got := map[int]string{}
			for _, s := range res.Steps {
				if s.Screenshot != "" {
					got[s.Step] = s.Screenshot
				}
			}
			if !reflect.DeepEqual(got, tt.shots) {
				t.Errorf("screenshots by step = %v, want %v", got, tt.shots)
			}
			if n := len(f.callsTo("browser_take_screenshot")); n != tt.calls {
				t.Errorf("%d screenshots taken, want %d", n, tt.calls)
			}
			var files []string
			es, _ := os.ReadDir(dir)
			for _, e := range es {
				files = append(files, e.Name())
			}
			if !reflect.DeepEqual(files, tt.files) {
				t.Errorf("files %v, want %v", files, tt.files)
			}
		})
	}
}

func TestParseScreenshots(t *testing.T) {
	for in, want := range map[string]Screenshots{"all": ScreenshotsAll, "Failure": ScreenshotsFailure, " off ": ScreenshotsOff} {
		if got, err := ParseScreenshots(in); err != nil || got != want {
			t.Errorf("ParseScreenshots(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseScreenshots("some"); err == nil || !strings.Contains(err.Error(), "want all, failure or off") {
		t.Errorf("ParseScreenshots(some) = %v, want an error naming the values", err)
	}
}

// A check that a navigation ends (Playwright: "Execution context was
// destroyed", a submit's page on its way) asks again, of the new page,
// until the navigation timeout (the step timeout when longer); any other evaluation fails at once, as it may
// have done something.
func TestNavigatedCheckAsksAgain(t *testing.T) {
	call, err := commandgen.Call(step.Step{Kind: step.AssertText, Value: "Welcome"}, "")
	if err != nil {
		t.Fatal(err)
	}
	check := fmt.Sprintf(`[{"step":1,"tool":"mcp__playwright__browser_evaluate","params":%s}]`, toJSON(call.Args))
	f := &fake{readyAfter: 1, evalErrors: 2}
	_, res, err := play(t, f, &Options{Timeout: 5 * time.Second, Poll: 20 * time.Millisecond}, scenario("", check))
	if err != nil || !res.Success {
		t.Fatalf("Run: %v %q: want a pass on the third call", err, res.Error)
	}
	if n := len(f.callsTo(mcpclient.ToolEvaluate)); n != 3 || res.Steps[0].Retries != 2 {
		t.Errorf("%d calls, %d retries: want 3 and 2", n, res.Steps[0].Retries)
	}

	f = &fake{readyAfter: 1, evalErrors: 1000}
	_, res, _ = play(t, f, &Options{Timeout: 300 * time.Millisecond, Poll: 20 * time.Millisecond}, scenario("", check))
	if res.Success || !strings.Contains(res.Steps[0].Error, "Execution context was destroyed") ||
		!strings.Contains(res.Steps[0].Error, "waited 300ms for the page to stop navigating") {
		t.Errorf("success %v, error %q: want the server's error and the wait", res.Success, res.Steps[0].Error)
	}
	// A page on its way has the navigation timeout, as its navigation has.
	f = &fake{readyAfter: 1, evalErrors: 1000}
	_, res, _ = play(t, f, &Options{Timeout: 100 * time.Millisecond, NavTimeout: 600 * time.Millisecond, Poll: 20 * time.Millisecond}, scenario("", check))
	if res.Success || !strings.Contains(res.Steps[0].Error, "waited 600ms for the page to stop navigating") {
		t.Errorf("with --nav-timeout: success %v, error %q: want the wait of the navigation timeout", res.Success, res.Steps[0].Error)
	}

	f = &fake{readyAfter: 1, evalErrors: 1}
	_, res, _ = play(t, f, &Options{Timeout: 5 * time.Second}, scenario("",
		`[{"step":1,"tool":"mcp__playwright__browser_evaluate","params":{"function":"() => { localStorage.n++; return true }"}}]`))
	if res.Success || len(f.callsTo(mcpclient.ToolEvaluate)) != 1 {
		t.Errorf("success %v, %d calls: an evaluation that is not a check is not run again", res.Success, len(f.callsTo(mcpclient.ToolEvaluate)))
	}
}

// TestClickAfterHoverHoversAgain: a click right after a hover whose target
// never became clickable (a control shown under the pointer, hidden when
// the page moved) hovers again and clicks once more; a click that is not
// right after a hover, or whose second try fails too, fails as it is.
func TestClickAfterHoverHoversAgain(t *testing.T) {
	const (
		hover = `{"step":%d,"tool":"mcp__playwright__browser_hover","params":{"target":"internal:role=option[name=\"Learn archery\"i]"}}`
		click = `{"step":%d,"tool":"mcp__playwright__browser_click","params":{"target":"internal:role=button[name=\"move up\"i]"}}`
		note  = `{"step":%d,"tool":"sandy__log","params":{"message":"between"}}`
	)
	steps := func(parts ...string) string {
		for i := range parts {
			parts[i] = fmt.Sprintf(parts[i], i+1)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	opts := &Options{Timeout: time.Second, Poll: 20 * time.Millisecond}

	f := &fake{clickHides: 1}
	_, res, err := play(t, f, opts, scenario("", steps(hover, click)))
	if err != nil || !res.Success {
		t.Fatalf("Run: %v %q: want a pass on the second click", err, res.Error)
	}
	if got := strings.Join(f.tools(), " "); got != "browser_hover browser_click browser_hover browser_click" {
		t.Errorf("calls %s: want the hover repeated before the second click", got)
	}
	if res.Steps[1].Retries != 2 {
		t.Errorf("%d retries: want 2 (the hover and the click again)", res.Steps[1].Retries)
	}

	f = &fake{clickHides: 2}
	_, res, _ = play(t, f, opts, scenario("", steps(hover, click)))
	if res.Success || !strings.Contains(res.Steps[1].Error, "Timeout 5000ms exceeded") || len(f.callsTo(step.ToolClick)) != 2 {
		t.Errorf("success %v, error %q, %d clicks: want the click's timeout after two tries", res.Success, res.Steps[1].Error, len(f.callsTo(step.ToolClick)))
	}

	for name, src := range map[string]string{"no hover": steps(click), "a step between": steps(hover, note, click)} {
		f = &fake{clickHides: 1}
		_, res, _ = play(t, f, opts, scenario("", src))
		if res.Success || len(f.callsTo(step.ToolClick)) != 1 {
			t.Errorf("%s: success %v, %d clicks: want one click, failed", name, res.Success, len(f.callsTo(step.ToolClick)))
		}
	}
}
