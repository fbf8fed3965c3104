// A Remember step reads a value from the page for later actions: "remember
// the order number as ORDER", then "verify the receipt shows {{ORDER}}".
// Its call is a browser_evaluate on the element that polls, up to the
// check timeout, until the element's text (a field's value, a select's
// chosen labels) is not empty, and returns it as a JSON object of three
// forms, each an output of the exported step:
//
//	value  the text, runs of space one space, trimmed: what an argument uses
//	js     value as the inside of a JavaScript string literal: what a
//	       check's function uses where the sentence wrote {{NAME}}
//	norm   value as the checks compare texts (norm in checks.js), as the
//	       inside of a string literal: what a check's function uses where
//	       its normalized expected text holds {{name}}
//
// An element still empty after the timeout throws, so a value missing at
// replay fails the step rather than an empty text passing every check.

package commandgen

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/step"
)

// The outputs of a Remember step's exported call (see above).
const (
	OutputValue = "value"
	OutputJS    = "js"
	OutputNorm  = "norm"
)

// RememberOutputs are the output paths of a Remember step's call: each
// form is a member of the object its function returns.
func RememberOutputs() map[string]string {
	return map[string]string{OutputValue: "$." + OutputValue, OutputJS: "$." + OutputJS, OutputNorm: "$." + OutputNorm}
}

// rememberJS is the function of a Remember call: the name, the timeout in
// milliseconds, the poll interval, the element's description and the
// timeout for people to fill in (waits.js).
var rememberJS = waitFormat("remember")

// rememberRe reads a Remember call's name and timeout back.
var rememberRe = regexp.MustCompile("^" + strings.NewReplacer(
	`%s`, `("(?:[^"\\]|\\.)*")`, "%d", `(\d+)`, "%v", `[^']+`,
).Replace(regexp.QuoteMeta(rememberJS)) + "$")

// helper is the declaration of one of checks.js's helpers.
func helper(name string) string {
	for _, h := range jsHelpers {
		if h.name == name {
			return h.def
		}
	}
	panic("commandgen: checks.js declares no " + name)
}

// rememberCall is the call of a Remember step s on target.
func rememberCall(s step.Step, target string, timeout time.Duration) (step.ToolCall, error) {
	if !ValidName(s.Value) {
		return step.ToolCall{}, fmt.Errorf("commandgen: remember step %q: %q is not a name to remember a value as (%s)", s.Action, s.Value, NameRule)
	}
	what := s.Element
	if what == "" {
		what = "the element"
	}
	fn := fmt.Sprintf(rememberJS, js(s.Value), timeout.Milliseconds(), defaults.Poll.Milliseconds(), js(what), timeout)
	return step.ToolCall{Tool: step.ToolEvaluate, Args: withElement(s, map[string]any{"target": target, "function": fn})}, nil
}

// readRemember reads a Remember step from its call's function; ok is
// false for any other function.
func readRemember(fn, element, target string) (step.Step, bool) {
	m := rememberRe.FindStringSubmatch(fn)
	if m == nil {
		return step.Step{}, false
	}
	name, err := strconv.Unquote(m[1])
	if err != nil || !ValidName(name) {
		return step.Step{}, false
	}
	return step.Step{Kind: step.Remember, Value: name, Ref: target, Element: element, Role: roleOf(element)}, true
}

// RememberName reports whether c is a Remember step's call, and the name
// it remembers the value as.
func RememberName(c step.ToolCall) (string, bool) {
	fn, _ := c.Args["function"].(string)
	el, _ := c.Args["element"].(string)
	t, _ := c.Args["target"].(string)
	if c.Tool != step.ToolEvaluate {
		return "", false
	}
	s, ok := readRemember(fn, el, t)
	return s.Value, ok
}

// NameRule says what a remembered value's name may be.
const NameRule = "capital letters, digits and _, starting with a letter, as ORDER or ORDER_TOTAL"

var reName = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)

// ValidName reports whether name may name a remembered value. Capitals
// only: a check's function holds its expected text in lower case, so
// {{order}} there is the normalized form of {{ORDER}}, never another name.
func ValidName(name string) bool { return reName.MatchString(name) }
