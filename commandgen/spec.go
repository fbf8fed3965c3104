package commandgen

// A check's web-first assertion in Playwright Test, as data: the kinds'
// table (kinds.go) says which matcher reads which part of the page, and
// package pwspec writes it. The assertion reads what the check reads
// (text as a person sees it, what counts as shown, a value as the check
// compares it), with the spec's helpers (pwspec/helpers.ts) where no
// matcher does.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// Assertion is expect(On).Matcher(Args...), or, with Read,
// expect.poll(read(On, Read)).Matcher(Args...); Negated puts not. before
// the matcher. A check the sentence waits for gets its timeout from the
// writer.
type Assertion struct {
	On   Subject
	Read string // a helper of the spec that reads On, polled
	// ReadArg, when set, is a text Read takes after the element:
	// expect.poll(readWith(On, Read, ReadArg)).
	ReadArg string
	Matcher string
	Negated bool
	Args    []Arg
}

// Subject is what an assertion reads.
type Subject struct {
	What SubjectWhat
	// Roles are the roles of SubjectRoles: getByRole of each, one or the
	// other, within the target when the check has one and In is set,
	// else in the page.
	Roles []string
	In    bool
	// Name, when set, is the name the roles' elements have, read as the
	// check reads it (says).
	Name string
	// NoHeaderRows leaves out the rows of column headers, as the check's
	// items do.
	NoHeaderRows bool
}

// SubjectWhat is the part of the page an assertion reads.
type SubjectWhat uint8

const (
	SubjectTarget       SubjectWhat = iota // the check's element
	SubjectTargetOrBody                    // the check's element, else the page's body
	SubjectPage                            // the page (its URL, its title)
	SubjectRoles                           // the elements of Roles
	SubjectText                            // the innermost elements whose text says Name, within the target when the check has one and In is set, else in the page
)

// Arg is an argument of a matcher.
type Arg struct {
	Kind  ArgKind
	Text  string // the text, or the JavaScript of ArgRaw
	Match string // how a pattern compares (step.Match…)
	Props []Prop // ArgObject
	Step  step.Step
}

// ArgKind is what an Arg writes.
type ArgKind uint8

const (
	ArgSays         ArgKind = iota // says(Text): Text as words a person reads
	ArgRaw                         // Text, JavaScript as written (a number, true)
	ArgString                      // Text as a string
	ArgObject                      // an object of Props
	ArgValuePattern                // a regular expression a text box's value matches: Text as Match says, space, curly quotes and case aside
	ArgNormMatching                // expect.stringMatching of Text as the check normalizes it, as Match says
	ArgPagePattern                 // a regular expression a URL or title matches: Text as Match says, case aside
	ArgOrder                       // order(...) of Step's items as Step.Match says
)

// Prop is one property of an ArgObject.
type Prop struct {
	Key string
	Val Arg
}

// SpecOf is the web-first assertion of the check s; target says it has an
// element. An error says why s has none.
func SpecOf(s step.Step, target bool) (Assertion, error) {
	e, ok := kindOf(s.Kind)
	if !ok {
		return Assertion{}, fmt.Errorf("a %s step is not a check", s.Kind)
	}
	return e.spec(s, target)
}

func raw(js string) Arg { return Arg{Kind: ArgRaw, Text: js} }

// textSpec: the innermost elements whose text says the value (its words,
// not part of a longer word nor negated), within the check's element or
// the page, one of which a person sees (countShown), as the check reads
// it (checks.js's shows); Playwright's toContainText reads the text of a
// hidden element too. On a page with open shadow roots, as the check
// reads it through them and their slots (showsText: the check's own
// showsDeep), where toContainText reads a slot's fallback content.
func textSpec(s step.Step, _ bool) (Assertion, error) {
	gone := s.Kind == step.AssertGone
	if s.Shadow {
		if !sandy.HasPlaceholder(s.Value) {
			return Assertion{On: Subject{What: SubjectTargetOrBody}, Read: "showsText", ReadArg: NormText(s.Value), Matcher: "toBe", Negated: gone,
				Args: []Arg{raw("true")}}, nil
		}
		// innerText skips shadow roots; Playwright's own text of an
		// element reads them.
		return Assertion{On: Subject{What: SubjectTargetOrBody}, Matcher: "toContainText", Negated: gone,
			Args: []Arg{{Kind: ArgSays, Text: s.Value}, {Kind: ArgObject}}}, nil
	}
	a := Assertion{On: Subject{What: SubjectText, Name: s.Value, In: true}, Read: "countShown", Matcher: "toBeGreaterThan", Args: []Arg{raw("0")}}
	if gone {
		a.Matcher = "toBe"
	}
	return a, nil
}

// stateHelpers name the spec's helper of each state no matcher reads.
var stateHelpers = map[string]string{
	step.StateCurrent:  "isCurrent",
	step.StateRequired: "isRequired",
	step.StateReadOnly: "isReadonly",
	step.StateInvalid:  "isInvalid",
}

// stateSpec: Playwright's matcher of the state where it reads the state
// as the check does, else the check's own reading of it.
func stateSpec(s step.Step, target bool) (Assertion, error) {
	if !target {
		return Assertion{}, fmt.Errorf("a state check names no element")
	}
	on := Subject{What: SubjectTarget}
	a := Assertion{On: on, Negated: s.Negated}
	switch s.Value {
	case step.StateChecked:
		a.Matcher = "toBeChecked"
	case step.StateMixed:
		a.Matcher, a.Args = "toBeChecked", []Arg{{Kind: ArgObject, Props: []Prop{{"indeterminate", raw("true")}}}}
	case step.StateDisabled:
		a.Matcher = "toBeDisabled"
	case step.StateFocused:
		a.Matcher = "toBeFocused"
	case step.StateExpanded, step.StatePressed, step.StateSelected:
		a.Matcher, a.Args = "toHaveAttribute", []Arg{{Kind: ArgString, Text: "aria-" + s.Value}, {Kind: ArgString, Text: "true"}}
	case step.StateSortedAscending, step.StateSortedDescending:
		a.Matcher, a.Args = "toHaveAttribute", []Arg{{Kind: ArgString, Text: "aria-sort"}, {Kind: ArgString, Text: strings.TrimPrefix(s.Value, "sorted ")}}
	default:
		h, ok := stateHelpers[s.Value]
		if !ok {
			return Assertion{}, fmt.Errorf("the state %q has no web-first assertion", s.Value)
		}
		return Assertion{On: on, Read: h, Matcher: "toBe", Args: []Arg{raw(strconv.FormatBool(!s.Negated))}}, nil
	}
	return a, nil
}

// valueSpec: a text box's value with toHaveValue; anything else's values
// as the check reads them (valuesOf, valueNowOf), one of which matches.
func valueSpec(s step.Step, target bool) (Assertion, error) {
	if !target {
		return Assertion{}, fmt.Errorf("a value check names no element")
	}
	on := Subject{What: SubjectTarget}
	if s.Match != step.MatchNow && slices.Contains([]string{"textbox", "searchbox"}, s.Role) {
		return Assertion{On: on, Matcher: "toHaveValue", Negated: s.Negated, Args: []Arg{{Kind: ArgValuePattern, Text: s.Value, Match: s.Match}}}, nil
	}
	helper, match := "valuesOf", s.Match
	if match == step.MatchNow {
		helper, match = "valueNowOf", step.MatchEquals
	}
	return Assertion{On: on, Read: helper, Matcher: "toContainEqual", Negated: s.Negated, Args: []Arg{{Kind: ArgNormMatching, Text: s.Value, Match: match}}}, nil
}

// countSpec: the items a person sees (countShown), counted as the check
// counts them: toHaveCount counts an item of opacity 0, or one a
// carousel's box clips away, too.
func countSpec(s step.Step, _ bool) (Assertion, error) {
	n, err := strconv.Atoi(s.Value)
	if err != nil || len(s.Values) == 0 {
		return Assertion{}, fmt.Errorf("a count check of %q items with no roles", s.Value)
	}
	on := Subject{What: SubjectRoles, Roles: s.Values, In: true, NoHeaderRows: true}
	return Assertion{On: on, Read: "countShown", Matcher: "toBe", Args: []Arg{raw(strconv.Itoa(n))}}, nil
}

// pageFactSpec: the page's URL or title, matched as the check compares it.
func pageFactSpec(s step.Step, _ bool) (Assertion, error) {
	matcher := "toHaveURL"
	if s.Kind == step.AssertTitle {
		matcher = "toHaveTitle"
	}
	return Assertion{On: Subject{What: SubjectPage}, Matcher: matcher, Negated: s.Negated, Args: []Arg{{Kind: ArgPagePattern, Text: s.Value, Match: s.Match}}}, nil
}

// orderSpec: the items' texts (itemTexts), matched in order.
func orderSpec(s step.Step, _ bool) (Assertion, error) {
	return Assertion{On: Subject{What: SubjectTargetOrBody}, Read: "itemTexts", Matcher: "toMatch", Negated: s.Negated, Args: []Arg{{Kind: ArgOrder, Step: s}}}, nil
}

// visibleSpec: shown as the check reads it (countShown): Playwright's
// toBeVisible takes an element of opacity 0 for visible.
func visibleSpec(s step.Step, target bool) (Assertion, error) {
	a := Assertion{On: Subject{What: SubjectTarget}, Read: "countShown", Matcher: "toBeGreaterThan", Args: []Arg{raw("0")}}
	if s.Negated {
		a.Matcher = "toBe"
	}
	if target {
		return a, nil
	}
	if len(s.Values) == 0 {
		return Assertion{}, fmt.Errorf("a check that an element is shown names no role")
	}
	a.On = Subject{What: SubjectRoles, Roles: s.Values, Name: s.Value}
	return a, nil
}
