package pwspec

// The web-first assertions of check steps.

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/step"
)

// check is the web-first assertion of a check step on target ("" for the
// page), as the table of check kinds gives it (commandgen.SpecOf); wait,
// when not 0, is its timeout (a check the sentence waits for), else the
// spec's expect timeout.
func (g *gen) check(s step.Step, target string, wait time.Duration) ([]doc, int, error) {
	var l expr
	if target != "" {
		var err error
		if l, err = g.locator(target); err != nil {
			return nil, 0, err
		}
	}
	if _, err := g.text(s.Value); err != nil {
		return nil, 0, err
	}
	a, err := commandgen.SpecOf(s, target != "")
	if err != nil {
		return nil, 0, err
	}
	on, err := g.subject(a.On, l)
	if err != nil {
		return nil, 0, err
	}
	args := make([]expr, len(a.Args))
	for i, x := range a.Args {
		if args[i], err = g.arg(x); err != nil {
			return nil, 0, err
		}
	}
	if a.Read != "" {
		if a.ReadArg != "" {
			return g.pollWith(on, a.Read, a.ReadArg, a.Matcher, a.Negated, timeout(wait), args...), 0, nil
		}
		return g.poll(on, a.Read, a.Matcher, a.Negated, timeout(wait), args...), 0, nil
	}
	matcher := a.Matcher
	if a.Negated {
		matcher = "not." + matcher
	}
	if wait > 0 {
		// The wait's timeout: in the matcher's options when it takes
		// some, else as its last argument.
		t := prop{"timeout", raw(strconv.FormatInt(wait.Milliseconds(), 10))}
		if n := len(args); n > 0 {
			if o, ok := args[n-1].(obj); ok {
				args[n-1] = append(slices.Clone(o), t)
				return []doc{await(mc(c(ident("expect"), on), matcher, args...))}, 0, nil
			}
		}
		args = append(args, obj{t})
	}
	return []doc{await(mc(c(ident("expect"), on), matcher, args...))}, 0, nil
}

// subject is what an assertion reads: l is the check's element, nil for
// none.
func (g *gen) subject(on commandgen.Subject, l expr) (expr, error) {
	page := ident("page")
	switch on.What {
	case commandgen.SubjectTarget:
		if l == nil {
			return nil, errors.New("the check names no element")
		}
		return l, nil
	case commandgen.SubjectTargetOrBody:
		if l == nil {
			return mc(page, "locator", str("body")), nil
		}
		return l, nil
	case commandgen.SubjectPage:
		return page, nil
	}
	from := expr(page)
	if on.In && l != nil {
		from = l
	}
	if on.What == commandgen.SubjectText {
		text, err := g.arg(commandgen.Arg{Kind: commandgen.ArgSays, Text: on.Name})
		if err != nil {
			return nil, err
		}
		return mc(from, "getByText", text), nil
	}
	var x expr
	for _, r := range on.Roles {
		e := mc(from, "getByRole", str(r))
		if on.Name != "" {
			name, err := g.arg(commandgen.Arg{Kind: commandgen.ArgSays, Text: on.Name})
			if err != nil {
				return nil, err
			}
			e = mc(from, "getByRole", str(r), obj{{"name", name}})
		}
		if on.NoHeaderRows && r == "row" {
			// Header rows are not counted: those of column headers.
			e = mc(e, "filter", obj{{"hasNot", mc(page, "getByRole", str("columnheader"))}})
		}
		if x == nil {
			x = e
		} else {
			x = mc(x, "or", e)
		}
	}
	return x, nil
}

// arg is an argument of a matcher.
func (g *gen) arg(a commandgen.Arg) (expr, error) {
	switch a.Kind {
	case commandgen.ArgSays:
		// As the check reads it (checks.js's says): the words, not part
		// of a longer word nor negated.
		v, err := g.text(a.Text)
		if err != nil {
			return nil, err
		}
		g.uses["says"] = true
		return c(ident("says"), v), nil
	case commandgen.ArgRaw:
		return raw(a.Text), nil
	case commandgen.ArgString:
		return str(a.Text), nil
	case commandgen.ArgObject:
		o := obj{}
		for _, p := range a.Props {
			v, err := g.arg(p.Val)
			if err != nil {
				return nil, err
			}
			o = append(o, prop{p.Key, v})
		}
		return o, nil
	case commandgen.ArgValuePattern, commandgen.ArgNormMatching:
		if placeholderRe.MatchString(a.Text) {
			return nil, fmt.Errorf("a check of %q compares with a variable, which a regular expression cannot hold", a.Text)
		}
		if a.Kind == commandgen.ArgValuePattern {
			return raw(valuePattern(a.Text, a.Match)), nil
		}
		return mc(ident("expect"), "stringMatching", raw(normPattern(a.Text, a.Match))), nil
	case commandgen.ArgPagePattern:
		return g.pattern(a.Text, a.Match)
	case commandgen.ArgOrder:
		return g.orderItems(a.Step)
	}
	return nil, fmt.Errorf("pwspec: an argument of kind %d", a.Kind)
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
	e := locator.JSRegexEscape(strings.TrimRight(v, " "))
	switch match {
	case step.MatchContains:
	case step.MatchStarts:
		e = "^" + e
	case step.MatchEnds:
		e = e + "$"
	case step.MatchPath:
		// Before the query: "?next=/cart" is not the page at /cart.
		e = "^[^?#]*" + e + "(?:[?#].*)?$"
	default:
		e = "^" + locator.JSRegexEscape(strings.TrimRight(v, " .!?;:,")) + "[.!?;:,]*$"
	}
	return raw("/" + e + "/i"), nil
}
