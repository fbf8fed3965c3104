package commandgen

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/step"
)

// TestScrollBoxRoundTrip: a box's scroll and a scroll until a row is in
// its box are read back from their calls as the steps they came from.
func TestScrollBoxRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		s      step.Step
		target string
	}{
		{step.Step{Kind: step.ScrollPage, Value: "down", Element: `listbox "Messages"`, Role: "listbox"}, `internal:role=listbox[name="Messages"i]`},
		{step.Step{Kind: step.ScrollPage, Value: "up", Element: `region "Results"`, Role: "region"}, "#results"},
		{step.Step{Kind: step.ScrollPage, Value: "bottom", Element: `list "50% off"`, Role: "list"}, "#deals"},
		{step.Step{Kind: step.ScrollPage, Value: "top", Element: `listbox "Messages"`, Role: "listbox"}, "#m"},
		{step.Step{Kind: step.ScrollUntil, Value: "Item 640", Values: []string{"option"}, Element: `listbox "Messages"`, Role: "listbox"}, "#m"},
		{step.Step{Kind: step.ScrollUntil, Value: `Say "hi" 100%`, Element: `grid "Rows"`, Role: "grid"}, "#g"},
		{step.Step{Kind: step.ScrollUntil, Value: "Item 640", Values: []string{"row"}}, ""},
	} {
		call, err := Call(tc.s, tc.target)
		if err != nil {
			t.Fatalf("Call(%+v): %v", tc.s, err)
		}
		if got, _ := call.Args["target"].(string); got != tc.target {
			t.Errorf("%s %s: target %q, want %q", tc.s.Kind, tc.s.Value, got, tc.target)
		}
		back, err := Read(call)
		if err != nil {
			t.Fatalf("Read(%s %s): %v\n%s", tc.s.Kind, tc.s.Value, err, call.Args["function"])
		}
		want := tc.s
		want.Ref = tc.target
		if !reflect.DeepEqual(back, want) {
			t.Errorf("read back %+v, want %+v", back, want)
		}
	}
}

// TestScrollUntilTimeout: a scroll until a row is there scrolls as long
// as a page may load, or the wait timeout given, and says so.
func TestScrollUntilTimeout(t *testing.T) {
	s := step.Step{Kind: step.ScrollUntil, Value: "Item 640", Values: []string{"option"}, Element: `listbox "Messages"`}
	for _, want := range []time.Duration{0, 12 * time.Second} {
		call, err := (&CallOptions{WaitTimeout: want}).Call(s, "#m")
		if err != nil {
			t.Fatal(err)
		}
		got, ok := ScrollsUntil(call)
		if want == 0 {
			want = 30 * time.Second
		}
		if !ok || got != want {
			t.Errorf("ScrollsUntil = %v, %v; want %v", got, ok, want)
		}
		if fn := call.Args["function"].(string); !strings.Contains(fn, "is not in it") || strings.Contains(fn, "\n") {
			t.Errorf("the function does not fail naming what is missing, or is not one line:\n%s", fn)
		}
	}
	if _, err := Call(step.Step{Kind: step.ScrollUntil, Element: "list"}, "#m"); err == nil {
		t.Error("a scroll until nothing is named: no error")
	}
}
