package prompt

import (
	"errors"
	"strings"
	"testing"
)

// TestArgumentsFromText: the arguments of a server that ignores
// tool_choice are read from the message text in the forms such servers
// send them, and nothing looser.
func TestArgumentsFromText(t *testing.T) {
	args := `{"action_type":"click","target_ref":"e7"}`
	ok := []struct {
		name, text, want, source string
	}{
		{"the whole text", "  " + args + "\n", args, FromContent},
		{"a call as text", `{"name": "intermediate_step", "arguments": ` + args + `}`, args, FromContent},
		{"a call with its arguments as a string", `{"name":"intermediate_step","arguments":"{\"action_type\":\"done\"}"}`, `{"action_type":"done"}`, FromContent},
		{"a Llama-style call", `{"name": "intermediate_step", "parameters": ` + args + `}`, args, FromContent},
		{"an OpenAI-shaped call", `{"type": "function", "function": {"name": "intermediate_step", "arguments": ` + args + `}}`, args, FromContent},
		{"a fence after a sentence", "I will click the Log in button.\n\n```json\n" + args + "\n```\n", args, FromFence},
		{"a fence with no language, text after", "Next step:\n```\n" + args + "\n```\nThat submits the form.", args, FromFence},
		{"the same block twice", "```json\n" + args + "\n```\nagain:\n```json\n" + args + "\n```", args, FromFence},
		{"a tool_call tag", "<tool_call>\n{\"name\": \"intermediate_step\", \"arguments\": " + args + "}\n</tool_call>", args, FromFence},
		{"thoughts first", "<think>The button is e7.</think>\n" + args, args, FromContent},
	}
	for _, c := range ok {
		got, source, err := ArgumentsFromText(c.text)
		if err != nil || got != c.want || source != c.source {
			t.Errorf("%s: got %q from %q, %v; want %q from %q", c.name, got, source, err, c.want, c.source)
		}
	}
	bad := []struct {
		name, text, want string
	}{
		{"empty", " \n", "empty"},
		{"prose", "I would click the Log in button.", "neither a call"},
		{"JSON inside a sentence", `Click it: {"action_type":"click"} now`, "neither a call"},
		{"two different blocks", "```json\n" + args + "\n```\n```json\n{\"action_type\":\"done\"}\n```", "2 different JSON blocks"},
		{"another function", `{"name": "browser_click", "arguments": {"ref": "e7"}}`, `calls "\"browser_click\"", not intermediate_step`},
		{"an object of something else", `{"answer": "click e7"}`, "no action_type"},
		{"two values", args + " " + args, "more than one JSON value"},
		{"broken JSON", `{"action_type": "click"`, "not one"},
		{"a call without arguments", `{"name": "intermediate_step"}`, "has no arguments"},
		{"arguments of the wrong type", `{"name": "intermediate_step", "arguments": [1]}`, "neither an object nor a string"},
	}
	for _, c := range bad {
		_, _, err := ArgumentsFromText(c.text)
		if !errors.Is(err, ErrNoArguments) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error saying %q", c.name, err, c.want)
		}
	}
}

// FuzzArgumentsFromText: any text gives arguments that are one JSON
// object or string (which ParseArguments then judges), or an error
// wrapping ErrNoArguments; it never panics.
func FuzzArgumentsFromText(f *testing.F) {
	for _, s := range []string{
		`{"action_type":"click","target_ref":"e7"}`,
		"Sure.\n```json\n{\"action_type\":\"done\"}\n```",
		`<tool_call>{"name":"intermediate_step","arguments":"{}"}</tool_call>`,
		`{"name":"intermediate_step","parameters":{"action_type":"input"}}`,
		"<think>x</think>", "```json\n{\n```", `{"function":{"function":{}}}`, "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		args, source, err := ArgumentsFromText(text)
		if err != nil {
			if !errors.Is(err, ErrNoArguments) {
				t.Fatalf("error %v does not wrap ErrNoArguments", err)
			}
			return
		}
		if source != FromContent && source != FromFence {
			t.Fatalf("source %q", source)
		}
		if _, err := ParseArguments(args); err != nil && !errors.Is(err, ErrArguments) {
			t.Fatalf("arguments %q: %v", args, err)
		}
	})
}
