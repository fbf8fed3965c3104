package commandgen

// How a check compares what it reads with what it expects, in the page's
// JavaScript and in the words of its description and message.

import (
	"fmt"
	"github.com/plaintest/plaintest/step"
	"strings"
)

// compare is the JavaScript condition that the normalized got (an
// expression) matches want as how says.
func compare(got, want, how string) string {
	switch how {
	case step.MatchContains:
		return fmt.Sprintf("%s.includes(%s)", got, normJS(want))
	case step.MatchStarts:
		return fmt.Sprintf("%s.startsWith(%s)", got, normJS(want))
	case step.MatchEnds:
		return fmt.Sprintf("%s.endsWith(%s)", got, normJS(want))
	case step.MatchPath:
		return fmt.Sprintf("%s.replace(/[?#].*$/, '').endsWith(%s)", got, normJS(want))
	}
	// A sentence's full stop is not part of the value: "shows Airplane
	// Building content goes here." holds for the text with or without it.
	return fmt.Sprintf("bare(%s) === %s", got, js(strings.TrimRight(NormText(want), trailingStops)))
}

// trailingStops end a sentence; bare in the checks' JavaScript drops them.
const trailingStops = " .!?;:,"

// matchWords says how, for messages.
func matchWords(how string) string {
	switch how {
	case step.MatchContains:
		return "contain"
	case step.MatchStarts:
		return "start with"
	case step.MatchEnds:
		return "end with"
	case step.MatchPath:
		return "end, before its query, with"
	}
	return "be"
}

// pageFact is the condition a URL or title check polls for, of what it
// reads, and the end of its failure message: "expected it to contain
// "/cart"", or, negated, "expected it not to contain "/admin"".
func pageFact(s step.Step) (cond func(got string) string, expect string) {
	if s.Negated {
		return func(got string) string { return "!(" + compare(got, s.Value, s.Match) + ")" },
			fmt.Sprintf(", expected it not to %s %q", matchWords(s.Match), s.Value)
	}
	return func(got string) string { return compare(got, s.Value, s.Match) },
		fmt.Sprintf(", expected it to %s %q", matchWords(s.Match), s.Value)
}

// verbOf says how a URL or title check compares, negated when it is.
func verbOf(s step.Step) string {
	if !s.Negated {
		return verb(s.Match)
	}
	if s.Match == step.MatchEquals || s.Match == "" {
		return "is not"
	}
	return "does not " + matchWords(s.Match)
}

// verb says how, in a step's description.
func verb(how string) string {
	switch how {
	case step.MatchContains:
		return "contains"
	case step.MatchStarts:
		return "starts with"
	case step.MatchEnds:
		return "ends with"
	case step.MatchPath:
		return "ends, before its query, with"
	}
	return "is"
}
