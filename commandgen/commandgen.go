// Package commandgen turns intermediate steps into MCP tool calls of
// Microsoft's Playwright MCP server (REFERENCE.md §2): the same call serves
// compile-time execution and the exported scenario, the only difference
// being the target (a snapshot ref while compiling when nothing better is
// known, a stable Playwright selector in what is exported).
package commandgen

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/translator"
)

// Call is one tool call: the bare tool name ("browser_click") and its arguments.
type Call struct {
	Tool string
	Args map[string]any
}

// build makes the call for one kind of step; target is "" for kinds without one.
type build func(s translator.Step, target string) Call

var builders = map[translator.Kind]build{
	translator.Navigate: func(s translator.Step, _ string) Call {
		return Call{mcpclient.ToolNavigate, map[string]any{"url": s.Value}}
	},
	translator.Click: func(s translator.Step, t string) Call {
		return Call{mcpclient.ToolClick, withElement(s, map[string]any{"target": t})}
	},
	translator.Type: func(s translator.Step, t string) Call {
		return Call{mcpclient.ToolType, withElement(s, map[string]any{"target": t, "text": s.Value})}
	},
	translator.Select: func(s translator.Step, t string) Call {
		return Call{mcpclient.ToolSelectOption, withElement(s, map[string]any{"target": t, "values": []any{s.Value}})}
	},
	translator.Check:   checkCall("true"),
	translator.Uncheck: checkCall("false"),
	translator.Press: func(s translator.Step, _ string) Call {
		return Call{mcpclient.ToolPressKey, map[string]any{"key": s.Value}}
	},
	translator.Hover: func(s translator.Step, t string) Call {
		return Call{mcpclient.ToolHover, withElement(s, map[string]any{"target": t})}
	},
	translator.AssertText: func(s translator.Step, t string) Call {
		if t != "" {
			return textIn(s, t, dom.PartHasText)
		}
		return WaitForText(s.Value)
	},
	translator.AssertGone: func(s translator.Step, t string) Call {
		if t != "" {
			return textIn(s, t, dom.PartHasNotText)
		}
		return Call{mcpclient.ToolWaitFor, map[string]any{"textGone": s.Value}}
	},
	translator.Wait: func(s translator.Step, _ string) Call {
		secs, _ := strconv.ParseFloat(s.Value, 64)
		return Call{mcpclient.ToolWaitFor, map[string]any{"time": secs}}
	},
}

// textIn is the check that the element at target holds (filter
// PartHasText) or no longer holds (PartHasNotText) the step's text:
// browser_evaluate on the target narrowed by that filter, which matches
// nothing, and so fails with Playwright MCP's "does not match any
// elements", until the page is as the step says. Replay retries that
// error until its step timeout, so the check waits as browser_wait_for
// does, but inside one element.
func textIn(s translator.Step, target string, filter dom.PartKind) Call {
	f := dom.Locator{Parts: []dom.LocatorPart{{Kind: filter, Text: s.Value}}}
	verb := "showing"
	if filter == dom.PartHasNotText {
		verb = "not showing"
	}
	return Call{mcpclient.ToolEvaluate, map[string]any{
		"element":  fmt.Sprintf("%s %s %q", s.Element, verb, s.Value),
		"target":   target + " >> " + f.Selector(),
		"function": "() => true",
	}}
}

// Scoped reports whether s is a check inside one element (an assertion
// whose translator named a container); such a step needs a target too.
func Scoped(s translator.Step) bool {
	return (s.Kind == translator.AssertText || s.Kind == translator.AssertGone) && s.Ref != ""
}

// NeedsTarget reports whether steps of kind k act on an element.
func NeedsTarget(k translator.Kind) bool {
	switch k {
	case translator.Click, translator.Type, translator.Select, translator.Check, translator.Uncheck, translator.Hover:
		return true
	}
	return false
}

// For returns the call that performs s on target. Target is ignored by kinds
// that act on no element; it is required by the others.
func For(s translator.Step, target string) (Call, error) {
	b, ok := builders[s.Kind]
	if !ok {
		return Call{}, fmt.Errorf("commandgen: unknown step kind %q", s.Kind)
	}
	if NeedsTarget(s.Kind) && target == "" {
		return Call{}, fmt.Errorf("commandgen: %s step %q has no target", s.Kind, s.Action)
	}
	return b(s, target), nil
}

// WaitForText is the call that waits (up to the server's action timeout) for
// text to be visible; it fails when the text never shows.
func WaitForText(text string) Call {
	return Call{mcpclient.ToolWaitFor, map[string]any{"text": text}}
}

// TextShown is the call that reports, at once, whether text is on the page
// as WaitForText looks for it (Playwright's getByText: case-insensitive,
// whitespace collapsed, part of an element's visible text). Its result is
// "true" or "false". It tells a name that is visible text from one that
// comes from aria-label or a label, for which WaitForText would only time out.
func TextShown(text string) Call {
	want, _ := json.Marshal(strings.ToLower(strings.Join(strings.Fields(text), " ")))
	fn := "() => (document.body ? document.body.innerText : '').replace(/\\s+/g, ' ').toLowerCase().includes(" + string(want) + ")"
	return Call{mcpclient.ToolEvaluate, map[string]any{"function": fn}}
}

// checkCall sets a checkbox, switch or radio to a state through
// browser_fill_form, which checks or unchecks rather than toggles, so a
// replay is right whatever state the page starts in.
func checkCall(value string) build {
	return func(s translator.Step, t string) Call {
		typ := "checkbox"
		if s.Role == "radio" || s.Role == "menuitemradio" {
			typ = "radio"
		}
		name := s.Element
		if name == "" {
			name = typ
		}
		field := map[string]any{"name": name, "type": typ, "target": t, "value": value}
		return Call{mcpclient.ToolFillForm, map[string]any{"fields": []any{field}}}
	}
}

func withElement(s translator.Step, args map[string]any) map[string]any {
	if s.Element != "" {
		args["element"] = s.Element
	}
	return args
}
