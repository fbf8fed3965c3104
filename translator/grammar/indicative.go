package grammar

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/names"
)

// Expectations in the words testers write them: "the cart should show 1
// item", "the alert must say Saved", "expect the box to be checked", "the
// banner should not say Error". The assertion forms read the indicative
// ("the cart shows 1 item"); indicative rewrites the first such verb phrase
// outside quotes into it, so that the subject is the part of the page the
// sentence names, and a negation stays a negation. Read as written, "the
// alert should not say Error" would be the text "Error" in a part of the
// page called "the alert should not": a check that passes when the alert
// says what the sentence says it must not.

// modalWords are the words before a verb that make it an expectation.
// "to" is one only after expect (expectTo): "Add to list" is a button.
const modalWords = `(?:should|must|shall|will|would|needs to|need to|has to|have to|ought to|is expected to|are expected to|is supposed to|are supposed to)`

// modalNot are the same, negated.
const modalNot = `(?:should not|shouldn't|must not|mustn't|shall not|will not|won't|would not|wouldn't|cannot|can't|can not|is not expected to|are not expected to|is not supposed to|are not supposed to|should never|must never|will never)`

// showVerbs are the verbs of the text forms, with their third person.
var showVerbs = map[string]string{
	"show": "shows", "display": "displays", "contain": "contains", "say": "says", "read": "reads",
	"have": "has", "include": "includes", "list": "lists", "appear": "appears", "disappear": "disappears",
	"vanish": "vanishes", "remain": "remains", "stay": "stays", "look": "looks", "equal": "equals",
	"end": "ends", "start": "starts", "begin": "begins",
}

const showVerbRe = `(show up|go away|show|display|contain|say|read|have|include|list|appear|disappear|vanish|remain|stay|look|equal|end|start|begin)`

var indicatives = []struct {
	re  *regexp.Regexp
	out func(verb string) string // verb: the group of showVerbRe, if the form has it
}{
	// "should have focus", "does not have the focus": focused, never the
	// value "focus".
	{regexp.MustCompile(`(?i)\b(?:` + modalNot + ` have|does not have|doesn't have|has no) (?:the )?focus$`), func(string) string { return "is not focused" }},
	{regexp.MustCompile(`(?i)\b(?:` + modalWords + ` (?:still )?have|has|still has) (?:the )?focus$`), func(string) string { return "is focused" }},
	// "should no longer be shown", "should no longer show X".
	{regexp.MustCompile(`(?i)\b` + modalWords + ` no longer be\b`), func(string) string { return "is no longer" }},
	{regexp.MustCompile(`(?i)\b` + modalWords + ` no longer ` + showVerbRe + `\b`), func(v string) string { return "no longer " + third(v) }},
	// "should not be checked", "not to be shown".
	{regexp.MustCompile(`(?i)\b` + modalNot + ` be\b`), func(string) string { return "is not" }},
	// "should not appear", "should not show up": not shown.
	{regexp.MustCompile(`(?i)\b` + modalNot + ` (?:appear|show up)\b`), func(string) string { return "is not shown" }},
	// "should not say X", "never shows X" stays as reNotShows reads it.
	{regexp.MustCompile(`(?i)\b` + modalNot + ` ` + showVerbRe + `\b`), func(v string) string { return "does not " + v }},
	// "should have been removed".
	{regexp.MustCompile(`(?i)\b` + modalWords + ` have been\b`), func(string) string { return "has been" }},
	{regexp.MustCompile(`(?i)\b` + modalWords + ` (?:still )?be\b`), func(string) string { return "is" }},
	{regexp.MustCompile(`(?i)\b` + modalWords + ` (?:still )?` + showVerbRe + `\b`), func(v string) string { return third(v) }},
}

// third is a verb of showVerbRe in the third person ("show up": "shows up").
func third(verb string) string {
	v := strings.ToLower(verb)
	switch v {
	case "show up":
		return "shows up"
	case "go away":
		return "goes away"
	}
	return showVerbs[v]
}

// indicative returns body with its first expectation ("should show",
// "must not be") outside quotes rewritten in the indicative, the words
// put in its place, and whether there was one. Only a verb the assertion
// forms read is rewritten: "should see" is left as it is.
func indicative(body string) (out, put string, ok bool) {
	for _, ind := range indicatives {
		idx := indexOutsideQuotes(ind.re, body)
		if idx == nil {
			continue
		}
		verb := ""
		if len(idx) > 2 && idx[2] >= 0 {
			verb = body[idx[2]:idx[3]]
		}
		put = ind.out(verb)
		return body[:idx[0]] + put + body[idx[1]:], put, true
	}
	return body, "", false
}

// reExpectTo finds the "to" of "expect X to show Y", "expect X not to be
// checked".
var reExpectTo = regexp.MustCompile(`(?i)\b(not to|to not|to) (be|` + showVerbRe[1:] + `\b`)

// expectTo rewrites the body of "expect …" ("the alert to show Saved",
// "the box not to be checked", "Saved to appear") with should, which
// indicative reads: the first "to" before a verb of the assertion forms,
// outside quotes. A button's words keep theirs ("expect Add to list",
// "expect Back to list view"): a verb that takes an object is an
// expectation only after a subject that names a part of the page (the,
// a, your, it, a quotation), and "to be" only before a state or "shown";
// one that takes none ("to appear") only at the end, or before where.
func expectTo(body string) string {
	idx := indexOutsideQuotes(reExpectTo, body)
	if idx == nil {
		return body
	}
	subject, verb, rest := strings.TrimSpace(body[:idx[0]]), strings.ToLower(body[idx[4]:idx[5]]), strings.TrimSpace(body[idx[1]:])
	switch {
	case subject == "":
		return body
	case intransitive[verb]:
		if rest != "" && !reWhere.MatchString(rest) {
			return body
		}
	case rest == "":
		return body
	case verb == "be" && reBeWhat.MatchString(rest):
	case !reSubject.MatchString(subject):
		return body
	}
	modal := "should"
	if strings.Contains(strings.ToLower(body[idx[2]:idx[3]]), "not") {
		modal = "should not"
	}
	return body[:idx[0]] + modal + " " + body[idx[4]:idx[5]] + body[idx[1]:]
}

var (
	intransitive = map[string]bool{"appear": true, "disappear": true, "vanish": true, "show up": true, "go away": true}
	reWhere      = regexp.MustCompile(`(?i)^(?:in|on|inside|within) `)
	reSubject    = regexp.MustCompile(`(?i)^(?:the|a|an|this|that|these|those|your|my|our|its|their|it|they)\b|^["“']`)
	reBeWhat     = regexp.MustCompile(`(?i)^(?:not |still |no longer )?(?:checked|unchecked|ticked|unticked|selected|unselected|enabled|disabled|expanded|collapsed|open|opened|closed|pressed|unpressed|switched|turned|toggled|on|off|highlighted|current|active|focused|required|empty|blank|visible|shown|displayed|hidden|gone|removed|deleted|present|listed|there|in|at|set to) ?`)
)

// rewritten reports whether the rewrite put landed in the text a step
// expects ("Your order will be shipped is shown" read as the text "Your
// order is shipped"): then the sentence's verb phrase was the page's
// words, not an expectation.
func rewritten(steps []step.Step, put string) bool {
	re := regexp.MustCompile(`(?i)(?:^|\W)` + regexp.QuoteMeta(put) + `(?:\W|$)`)
	for _, s := range steps {
		if re.MatchString(s.Value) {
			return true
		}
	}
	return false
}

// reModalEnd finds a subject that ends with an expectation's words ("the
// alert should not"), which no part of the page is called.
var reModalEnd = regexp.MustCompile(`(?i)\b(?:` + modalWords + `|` + modalNot + `|not|never|to|does|do|did|can|could|may|might)$`)

// rePageFact is a subject that is not a part of the page but a fact of it:
// its address or title, which their own forms read (readURL, readTitle)
// and the text forms do not.
var rePageFact = regexp.MustCompile(`(?i)^(?:the )?(?:page |current |browser |window |tab |document )?(?:url|address|location|title)$`)

// placeNamed refuses a text check whose subject no part of the page can
// be: the words of an expectation the forms could not read ("the alert
// should not"), or the page's URL or title with a verb their checks do not
// have ("the URL does not show /admin"). Read as text on the page, either
// would check something other than what the sentence says.
func placeNamed(place, body string) error {
	p := strings.TrimSpace(place)
	switch {
	case p == "":
		return nil
	case reModalEnd.MatchString(p):
		return final(fmt.Errorf("%w: cannot read %q as a check: put the text it expects in quotes, or say it as \"X shows Y\" or \"X does not show Y\"", translator.ErrUnparsable, body))
	case rePageFact.MatchString(p):
		return final(fmt.Errorf("%w: a check of the page's %s says what it is, contains, starts or ends with, or does not (\"the URL contains /cart\", \"the URL does not contain /admin\")", translator.ErrUnparsable, names.StripArticle(p)))
	}
	return nil
}
