package sandy

import (
	"errors"
	"testing"
)

func TestSplitTool(t *testing.T) {
	tests := []struct {
		tool          string
		server, name  string
		builtin, fail bool
	}{
		{"mcp__playwright__browser_click", "playwright", "browser_click", false, false},
		{"mcp__chrome-devtools__navigate_page", "chrome-devtools", "navigate_page", false, false},
		{"mcp__a__b__c", "a", "b__c", false, false},
		{"mcp__x___y", "x", "_y", false, false},
		{"sandy__wait", "", "wait", true, false},
		{"sandy__wait_until", "", "wait_until", true, false},
		{"sandy__nap", "", "nap", true, true},
		{"sandy__", "", "", true, true},
		{"mcp__playwright", "", "", false, true},
		{"mcp__playwright__", "", "", false, true},
		{"mcp____click", "", "", false, true},
		{"browser_click", "", "", false, true},
		{"", "", "", false, true},
		{"mcp__a__b c", "", "", false, true},
	}
	for _, tt := range tests {
		server, name, builtin, err := SplitTool(tt.tool)
		if server != tt.server || name != tt.name || builtin != tt.builtin || (err != nil) != tt.fail {
			t.Errorf("SplitTool(%q) = %q, %q, %v, %v; want %q, %q, %v, error %v",
				tt.tool, server, name, builtin, err, tt.server, tt.name, tt.builtin, tt.fail)
		}
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Errorf("SplitTool(%q) error %v does not wrap ErrInvalid", tt.tool, err)
		}
	}
}
