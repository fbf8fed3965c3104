package sandy

// The ceilings of a scenario's waits and retries.

import (
	"fmt"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
)

// Ceilings of a step's retries (its waits are bounded by defaults.MaxWait):
// a scenario, perhaps someone else's, must not be able to hold a run for
// days. Sandy's default is 3 attempts 500 ms apart.
const (
	MaxRetryCount = 100 // retry.count: attempts of one step
	MaxBackoff    = 10  // retry.backoff: the factor of each next delay
)

// builtinWaits are the params, in seconds, of the built-ins that wait.
var builtinWaits = map[string][]string{
	"wait":             {"duration", "seconds"},
	"wait_for_element": {"timeout", "interval"},
	"wait_until":       {"timeout", "interval"},
}

// maxWaitText is defaults.MaxWait in a message: "600 seconds (10 minutes)".
var maxWaitText = fmt.Sprintf("%g seconds (%g minutes)", defaults.MaxWait.Seconds(), defaults.MaxWait.Minutes())

// waits checks step st's waits (at p) against their ceilings: wait_after,
// and the params of a built-in that waits, written as numbers (a
// placeholder is checked when the step runs).
func (v *validator) waits(p string, st *Step) {
	if st.WaitAfter > defaults.MaxWait.Seconds() {
		v.add(p+".wait_after", "must be at most %s, got %v", maxWaitText, st.WaitAfter)
	}
	_, name, builtin, msg := splitTool(st.Tool)
	if !builtin || msg != "" {
		return
	}
	for _, key := range builtinWaits[name] {
		val, ok := st.Params[key]
		if s, isStr := val.(string); !ok || isStr && strings.Contains(s, "{{") {
			continue
		}
		n, isNum := number(val)
		switch {
		case !isNum:
		case n < 0:
			v.add(p+".params."+key, "must be at least 0 seconds, got %v", n)
		case n > defaults.MaxWait.Seconds():
			v.add(p+".params."+key, "must be at most %s, got %v", maxWaitText, n)
		}
	}
}

// retryCeilings checks st's retry (at p) against its ceilings: the count,
// one delay, the backoff, and the delays of all its attempts together.
func (v *validator) retryCeilings(p string, r *Retry) {
	if r.Count > MaxRetryCount {
		v.add(p+".retry.count", "must be at most %d, got %d", MaxRetryCount, r.Count)
	}
	if r.Delay > int(defaults.MaxWait.Milliseconds()) {
		v.add(p+".retry.delay", "must be at most %d ms (%g minutes), got %d", defaults.MaxWait.Milliseconds(), defaults.MaxWait.Minutes(), r.Delay)
	}
	if r.Backoff > MaxBackoff {
		v.add(p+".retry.backoff", "must be at most %d, got %v", MaxBackoff, r.Backoff)
	}
	if r.Count > MaxRetryCount || r.Delay > int(defaults.MaxWait.Milliseconds()) || r.Backoff > MaxBackoff {
		return
	}
	if total := RetryWaits(r); total > defaults.MaxWait {
		v.add(p+".retry", "its delays add up to %s, over the limit of %s: fewer attempts, a shorter delay or a smaller backoff", total.Round(time.Second), maxWaitText)
	}
}

// RetryDelays returns the delay before each attempt of a step under
// on_error "retry" after the first: retry.delay (default 500 ms), times
// retry.backoff after each when it is over 1, each at most
// defaults.MaxWait; retry.count attempts (default 3) in all.
func RetryDelays(r *Retry) []time.Duration {
	count, delay, backoff := 3, defaults.RetryDelay, 0.0
	if r != nil {
		if r.Count > 0 {
			count = r.Count
		}
		if r.Delay > 0 {
			delay = time.Duration(r.Delay) * time.Millisecond
		}
		backoff = r.Backoff
	}
	out := make([]time.Duration, 0, max(count-1, 0))
	for range count - 1 {
		out = append(out, min(delay, defaults.MaxWait))
		if backoff > 1 {
			delay = time.Duration(min(float64(delay)*backoff, float64(defaults.MaxWait)))
		}
	}
	return out
}

// RetryWaits is how long the delays of RetryDelays add up to.
func RetryWaits(r *Retry) time.Duration {
	var total time.Duration
	for _, d := range RetryDelays(r) {
		total += d
	}
	return total
}
