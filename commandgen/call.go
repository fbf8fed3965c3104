// A step's call is a tool call of Microsoft's Playwright MCP server
// (REFERENCE.md §2): the same call serves compile-time execution and the
// exported scenario, the only difference being the target (a snapshot ref
// while compiling when nothing better is known, a stable Playwright
// selector in what is exported). Read (read.go) is its inverse.

package commandgen

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/step"
)

// CallOptions tune the calls Call builds. Nil means the defaults.
type CallOptions struct {
	// CheckTimeout is how long a check waits, in the page, for what it
	// checks to hold. Default defaults.Check.
	CheckTimeout time.Duration
	// WaitTimeout is how long a check the sentence waits for (Step.Wait)
	// waits. Default defaults.Navigation.
	WaitTimeout time.Duration
}

// build makes the call for one kind of step; target is "" for kinds without one.
type build func(s step.Step, target string) step.ToolCall

var builders = map[step.Kind]build{
	step.Navigate: func(s step.Step, _ string) step.ToolCall {
		return step.ToolCall{Tool: step.ToolNavigate, Args: map[string]any{"url": s.Value}}
	},
	step.Click: func(s step.Step, t string) step.ToolCall {
		return step.ToolCall{Tool: step.ToolClick, Args: withElement(s, map[string]any{"target": t})}
	},
	step.Type: func(s step.Step, t string) step.ToolCall {
		args := withElement(s, map[string]any{"target": t, "text": s.Value})
		if s.Role == "combobox" {
			// A combo box reads keys as they come to filter and open its
			// list; filled at once, many never react.
			args["slowly"] = true
		}
		return step.ToolCall{Tool: step.ToolType, Args: args}
	},
	step.Select: func(s step.Step, t string) step.ToolCall {
		values := []any{s.Value}
		if len(s.Values) > 0 { // several options of a list box
			values = make([]any, len(s.Values))
			for i, v := range s.Values {
				values[i] = v
			}
		}
		return step.ToolCall{Tool: step.ToolSelectOption, Args: withElement(s, map[string]any{"target": t, "values": values})}
	},
	step.AcceptDialog: func(s step.Step, _ string) step.ToolCall {
		args := map[string]any{"accept": true}
		if s.Value != "" {
			args["promptText"] = s.Value
		}
		return step.ToolCall{Tool: step.ToolHandleDialog, Args: args}
	},
	step.DismissDialog: func(step.Step, string) step.ToolCall {
		return step.ToolCall{Tool: step.ToolHandleDialog, Args: map[string]any{"accept": false}}
	},
	// An Upload is two calls: a click on its target, which opens the file
	// chooser (UploadFiles sets its files).
	step.Upload: func(s step.Step, t string) step.ToolCall {
		return step.ToolCall{Tool: step.ToolClick, Args: withElement(s, map[string]any{"target": t})}
	},
	// A SwitchTab's call needs the tab's index, known only from the
	// server's list: see SelectTab.
	step.Drag: func(s step.Step, t string) step.ToolCall {
		args := map[string]any{"startTarget": t}
		if s.Element != "" {
			args["startElement"] = s.Element
		}
		if s.Drop != nil {
			args["endTarget"] = s.Drop.Ref
			if s.Drop.Element != "" {
				args["endElement"] = s.Drop.Element
			}
		}
		return step.ToolCall{Tool: step.ToolDrag, Args: args}
	},
	step.Check:   setCheckedCall,
	step.Uncheck: setCheckedCall,
	step.Press: func(s step.Step, _ string) step.ToolCall {
		return step.ToolCall{Tool: step.ToolPressKey, Args: map[string]any{"key": s.Value}}
	},
	step.Hover: func(s step.Step, t string) step.ToolCall {
		return step.ToolCall{Tool: step.ToolHover, Args: withElement(s, map[string]any{"target": t})}
	},
	// No tool of @playwright/mcp scrolls without a side effect (a hover
	// moves the mouse): the element scrolls itself into view.
	step.Scroll: func(s step.Step, t string) step.ToolCall {
		return step.ToolCall{Tool: step.ToolEvaluate, Args: withElement(s, map[string]any{"target": t, "function": scrollJS})}
	},
	// The page scrolled as a person scrolls it with no element in mind:
	// a screen down or up, or to its end or start.
	step.ScrollPage: func(s step.Step, _ string) step.ToolCall {
		return step.ToolCall{Tool: step.ToolEvaluate, Args: map[string]any{"function": pageScrollJS[s.Value]}}
	},
	step.DoubleClick: func(s step.Step, t string) step.ToolCall {
		return step.ToolCall{Tool: step.ToolClick, Args: withElement(s, map[string]any{"target": t, "doubleClick": true})}
	},
	step.Clear: func(s step.Step, t string) step.ToolCall {
		return step.ToolCall{Tool: step.ToolType, Args: withElement(s, map[string]any{"target": t, "text": ""})}
	},
	step.Reload: func(step.Step, string) step.ToolCall {
		// browser_navigate to the same URL does not reload a page whose URL
		// has a #fragment; the server waits for the load location.reload
		// starts.
		return step.ToolCall{Tool: step.ToolEvaluate, Args: map[string]any{"function": navigateSoon(reloadJS)}}
	},
	step.Back: func(step.Step, string) step.ToolCall {
		return step.ToolCall{Tool: step.ToolNavigateBack, Args: map[string]any{}}
	},
	step.Forward: func(step.Step, string) step.ToolCall {
		return step.ToolCall{Tool: step.ToolEvaluate, Args: map[string]any{"function": navigateSoon(forwardJS)}}
	},
	step.Wait: func(s step.Step, _ string) step.ToolCall {
		secs, _ := strconv.ParseFloat(s.Value, 64)
		return step.ToolCall{Tool: step.ToolWaitFor, Args: map[string]any{"time": secs}}
	},
}

// navigateSoon is the function of a navigation done by script. It starts
// the navigation after it has returned: one started inside it can destroy
// the page's context before the call answers ("Execution context was
// destroyed"), failing a step that did what it said. @playwright/mcp waits
// after an evaluate for the navigations it starts and for their load.
func navigateSoon(js string) string {
	return "() => { setTimeout(() => " + js + ", 0); }"
}

// The scripts of a reload and of a step forward in history, run by
// navigateSoon.
const (
	reloadJS  = "location.reload()"
	forwardJS = "history.forward()"
)

// scrollJS is a Scroll's function: the element in the middle of its
// scrolling boxes and of the window, as Playwright's scrollIntoViewIfNeeded
// puts one that is out of view.
const scrollJS = "(el) => { el.scrollIntoView({ block: 'center', inline: 'center' }); }"

// pageScrollJS are a ScrollPage's functions, by where it scrolls: a
// screen is most of the window's height, as Page Down scrolls.
var pageScrollJS = map[string]string{
	"down":   "() => { window.scrollBy(0, Math.round(window.innerHeight * 0.9)); }",
	"up":     "() => { window.scrollBy(0, -Math.round(window.innerHeight * 0.9)); }",
	"bottom": "() => { window.scrollTo(0, document.scrollingElement.scrollHeight); }",
	"top":    "() => { window.scrollTo(0, 0); }",
}

// focusJS is Focus's function.
const focusJS = "(el) => { el.focus(); return document.activeElement === el || el.contains(document.activeElement); }"

// Scoped reports whether s is a check of one element (an assertion whose
// translator named an element or a container); such a step needs a target
// too.
func Scoped(s step.Step) bool {
	return s.Kind.IsCheck() && s.Ref != ""
}

// NeedsTarget reports whether steps of kind k act on an element.
func NeedsTarget(k step.Kind) bool {
	switch k {
	case step.Click, step.DoubleClick, step.Type, step.Clear, step.Select,
		step.Upload, step.Drag, step.Check, step.Uncheck, step.Hover, step.Scroll, step.AssertState, step.AssertValue, step.Remember:
		return true
	}
	return false
}

// Call returns the call that performs s on target, with the default
// options. Target is ignored by kinds that act on no element; it is
// required by the others.
func Call(s step.Step, target string) (step.ToolCall, error) {
	var o *CallOptions
	return o.Call(s, target)
}

// Call returns the call that performs s on target.
func (o *CallOptions) Call(s step.Step, target string) (step.ToolCall, error) {
	if NeedsTarget(s.Kind) && target == "" {
		return step.ToolCall{}, fmt.Errorf("commandgen: %s step %q has no target", s.Kind, s.Action)
	}
	if s.Kind == step.ScrollPage && pageScrollJS[s.Value] == "" {
		return step.ToolCall{}, fmt.Errorf("commandgen: %s step %q scrolls %q: want down, up, bottom or top", s.Kind, s.Action, s.Value)
	}
	timeout := defaults.Check
	if o != nil && o.CheckTimeout > 0 {
		timeout = o.CheckTimeout
	}
	if s.Wait {
		timeout = defaults.Navigation
		if o != nil && o.WaitTimeout > 0 {
			timeout = o.WaitTimeout
		}
	}
	if s.Kind.IsCheck() {
		return assertCall(s, target, timeout)
	}
	if s.Kind == step.ScrollUntil || (s.Kind == step.ScrollPage && target != "") {
		// A list scrolled to its row may take as long as a page.
		scroll := defaults.Navigation
		if o != nil && o.WaitTimeout > 0 {
			scroll = o.WaitTimeout
		}
		return scrollBoxCall(s, target, scroll)
	}
	if s.Kind == step.Remember {
		return rememberCall(s, target, timeout)
	}
	if s.Kind == step.SwitchTab {
		// A tab by its number; the tab opened last has an index only the
		// server's list knows (the compiler asks it, ListTabs).
		n, err := strconv.Atoi(s.Value)
		if err != nil || n < 1 {
			return step.ToolCall{}, fmt.Errorf("commandgen: switch_tab step %q: the tab %q is known only from the server's list of tabs", s.Action, s.Value)
		}
		return SelectTab(n - 1), nil
	}
	b, ok := builders[s.Kind]
	if !ok {
		return step.ToolCall{}, fmt.Errorf("commandgen: no call for a %q step", s.Kind)
	}
	return b(s, target), nil
}

// Focus is the call that puts the focus in the element at target, with
// nothing else happening (a click could open, toggle or submit): what a
// key pressed "in" an element needs first.
func Focus(target, element string) step.ToolCall {
	args := map[string]any{"target": target, "function": focusJS}
	if element != "" {
		args["element"] = element
	}
	return step.ToolCall{Tool: step.ToolEvaluate, Args: args}
}

// UploadFiles is the call that sets the files of the file chooser an
// action opened: paths as the scenario names them (relative to its files
// folder, which replay turns into absolute paths inside it).
func UploadFiles(paths ...string) step.ToolCall {
	list := make([]any, len(paths))
	for i, p := range paths {
		list[i] = p
	}
	return step.ToolCall{Tool: step.ToolFileUpload, Args: map[string]any{"paths": list}}
}

// ListTabs is the call that lists the browser's tabs.
func ListTabs() step.ToolCall {
	return step.ToolCall{Tool: step.ToolTabs, Args: map[string]any{"action": "list"}}
}

// SelectTab is the call that makes the tab at index (counted from 0, as
// browser_tabs counts) the one the next calls act on.
func SelectTab(index int) step.ToolCall {
	return step.ToolCall{Tool: step.ToolTabs, Args: map[string]any{"action": "select", "index": index}}
}

// PressKey is the call that presses key on the focused element.
func PressKey(key string) step.ToolCall {
	return step.ToolCall{Tool: step.ToolPressKey, Args: map[string]any{"key": key}}
}

// WaitForText is the call that waits (up to the server's action timeout) for
// text to be visible; it fails when the text never shows.
func WaitForText(text string) step.ToolCall {
	return step.ToolCall{Tool: step.ToolWaitFor, Args: map[string]any{"text": text}}
}

// TextShown is the call that reports, at once, whether text is on the page
// as WaitForText looks for it (Playwright's getByText: case-insensitive,
// whitespace collapsed, part of an element's visible text, open shadow
// roots included). Its result is "true" or "false". It tells a name that
// is visible text from one that comes from aria-label or a label, for
// which WaitForText would only time out.
func TextShown(text string) step.ToolCall {
	want, _ := json.Marshal(strings.ToLower(strings.Join(strings.Fields(text), " ")))
	fn := "() => (document.body ? deepText(document.body) : '').replace(/\\s+/g, ' ').toLowerCase().includes(" + string(want) + ")"
	return step.ToolCall{Tool: step.ToolEvaluate, Args: map[string]any{"function": withHelpers(fn)}}
}

// ShadowProbe is the call that reports, at once, whether the page has an
// open shadow root: "true" or "false". Compile asks it before each check,
// which then reads through shadow roots (Step.Shadow) only where the page
// has them.
func ShadowProbe() step.ToolCall {
	return step.ToolCall{Tool: step.ToolEvaluate, Args: map[string]any{"function": shadowProbeJS}}
}

var shadowProbeJS = withHelpers("() => deepAll(document, '*').some(e => e.shadowRoot)")

// withHelpers is the function fn, an expression-bodied arrow function,
// with the shadow-root helpers it calls (internal/pagejs) declared in a
// block before its expression is returned.
func withHelpers(fn string) string {
	params, body, _ := strings.Cut(fn, " => ")
	var b strings.Builder
	b.WriteString(params + " => { ")
	for _, d := range pagejs.Needs(body) {
		b.WriteString(d.Source() + " ")
	}
	b.WriteString("return " + body + "; }")
	return b.String()
}

// busyWaitJS is the function of BusyWait (waits.js), with its timeout in
// milliseconds and the poll interval to fill in. It returns "settled" when nothing said it was
// loading and "waited" when something did and then stopped; it throws when
// something still says so after the timeout.
var busyWaitJS = waitFormat("busyWait")

// busyWaitRe reads BusyWait's timeout back from its function.
var busyWaitRe = regexp.MustCompile("^" + strings.ReplaceAll(regexp.QuoteMeta(busyWaitJS), "%d", `(\d+)`) + "$")

// BusyWait is the call that waits, up to timeout, until no part of the
// page says it is still loading (aria-busy="true": a feed rendering its
// articles one by one). Compile runs it after every page load, and
// exports it after one whose page was still loading, so that replay waits
// as compile did instead of racing the page.
func BusyWait(timeout time.Duration) step.ToolCall {
	return step.ToolCall{Tool: step.ToolEvaluate, Args: map[string]any{"function": fmt.Sprintf(busyWaitJS, timeout.Milliseconds(), defaults.Poll.Milliseconds())}}
}

// BusyWaitTimeout reports whether fn is BusyWait's function, and its timeout.
func BusyWaitTimeout(fn string) (time.Duration, bool) { return millis(busyWaitRe, fn) }

// enabledWaitJS is the function of EnabledWait (waits.js): the element's
// description, the timeout in milliseconds, the poll interval and the
// timeout for people to fill in.
var enabledWaitJS = waitFormat("enabledWait")

// enabledWaitRe reads EnabledWait's description and timeout back.
var enabledWaitRe = regexp.MustCompile("^" + strings.NewReplacer("%s", `("(?:[^"\\]|\\.)*")`, "%d", `(\d+)`, "%v", `[^']+`).Replace(regexp.QuoteMeta(enabledWaitJS)) + "$")

// EnabledWait is the call that waits, up to timeout, until the element at
// target (element describes it) is no longer disabled. The compiler runs
// and exports it before an action whose target it saw disabled (a Pay
// button enabled once a form is valid, a field enabled when a request
// ends), so that replay waits as compile did instead of racing the page.
func EnabledWait(target, element string, timeout time.Duration) step.ToolCall {
	fn := fmt.Sprintf(enabledWaitJS, js(element), timeout.Milliseconds(), defaults.Poll.Milliseconds(), timeout)
	args := map[string]any{"target": target, "function": fn}
	if element != "" {
		args["element"] = element
	}
	return step.ToolCall{Tool: step.ToolEvaluate, Args: args}
}

// EnabledWaitTimeout reports whether fn is EnabledWait's function, and
// its timeout.
func EnabledWaitTimeout(fn string) (time.Duration, bool) {
	m := enabledWaitRe.FindStringSubmatch(fn)
	if m == nil {
		return 0, false
	}
	ms, err := strconv.Atoi(m[2])
	if err != nil {
		return 0, false
	}
	return time.Duration(ms) * time.Millisecond, true
}

func withElement(s step.Step, args map[string]any) map[string]any {
	if s.Element != "" {
		args["element"] = s.Element
	}
	return args
}

//go:embed waits.js
var waitsJS string

// waitFormat is the function waits.js declares as name, as a format for
// fmt.Sprintf: the names in capitals waits.js lists made verbs, DISABLED
// and NORM filled in. A function missing from waits.js is a build mistake
// the tests catch.
func waitFormat(name string) string {
	v, ok := pagejs.Lookup(pagejs.MustConsts(waitsJS), name)
	if !ok {
		panic("commandgen: waits.js declares no " + name)
	}
	return strings.NewReplacer("TIMEOUT_MS", "%d", "POLL_MS", "%d", "WHAT", "%s", "NAME", "%s", "WAITED", "%v",
		"NORM; ", helper("norm")+" ", "DISABLED", stateJS[step.StateDisabled]).Replace(v)
}
