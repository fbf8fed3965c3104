package grammar

import (
	"errors"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/prompt"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// Intent is what a sentence asks of the page: to do something on it, or
// only to check it. The rules' grammar (rules.go) says it, form by form;
// the model translator holds a model's answers to it, so that a check
// never becomes an action, nor an action a check.
type Intent int

const (
	// IntentUnknown: the grammar reads the sentence neither way without
	// the page ("log in as demo", "the page greets new visitors warmly").
	IntentUnknown Intent = iota
	// IntentAct: the sentence does something (click, type, go to, add …
	// to the cart).
	IntentAct
	// IntentCheck: the sentence only looks ("verify …", "check that …",
	// "I should see …", "the cart shows …", "… is checked").
	IntentCheck
	// intentEither marks a form of the grammar that checks when its body
	// is a sentence about the page ("check the cart shows 1 item", a
	// sentence with no verb), and otherwise leaves the sentence to the
	// forms after it ("check Remember me" is a checkbox).
	intentEither
)

func (i Intent) String() string {
	switch i {
	case IntentAct:
		return prompt.IntentAct
	case IntentCheck:
		return prompt.IntentCheck
	}
	return ""
}

// IntentOf reads the intent of action with the rules' grammar, as Rules
// reads the action itself but on an empty page: the first form whose words
// match and whose reader takes the sentence says it. A reader that gives
// steps says it by their kinds (all checks: IntentCheck); one that stops
// at the missing element, by its form's intent; one that fails otherwise
// leaves the sentence to the forms after it, as Rules does, its intent
// standing if none of them takes it.
func IntentOf(action string) Intent {
	a := cleanAction(action)
	if a == "" {
		return IntentUnknown
	}
	empty := translator.Request{Action: action, Page: &dom.Node{}}
	found := IntentUnknown
	for _, p := range grammar {
		m := p.re.FindStringSubmatch(a)
		if m == nil {
			continue
		}
		form := p.intent
		if form == intentEither {
			form = IntentCheck
		}
		steps, err := p.build(&Rules{}, m, empty)
		var stop *stopError
		switch {
		case err == errNoMatch:
			continue
		case err == nil:
			return stepsIntent(steps)
		case errors.As(err, &stop):
			return form
		case found == IntentUnknown:
			found = form
		}
	}
	return found
}

// stepsIntent is IntentCheck when every step is a check, else IntentAct.
func stepsIntent(steps []step.Step) Intent {
	for _, s := range steps {
		if !s.Kind.IsCheck() {
			return IntentAct
		}
	}
	if len(steps) == 0 {
		return IntentUnknown
	}
	return IntentCheck
}

// CheckOnly reports whether the rules' grammar reads sentence as checks
// and nothing else, whatever the page: IntentOf reads it as a check, and
// no form that acts matches its words, nor those of the sentence inside
// a frame it names (on a page, such a form could take the sentence before
// a check's form does: an element it names may be there). A feature
// file's Then step is kept as written only when it holds (parser/gherkin);
// the model translator holds a check's sentence to asserts (IntentOf).
func CheckOnly(sentence string) bool {
	if IntentOf(sentence) != IntentCheck {
		return false
	}
	a := cleanAction(sentence)
	for range maxFrames {
		for _, p := range grammar {
			if p.intent == IntentAct && p.re.MatchString(a) {
				return false
			}
		}
		rest, _, ok := frameScope(a)
		if !ok || rest == a {
			return true
		}
		a = cleanAction(rest)
	}
	return false
}

// maxFrames bounds how many frames, one inside the other, CheckOnly reads
// a sentence through.
const maxFrames = 8

// AsCheck is sentence written so that only a check can come of it: as it
// is when CheckOnly, else as "verify SENTENCE" ("check X" as "verify X")
// when that is CheckOnly; false when it acts (IntentOf) or neither form
// holds it to checks. A feature file's Then step goes through it, and so
// does every sentence a phrase expands such a step to.
func AsCheck(sentence string) (string, bool) {
	if IntentOf(sentence) == IntentAct {
		return "", false
	}
	if CheckOnly(sentence) {
		return sentence, true
	}
	rest := strings.TrimSpace(sentence)
	if f := strings.Fields(rest); len(f) > 1 && strings.EqualFold(f[0], "check") {
		rest = strings.TrimSpace(rest[len(f[0]):])
	}
	if v := "verify " + rest; CheckOnly(v) {
		return v, true
	}
	return "", false
}
