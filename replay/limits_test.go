package replay

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plaintest/plaintest/sandy"
)

// doublingChain is a scenario whose first step's result is small JSON and
// each of whose next steps echoes the step before's output ($..*, the
// value and all its parts) as a whole param, which keeps its type: each
// output is more than twice the one before.
func doublingChain(steps int) string {
	var b strings.Builder
	b.WriteString(`[{"step":1,"id":"s1","tool":"mcp__a__json","params":{"body":"{\"a\":[1,2],\"b\":{\"c\":\"x\"}}"},"output":{"o":"$..*"}}`)
	for i := 2; i <= steps; i++ {
		fmt.Fprintf(&b, `,{"step":%d,"id":"s%d","tool":"mcp__a__echo","params":{"v":"{{s%d.o}}"},"output":{"o":"$..*"}}`, i, i, i-1)
	}
	b.WriteString("]")
	return scenario("", b.String())
}

// heapPeak samples the heap in use every few milliseconds until stop is
// called, which returns the most it saw above the heap at the start; it
// calls over (once) when that passes limit.
func heapPeak(limit uint64, over func()) (stop func() uint64) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	var (
		peak uint64
		wg   sync.WaitGroup
	)
	done := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > base && ms.HeapInuse-base > peak {
				peak = ms.HeapInuse - base
				if peak > limit && over != nil {
					over()
					over = nil
				}
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		wg.Wait()
		return peak
	}
}

// TestDoublingChainIsRefused: a chain of steps that doubles a value at
// each step ends early with a clear error naming the step and the limit,
// in seconds and well under 500 MB, instead of taking all the machine's
// memory.
func TestDoublingChainIsRefused(t *testing.T) {
	const budget = 500 << 20
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	stop := heapPeak(budget, cancel)
	start := time.Now()
	res, err := New(&fakeServers{f: &fake{}}, nil).Run(ctx, "chain.json", parse(t, doublingChain(40)))
	took, peak := time.Since(start), stop()
	t.Logf("ended after %v, %d steps, heap peak %.0f MB: %v", took, len(res.Steps), float64(peak)/(1<<20), err)
	if peak > budget {
		t.Fatalf("the heap grew by %.0f MB, over %d MB (the run was stopped there)", float64(peak)/(1<<20), budget>>20)
	}
	if took > 30*time.Second {
		t.Errorf("took %v, want seconds", took)
	}
	var le *sandy.LimitError
	if !errors.As(err, &le) || !errors.Is(err, sandy.ErrInvalid) {
		t.Fatalf("err = %v, want a *sandy.LimitError (bad input)", err)
	}
	last := res.Steps[len(res.Steps)-1]
	want := fmt.Sprintf("steps[%d]", last.Step-1)
	if !strings.HasPrefix(le.Path, want) || !strings.Contains(le.Msg, "the limit") {
		t.Errorf("error %q: want its path to start %s (the step that grew past a limit) and to name the limit", le, want)
	}
	if res.Success || res.FailedStep != last.Step || !strings.Contains(res.Error, le.Msg) {
		t.Errorf("result: success %v, failed step %d (want %d), error %q", res.Success, res.FailedStep, last.Step, res.Error)
	}
}

// TestExtractBounded: extraction's work is bounded whatever the result
// holds: its JSON's depth and values before it is decoded, the values a
// path passes through before it is evaluated, the outputs' size after.
func TestExtractBounded(t *testing.T) {
	nested := func(depth int) string { // [0,[0,[0,...]]]
		return strings.Repeat("[0,", depth) + "0" + strings.Repeat("]", depth)
	}
	big := strings.Repeat("a", 4<<20)
	for _, tc := range []struct {
		name, text, path string
		errPath, msg     string // msg "" accepted
	}{
		{"descent", `{"a":{"id":1},"b":[{"id":2}]}`, "$..id", "", ""},
		{"deep result", nested(300), "$[0]", "", "the result's JSON at [1][1]"},
		{"deep result in a section", "### Result\n" + nested(300) + "\n", "$[0]", "", "nested more than 256 arrays or objects deep, the limit"},
		{"path that multiplies", nested(250), "$..*..*..*", "output.v", "$..*..*..*: the path passes through more than 1000000 values, the limit"},
		{"one descent of the same", nested(250), "$..*", "", ""},
		{"outputs over", `{"a":{"b":{"c":"` + big + `"}}}`, "$..*", "output.v", "the step's outputs grow past the limit of 10.0 MB or 250000 values"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			_, err := Extract(tc.text, map[string]string{"v": tc.path})
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("took %v", took)
			}
			if tc.msg == "" {
				if err != nil {
					t.Fatalf("got %v", err)
				}
				return
			}
			var le *sandy.LimitError
			if !errors.As(err, &le) || le.Path != tc.errPath || !strings.Contains(le.Msg, tc.msg) {
				t.Fatalf("got %v, want a *sandy.LimitError at %q saying %q", err, tc.errPath, tc.msg)
			}
		})
	}
}

// TestWaitFromPlaceholderOverCeiling: a wait whose seconds a placeholder
// gives, past defaults.MaxWait, fails its step at once instead of
// sleeping.
func TestWaitFromPlaceholderOverCeiling(t *testing.T) {
	src := scenario(`{"D": 3600}`, `[{"step":1,"tool":"sandy__wait","params":{"duration":"{{D}}"}}]`)
	start := time.Now()
	_, res, err := play(t, &fake{}, nil, src)
	if err != nil || res.Success || !strings.Contains(res.Error, "duration: 3600 seconds is out of range (0 to 600, 10m0s)") {
		t.Errorf("err %v, result error %q", err, res.Error)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %v", took)
	}
}
