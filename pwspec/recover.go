package pwspec

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/step"
)

// What compile writes as the element of a check (commandgen's assertCall):
// the description it is recovered from.
var (
	reTextPage    = regexp.MustCompile(`^text ("(?:[^"\\]|\\.)*") is (not )?shown$`)
	reTextIn      = regexp.MustCompile(`^(.+?) (not )?showing ("(?:[^"\\]|\\.)*")$`)
	reState       = regexp.MustCompile(`^(.+?) is (not )?(checked|mixed|disabled|expanded|selected|pressed|current|focused|required|readonly|invalid|sorted|sorted ascending|sorted descending)$`)
	reCount       = regexp.MustCompile(`^(.+?) shows (\d+) items?$`)
	reValue       = regexp.MustCompile(`^(.+?) shows ("(?:[^"\\]|\\.)*")$`)
	rePageCheck   = regexp.MustCompile(`^the (URL|title) (is|contains|starts with|ends with) ("(?:[^"\\]|\\.)*")$`)
	reVisible     = regexp.MustCompile(`^(.+?) is visible$`)
	reShownByName = regexp.MustCompile(`^(.+?) is (not )?shown$`)
	reItemsRoles  = regexp.MustCompile(`items\(el, (\[[^\]]*\])\)`)
	reNameRoles   = regexp.MustCompile(`some\(e => (\[[^\]]*\])\.includes\(role\(e\)\)`)
	reRole        = regexp.MustCompile(`^([a-z]+) "`)
	reFirstQuoted = regexp.MustCompile(`^[a-z]+ ("(?:[^"\\]|\\.)*")`)
)

// Recover reads the intent of a check from what a scenario keeps of it:
// element, the description compile gives its browser_evaluate, fn, the
// function, and whether it has a target. It returns an error saying why
// when the step is not one of compile's checks, or its description does
// not say enough (an order check).
func Recover(element, fn string, targeted bool) (*step.Step, error) {
	if element == "" || !strings.Contains(fn, "const why = ") {
		return nil, fmt.Errorf("a browser_evaluate that is not one of plaintest's checks (element %q): its intent cannot be read", element)
	}
	role := ""
	if m := reRole.FindStringSubmatch(element); m != nil {
		role = m[1]
	}
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
		return &step.Step{Kind: k, Value: v, Role: role}, nil
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
		match := map[string]string{"is": step.MatchEquals, "contains": step.MatchContains,
			"starts with": step.MatchStarts, "ends with": step.MatchEnds}[m[2]]
		return &step.Step{Kind: k, Value: v, Match: match}, nil
	case targeted && reState.MatchString(element):
		m := reState.FindStringSubmatch(element)
		return &step.Step{Kind: step.AssertState, Value: m[3], Negated: m[2] != "", Role: role}, nil
	case reCount.MatchString(element):
		m := reCount.FindStringSubmatch(element)
		var roles []string
		if r := reItemsRoles.FindStringSubmatch(fn); r != nil {
			json.Unmarshal([]byte(r[1]), &roles)
		}
		if len(roles) == 0 {
			return nil, fmt.Errorf("a count check whose function does not say what it counts")
		}
		return &step.Step{Kind: step.AssertCount, Value: m[2], Values: roles, Role: role}, nil
	case targeted && reValue.MatchString(element):
		m := reValue.FindStringSubmatch(element)
		v, err := unq(m[2])
		if err != nil {
			return nil, err
		}
		s := &step.Step{Kind: step.AssertValue, Value: v, Role: role, Match: step.MatchEquals}
		switch {
		case strings.Contains(fn, "[el.getAttribute('aria-valuenow') ?? el.value]"):
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
	case targeted && reVisible.MatchString(element):
		return &step.Step{Kind: step.AssertVisible, Role: role}, nil
	case !targeted && reShownByName.MatchString(element):
		m := reShownByName.FindStringSubmatch(element)
		var roles []string
		if r := reNameRoles.FindStringSubmatch(fn); r != nil {
			json.Unmarshal([]byte(r[1]), &roles)
		}
		q := reFirstQuoted.FindStringSubmatch(m[1])
		if len(roles) == 0 || q == nil {
			return nil, fmt.Errorf("a check that %s is shown, whose function does not say what it looks for", m[1])
		}
		name, err := unq(q[1])
		if err != nil {
			return nil, err
		}
		return &step.Step{Kind: step.AssertVisible, Value: name, Values: roles, Negated: m[2] != ""}, nil
	}
	return nil, fmt.Errorf("the check %q (an order check, or one plaintest does not write) has no web-first assertion yet", element)
}
