package grammar

import (
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/lexicon"
	"github.com/plaintest/plaintest/translator/names"
)

// The verb "check" is two verbs: tick a box ("check Remember me") and look
// ("check the cart shows 1 item"). buildCheckThat reads it as a look when
// its body is a sentence about the page; a box's label can read as such a
// sentence too ("I have read the terms": a subject, "have", words after
// it), and read as a look it checked only that the page shows "read the
// terms", which its own instructions did, and never ticked the box.

// reFirstPerson is a body in the first or second person: a box's label
// ("I have read the terms", "we may email you about offers"). A sentence
// about the page is about something on it, never "I" or "we".
var reFirstPerson = regexp.MustCompile(`(?i)^(?:i|i'm|i've|i'd|we|we're|we've|we'll|you|you're|you've|you'll)\s`)

// boxNoun is a word that names a box to tick, alone ("the box that says
// I agree").
var boxNoun = lexicon.Alt(lexicon.BoxNouns)

var (
	// reBoxSubject is the subject of a sentence that is a box's label
	// ("the box that says I agree": "the box that"; "the checkbox labelled
	// I have read the terms": "the checkbox labelled I").
	reBoxSubject = regexp.MustCompile(`(?i)^` + boxNoun + ` (?:that|which|labell?ed|called|named|marked|saying|reading)\b`)
	// reBoxLabel reads the box a phrase names by its label: "the box that
	// says I agree", "the checkbox labelled Subscribe".
	reBoxLabel = regexp.MustCompile(`(?i)^(?:the )?` + boxNoun +
		`(?: (?:that|which)(?: (?:says|reads|shows|is labell?ed|is called|is named))?| (?:labell?ed|called|named|marked|saying|reading)) (.+)$`)
)

// ticks reports whether body, after the verb "check", names a box to tick
// though it reads as a sentence: it is in the first person, its subject
// is a box ("the box that says I agree"), or the page has one checkbox,
// radio or switch of that whole name ("Email shows me deals"). Quoted
// words are text the page must show, but for the whole name of such a
// box: `check "Remember me"` is how a feature file ticks one (Cucumber's
// web steps), and the page has no other reading of it.
func (r *Rules) ticks(req translator.Request, body string) bool {
	b := strings.TrimSpace(body)
	if q := names.Quoted(b); q != "" {
		if req.Page == nil || names.ReQuoted.FindString(b) != b {
			return false // words beside the quotes: a sentence about the page
		}
		best, top := names.Rank(names.Candidates(req.Page, names.CheckRoles), q)
		return len(best) == 1 && top >= names.ScoreExact
	}
	if reFirstPerson.MatchString(b) {
		return true
	}
	if subject := bareSubject(b); subject != "" && reBoxSubject.MatchString(names.StripArticle(strings.TrimSpace(subject))) {
		return true
	}
	if req.Page == nil {
		return false
	}
	best, top := names.Rank(names.Candidates(req.Page, names.CheckRoles), b)
	return len(best) == 1 && top >= names.ScoreExact
}

// boxLabel is the label a phrase that names a box by it gives ("the box
// that says I agree": "I agree"), else the phrase.
func boxLabel(phrase string) string {
	if g := reBoxLabel.FindStringSubmatch(strings.TrimSpace(phrase)); g != nil {
		if q := names.Quoted(g[1]); q != "" {
			return q
		}
		return g[1]
	}
	return phrase
}

// isCheckVerb reports whether action's verb is a "check" that may tick a
// box: not "verify", which only looks, nor "check that", "check whether"
// or "check if".
func isCheckVerb(action string) bool {
	rest, ok := names.CutWord(strings.TrimSpace(action), "check")
	if !ok {
		return false
	}
	_, looks := names.CutWord(rest, "that", "whether", "if")
	return !looks
}
