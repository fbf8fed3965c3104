package sandy

import (
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/internal/printable"
)

// Builtins are the tools a Sandy player runs itself, named sandy__<name> in a
// scenario: wait (a delay), log (a message), append_file (save data to a
// JSONL/CSV/JSON file), wait_for_element (wait for a CSS selector) and
// wait_until (wait for a JavaScript expression to be true).
var Builtins = []string{"wait", "log", "append_file", "wait_for_element", "wait_until"}

const (
	mcpPrefix     = "mcp__"
	builtinPrefix = "sandy__"
)

// IsBuiltin reports whether name (without the sandy__ prefix) is a built-in tool.
func IsBuiltin(name string) bool {
	for _, b := range Builtins {
		if b == name {
			return true
		}
	}
	return false
}

// SplitTool splits a scenario tool name into its MCP server and tool names,
// as the Sandy player does: it strips "mcp__" and splits once on "__", so
// "mcp__playwright__browser_click" gives ("playwright", "browser_click") and
// "mcp__a__b__c" gives ("a", "b__c"). "sandy__wait" gives ("", "wait", true).
// Any other shape, an empty server or tool, white space, or an unknown
// built-in is an error wrapping ErrInvalid (for an unknown built-in, name and
// builtin are still set).
func SplitTool(tool string) (server, name string, builtin bool, err error) {
	server, name, builtin, msg := splitTool(tool)
	if msg != "" {
		return server, name, builtin, fmt.Errorf("%w: tool %s: %s", ErrInvalid, printable.Quote(tool), msg)
	}
	return server, name, builtin, nil
}

// splitTool is SplitTool with the problem as a bare message ("" when none).
func splitTool(tool string) (server, name string, builtin bool, msg string) {
	switch {
	case strings.ContainsFunc(tool, isSpace):
		return "", "", false, "must not contain white space"
	case strings.HasPrefix(tool, builtinPrefix):
		name = strings.TrimPrefix(tool, builtinPrefix)
		if !IsBuiltin(name) {
			return "", name, true, fmt.Sprintf("unknown built-in %s (want one of %s)", printable.Quote(name), strings.Join(Builtins, ", "))
		}
		return "", name, true, ""
	case strings.HasPrefix(tool, mcpPrefix):
		server, name, ok := strings.Cut(strings.TrimPrefix(tool, mcpPrefix), "__")
		if !ok || server == "" || name == "" {
			return "", "", false, "want mcp__<server>__<tool>"
		}
		return server, name, false, ""
	default:
		return "", "", false, "want mcp__<server>__<tool> or sandy__<built-in>"
	}
}

func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
}
