package sandy

import (
	"fmt"
	"regexp"
	"strings"
)

// A step's description is the plain-English action it came from; compile
// adds to it what the step serves: a wait for a late element, or the
// element a check reads. Described builds such a description; Action
// reads the action back.

// Described is action with what compile adds: `verify Saved is shown
// (reads paragraph "Saved")`, `click Save (wait for button "Save" to
// appear)`. how is "reads" or "wait"; element names the element.
func Described(action, how, element string) string {
	if element == "" {
		return action
	}
	if how == "wait" {
		return fmt.Sprintf("%s (wait for %s to appear)", action, element)
	}
	return fmt.Sprintf("%s (reads %s)", action, element)
}

var reWait = regexp.MustCompile(` \(wait for .* to appear\)$`)

// viaMark opens what Via adds to a description.
const viaMark = " (from: "

// Via is description with the test's sentence its action was expanded
// from by a phrase (package parser/phrases), so that a reader of the
// scenario sees what ran and why: `type "Dune" into Title (from: add the
// book "Dune")`. An empty sentence adds nothing.
func Via(description, sentence string) string {
	if sentence == "" {
		return description
	}
	return description + viaMark + sentence + ")"
}

// Action is the plain-English action of a step's description, without
// what compile adds to it (Described, Via).
func Action(description string) string {
	if i := strings.Index(description, viaMark); i >= 0 && strings.HasSuffix(description, ")") {
		description = description[:i]
	}
	if i := strings.LastIndex(description, " (reads "); i >= 0 && strings.HasSuffix(description, ")") {
		return description[:i]
	}
	return reWait.ReplaceAllString(description, "")
}
