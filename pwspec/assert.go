package pwspec

// The web-first assertions of check steps.

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
)

// check is the web-first assertion of a check step on target ("" for the
// page); wait, when not 0, is its timeout (a check the sentence waits
// for), else the spec's expect timeout.
func (g *gen) check(s step.Step, target string, wait time.Duration) ([]doc, int, error) {
	var l expr
	if target != "" {
		var err error
		if l, err = g.locator(target); err != nil {
			return nil, 0, err
		}
	}
	page := ident("page")
	expect := func(x expr, matcher string, negated bool, args ...expr) []doc {
		if negated {
			matcher = "not." + matcher
		}
		if wait > 0 {
			timeout := prop{"timeout", raw(strconv.FormatInt(wait.Milliseconds(), 10))}
			args = slices.Clone(args)
			if n := len(args); n > 0 {
				if o, ok := args[n-1].(obj); ok {
					args[n-1] = append(slices.Clone(o), timeout)
					return []doc{await(mc(c(ident("expect"), x), matcher, args...))}
				}
			}
			args = append(args, obj{timeout})
		}
		return []doc{await(mc(c(ident("expect"), x), matcher, args...))}
	}
	v, err := g.text(s.Value)
	if err != nil {
		return nil, 0, err
	}
	textOpts := obj{{"ignoreCase", raw("true")}, {"useInnerText", raw("true")}}
	if s.Shadow {
		// innerText skips shadow roots; Playwright's own text of an
		// element reads its open shadow roots (text of hidden parts too,
		// and a slot's fallback content, not what is slotted into it).
		textOpts = textOpts[:1]
	}
	switch s.Kind {
	case step.AssertText, step.AssertGone:
		if l == nil {
			l = mc(page, "locator", str("body"))
		}
		// As the check reads it (checks.js's says): the words, not part of
		// a longer word nor negated.
		g.uses["says"] = true
		want := c(ident("says"), v)
		if _, plain := v.(str); s.Shadow && plain {
			// What the check reads: the shown text through shadow roots
			// and slots (shownText), normalized as the check compares it.
			return g.poll(l, "shownText", "toMatch", s.Kind == step.AssertGone, timeout(wait), want), 0, nil
		}
		return expect(l, "toContainText", s.Kind == step.AssertGone, want, textOpts[1:]), 0, nil
	case step.AssertVisible:
		// Shown as the check reads it: Playwright's toBeVisible takes an
		// element of opacity 0 for visible.
		shown := func(x expr) []doc {
			if s.Negated {
				return g.poll(x, "countShown", "toBe", false, timeout(wait), raw("0"))
			}
			return g.poll(x, "countShown", "toBeGreaterThan", false, timeout(wait), raw("0"))
		}
		if l != nil {
			return shown(l), 0, nil
		}
		if len(s.Values) == 0 {
			return nil, 0, errors.New("a check that an element is shown names no role")
		}
		var x expr
		for _, r := range s.Values {
			e := mc(page, "getByRole", str(r))
			if s.Value != "" {
				g.uses["says"] = true
				e = mc(page, "getByRole", str(r), obj{{"name", c(ident("says"), v)}})
			}
			if x == nil {
				x = e
			} else {
				x = mc(x, "or", e)
			}
		}
		return shown(x), 0, nil
	case step.AssertState:
		if l == nil {
			return nil, 0, errors.New("a state check names no element")
		}
		switch s.Value {
		case step.StateChecked:
			return expect(l, "toBeChecked", s.Negated), 0, nil
		case step.StateMixed:
			return expect(l, "toBeChecked", s.Negated, obj{{"indeterminate", raw("true")}}), 0, nil
		case step.StateDisabled:
			return expect(l, "toBeDisabled", s.Negated), 0, nil
		case step.StateFocused:
			return expect(l, "toBeFocused", s.Negated), 0, nil
		case step.StateExpanded, step.StatePressed, step.StateSelected:
			return expect(l, "toHaveAttribute", s.Negated, str("aria-"+s.Value), str("true")), 0, nil
		case step.StateSortedAscending, step.StateSortedDescending:
			return expect(l, "toHaveAttribute", s.Negated, str("aria-sort"), str(strings.TrimPrefix(s.Value, "sorted "))), 0, nil
		}
		if h, ok := stateHelpers[s.Value]; ok {
			return g.poll(l, h, "toBe", false, timeout(wait), raw(strconv.FormatBool(!s.Negated))), 0, nil
		}
		return nil, 0, fmt.Errorf("the state %q has no web-first assertion", s.Value)
	case step.AssertValue:
		if l == nil {
			return nil, 0, errors.New("a value check names no element")
		}
		if placeholderRe.MatchString(s.Value) {
			return nil, 0, fmt.Errorf("a check of %q compares with a variable, which a regular expression cannot hold", s.Value)
		}
		if s.Match != step.MatchNow && slices.Contains([]string{"textbox", "searchbox"}, s.Role) {
			return expect(l, "toHaveValue", s.Negated, raw(valuePattern(s.Value, s.Match))), 0, nil
		}
		// What the check reads, read as it reads it.
		helper, match := "valuesOf", s.Match
		if match == step.MatchNow {
			helper, match = "valueNowOf", step.MatchEquals
		}
		return g.poll(l, helper, "toContainEqual", s.Negated, timeout(wait), mc(ident("expect"), "stringMatching", raw(normPattern(s.Value, match)))), 0, nil
	case step.AssertOrder:
		if l == nil {
			l = mc(page, "locator", str("body"))
		}
		re, err := g.orderItems(s)
		if err != nil {
			return nil, 0, err
		}
		return g.poll(l, "itemTexts", "toMatch", s.Negated, timeout(wait), re), 0, nil
	case step.AssertCount:
		n, err := strconv.Atoi(s.Value)
		if err != nil || len(s.Values) == 0 {
			return nil, 0, fmt.Errorf("a count check of %q items with no roles", s.Value)
		}
		from := l
		if from == nil {
			from = page
		}
		var x expr
		for _, r := range s.Values {
			e := mc(from, "getByRole", str(r))
			if r == "row" {
				// Header rows are not counted: those of column headers.
				e = mc(e, "filter", obj{{"hasNot", mc(page, "getByRole", str("columnheader"))}})
			}
			if x == nil {
				x = e
			} else {
				x = mc(x, "or", e)
			}
		}
		// Counted as the check counts: what a person sees (countShown);
		// toHaveCount counts an item of opacity 0, or one a carousel's box
		// clips away, too.
		return g.poll(x, "countShown", "toBe", false, timeout(wait), raw(strconv.Itoa(n))), 0, nil
	case step.AssertURL, step.AssertTitle:
		re, err := g.pattern(s.Value, s.Match)
		if err != nil {
			return nil, 0, err
		}
		matcher := "toHaveURL"
		if s.Kind == step.AssertTitle {
			matcher = "toHaveTitle"
		}
		return expect(page, matcher, s.Negated, re), 0, nil
	}
	return nil, 0, fmt.Errorf("a %s check has no web-first assertion yet", strings.TrimPrefix(string(s.Kind), "assert_"))
}

// timeout is wait in milliseconds, "" for none.
func timeout(wait time.Duration) string {
	if wait <= 0 {
		return ""
	}
	return strconv.FormatInt(wait.Milliseconds(), 10)
}

// valuePattern is the regular expression a text box's value matches when
// a value check of s holds: space at either end, runs of space, curly
// quotes and case aside, as the check reads it.
func valuePattern(s, match string) string {
	switch match {
	case step.MatchContains:
		return "/" + loosePattern(s) + "/i"
	case step.MatchStarts:
		return `/^\s*` + loosePattern(s) + "/i"
	case step.MatchEnds:
		return "/" + loosePattern(s) + `\s*$/i`
	}
	return `/^\s*` + loosePattern(strings.TrimRight(s, " .!?;:,")) + `[\s.!?;:,]*$/i`
}

// pattern is the case-insensitive regular expression a value, URL or title
// check compares with.
func (g *gen) pattern(v, match string) (expr, error) {
	if placeholderRe.MatchString(v) {
		return nil, fmt.Errorf("a check of %q compares with a variable, which a regular expression cannot hold", v)
	}
	e := dom.JSRegexEscape(strings.TrimRight(v, " "))
	switch match {
	case step.MatchContains:
	case step.MatchStarts:
		e = "^" + e
	case step.MatchEnds:
		e = e + "$"
	default:
		e = "^" + dom.JSRegexEscape(strings.TrimRight(v, " .!?;:,")) + "[.!?;:,]*$"
	}
	return raw("/" + e + "/i"), nil
}
