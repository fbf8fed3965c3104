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
		// element reads its open shadow roots (text of hidden parts too).
		textOpts = textOpts[:1]
	}
	switch s.Kind {
	case step.AssertText, step.AssertGone:
		if l == nil {
			l = mc(page, "locator", str("body"))
		}
		return expect(l, "toContainText", s.Kind == step.AssertGone, v, textOpts), 0, nil
	case step.AssertVisible:
		if l != nil {
			return expect(l, "toBeVisible", s.Negated), 0, nil
		}
		if len(s.Values) == 0 {
			return nil, 0, errors.New("a check that an element is shown names no role")
		}
		var x expr
		for _, r := range s.Values {
			e := mc(page, "getByRole", str(r), obj{{"name", v}})
			if x == nil {
				x = e
			} else {
				x = mc(x, "or", e)
			}
		}
		if s.Negated {
			return expect(mc(x, "filter", obj{{"visible", raw("true")}}), "toHaveCount", false, raw("0")), 0, nil
		}
		return expect(mc(x, "first"), "toBeVisible", false), 0, nil
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
		return nil, 0, fmt.Errorf("the state %q has no web-first assertion", s.Value)
	case step.AssertValue:
		if l == nil {
			return nil, 0, errors.New("a value check names no element")
		}
		if s.Match == step.MatchNow || !slices.Contains([]string{"textbox", "searchbox", "spinbutton"}, s.Role) {
			return nil, 0, fmt.Errorf("a value check of a %s has no web-first assertion that reads what the check reads", orWhat(s.Role))
		}
		re, err := g.pattern(s.Value, s.Match)
		if err != nil {
			return nil, 0, err
		}
		return expect(l, "toHaveValue", s.Negated, re), 0, nil
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
				// Header rows are not counted.
				e = mc(e, "filter", obj{{"has", mc(page, "getByRole", str("cell"))}})
			}
			if x == nil {
				x = e
			} else {
				x = mc(x, "or", e)
			}
		}
		return expect(x, "toHaveCount", false, raw(strconv.Itoa(n))), 0, nil
	case step.AssertURL, step.AssertTitle:
		re, err := g.pattern(s.Value, s.Match)
		if err != nil {
			return nil, 0, err
		}
		matcher := "toHaveURL"
		if s.Kind == step.AssertTitle {
			matcher = "toHaveTitle"
		}
		return expect(page, matcher, false, re), 0, nil
	}
	return nil, 0, fmt.Errorf("a %s check has no web-first assertion yet", strings.TrimPrefix(string(s.Kind), "assert_"))
}

func orWhat(role string) string {
	if role == "" {
		return "element"
	}
	return role
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
