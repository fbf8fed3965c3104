package commandgen

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/plaintest/plaintest/step"
	"regexp"
	"strconv"
	"strings"
	"time"
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

// Read is Call's inverse: the step that c performs, as far as the call
// keeps it. The call's target is the step's Ref; its element description
// is the step's Element, and its role the word that description starts
// with (`button "Save"`); a check's kind, value, match, negation and
// counted roles come from the description and the function Call wrote.
// What a call does not keep (Words, Action, Model) is left empty, and
// kinds whose calls are the same read as one: Check, Uncheck and Upload
// as the Click they are, a Type of nothing as the Clear it is. Read never fails on
// a call Call made (the round-trip test holds it to that); any other call
// gives an error saying why, wrapping ErrNotStep when it is not a step's.
func Read(c step.ToolCall) (step.Step, error) {
	str := func(k string) string { s, _ := c.Args[k].(string); return s }
	target, element := str("target"), str("element")
	acting := func(k step.Kind) (step.Step, error) {
		if target == "" {
			return step.Step{}, fmt.Errorf("%s: params.target: missing: the step names no element", c.Tool)
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

func readEvaluate(fn, element, target string) (step.Step, error) {
	switch fn {
	case navigateSoon(reloadJS):
		return step.Step{Kind: step.Reload}, nil
	case navigateSoon(forwardJS):
		return step.Step{Kind: step.Forward}, nil
	case focusJS:
		return step.Step{}, fmt.Errorf("the focus before a key pressed in %s: %w", target, ErrNotStep)
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
	if fn == shadowProbeJS {
		return step.Step{}, fmt.Errorf("the question whether the page has open shadow roots: %w", ErrNotStep)
	}
	wait := false
	if m := reWaitSuffix.FindStringSubmatch(element); m != nil {
		if _, err := time.ParseDuration(m[2]); err == nil {
			element, wait = m[1], true
		}
	}
	s, err := readCheck(element, fn, target)
	if err != nil {
		return step.Step{}, err
	}
	s.Ref, s.Wait, s.Shadow = target, wait, reShadow.MatchString(fn)
	return *s, nil
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

// What assertCall writes as the element of a check: the description the
// check is read from, with what the function adds (the match of a value
// check, the roles a count counts).
var (
	reTextPage    = regexp.MustCompile(`^text ("(?:[^"\\]|\\.)*") is (not )?shown$`)
	reTextIn      = regexp.MustCompile(`^(.+?) (not )?showing ("(?:[^"\\]|\\.)*")$`)
	reState       = regexp.MustCompile(`^(.+?) is (not )?(checked|mixed|disabled|expanded|selected|pressed|current|focused|required|readonly|invalid|sorted|sorted ascending|sorted descending)$`)
	reCount       = regexp.MustCompile(`^(.+?) shows (\d+) items?$`)
	reValue       = regexp.MustCompile(`^(.+?) shows ("(?:[^"\\]|\\.)*")$`)
	rePageCheck   = regexp.MustCompile(`^the (URL|title) (is not|does not contain|does not start with|does not end with|is|contains|starts with|ends with) ("(?:[^"\\]|\\.)*")$`)
	reVisible     = regexp.MustCompile(`^(.+?) is visible$`)
	reShownByName = regexp.MustCompile(`^(.+?) is (not )?shown$`)
	reOrderOne    = regexp.MustCompile(`^(.+?) shows ("(?:[^"\\]|\\.)*") (first|last|at #(\d+))$`)
	reOrderAll    = regexp.MustCompile(`^(.+?) shows (.+) in that order$`)
	reShadow      = regexp.MustCompile(`\b(?:deepText|deepAll|deepFocus|deepUp|itemsDeep|nameDeep)\(`)
	reItemsRoles  = regexp.MustCompile(`items(?:Deep)?\(el, (\[[^\]]*\])\)`)
	reNameRoles   = regexp.MustCompile(`some\(e => (\[[^\]]*\])\.includes\(role\(e\)\)`)
	reRole        = regexp.MustCompile(`^([a-z]+)(?: "|$| (?:not )?showing "| in [a-z]+ ")`)
	reFirstQuoted = regexp.MustCompile(`^[a-z]+(?: or [a-z]+)* ("(?:[^"\\]|\\.)*")`)
	reRolesOnly   = regexp.MustCompile(`^[a-z]+(?: or [a-z]+)*$`)
)

// page is what a check's description calls the page (assertCall's what
// when the step has no element).
const page = "the page"

// subject is the step's Element from what a description names: "" for
// the page.
func subject(what string) string {
	if what == page {
		return ""
	}
	return what
}

// readCheck reads the step of a check from its description (element),
// its function (fn) and its target.
func readCheck(element, fn, target string) (*step.Step, error) {
	targeted := target != ""
	if element == "" || !strings.Contains(fn, "const why = ") {
		return nil, notStep(fmt.Sprintf("a browser_evaluate that is not one of plaintest's checks (element %q): its intent cannot be read", element))
	}
	role := roleOf(element)
	unq := func(q string) (string, error) {
		s, err := strconv.Unquote(q)
		if err != nil {
			return "", fmt.Errorf("params.element: cannot read %s: %v", q, err)
		}
		return s, nil
	}
	switch {
	case !targeted && reTextPage.MatchString(element):
		m := reTextPage.FindStringSubmatch(element)
		v, err := unq(m[1])
		if err != nil {
			return nil, err
		}
		k := step.AssertText
		if m[2] != "" {
			k = step.AssertGone
		}
		return &step.Step{Kind: k, Value: v}, nil
	case targeted && reTextIn.MatchString(element):
		m := reTextIn.FindStringSubmatch(element)
		v, err := unq(m[3])
		if err != nil {
			return nil, err
		}
		k := step.AssertText
		if m[2] != "" {
			k = step.AssertGone
		}
		return &step.Step{Kind: k, Value: v, Role: role, Element: subject(m[1])}, nil
	case rePageCheck.MatchString(element):
		m := rePageCheck.FindStringSubmatch(element)
		v, err := unq(m[3])
		if err != nil {
			return nil, err
		}
		k := step.AssertURL
		if m[1] == "title" {
			k = step.AssertTitle
		}
		how, negated := m[2], false
		if rest, ok := strings.CutPrefix(how, "does not "); ok {
			how, negated = map[string]string{"contain": "contains", "start with": "starts with", "end with": "ends with"}[rest], true
		} else if how == "is not" {
			how, negated = "is", true
		}
		match := map[string]string{"is": step.MatchEquals, "contains": step.MatchContains,
			"starts with": step.MatchStarts, "ends with": step.MatchEnds}[how]
		return &step.Step{Kind: k, Value: v, Match: match, Negated: negated}, nil
	case targeted && reState.MatchString(element):
		m := reState.FindStringSubmatch(element)
		return &step.Step{Kind: step.AssertState, Value: m[3], Negated: m[2] != "", Role: role, Element: subject(m[1])}, nil
	case reCount.MatchString(element):
		m := reCount.FindStringSubmatch(element)
		var roles []string
		if r := reItemsRoles.FindStringSubmatch(fn); r != nil {
			json.Unmarshal([]byte(r[1]), &roles)
		}
		if len(roles) == 0 {
			return nil, fmt.Errorf("a count check whose function does not say what it counts")
		}
		return &step.Step{Kind: step.AssertCount, Value: m[2], Values: roles, Role: role, Element: subject(m[1])}, nil
	case reOrderOne.MatchString(element):
		return readOrderOne(element, role)
	case targeted && reValue.MatchString(element):
		m := reValue.FindStringSubmatch(element)
		v, err := unq(m[2])
		if err != nil {
			return nil, err
		}
		s := &step.Step{Kind: step.AssertValue, Value: v, Role: role, Match: step.MatchEquals, Element: subject(m[1])}
		switch {
		case strings.Contains(fn, valueNowJS):
			s.Match = step.MatchNow
		case strings.Contains(fn, "vs.some(v => norm(v).includes("):
			s.Match = step.MatchContains
		case strings.Contains(fn, "vs.some(v => norm(v).startsWith("):
			s.Match = step.MatchStarts
		case strings.Contains(fn, "vs.some(v => norm(v).endsWith("):
			s.Match = step.MatchEnds
		}
		s.Negated = strings.Contains(fn, "!vs.some(")
		return s, nil
	case reOrderAll.MatchString(element):
		m := reOrderAll.FindStringSubmatch(element)
		return &step.Step{Kind: step.AssertOrder, Values: strings.Split(m[2], ", "), Match: step.MatchSequence, Role: role, Element: subject(m[1])}, nil
	case targeted && reVisible.MatchString(element):
		m := reVisible.FindStringSubmatch(element)
		return &step.Step{Kind: step.AssertVisible, Role: role, Element: subject(m[1])}, nil
	case !targeted && reShownByName.MatchString(element):
		m := reShownByName.FindStringSubmatch(element)
		var roles []string
		if r := reNameRoles.FindStringSubmatch(fn); r != nil {
			json.Unmarshal([]byte(r[1]), &roles)
		}
		q := reFirstQuoted.FindStringSubmatch(m[1])
		if len(roles) == 0 || q == nil && !reRolesOnly.MatchString(m[1]) {
			return nil, fmt.Errorf("a check that %s is shown, whose function does not say what it looks for", m[1])
		}
		name := "" // "dialog or alertdialog is not shown": any of them
		if q != nil {
			var err error
			if name, err = unq(q[1]); err != nil {
				return nil, err
			}
		}
		return &step.Step{Kind: step.AssertVisible, Value: name, Values: roles, Negated: m[2] != "", Element: subject(m[1])}, nil
	}
	return nil, notStep(fmt.Sprintf("the check %q is not one plaintest writes, so it has no web-first assertion", element))
}

// readOrderOne reads an order check of one item: first, last or at #n.
func readOrderOne(element, role string) (*step.Step, error) {
	m := reOrderOne.FindStringSubmatch(element)
	v, err := strconv.Unquote(m[2])
	if err != nil {
		return nil, fmt.Errorf("params.element: cannot read %s: %v", m[2], err)
	}
	s := &step.Step{Kind: step.AssertOrder, Values: []string{v}, Role: role, Element: subject(m[1])}
	switch m[3] {
	case "first":
		s.Match = step.MatchFirst
	case "last":
		s.Match = step.MatchLast
	default:
		s.Match = step.MatchNth + m[4]
	}
	return s, nil
}
