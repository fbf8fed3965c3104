package commandgen

// Scrolling a box of the page rather than the window: "scroll down in the
// Messages list" (a ScrollPage with a Ref), and a ScrollUntil, which
// scrolls a list that renders only the rows in view until the row an
// action names is there. Both are a browser_evaluate on the box with a
// function of scrollbox.js; the box is the element named, else the first
// element in it that scrolls, else the nearest around it. A ScrollUntil
// looks for its element by role and name (or by its text), not by an
// offset: rows of another height at replay are found all the same.

import (
	_ "embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/step"
)

//go:embed scrollbox.js
var scrollboxJS string

// boxMoves are boxScroll's statements, by where a ScrollPage scrolls: a
// screen is most of the box's height, as for the window (pageScrollJS).
var boxMoves = map[string]string{
	"down":   "b.scrollBy(0, Math.round(b.clientHeight * 0.9))",
	"up":     "b.scrollBy(0, -Math.round(b.clientHeight * 0.9))",
	"bottom": "b.scrollTo(0, b.scrollHeight)",
	"top":    "b.scrollTo(0, 0)",
}

// scrollFn is one of scrollbox.js's functions as a format for
// fmt.Sprintf (its names in capitals made indexed verbs) and as a
// regular expression that reads the values back.
type scrollFn struct {
	format string
	re     *regexp.Regexp
}

// stringRe matches a JavaScript string as js writes it.
const stringRe = `"(?:[^"\\]|\\.)*"`

// newScrollFn reads scrollbox.js's function name, its MOVE made move, and
// its names in capitals made the verbs of verbs, in order: BOX is %[1]s,
// the next %[2]..., each read back by the pattern of the same place, as
// the group of its name in lower case.
func newScrollFn(name, move string, verbs []string, patterns []string) scrollFn {
	ds := pagejs.MustConsts(scrollboxJS)
	v, ok := pagejs.Lookup(ds, name)
	if !ok {
		panic("commandgen: scrollbox.js declares no " + name)
	}
	v = strings.ReplaceAll(v, "MOVE", move)
	// Each name a token first, so that neither the helpers nor the
	// verbs are read as names.
	var toFormat, toRe []string
	for i, name := range verbs {
		tok := fmt.Sprintf("\x00%d\x00", i)
		v = strings.ReplaceAll(v, name, tok)
		verb := "s"
		if strings.HasSuffix(name, "_MS") {
			verb = "d"
		}
		toFormat = append(toFormat, tok, fmt.Sprintf("%%[%d]%s", i+1, verb))
		toRe = append(toRe, regexp.QuoteMeta(tok), fmt.Sprintf("(?P<%s>%s)", strings.ToLower(name), patterns[i]))
	}
	helper, _ := pagejs.Lookup(ds, "scrollerOf")
	helpers := "const scrollerOf = " + helper + ";"
	if name == "scrollUntil" {
		helpers += " " + CheckHelpers(v)
	}
	helpers = strings.TrimSpace(helpers)
	format := strings.NewReplacer(append(toFormat, "HELPERS;", strings.ReplaceAll(helpers, "%", "%%"))...).Replace(strings.ReplaceAll(v, "%", "%%"))
	re := strings.NewReplacer(append(toRe, regexp.QuoteMeta("HELPERS;"), regexp.QuoteMeta(helpers))...).Replace(regexp.QuoteMeta(v))
	return scrollFn{format: format, re: regexp.MustCompile("^" + re + "$")}
}

// boxScrollFns are boxScroll's functions, by where they scroll; the box's
// description is their one value.
var boxScrollFns = func() map[string]scrollFn {
	out := map[string]scrollFn{}
	for where, move := range boxMoves {
		out[where] = newScrollFn("boxScroll", move, []string{"BOX"}, []string{stringRe})
	}
	return out
}()

// scrollUntilFn is scrollUntil's function: the box's description, the
// name or text looked for, its role, the timeout, the settle time, the
// time the end is watched, and the timeout for people.
var scrollUntilFn = newScrollFn("scrollUntil", "", []string{"BOX", "WANT", "KIND", "TIMEOUT_MS", "SETTLE_MS", "END_MS", "WAITED"},
	[]string{stringRe, stringRe, stringRe, `\d+`, `\d+`, `\d+`, `[0-9][0-9a-zµ.]*`})

// window is the description of the page's own scrolling, a ScrollUntil
// with no box.
const window = "the window"

// scrollBoxCall is the call of a ScrollPage s on the box target, or of a
// ScrollUntil s on its box (the window when target is ""), which scrolls
// for up to timeout.
func scrollBoxCall(s step.Step, target string, timeout time.Duration) (step.ToolCall, error) {
	box := s.Element
	switch {
	case target == "":
		box = window
	case box == "":
		box = "the box"
	}
	var fn string
	switch s.Kind {
	case step.ScrollPage:
		fn = fmt.Sprintf(boxScrollFns[s.Value].format, js(box))
	case step.ScrollUntil:
		if strings.TrimSpace(s.Value) == "" || len(s.Values) > 1 {
			return step.ToolCall{}, fmt.Errorf("commandgen: scroll_until step %q: want the name of one element to scroll to, got %q of roles %q", s.Action, s.Value, s.Values)
		}
		kind := ""
		if len(s.Values) == 1 {
			kind = s.Values[0]
		}
		fn = fmt.Sprintf(scrollUntilFn.format, js(box), js(s.Value), js(kind), timeout.Milliseconds(),
			defaults.ScrollSettle.Milliseconds(), defaults.ScrollEnd.Milliseconds(), timeout)
	}
	args := map[string]any{"function": fn}
	if target != "" {
		args = withElement(s, map[string]any{"target": target, "function": fn})
	}
	return step.ToolCall{Tool: step.ToolEvaluate, Args: args}, nil
}

// readScrollBox reads a ScrollPage of a box or a ScrollUntil from its
// call's function; ok is false for any other function.
func readScrollBox(fn, element, target string) (step.Step, bool) {
	for where, f := range boxScrollFns {
		if f.re.MatchString(fn) {
			if target == "" {
				return step.Step{}, false
			}
			return step.Step{Kind: step.ScrollPage, Value: where, Ref: target, Element: element, Role: roleOf(element)}, true
		}
	}
	m := scrollUntilFn.re.FindStringSubmatch(fn)
	if m == nil {
		return step.Step{}, false
	}
	want, err1 := strconv.Unquote(m[scrollUntilFn.re.SubexpIndex("want")])
	kind, err2 := strconv.Unquote(m[scrollUntilFn.re.SubexpIndex("kind")])
	if err1 != nil || err2 != nil || want == "" {
		return step.Step{}, false
	}
	s := step.Step{Kind: step.ScrollUntil, Value: want, Ref: target, Element: element, Role: roleOf(element)}
	if kind != "" {
		s.Values = []string{kind}
	}
	return s, true
}

// ScrollsUntil reports whether c is a ScrollUntil's call, and how long it
// scrolls at most.
func ScrollsUntil(c step.ToolCall) (time.Duration, bool) {
	fn, _ := c.Args["function"].(string)
	if c.Tool != step.ToolEvaluate {
		return 0, false
	}
	m := scrollUntilFn.re.FindStringSubmatch(fn)
	if m == nil {
		return 0, false
	}
	ms, err := strconv.Atoi(m[scrollUntilFn.re.SubexpIndex("timeout_ms")])
	return time.Duration(ms) * time.Millisecond, err == nil
}
