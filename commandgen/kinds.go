package commandgen

// The check kinds: one table that every encoder and decoder of a check
// reads. An entry is every fact about one kind of check: its name in a
// scenario's check record, its condition in the page (the function the
// scenario keeps), its description, and its web-first assertion in
// Playwright Test (spec.go). A check's call is built from its entry
// (assertCall), its step read back from its record (record.go), its spec
// written from its Assertion (package pwspec); nothing parses a check's
// English or JavaScript back.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/step"
)

// checkKind is one kind of check.
type checkKind struct {
	kind step.Kind
	// name is the kind in a scenario's check record ("text").
	name string
	// page is the check's condition in the page, a JavaScript expression
	// that is '' when the check holds and says what is wrong otherwise,
	// and its description; what names its element ("the page" for none),
	// target says it has one.
	page func(s step.Step, what string, target bool) (why, element string, err error)
	// spec is the check's web-first assertion (spec.go).
	spec func(s step.Step, target bool) (Assertion, error)
	// mutations break what the check reads, in the page, for plaintest
	// prove (package prove, mutations.js): each must fail the check.
	mutations []string
}

// checkKinds is the table.
var checkKinds = []checkKind{
	{step.AssertText, "text", textPage, textSpec, append([]string{"text changed"}, append(hidings, "detached")...)},
	{step.AssertGone, "gone", textPage, textSpec, []string{"text shown"}},
	{step.AssertState, "state", statePage, stateSpec, []string{"state flipped"}},
	{step.AssertValue, "value", valuePage, valueSpec, []string{"value changed"}},
	{step.AssertCount, "count", countPage, countSpec, []string{"item removed", "item added"}},
	{step.AssertURL, "url", urlPage, pageFactSpec, []string{"url changed"}},
	{step.AssertTitle, "title", titlePage, pageFactSpec, []string{"title changed"}},
	{step.AssertOrder, "order", orderPage, orderSpec, []string{"items swapped"}},
	{step.AssertVisible, "visible", visiblePage, visibleSpec, append(hidings, "named shown")},
	{step.AssertColour, "colour", colourPage, colourSpec, []string{"colour changed"}},
}

// kindOf is the entry of k.
func kindOf(k step.Kind) (checkKind, bool) {
	for _, e := range checkKinds {
		if e.kind == k {
			return e, true
		}
	}
	return checkKind{}, false
}

// kindNamed is the entry whose record name is name.
func kindNamed(name string) (checkKind, bool) {
	for _, e := range checkKinds {
		if e.name == name {
			return e, true
		}
	}
	return checkKind{}, false
}

// CheckKinds are the kinds of check, in the table's order.
func CheckKinds() []step.Kind {
	out := make([]step.Kind, len(checkKinds))
	for i, e := range checkKinds {
		out[i] = e.kind
	}
	return out
}

// textPage: the element at target, else the page, shows the value where
// a person can see it (shows: the innermost elements whose rendered text
// says it, one of them visible), for AssertText, or does not, for
// AssertGone. Text in an element that is hidden does not count either
// way: a check that it is shown fails, and one that it is gone holds.
// Through open shadow roots (Step.Shadow) the same, read through them and
// their slots (showsDeep).
func textPage(s step.Step, what string, target bool) (why, element string, err error) {
	root, in := "document.body", ""
	if target {
		root, in = "el", " in "+what
	}
	v := normJS(s.Value)
	shown := fmt.Sprintf(`shows(%s, %s)`, root, v)
	present := fmt.Sprintf(`says(norm(%s.innerText ?? %s.textContent), %s)`, root, root, v)
	if s.Shadow {
		present = fmt.Sprintf(`says(norm(deepText(%s)), %s)`, root, v)
		shown = fmt.Sprintf(`showsDeep(%s, %s)`, root, v)
	}
	if s.Kind == step.AssertText {
		// Text in the page but hidden fails saying so.
		why = fmt.Sprintf(`%s ? '' : %s ? %s : %s`, shown, present,
			js(fmt.Sprintf("expected text %q is not shown%s: it is in %s, hidden where a person cannot see it", s.Value, in, what)),
			js(fmt.Sprintf("expected text %q is not shown%s", s.Value, in)))
		element = strings.TrimSpace(fmt.Sprintf("%s showing %q", strings.TrimPrefix(in, " in "), s.Value))
		if !target {
			element = fmt.Sprintf("text %q is shown", s.Value)
		}
		return why, element, nil
	}
	why = fmt.Sprintf(`%s ? %s : ''`, shown, js(fmt.Sprintf("text %q is still shown%s", s.Value, in)))
	element = strings.TrimSpace(fmt.Sprintf("%s not showing %q", strings.TrimPrefix(in, " in "), s.Value))
	if !target {
		element = fmt.Sprintf("text %q is not shown", s.Value)
	}
	return why, element, nil
}

// statePage: the element is in the state (states.js), or not.
func statePage(s step.Step, what string, _ bool) (why, element string, err error) {
	cond, ok := stateJS[s.Value]
	if s.Shadow && s.Value == step.StateFocused {
		cond = focusedDeepJS
	}
	if s.Shadow && s.Value == step.StateDisabled {
		cond = disabledDeepJS
	}
	if !ok {
		return "", "", fmt.Errorf("commandgen: unknown state %q", s.Value)
	}
	want, fail, not := "true", fmt.Sprintf("%s is not %s", what, s.Value), ""
	if s.Negated {
		want, fail, not = "false", fmt.Sprintf("%s is %s", what, s.Value), "not "
	}
	return fmt.Sprintf(`%s === %s ? '' : %s`, cond, want, js(fail)), fmt.Sprintf("%s is %s%s", what, not, s.Value), nil
}

// valuePage: what a person sees as the element's value (valuesJS): for
// a slider its number and its texts too (aria-valuetext "30.0 degrees
// Celsius", text "30.0°C"), any of which may match.
func valuePage(s step.Step, what string, _ bool) (why, element string, err error) {
	read := valuesJS
	if s.Shadow {
		read = valuesDeepJS
	}
	if s.Match == step.MatchNow {
		read, s.Match = valueNowJS, step.MatchEquals
	}
	cond := "vs.some(v => " + compare("norm(v)", s.Value, s.Match) + ")"
	if s.Negated {
		cond = "!" + cond
	}
	expect := fmt.Sprintf("expected it to %s %q", matchWords(s.Match), s.Value)
	if s.Negated {
		expect = fmt.Sprintf("expected anything but %q", s.Value)
	}
	why = fmt.Sprintf(`(vs => %s ? '' : %s + JSON.stringify(String(vs[0] ?? '')) + %s)(%s)`, cond, js(what+" shows "), js(", "+expect), read)
	return why, fmt.Sprintf("%s shows %q", what, s.Value), nil
}

// countPage: the visible items of the counted roles in the element (the
// page's body for none) number Value.
func countPage(s step.Step, what string, _ bool) (why, element string, err error) {
	n, err := strconv.Atoi(s.Value)
	if err != nil {
		return "", "", fmt.Errorf("commandgen: count %q is not a number", s.Value)
	}
	if len(s.Values) == 0 {
		return "", "", fmt.Errorf("commandgen: a count of %s items of no role", s.Value)
	}
	why = fmt.Sprintf(`(n => n === %d ? '' : %s + n + (n === 1 ? ' item' : ' items') + %s)(%s(el, %s).length)`, n, js(what+" shows "), js(fmt.Sprintf(", expected %d", n)), itemsFn(s), rolesJS(s.Values))
	items := "items"
	if n == 1 {
		items = "item"
	}
	return why, fmt.Sprintf("%s shows %d %s", what, n, items), nil
}

// urlPage: the page's URL compares with Value as Match says.
func urlPage(s step.Step, _ string, _ bool) (why, element string, err error) {
	cond, expect := pageFact(s)
	why = fmt.Sprintf(`%s ? '' : 'the URL is ' + location.href + %s`, cond("norm(location.href)"), js(expect))
	return why, fmt.Sprintf("the URL %s %q", verbOf(s), s.Value), nil
}

// titlePage: the page's title compares with Value as Match says.
func titlePage(s step.Step, _ string, _ bool) (why, element string, err error) {
	cond, expect := pageFact(s)
	why = fmt.Sprintf(`%s ? '' : 'the title is ' + JSON.stringify(document.title) + %s`, cond("norm(document.title)"), js(expect))
	return why, fmt.Sprintf("the title %s %q", verbOf(s), s.Value), nil
}

// orderPage: the element's items show Values in that order, or one of
// them first, last or at a place (orderJS).
func orderPage(s step.Step, what string, _ bool) (why, element string, err error) {
	if len(s.Values) == 0 {
		return "", "", fmt.Errorf("commandgen: an order check of no items")
	}
	if strings.HasPrefix(s.Match, step.MatchNth) {
		if n, err := strconv.Atoi(strings.TrimPrefix(s.Match, step.MatchNth)); err != nil || n < 1 {
			return "", "", fmt.Errorf("commandgen: an order check of item %q", s.Match)
		}
	}
	return orderJS(s, what), fmt.Sprintf("%s shows %s", what, orderWords(s)), nil
}

// visiblePage: the element at target is visible; with none, an element of
// the roles Values whose name says Value (its words: "Paid" is not the
// name of "Unpaid"; any of them when Value is "": "the dialog is gone")
// is shown, or, Negated, none is.
func visiblePage(s step.Step, what string, target bool) (why, element string, err error) {
	if target {
		if s.Negated {
			return fmt.Sprintf(`vis(el) ? %s : ''`, js(what+" is still visible")), what + " is not visible", nil
		}
		return fmt.Sprintf(`vis(el) ? '' : %s`, js(what+" is not visible")), what + " is visible", nil
	}
	if len(s.Values) == 0 {
		return "", "", fmt.Errorf("commandgen: a check that %s is shown names no element and no role", what)
	}
	named := ""
	if s.Value != "" {
		named = fmt.Sprintf(` && says(norm(%s(e)), %s)`, nameFn(s), normJS(s.Value))
	}
	shown := fmt.Sprintf(`%s.some(e => %s.includes(role(e)) && vis(e)%s)`, allJS(s), rolesJS(s.Values), named)
	if s.Negated {
		return fmt.Sprintf(`%s ? %s : ''`, shown, js(what+" is still shown")), what + " is not shown", nil
	}
	return fmt.Sprintf(`%s ? '' : %s`, shown, js(what+" is not shown")), what + " is shown", nil
}
