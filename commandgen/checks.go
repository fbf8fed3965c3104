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

// Checks run in the page, as browser_evaluate, so that every player of the
// scenario runs them the same way. Each is an async function that asks one
// question every defaults.Poll (100 ms) until the answer is right or the check's timeout
// has passed, and then fails with what it found ("the Active filter shows
// 3 items, expected 2"). A check of an element gets it from the call's
// target; an element that is not there yet fails the call with "does not
// match any elements", which compile and replay retry until the step
// timeout. So a passing check returns as soon as it holds, and a failing
// one waits no longer than the timeout.
//
// Text on the page is read from document.body.innerText: what is rendered,
// not text in hidden elements, case and runs of space ignored. A check
// compiled on a page with open shadow roots (Step.Shadow) reads the text
// innerText reads with the text of those roots in its place, slotted
// content once where its slot shows it (internal/pagejs's deepText), and
// counts, order, values and focus through them too. A hidden
// panel that repeats a visible text neither satisfies a check nor fails
// one.

//go:embed checks.js
var checksJS string

// jsHelpers are the functions the checks share (internal/pagejs's
// library: its shadow-root helpers and aria.js; then checks.js, then
// colours.js), in the
// order they may need each other; a check's function holds only those it
// uses.
var jsHelpers = func() []struct{ name, def string } {
	var out []struct{ name, def string }
	for _, d := range append(append(pagejs.Library(), pagejs.MustConsts(checksJS)...), pagejs.MustConsts(coloursJS)...) {
		out = append(out, struct{ name, def string }{d.Name, d.Source()})
	}
	return out
}()

// poll wraps why, a JavaScript expression that is ” when the check holds
// and says what is wrong otherwise, into the function of a check: one
// line, with the helpers why uses.
func poll(why string, withElement bool, timeout time.Duration) string {
	if timeout <= 0 {
		timeout = defaults.Check
	}
	var b strings.Builder
	b.WriteString("async () => { ")
	if withElement {
		b.Reset()
		b.WriteString("async (el) => { ")
	} else if strings.Contains(why, "(el") {
		b.WriteString("const el = document.body; ")
	}
	b.WriteString(CheckHelpers(why))
	gone := ""
	if withElement {
		gone = goneJS
	}
	fmt.Fprintf(&b, "const why = () => %s; for (const until = Date.now() + %d; ;) { %sconst w = why(); if (!w) return 'ok'; if (Date.now() > until) throw new Error(w + ' (waited %s)'); await new Promise(r => setTimeout(r, %d)); } }",
		why, timeout.Milliseconds(), gone, timeout, defaults.Poll.Milliseconds())
	return b.String()
}

// goneJS ends a check of an element the page has taken out of the
// document (a list or table rebuilt by its framework: jQuery's empty() and
// new rows) with the error of a target that matches nothing, so that
// compile and replay call the check again, as for an element not there
// yet: the call finds its target again from its locator, and the check
// reads the element that replaced the old one, not the detached copy.
const goneJS = "if (!el.isConnected) throw new Error('the element left the page: its target does not match any elements now'); "

// waitSuffix ends the description of a check the sentence waits for
// (Step.Wait), with its timeout: `text "Saved" is shown, waiting up to 30s`.
const waitSuffix = ", waiting up to %s"

// reWaitSuffix reads waitSuffix back.
var reWaitSuffix = regexp.MustCompile(`^(.+), waiting up to ([0-9][0-9a-zµ.]*)$`)

// rePollTimeout reads a check's timeout back from its function.
var rePollTimeout = regexp.MustCompile(`for \(const until = Date\.now\(\) \+ (\d+); ;\) \{ (?:if \(!el\.isConnected\) [^;]*; )?const w = why\(\);`)

// CheckTimeout reports whether fn is the function of one of plaintest's
// checks, and how long it waits for its fact to hold.
func CheckTimeout(fn string) (time.Duration, bool) { return millis(rePollTimeout, fn) }

// millis reads the milliseconds re's first group finds in fn.
func millis(re *regexp.Regexp, fn string) (time.Duration, bool) {
	m := re.FindStringSubmatch(fn)
	if m == nil {
		return 0, false
	}
	ms, err := strconv.Atoi(m[1])
	if err != nil {
		return 0, false
	}
	return time.Duration(ms) * time.Millisecond, true
}

// IsCheck reports whether c is a check this package compiles: a
// browser_evaluate whose function asks its question until it holds (poll).
// It reads the page and changes nothing, so it may run again: on the page
// a navigation brought, when one ended it.
func IsCheck(c step.ToolCall) bool {
	fn, _ := c.Args["function"].(string)
	_, ok := CheckTimeout(fn)
	return c.Tool == step.ToolEvaluate && ok
}

// WaitsFor reports whether c is the call of a check a sentence waits for
// (Step.Wait), and how long it waits: a player waits as long for the
// check's element to be on the page ("wait for the Pay button to
// appear").
func WaitsFor(c step.ToolCall) (time.Duration, bool) {
	el, _ := c.Args["element"].(string)
	fn, _ := c.Args["function"].(string)
	if c.Tool != step.ToolEvaluate || !reWaitSuffix.MatchString(el) {
		return 0, false
	}
	return CheckTimeout(fn)
}

//go:embed states.js
var statesJS string

// stateJS is the condition that el is in a state (states.js).
var stateJS = func() map[string]string {
	out := map[string]string{}
	for _, d := range pagejs.MustConsts(statesJS) {
		out[strings.ReplaceAll(d.Name, "_", " ")] = d.Value
	}
	return out
}()

// valuesJS lists the values a person sees in el, the first the one a
// failure names (a value check holds when one of them matches);
// valueNowJS reads the number of a slider or spin button, for a value
// check that compares that and nothing else (MatchNow). They are
// values.js's values and valueNow, documented there.
var valuesJS, valueNowJS = mustLookup(valuesFile, "values"), mustLookup(valuesFile, "valueNow")

//go:embed values.js
var valuesFile string

func mustLookup(src, name string) string {
	v, ok := pagejs.Lookup(pagejs.MustConsts(src), name)
	if !ok {
		panic("commandgen: no " + name + " in a .js file")
	}
	return v
}

// orderRoles are the items an order check reads.
var orderRoles = []string{"listitem", "option", "row", "treeitem", "menuitem", "tab", "article"}

func rolesJS(roles []string) string {
	b, _ := json.Marshal(roles)
	return string(b)
}

// assertCall builds the browser_evaluate call of a check from its entry
// of the table (kinds.go). target is the element's selector ("" for a
// check of the page).
func assertCall(s step.Step, target string, timeout time.Duration) (step.ToolCall, error) {
	e, ok := kindOf(s.Kind)
	if !ok {
		return step.ToolCall{}, fmt.Errorf("commandgen: %s is not a check", s.Kind)
	}
	what := s.Element
	if what == "" {
		what = "the page"
	}
	why, element, err := e.page(s, what, target != "")
	if err != nil {
		return step.ToolCall{}, err
	}
	if s.Wait {
		element += fmt.Sprintf(waitSuffix, timeout)
	}
	args := map[string]any{"element": element, "function": poll(why, target != "", timeout)}
	if target != "" {
		args["target"] = target
	}
	return step.ToolCall{Tool: step.ToolEvaluate, Args: args}, nil
}

// orderJS is the check of items in order, or of the first, last or n-th
// item: each item's text says its words (says: "Milk" is not the item
// "Milkshake").
func orderJS(s step.Step, what string) string {
	texts := "items(el, " + rolesJS(orderRoles) + ").map(e => norm(e.innerText))"
	if s.Shadow {
		texts = "itemsDeep(el, " + rolesJS(orderRoles) + ").map(e => norm(deepText(e)))"
	}
	pick, which := "", s.Match
	switch {
	case s.Match == step.MatchFirst:
		pick = "t[0]"
	case s.Match == step.MatchLast:
		pick = "t[t.length - 1]"
	case strings.HasPrefix(s.Match, step.MatchNth):
		n, _ := strconv.Atoi(strings.TrimPrefix(s.Match, step.MatchNth))
		pick, which = fmt.Sprintf("t[%d]", n-1), fmt.Sprintf("#%d", n)
	}
	if pick != "" {
		return fmt.Sprintf(`(t => (x => x !== undefined && says(x, %s) ? '' : 'the %s item of ' + %s + ' is ' + JSON.stringify(x ?? 'none') + %s)(%s))(%s)`,
			normJS(s.Values[0]), which, js(what), js(fmt.Sprintf(", expected %q", s.Values[0])), pick, texts)
	}
	want, _ := json.Marshal(normAll(s.Values))
	return fmt.Sprintf(`(t => { let i = 0; for (const w of %s) { i = t.findIndex((x, k) => k >= i && says(x, w)); if (i < 0) return %s + t.join(' | '); i++; } return ''; })(%s)`,
		want, js(fmt.Sprintf("expected %s in that order; %s shows: ", strings.Join(s.Values, ", "), what)), texts)
}

func normAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = NormText(s)
	}
	return out
}

func orderWords(s step.Step) string {
	switch s.Match {
	case step.MatchFirst:
		return fmt.Sprintf("%q first", s.Values[0])
	case step.MatchLast:
		return fmt.Sprintf("%q last", s.Values[0])
	}
	if strings.HasPrefix(s.Match, step.MatchNth) {
		return fmt.Sprintf("%q at #%s", s.Values[0], strings.TrimPrefix(s.Match, step.MatchNth))
	}
	return strings.Join(s.Values, ", ") + " in that order"
}
