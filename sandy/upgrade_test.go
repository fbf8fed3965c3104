package sandy

import (
	"reflect"
	"testing"
)

func TestUpgradeTable(t *testing.T) {
	const fn = "function"
	tests := []struct {
		action     string
		params     map[string]any
		wantTool   string
		wantParams map[string]any
	}{
		{"navigate", map[string]any{"url": "http://x/"}, "mcp__chrome-devtools__navigate_page", map[string]any{"url": "http://x/"}},
		{"click", map[string]any{"uid": "1_4"}, "mcp__chrome-devtools__click", map[string]any{"uid": "1_4"}},
		{"fill", map[string]any{"uid": "1_5", "text": "demo"}, "mcp__chrome-devtools__fill", map[string]any{"uid": "1_5", "value": "demo"}},
		{"fill", map[string]any{"uid": "1_5", "value": "v", "text": "t"}, "mcp__chrome-devtools__fill", map[string]any{"uid": "1_5", "value": "v", "text": "t"}},
		{"type", map[string]any{"uid": "1_5", "text": "a"}, "mcp__chrome-devtools__press_key", map[string]any{"key": "a"}},
		{"type", map[string]any{"key": "Tab"}, "mcp__chrome-devtools__press_key", map[string]any{"key": "Tab"}},
		{"key", map[string]any{"key": "Enter"}, "mcp__chrome-devtools__press_key", map[string]any{"key": "Enter"}},
		{"screenshot", map[string]any{"path": "a.png", "fullPage": true}, "mcp__chrome-devtools__take_screenshot", map[string]any{"filePath": "a.png", "fullPage": true}},
		{"screenshot", map[string]any{}, "mcp__chrome-devtools__take_screenshot", map[string]any{}},
		{"wait", map[string]any{"seconds": 1.5}, "sandy__wait", map[string]any{"duration": 1.5}},
		{"wait", map[string]any{"ms": 250.0}, "sandy__wait", map[string]any{"duration": 0.25}},
		{"wait", map[string]any{"seconds": "2"}, "sandy__wait", map[string]any{"duration": 2.0}},
		{"wait", map[string]any{"duration": 3.0}, "sandy__wait", map[string]any{"duration": 3.0}},
		{"wait", map[string]any{}, "sandy__wait", map[string]any{"duration": 0.0}},
		{"wait_for_text", map[string]any{"text": "Welcome"}, "mcp__chrome-devtools__wait_for", map[string]any{"text": "Welcome"}},
		{"scroll", map[string]any{}, "mcp__chrome-devtools__evaluate_script", map[string]any{fn: "() => window.scrollBy(0, 500)"}},
		{"scroll", map[string]any{"x": 10.0, "y": -20.0}, "mcp__chrome-devtools__evaluate_script", map[string]any{fn: "() => window.scrollBy(10, -20)"}},
		{"scroll", map[string]any{"y": 300.0}, "mcp__chrome-devtools__evaluate_script", map[string]any{fn: "() => window.scrollBy(0, 300)"}},
		{"scroll", map[string]any{"direction": "up", "amount": 100.0}, "mcp__chrome-devtools__evaluate_script", map[string]any{fn: "() => window.scrollBy(0, -100)"}},
		{"scroll", map[string]any{"direction": "left"}, "mcp__chrome-devtools__evaluate_script", map[string]any{fn: "() => window.scrollBy(-500, 0)"}},
		{"scroll", map[string]any{"direction": "right", "amount": 40.0}, "mcp__chrome-devtools__evaluate_script", map[string]any{fn: "() => window.scrollBy(40, 0)"}},
		{"scroll", map[string]any{"selector": `a[title="x"]`}, "mcp__chrome-devtools__evaluate_script", map[string]any{fn: `() => document.querySelector("a[title=\"x\"]")?.scrollIntoView()`}},
		{"hover", map[string]any{"uid": "2_1"}, "mcp__chrome-devtools__hover", map[string]any{"uid": "2_1"}},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.action] = true
		t.Run(tt.action, func(t *testing.T) {
			s := &Scenario{Version: "1.1", Steps: []Step{{Step: 1, Action: tt.action, Params: tt.params, Description: "d"}}}
			if ps := Upgrade(s); ps != nil {
				t.Fatalf("Upgrade problems: %q", ps)
			}
			st := s.Steps[0]
			if st.Tool != tt.wantTool || st.Action != "" {
				t.Errorf("tool %q action %q, want tool %q and no action", st.Tool, st.Action, tt.wantTool)
			}
			if !reflect.DeepEqual(st.Params, tt.wantParams) {
				t.Errorf("params = %#v, want %#v", st.Params, tt.wantParams)
			}
			if st.Description != "d" || s.Version != Version {
				t.Errorf("description %q version %q, want kept and %q", st.Description, s.Version, Version)
			}
		})
	}
	for name := range actions {
		if !seen[name] {
			t.Errorf("action %q has no test", name)
		}
	}
}

func TestUpgradeProblems(t *testing.T) {
	tests := []struct {
		action string
		params map[string]any
		want   []Problem
	}{
		{"teleport", map[string]any{}, []Problem{{"steps[0].action", `unknown v1.1 action "teleport" (want one of click, fill, hover, key, navigate, screenshot, scroll, type, wait, wait_for_text)`}}},
		{"wait", map[string]any{"seconds": 1.0, "ms": 1.0}, []Problem{{"steps[0].params", "give one of seconds, ms, not several"}}},
		{"wait", map[string]any{"seconds": "{{DELAY}}"}, []Problem{{"steps[0].params.seconds", "want a number of seconds, at least 0"}}},
		{"wait", map[string]any{"ms": -1.0}, []Problem{{"steps[0].params.ms", "want a number of milliseconds, at least 0"}}},
		{"scroll", map[string]any{"direction": "sideways"}, []Problem{{"steps[0].params.direction", "want up, down, left or right"}}},
		{"scroll", map[string]any{"x": "far"}, []Problem{{"steps[0].params.x", "want a number of pixels"}}},
		{"scroll", map[string]any{"amount": -3.0}, []Problem{{"steps[0].params.amount", "want a number of pixels, at least 0"}}},
		{"scroll", map[string]any{"selector": "{{SEL}}"}, []Problem{{"steps[0].params.selector", "want a CSS selector"}}},
		{"key", map[string]any{}, []Problem{{"steps[0].params.key", "required"}}},
		{"type", map[string]any{}, []Problem{{"steps[0].params.key", "required"}}},
	}
	for _, tt := range tests {
		t.Run(tt.action, func(t *testing.T) {
			s := &Scenario{Steps: []Step{{Step: 1, Action: tt.action, Params: tt.params}}}
			got := Upgrade(s)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("problems:\n got %q\nwant %q", got, tt.want)
			}
			if s.Steps[0].Action != tt.action || s.Steps[0].Tool != "" {
				t.Errorf("step not left alone: action %q tool %q", s.Steps[0].Action, s.Steps[0].Tool)
			}
		})
	}
}

func TestUpgradeLeavesToolStepsAndUnknownVersions(t *testing.T) {
	s := &Scenario{Version: "3.0", Steps: []Step{
		{Step: 1, Tool: "mcp__a__b", Params: map[string]any{"x": 1.0}},
		{Step: 2, Tool: "mcp__a__b", Action: "click", Params: map[string]any{}},
		{Step: 3, Action: "scroll"}, // nil params stay nil for Validate to report
	}}
	if ps := Upgrade(s); ps != nil {
		t.Fatalf("problems %q", ps)
	}
	if s.Version != "3.0" {
		t.Errorf("version = %q, want 3.0 kept", s.Version)
	}
	if s.Steps[1].Tool != "mcp__a__b" || s.Steps[1].Action != "" {
		t.Errorf("a step with both tool and action = %+v, want the tool kept and the action dropped (as Sandy's player does)", s.Steps[1])
	}
	if s.Steps[2].Tool != "mcp__chrome-devtools__evaluate_script" || s.Steps[2].Params != nil {
		t.Errorf("steps[2] = %+v, want the tool set and params still nil", s.Steps[2])
	}
}

// TestUpgradeTypeTwice upgrades a v1.1 "type" step given {key} and then one
// given {text}: the first must not change how the second is read.
func TestUpgradeTypeTwice(t *testing.T) {
	for _, params := range []map[string]any{{"key": "Tab"}, {"text": "a"}, {"key": "Enter"}} {
		s := &Scenario{Version: "1.1", Steps: []Step{{Step: 1, Action: "type", Params: params}}}
		if ps := Upgrade(s); ps != nil {
			t.Fatalf("Upgrade(%v): %q", params, ps)
		}
	}
}
