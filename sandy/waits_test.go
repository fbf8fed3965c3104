package sandy

import (
	"reflect"
	"testing"
	"time"
)

// TestWaitCeilings: validate refuses every wait and retry past its
// ceiling, naming the field; at the ceiling, or from a placeholder (checked
// when the step runs), they pass.
func TestWaitCeilings(t *testing.T) {
	const over = "must be at most 600 seconds (10 minutes)"
	step := func(tool, params, extra string) string {
		return doc(`{"step": 1, "tool": "` + tool + `", "params": ` + params + extra + `}`)
	}
	retry := func(r string) string {
		return step("mcp__a__b", `{}`, `, "on_error": "retry", "retry": `+r)
	}
	tests := []struct {
		name string
		src  string
		want []Problem // nil: valid
	}{
		{"wait_after at the ceiling", step("mcp__a__b", `{}`, `, "wait_after": 600`), nil},
		{"wait_after over", step("mcp__a__b", `{}`, `, "wait_after": 9000000000`),
			[]Problem{{"steps[0].wait_after", over + ", got 9e+09"}}},
		{"sandy__wait duration over", step("sandy__wait", `{"duration": 601}`, ""),
			[]Problem{{"steps[0].params.duration", over + ", got 601"}}},
		{"sandy__wait seconds over, as text", step("sandy__wait", `{"seconds": "86400"}`, ""),
			[]Problem{{"steps[0].params.seconds", over + ", got 86400"}}},
		{"sandy__wait negative", step("sandy__wait", `{"duration": -1}`, ""),
			[]Problem{{"steps[0].params.duration", "must be at least 0 seconds, got -1"}}},
		{"sandy__wait from a placeholder", step("sandy__wait", `{"duration": "{{D}}"}`, ""), nil},
		{"wait_for_element timeout over", step("sandy__wait_for_element", `{"selector": "#x", "timeout": 3600}`, ""),
			[]Problem{{"steps[0].params.timeout", over + ", got 3600"}}},
		{"wait_until interval over", step("sandy__wait_until", `{"expression": "1", "interval": 1e9}`, ""),
			[]Problem{{"steps[0].params.interval", over + ", got 1e+09"}}},
		{"v1.1 wait over", `{"version": "1.1", "metadata": {"name": "t"}, "steps": [{"step": 1, "action": "wait", "params": {"ms": 900000}}]}`,
			[]Problem{{"steps[0].params.duration", over + ", got 900"}}},
		{"another tool's timeout is its own", step("mcp__a__b", `{"timeout": 1e9}`, ""), nil},
		{"retry at the ceilings", retry(`{"count": 100, "delay": 6000}`), nil},
		{"retry count over", retry(`{"count": 1000000}`),
			[]Problem{{"steps[0].retry.count", "must be at most 100, got 1000000"}}},
		{"retry delay over", retry(`{"delay": 9000000000}`),
			[]Problem{{"steps[0].retry.delay", "must be at most 600000 ms (10 minutes), got 9000000000"}}},
		{"retry backoff over", retry(`{"backoff": 1e300}`),
			[]Problem{{"steps[0].retry.backoff", "must be at most 10, got 1e+300"}}},
		{"retry delays over together", retry(`{"count": 100, "delay": 1000, "backoff": 2}`),
			[]Problem{{"steps[0].retry", "its delays add up to 15h7m3s, over the limit of 600 seconds (10 minutes): fewer attempts, a shorter delay or a smaller backoff"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := problemsOf(t, tt.src); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestRetryDelays(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name string
		r    *Retry
		want []time.Duration
	}{
		{"default", nil, []time.Duration{500 * ms, 500 * ms}},
		{"count and delay", &Retry{Count: 3, Delay: 100}, []time.Duration{100 * ms, 100 * ms}},
		{"backoff", &Retry{Count: 4, Delay: 100, Backoff: 2}, []time.Duration{100 * ms, 200 * ms, 400 * ms}},
		{"one attempt", &Retry{Count: 1}, []time.Duration{}},
		{"each at most the ceiling", &Retry{Count: 3, Delay: 500_000, Backoff: 10}, []time.Duration{500 * time.Second, 10 * time.Minute}},
	} {
		if got := RetryDelays(tc.r); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}
