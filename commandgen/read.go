package commandgen

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/step"
)

// ErrNotStep is wrapped by Read's error for a call that no step writes:
// a call of a tool steps do not use, or one of the calls the compiler adds
// around a step (Focus, BusyWait, EnabledWait, ListTabs, WaitForText,
// TextShown), or a browser_evaluate that is not one of plaintest's checks.
var ErrNotStep = errors.New("not a call of a plaintest step")

// notStep is an error that says in its own words why a call is no
// step's, and is ErrNotStep.
type notStep string

func (e notStep) Error() string        { return string(e) }
func (e notStep) Is(target error) bool { return target == ErrNotStep }

// Read is Call's inverse for every step but a check: the step that c
// performs, as far as the call keeps it. The call's target is the step's
// Ref; its element description is the step's Element, and its role the
// word that description starts with (`button "Save"`). What a call does
// not keep (Words, Action, Model) is left empty, and kinds whose calls are
// the same read as one: Upload as the Click it is, a
// Type of nothing as the Clear it is. A check is read from its record
// (FromRecord, ReadStep), never from its description or its function:
// Read of a check's call is an error wrapping ErrNoRecord. Read never
// fails on another call Call made (the round-trip test holds it to that);
// any other call gives an error saying why, wrapping ErrNotStep when it is
// not a step's.
func Read(c step.ToolCall) (step.Step, error) {
	str := func(k string) string { s, _ := c.Args[k].(string); return s }
	target, element := str("target"), str("element")
	acting := func(k step.Kind) (step.Step, error) {
		if target == "" {
			return step.Step{}, noTarget(c.Tool)
		}
		return step.Step{Kind: k, Ref: target, Element: element, Role: roleOf(element)}, nil
	}
	switch c.Tool {
	case step.ToolNavigate:
		return step.Step{Kind: step.Navigate, Value: str("url")}, nil
	case step.ToolNavigateBack:
		return step.Step{Kind: step.Back}, nil
	case step.ToolClick:
		if c.Args["doubleClick"] == true {
			return acting(step.DoubleClick)
		}
		return acting(step.Click)
	case step.ToolHover:
		return acting(step.Hover)
	case step.ToolType:
		s, err := acting(step.Type)
		s.Value = str("text")
		if s.Value == "" {
			s.Kind = step.Clear
		}
		if c.Args["slowly"] == true {
			s.Role = "combobox"
		}
		return s, err
	case step.ToolSelectOption:
		s, err := acting(step.Select)
		vals := stringList(c.Args["values"])
		if len(vals) == 1 {
			s.Value = vals[0]
		} else {
			s.Values = vals
		}
		return s, err
	case step.ToolHandleDialog:
		if c.Args["accept"] == true {
			return step.Step{Kind: step.AcceptDialog, Value: str("promptText")}, nil
		}
		return step.Step{Kind: step.DismissDialog}, nil
	case step.ToolFileUpload:
		s := step.Step{Kind: step.Upload}
		paths := stringList(c.Args["paths"])
		if len(paths) == 1 {
			s.Value = paths[0]
		} else {
			s.Values = paths
		}
		return s, nil
	case step.ToolPressKey:
		return step.Step{Kind: step.Press, Value: str("key")}, nil
	case step.ToolWaitFor:
		secs, ok := c.Args["time"].(float64)
		if !ok {
			return step.Step{}, fmt.Errorf("%s without a time (a wait for a text the compiler adds): %w", c.Tool, ErrNotStep)
		}
		return step.Step{Kind: step.Wait, Value: strconv.FormatFloat(secs, 'f', -1, 64)}, nil
	case step.ToolTabs:
		index, ok := number(c.Args["index"])
		if str("action") != "select" || !ok {
			return step.Step{}, fmt.Errorf("%s %s: %w", c.Tool, str("action"), ErrNotStep)
		}
		return step.Step{Kind: step.SwitchTab, Value: strconv.Itoa(index + 1)}, nil
	case step.ToolDrag:
		from, to := str("startTarget"), str("endTarget")
		if from == "" || to == "" {
			return step.Step{}, fmt.Errorf("%s: params.startTarget and params.endTarget: want both ends", c.Tool)
		}
		el, drop := str("startElement"), str("endElement")
		return step.Step{Kind: step.Drag, Ref: from, Element: el, Role: roleOf(el),
			Drop: &step.Step{Ref: to, Element: drop, Role: roleOf(drop)}}, nil
	case step.ToolEvaluate:
		return readEvaluate(str("function"), element, target)
	case step.ToolFillForm:
		return readFillForm(c.Args)
	}
	return step.Step{}, fmt.Errorf("%s: %w", c.Tool, ErrNotStep)
}

// IsFocus reports whether c is Focus's call: the first half of a key
// pressed in an element, PressKey's call the second.
func IsFocus(c step.ToolCall) bool {
	fn, _ := c.Args["function"].(string)
	return c.Tool == step.ToolEvaluate && fn == focusJS
}

// Navigates reports whether c is the call of a step whose function starts
// a navigation of the page once it has returned (Reload, Forward): it
// does what it says when the page goes to another document, the one it
// ran in gone.
func Navigates(c step.ToolCall) bool {
	fn, _ := c.Args["function"].(string)
	return c.Tool == step.ToolEvaluate && (fn == navigateSoon(reloadJS) || fn == navigateSoon(forwardJS))
}

// noTarget is the error of a call of tool that acts on an element but
// names none.
func noTarget(tool string) error {
	return fmt.Errorf("%s: params.target: missing: the step names no element", tool)
}

func readEvaluate(fn, element, target string) (step.Step, error) {
	switch fn {
	case navigateSoon(reloadJS):
		return step.Step{Kind: step.Reload}, nil
	case navigateSoon(forwardJS):
		return step.Step{Kind: step.Forward}, nil
	case focusJS:
		return step.Step{}, fmt.Errorf("the focus before a key pressed in %s: %w", target, ErrNotStep)
	case pageScrollJS["down"], pageScrollJS["up"], pageScrollJS["bottom"], pageScrollJS["top"]:
		for where, js := range pageScrollJS {
			if js == fn {
				return step.Step{Kind: step.ScrollPage, Value: where}, nil
			}
		}
	case scrollJS:
		if target == "" {
			return step.Step{}, noTarget(step.ToolEvaluate)
		}
		return step.Step{Kind: step.Scroll, Ref: target, Element: element, Role: roleOf(element)}, nil
	}
	if s, ok := readScrollBox(fn, element, target); ok {
		return s, nil
	}
	if _, ok := BusyWaitTimeout(fn); ok {
		return step.Step{}, fmt.Errorf("the wait for a page still loading: %w", ErrNotStep)
	}
	if _, ok := EnabledWaitTimeout(fn); ok {
		return step.Step{}, fmt.Errorf("the wait for %s to be enabled: %w", target, ErrNotStep)
	}
	if s, ok := readRemember(fn, element, target); ok {
		return s, nil
	}
	if state, ok := readStateRead(fn); ok {
		return step.Step{}, stateReadNotStep(state, target)
	}
	if fn == shadowProbeJS {
		return step.Step{}, fmt.Errorf("the question whether the page has open shadow roots: %w", ErrNotStep)
	}
	if strings.Contains(fn, "const why = ") {
		// A check: its step is its record's (ReadStep), never read back
		// from its description or its function.
		return step.Step{}, fmt.Errorf("%s: %w: its step is read from the scenario step's record", printable.Excerpt(element), ErrNoRecord)
	}
	return step.Step{}, notStep(fmt.Sprintf("a browser_evaluate that is not one of plaintest's steps (element %s): its intent cannot be read", printable.Quote(element)))
}

// roleOf is the role an element description starts with: `button "Save"
// in row "Ada"` is a button's.
func roleOf(element string) string {
	if m := reRole.FindStringSubmatch(element); m != nil {
		return m[1]
	}
	return ""
}

// stringList reads a list of strings from a call's arguments, as Call
// writes it ([]any) or as a file decodes it.
func stringList(v any) []string {
	switch l := v.(type) {
	case []string:
		return l
	case []any:
		out := make([]string, 0, len(l))
		for _, x := range l {
			out = append(out, fmt.Sprint(x))
		}
		return out
	}
	return nil
}

// number reads an integer argument: an int as Call writes it, a float64
// as a file decodes it.
func number(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case float64:
		if n == float64(int(n)) {
			return int(n), true
		}
	}
	return 0, false
}

// reRole reads the role an action's element description starts with.
var reRole = regexp.MustCompile(`^([a-z]+)(?: "|$| (?:not )?showing "| in [a-z]+ ")`)
