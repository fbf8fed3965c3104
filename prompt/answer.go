package prompt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// ErrNoArguments is wrapped by ArgumentsFromText when a text holds no
// arguments of intermediate_step it may read.
var ErrNoArguments = errors.New("no intermediate_step arguments in the text")

// Where the arguments of an answer were found (Source).
const (
	FromToolCall = "tool call"
	FromContent  = "message content"
	FromFence    = "fenced block"
)

var (
	// reThink is a reasoning model's thoughts before its answer.
	reThink = regexp.MustCompile(`(?s)^\s*<think>.*?</think>`)
	// reFenced is a fenced code block: ```json … ``` (or no language).
	reFenced = regexp.MustCompile("(?s)```[ \\t]*(?:json|JSON|json5)?[ \\t]*\\r?\\n(.*?)\\r?\\n?[ \\t]*```")
	// reToolCallTag is a call written as text in the Hermes and Qwen
	// style, by a server that did not parse it: <tool_call>{…}</tool_call>.
	reToolCallTag = regexp.MustCompile(`(?s)<tool_call>\s*(.*?)\s*</tool_call>`)
)

// ArgumentsFromText finds the arguments of intermediate_step in the text
// of a message, as servers that ignore tool_choice return them (Ollama,
// the llama.cpp server, some vLLM set-ups): the whole text a JSON object;
// else one fenced ```json block, whatever sentences stand around it; else
// one <tool_call> tag. The object is the arguments themselves, or a call
// of intermediate_step ({"name": …, "arguments": {…}}, or "parameters"),
// its arguments an object or a string. It returns the arguments' JSON
// text and where they were found (FromContent or FromFence), or an error
// wrapping ErrNoArguments saying why not. It reads no further: a JSON
// object in the middle of a sentence, two different blocks, or a call of
// another function are refused, for the model to answer again.
func ArgumentsFromText(text string) (args, source string, err error) {
	text = reThink.ReplaceAllString(text, "")
	t := strings.TrimSpace(text)
	if t == "" {
		return "", "", fmt.Errorf("%w: the answer is empty", ErrNoArguments)
	}
	if strings.HasPrefix(t, "{") {
		args, err := fromObject(t)
		return args, FromContent, err
	}
	var blocks []string
	for _, m := range reFenced.FindAllStringSubmatch(t, -1) {
		if b := strings.TrimSpace(m[1]); strings.HasPrefix(b, "{") {
			blocks = append(blocks, b)
		}
	}
	if len(blocks) == 0 {
		for _, m := range reToolCallTag.FindAllStringSubmatch(t, -1) {
			blocks = append(blocks, strings.TrimSpace(m[1]))
		}
	}
	switch {
	case len(blocks) == 0:
		return "", "", fmt.Errorf("%w: the answer is text, with neither a call of %s nor a JSON object of its arguments", ErrNoArguments, FunctionName)
	case len(blocks) > 1 && !allSame(blocks):
		return "", "", fmt.Errorf("%w: the answer holds %d different JSON blocks; answer one step", ErrNoArguments, len(blocks))
	}
	args, err = fromObject(blocks[0])
	return args, FromFence, err
}

func allSame(s []string) bool {
	for _, x := range s[1:] {
		if x != s[0] {
			return false
		}
	}
	return true
}

// fromObject reads one JSON object: the arguments, or a call of
// intermediate_step holding them.
func fromObject(s string) (string, error) {
	var fields map[string]json.RawMessage
	dec := json.NewDecoder(strings.NewReader(s))
	if err := dec.Decode(&fields); err != nil || fields == nil {
		return "", fmt.Errorf("%w: the answer starts like a JSON object but is not one", ErrNoArguments)
	}
	if _, err := dec.Token(); err == nil {
		return "", fmt.Errorf("%w: the answer holds more than one JSON value", ErrNoArguments)
	}
	if _, ok := fields["action_type"]; ok {
		return s, nil
	}
	raw, ok := fields["name"]
	if !ok {
		if fn, ok := fields["function"]; ok { // {"type": "function", "function": {…}}
			return fromObject(string(fn))
		}
		return "", fmt.Errorf("%w: the JSON object has no action_type", ErrNoArguments)
	}
	var name string
	if json.Unmarshal(raw, &name) != nil || name != FunctionName {
		return "", fmt.Errorf("%w: the answer calls %s, not %s", ErrNoArguments, excerpt(raw), FunctionName)
	}
	for _, key := range []string{"arguments", "parameters"} {
		a, ok := fields[key]
		if !ok {
			continue
		}
		var str string
		if json.Unmarshal(a, &str) == nil {
			return str, nil
		}
		if b := bytes.TrimSpace(a); len(b) > 0 && b[0] == '{' {
			return string(b), nil
		}
		return "", fmt.Errorf("%w: the %s of the call are neither an object nor a string", ErrNoArguments, key)
	}
	return "", fmt.Errorf("%w: the call of %s has no arguments", ErrNoArguments, FunctionName)
}
