package commandgen

import (
	"reflect"
	"testing"

	"github.com/plaintest/plaintest/translator"
)

func TestFor(t *testing.T) {
	const sel = `internal:role=button[name="Log in"s]`
	tests := []struct {
		step   translator.Step
		target string
		want   Call
	}{
		{translator.Step{Kind: translator.Navigate, Value: "http://x/login"}, "", Call{"browser_navigate", map[string]any{"url": "http://x/login"}}},
		{translator.Step{Kind: translator.Click, Element: `button "Log in"`}, sel, Call{"browser_click", map[string]any{"target": sel, "element": `button "Log in"`}}},
		{translator.Step{Kind: translator.Type, Value: "demo"}, "e7", Call{"browser_type", map[string]any{"target": "e7", "text": "demo"}}},
		{translator.Step{Kind: translator.Select, Value: "Japan", Element: `combobox "Country"`}, "e3", Call{"browser_select_option", map[string]any{"target": "e3", "values": []any{"Japan"}, "element": `combobox "Country"`}}},
		{translator.Step{Kind: translator.Check, Role: "checkbox", Element: `checkbox "Terms"`}, "e4", Call{"browser_fill_form", map[string]any{"fields": []any{map[string]any{"name": `checkbox "Terms"`, "type": "checkbox", "target": "e4", "value": "true"}}}}},
		{translator.Step{Kind: translator.Uncheck, Role: "radio"}, "e4", Call{"browser_fill_form", map[string]any{"fields": []any{map[string]any{"name": "radio", "type": "radio", "target": "e4", "value": "false"}}}}},
		{translator.Step{Kind: translator.Press, Value: "Enter"}, "", Call{"browser_press_key", map[string]any{"key": "Enter"}}},
		{translator.Step{Kind: translator.Hover}, "e9", Call{"browser_hover", map[string]any{"target": "e9"}}},
		{translator.Step{Kind: translator.AssertText, Value: "1 item"}, "", Call{"browser_wait_for", map[string]any{"text": "1 item"}}},
		{translator.Step{Kind: translator.AssertGone, Value: "Loading"}, "", Call{"browser_wait_for", map[string]any{"textGone": "Loading"}}},
		{translator.Step{Kind: translator.AssertText, Value: `$12 "net"`, Ref: "e11", Element: `article "Blue Mug"`}, `internal:role=article[name="Blue Mug"i]`,
			Call{"browser_evaluate", map[string]any{"element": `article "Blue Mug" showing "$12 \"net\""`, "function": "() => true",
				"target": `internal:role=article[name="Blue Mug"i] >> internal:has-text="$12 \"net\""i`}}},
		{translator.Step{Kind: translator.AssertGone, Value: "2", Ref: "e18", Element: `row "Blue Mug"`}, `internal:role=row >> internal:has-text="Blue Mug"i`,
			Call{"browser_evaluate", map[string]any{"element": `row "Blue Mug" not showing "2"`, "function": "() => true",
				"target": `internal:role=row >> internal:has-text="Blue Mug"i >> internal:has-not-text="2"i`}}},
		{translator.Step{Kind: translator.Wait, Value: "1.5"}, "", Call{"browser_wait_for", map[string]any{"time": 1.5}}},
	}
	for _, tt := range tests {
		got, err := For(tt.step, tt.target)
		if err != nil {
			t.Errorf("%s: %v", tt.step.Kind, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %#v, want %#v", tt.step.Kind, got, tt.want)
		}
	}
}

func TestForErrors(t *testing.T) {
	if _, err := For(translator.Step{Kind: translator.Click, Action: "click x"}, ""); err == nil {
		t.Error("a click without a target was accepted")
	}
	if _, err := For(translator.Step{Kind: "teleport"}, "e1"); err == nil {
		t.Error("an unknown kind was accepted")
	}
}
