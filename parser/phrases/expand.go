package phrases

import (
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/parser/scenario"
	"github.com/plaintest/plaintest/translator/grammar"
)

// Expand rewrites s.Actions in place: each action a phrase matches is
// replaced by the sentences the phrase means, themselves expanded again.
// Each action keeps the line of the test's sentence it came from
// (s.Lines, when the scenario has lines) and that sentence as written
// (s.Via; "" for an action the test wrote itself). An action two phrases
// match, phrases that use each other in a cycle, or a sentence that
// expands to more than MaxActions actions is refused, each problem with
// the test's line; s is then left as it was.
func (b *Book) Expand(s *scenario.Scenario) error {
	if b == nil || len(b.defs) == 0 {
		return nil
	}
	var actions, via []string
	var lines []int
	var checks []bool
	var problems []Problem
	expanded := false
	for i, a := range s.Actions {
		line := 0
		if i < len(s.Lines) {
			line = s.Lines[i]
		}
		from := ""
		if i < len(s.Via) {
			from = s.Via[i]
		}
		check := i < len(s.Checks) && s.Checks[i]
		x := &expansion{book: b}
		out, err := x.sentence(a, nil)
		if err == nil && out == nil && check {
			// A Then step the feature file's reader wrote as "verify …":
			// the phrase is of the words the test wrote.
			if rest, ok := strings.CutPrefix(a, "verify "); ok {
				if out, err = x.sentence(rest, nil); out != nil && from == "" {
					from = rest // the test's words
				}
			}
		}
		if err == nil && check && out != nil {
			out, err = asChecks(out)
		}
		if err != nil {
			problems = append(problems, Problem{File: s.Source, Line: line, Msg: x.at(i, s.Source, a) + err.Error()})
			continue
		}
		if out == nil {
			out = []string{a}
		} else {
			expanded = true
			if from == "" {
				from = a
			}
		}
		for _, o := range out {
			actions = append(actions, o)
			lines = append(lines, line)
			via = append(via, from)
			checks = append(checks, check)
		}
	}
	if len(problems) > 0 {
		return &Error{Problems: problems}
	}
	if !expanded {
		return nil
	}
	s.Actions, s.Via = actions, via
	if s.Lines != nil {
		s.Lines = lines
	}
	if s.Checks != nil {
		s.Checks = checks
	}
	return nil
}

// asChecks are the sentences a phrase expanded a step that only checks
// (a Then step) to, each written as a check (grammar.AsCheck); an error
// names the first that acts, as a phrase must not make a check an action.
func asChecks(out []string) ([]string, error) {
	held := make([]string, len(out))
	for i, o := range out {
		v, ok := grammar.AsCheck(o)
		if !ok {
			return nil, fmt.Errorf("a Then step checks the page, and its phrase means %q, which acts on it: define the phrase with checks, or make the step a When", o)
		}
		held[i] = v
	}
	return held, nil
}

// expansion is the expansion of one action of a test.
type expansion struct {
	book  *Book
	count int      // actions so far
	path  []string // the sentences expanded down to the one at fault
}

// at says which action of the test a problem is about: its sentence, and
// its place when the test has no file.
func (x *expansion) at(i int, source, action string) string {
	s := fmt.Sprintf("%q", action)
	if source == "" {
		s = fmt.Sprintf("action %d %s", i+1, s)
	}
	for _, p := range x.path[min(1, len(x.path)):] {
		s += fmt.Sprintf(" → %q", p)
	}
	return s + ": "
}

// sentence expands one sentence through the definitions on stack (the
// phrases being expanded, outermost first); nil when no phrase matches it.
func (x *expansion) sentence(s string, stack []*definition) ([]string, error) {
	x.path = append(x.path, s)
	var d *definition
	var vals []value
	var all []*definition
	for _, c := range x.book.defs {
		if v, ok := c.phrase.match(s); ok {
			if d == nil {
				d, vals = c, v
			}
			all = append(all, c)
		}
	}
	switch {
	case d == nil:
		x.path = x.path[:len(x.path)-1]
		x.count++
		if x.count > MaxActions {
			return nil, fmt.Errorf("it expands to more than %d actions", MaxActions)
		}
		return nil, nil
	case len(all) > 1:
		var named []string
		for _, c := range all {
			named = append(named, c.named())
		}
		return nil, fmt.Errorf("%d phrases match it: %s; make one of them more precise, or keep one", len(all), strings.Join(named, " and "))
	}
	for i, c := range stack {
		if c == d {
			var chain []string
			for _, e := range append(stack[i:], d) {
				chain = append(chain, e.named())
			}
			return nil, fmt.Errorf("phrases use each other in a cycle: %s", strings.Join(chain, " → "))
		}
	}
	var out []string
	inner := append(stack[:len(stack):len(stack)], d)
	for _, m := range d.means {
		sent := m.fill(d.phrase.params, vals)
		sub, err := x.sentence(sent, inner)
		if err != nil {
			return nil, err
		}
		if sub == nil {
			sub = []string{sent}
		}
		out = append(out, sub...)
	}
	x.path = x.path[:len(x.path)-1]
	return out, nil
}
