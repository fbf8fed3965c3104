package replay

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// AfterStep is told of each passed call, in the step's own session, with
// its params filled in, before the next step runs; not of a failed,
// skipped or built-in step.
func TestAfterStepActsInTheSessionBetweenSteps(t *testing.T) {
	f := &fake{}
	src := scenario(`{"BASE":"http://shop"}`, `[
		{"step":1,"tool":"mcp__a__echo","params":{"url":"{{BASE}}/cart"},"check":{"kind":"text","value":"{{BASE}}"}},
		{"step":2,"tool":"mcp__a__echo","params":{"n":2},"condition":"{{BASE}} == nowhere"},
		{"step":3,"tool":"sandy__log","params":{"message":"hi"}},
		{"step":4,"tool":"mcp__a__fail","params":{"message":"no"},"on_error":"skip"},
		{"step":5,"tool":"mcp__a__echo","params":{"n":5}}]`)
	var seen []string
	opts := &Options{AfterStep: func(ctx context.Context, s StepInfo) error {
		var rec any = ""
		if s.Step.Check != nil {
			var err error
			if rec, err = s.Substitute(s.Step.Check.Value); err != nil {
				return err
			}
		}
		seen = append(seen, strings.Join([]string{s.File, s.Tool, toJSON(s.Params), rec.(string)}, " "))
		_, err := s.Caller.CallTool(ctx, "echo", map[string]any{"after": s.Index})
		return err
	}}
	_, res, err := play(t, f, opts, src)
	if err != nil || res.Success {
		t.Fatalf("Run: success %v, err %v: want a run that ends, failed by step 4", res.Success, err)
	}
	want := []string{`test.json echo {"url":"http://shop/cart"} http://shop`}
	if len(seen) != 2 || seen[0] != want[0] || !strings.HasPrefix(seen[1], `test.json echo {"n":5}`) {
		t.Errorf("AfterStep saw %q, want %q and step 5's", seen, want)
	}
	var args []any
	for _, c := range f.callsTo("echo") {
		args = append(args, c.Args["after"])
	}
	if want := []any{nil, float64(1), nil, float64(5)}; !reflect.DeepEqual(args, want) {
		t.Errorf("echo calls' after = %v, want %v: each step's call, then the hook's, in one session", args, want)
	}
}

// An error of AfterStep ends the run, naming the step it followed.
func TestAfterStepErrorEndsTheRun(t *testing.T) {
	f := &fake{}
	src := scenario("", `[
		{"step":1,"tool":"mcp__a__echo","params":{}},
		{"step":2,"tool":"mcp__a__echo","params":{"n":2}}]`)
	boom := errors.New("boom")
	opts := &Options{AfterStep: func(context.Context, StepInfo) error { return boom }}
	_, res, err := play(t, f, opts, src)
	if !errors.Is(err, boom) || res.Success || res.FailedStep != 1 || len(res.Steps) != 1 {
		t.Fatalf("err %v, success %v, failed step %d, %d steps: want boom after step 1, step 2 not run", err, res.Success, res.FailedStep, len(res.Steps))
	}
	if !strings.Contains(res.Error, "after step 1") {
		t.Errorf("error %q does not name the step it followed", res.Error)
	}
}
