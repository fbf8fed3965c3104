package grammar

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/names"
)

// Assertions. An assertion body ("the cart shows 1 item", "the checkbox for
// Buy milk is checked", "the URL ends with /active") is read by parseCheck,
// which tries the specific forms first (the URL, the title, an order, a
// count, an element's state or value) and falls back to text on the page.
// The same bodies are read after "verify", "check that", "I should see", and
// on their own ("Clear completed is gone"); but after "check" without
// "that", and on their own, only a body that is a sentence about the page
// is an assertion: "check Buy milk" is an action, never "Buy milk is
// shown".

func buildAssertGone(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	if items, or, rest, ok := quotedList(m[1]); ok {
		// `I should not see "Error" or "Failed"`: neither.
		return eachQuoted(items, or, func(q string) ([]step.Step, error) {
			return buildAssertGone(r, []string{m[0], q + rest}, req)
		})
	}
	if g := reWithin.FindStringSubmatch(strings.TrimSpace(m[1])); g != nil && scopeByKind(g) {
		// `I should not see "$99.00" within the Blue Mug card`: as
		// `"$99.00" is not in the Blue Mug card` reads it.
		return r.readText(req, g[1]+" is not in "+g[3], false)
	} else if g != nil {
		// `I should not see "$99.00" within "Blue Mug"`: not in that part.
		n, err := names.Within(req.Page, names.Unquote(g[3]))
		if err != nil {
			return nil, final(err)
		}
		return []step.Step{{Kind: step.AssertGone, Value: names.Quoted(g[1]), Role: n.Role, Ref: n.Ref, Element: names.DescribeContainer(req.Page, n)}}, nil
	}
	if steps, ok, err := r.seenElement(req, m[1], true); ok {
		return steps, err
	}
	t, err := expectedText(m[1])
	if err != nil {
		return nil, err
	}
	if t == "" {
		return nil, errNoMatch
	}
	return []step.Step{{Kind: step.AssertGone, Value: t}}, nil
}

// buildAssert reads the body of "verify …", "I should see …": any text.
// After expect, "to" makes the expectation: "expect the alert to say
// Saved".
func buildAssert(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	body := m[1]
	if strings.HasPrefix(strings.ToLower(m[0]), "expect ") {
		body = expectTo(body)
	}
	return r.parseCheck(req, body, false)
}

// buildAssertWhole reads the whole sentence as an assertion body: "the
// Save button should be visible".
func buildAssertWhole(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	return r.parseCheck(req, m[0], false)
}

// buildCheckThat reads "check …" as an assertion only when its body is a
// sentence about the page ("check that …", "check the cart shows 1 item"),
// and a bare sentence likewise ("Clear completed is gone"); "check" with a
// box's label that reads as a sentence ticks it (checkverb.go). A
// sentence about the page whose check cannot be made (the part it names
// is not there, or is several) ends the reading with that error: ticking
// a box named by the whole sentence would act where it asked to look.
func buildCheckThat(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	body := m[len(m)-1]
	if rest, ok := names.CutWord(strings.TrimSpace(body), "that", "whether", "if"); ok {
		return r.parseCheck(req, rest, false)
	}
	if isCheckVerb(m[0]) && r.ticks(req, body) {
		return nil, errNoMatch // the tick's form reads it
	}
	steps, err := r.parseCheck(req, body, true)
	if err != nil && err != errNoMatch {
		return nil, final(err)
	}
	return steps, err
}

var (
	reGone = regexp.MustCompile(`(?i)^(.+?) (?:` +
		`(?:is not|isn't|is no longer|are not|aren't|are no longer) (?:visible|shown|displayed|there|present|on the page|listed)` +
		`|(?:is|are|has been|have been|was|were) (?:gone|removed|deleted|hidden|not shown|not visible|not displayed)` +
		`|(?:disappears|disappeared|has disappeared|have disappeared|vanishes|vanished|goes away|went away))$`)
	// reNotShows reads "the cart no longer shows 1 item": the text after the
	// verb must be gone. It is tried before reShows, which would read it as
	// "shows 1 item".
	reNotShows = regexp.MustCompile(`(?i)^(.+?) (?:does not|doesn't|do not|don't|no longer|does no longer|did not|didn't) (?:show|display|contain|say|read|have|include|list)s? (.+)$`)
	reShows    = regexp.MustCompile(`(?i)^(.+?) (?:shows|displays|contains|says|reads|has|includes|lists|show|display|contain|say|read|have|include) (.+)$`)
	// reVisible reads a sentence that ends by saying it is shown: all before
	// that is the expected text, whatever verbs it holds ("You have no
	// saved items is shown").
	reVisible = regexp.MustCompile(`(?i)^(.+?) (?:(?:is|are) (?:visible|shown|displayed|present|there|on the page|on screen)|appears|appear|shows up|show up)$`)
	// reIn reads "Blue Mug is in the cart": the text is what comes before.
	// reNotIn reads "Red Mug is not in the cart", "Saved is not shown in
	// the status": the text must be gone from that part of the page.
	reNotIn = regexp.MustCompile(`(?i)^(.+?) (?:is not|isn't|are not|aren't|is no longer|are no longer)(?: (?:listed|shown|displayed|visible))? (?:in|inside|within|on) ((?:the|your|my) \S.*)$`)
	reIn    = regexp.MustCompile(`(?i)^(.+?) (?:(?:is|are) (?:in|inside|on|within|(?:listed|shown|displayed|visible) (?:in|on|within))|(?:appears|appear|shows up|show up) (?:in|inside|on|within)) ((?:the|your|my) \S.*)$`)
	// reWithin reads Cucumber's scoped step: `"$12.00" within "Blue Mug"`
	// (I should see …), the quoted text in the part of the page named.
	reWithin   = regexp.MustCompile(`(?i)^("[^"]+"|“[^”]+”|'[^']+') (within|inside|in) (.+)$`)
	reTextWord = regexp.MustCompile(`(?i)^(?:the |an? )?(?:(?:error|success|warning|info|confirmation|validation) )?(?:text|message|words?|heading|title|error|notice|notification)(?: of)? `)
)

// reStillShown and reStillVerb find the "still" of a check that says its
// fact lasts: "Welcome back is still shown", "Blue Mug is still in the
// cart"; "the cart still shows 1 item". Group 1 is the word, with the
// space before it.
var (
	reStillShown = regexp.MustCompile(`(?i)^.+? (?:is|are)( still) (?:visible|shown|displayed|present|there|on the page|on screen|listed|(?:in|inside|on|within|listed in|shown in) \S.*)$`)
	reStillVerb  = regexp.MustCompile(`(?i)^.+?( still) (?:shows|displays|contains|says|reads|lists|includes|has|show|display|contain|say|read|list|include|have|appears|appear) \S`)
)

// withoutStill is body without the "still" of its verb, outside quotes:
// the check is the same ("is still shown" is "is shown"). Words after a
// verb that says what is shown are the text, "still" and all: "the page
// says it is still shown".
func withoutStill(body string) string {
	for _, re := range []*regexp.Regexp{reStillVerb, reStillShown} {
		if idx := indexOutsideQuotes(re, body); idx != nil && indexOutsideQuotes(reShows, body[:idx[2]]) == nil {
			return body[:idx[2]] + body[idx[3]:]
		}
	}
	return body
}

// Lasts reports whether a check's sentence says its fact lasts ("X is
// still shown", "the cart still shows 1 item"): that it held before the
// action it follows is what it means, not a precondition to warn of.
func Lasts(action string) bool {
	return withoutStill(strings.TrimSpace(action)) != strings.TrimSpace(action)
}

// parseCheck reads an assertion body. strict: only a sentence about the
// page is one (errNoMatch otherwise); else plain words are text that must
// be shown.
func (r *Rules) parseCheck(req translator.Request, body string, strict bool) ([]step.Step, error) {
	body = withoutStill(strings.TrimSpace(body))
	if alt, put, ok := indicative(body); ok {
		// "the alert should say Saved" is "the alert says Saved" (when
		// the words rewritten are not the text the page is to show).
		// A reading that fails (no part of the page is named so) gives
		// way to the sentence as written when that reads: "the What
		// needs to be done? field is empty" names its field.
		steps, err := r.readCheck(req, alt, true)
		switch {
		case err == nil && !rewritten(steps, put):
			return steps, nil
		case err != nil && err != errNoMatch:
			if as, aerr := r.readCheck(req, body, true); aerr == nil {
				return as, nil
			}
			return nil, err
		}
	}
	return r.readCheck(req, body, strict)
}

// readCheck reads an assertion body in the indicative.
func (r *Rules) readCheck(req translator.Request, body string, strict bool) ([]step.Step, error) {
	for _, read := range []func(*Rules, translator.Request, string) ([]step.Step, error){
		readURL, readTitle, readColour, readOrder, readCount, readState, readValue, readHasPart,
	} {
		if steps, err := read(r, req, body); err != errNoMatch {
			return steps, err
		}
	}
	return r.readText(req, body, strict)
}

// readText reads the text forms: gone, no longer shows, shows (in a part
// of the page when the subject names one), is in, quoted, is shown, and,
// unless strict, plain words.
func (r *Rules) readText(req translator.Request, body string, strict bool) ([]step.Step, error) {
	if items, or, rest, ok := quotedList(body); ok {
		// `"Saved" and "Done" are shown`: a check of each, where reading
		// the first alone dropped the others.
		return eachQuoted(items, or, func(q string) ([]step.Step, error) { return r.readText(req, q+rest, strict) })
	}
	kind, text, place := step.AssertText, "", ""
	var err error // expectedText's: a quotation with more said beside it
	// Words inside quotes are the expected text, never the sentence's verb.
	switch g := []string(nil); {
	case quotedWhole(body) != "":
		text = quotedWhole(body)
	case submatchOutsideQuotes(reGone, body) != nil:
		g = submatchOutsideQuotes(reGone, body)
		if steps, ok, err := r.elementShown(req, g[1], true); ok {
			return steps, err
		}
		kind = step.AssertGone
		text, err = expectedText(g[1])
	case submatchOutsideQuotes(reVisible, body) != nil:
		g = submatchOutsideQuotes(reVisible, body)
		if steps, ok, err := r.elementShown(req, g[1], false); ok {
			return steps, err
		}
		if s, ok := submatchIn(g[1]); ok { // "$12.00 is shown in the Blue Mug card"
			text, place = s[0], s[1]
		} else {
			text, err = expectedText(g[1])
		}
	case submatchOutsideQuotes(reNotShows, body) != nil:
		g = submatchOutsideQuotes(reNotShows, body)
		kind, place = step.AssertGone, g[1]
		text, err = expectedText(g[2])
	case reFirstPerson.MatchString(body) && submatchOutsideQuotes(reShows, body) != nil:
		// "verify I have read the terms": no part of the page is "I",
		// so the sentence is the text (a box's label), not "read the
		// terms" anywhere, which the page's instructions may say.
		text, err = expectedText(body)
	case submatchOutsideQuotes(reShows, body) != nil:
		g = submatchOutsideQuotes(reShows, body)
		place = g[1]
		text, err = expectedText(g[2])
	case submatchOutsideQuotes(reNotIn, body) != nil:
		g = submatchOutsideQuotes(reNotIn, body)
		kind, place = step.AssertGone, g[2]
		text, err = expectedText(names.StripArticle(g[1]))
	case submatchOutsideQuotes(reIn, body) != nil:
		g = submatchOutsideQuotes(reIn, body)
		place = g[2]
		text, err = expectedText(names.StripArticle(g[1]))
	case reWithin.FindStringSubmatch(strings.TrimSpace(body)) != nil && !scopeByKind(reWithin.FindStringSubmatch(strings.TrimSpace(body))):
		g = reWithin.FindStringSubmatch(strings.TrimSpace(body))
		// The place is the scope the sentence gives: one part of the
		// page of that name, or the check is refused (read as the whole
		// page, it passed where only another card showed the text).
		n, err := names.Within(req.Page, names.Unquote(g[3]))
		if err != nil {
			return nil, err
		}
		return []step.Step{{Kind: kind, Value: names.Quoted(g[1]), Role: n.Role, Ref: n.Ref, Element: names.DescribeContainer(req.Page, n)}}, nil
	case reWithin.FindStringSubmatch(strings.TrimSpace(body)) != nil:
		// `"Saved" in the header`: a place said as the text forms say
		// one, read as they read it.
		g = reWithin.FindStringSubmatch(strings.TrimSpace(body))
		text, place = names.Quoted(g[1]), g[3]
	default:
		if st, ok := readLabelled(req.Page, body); ok { // "the total is $24.00"
			return []step.Step{st}, nil
		}
		if strict {
			return nil, errNoMatch
		}
		if steps, ok, err := r.seenElement(req, body, false); ok {
			return steps, err
		}
		// Quoted words are the text only when nothing else is said:
		// `verify "Japan" should be selected in "Country"` read as
		// `"Japan" is shown` checked what it did not say.
		text, err = expectedText(body)
	}
	if err != nil {
		return nil, err
	}
	if text == "" {
		return nil, fmt.Errorf("%w: no expected text in %q", translator.ErrUnparsable, body)
	}
	if err := placeNamed(place, body); err != nil {
		return nil, err
	}
	st := step.Step{Kind: kind, Value: text}
	if place != "" {
		n, ok, err := names.NamedContainer(req.Page, place)
		sole := false
		if !ok {
			n, ok, err = names.SoleOfKind(req.Page, place, nil)
			sole = true
		}
		if err != nil {
			return nil, err
		}
		if !ok {
			// "the Counter status shows 3": a name and a kind, not a
			// container; the element it names, or the refusal.
			if n, ok, err = r.namedPlace(req, place); err != nil {
				return nil, err
			}
		}
		if ok {
			st.Role, st.Ref, st.Element = n.Role, n.Ref, names.DescribeContainer(req.Page, n)
			if sole && dom.Normalize(n.Name) == dom.Normalize(n.TextContent()) {
				st.Element = n.Role // "the alert", named by the text it shows now
			}
		} else if req.Note != nil && !rePagePlace.MatchString(strings.TrimSpace(place)) {
			req.Note(fmt.Sprintf("%q names no part of the page: the check reads the whole page", names.StripArticle(place)))
		}
	}
	return []step.Step{st}, nil
}

// rePagePlace reads a place that is the page itself ("the page shows X").
var rePagePlace = regexp.MustCompile(`(?i)^(?:the |this |my |our |your )?(?:page|screen|window|site|app|web ?page)$`)

// namedPlace is the element a check's place names by a name and a kind
// noun ("the Counter status", "the Total label"): found among elements of
// that kind, or refused naming the ones there are, never read as the whole
// page. ok is false for a place with no kind noun ("the cart").
func (r *Rules) namedPlace(req translator.Request, place string) (*dom.Node, bool, error) {
	phrase := names.StripArticle(names.Unquote(place))
	rest, kind, ok := names.KindNoun(phrase, false)
	if !ok {
		// A noun that names its one element alone ("the status") said
		// with a name: "the Counter status".
		var n names.Noun
		if rest, n, ok = names.CutNoun(phrase, names.SoleNouns); ok {
			kind = n.Roles
		}
	}
	if !ok || strings.TrimSpace(rest) == "" {
		return nil, false, nil
	}
	n, err := names.Element(req, rest, names.ForChecks(kind), "element")
	if err != nil {
		return nil, false, err
	}
	return n, true, nil
}

// elementShown reads a subject that names an element by its kind ("the
// Save button", "the Address Added dialog", "the Kowno River cell"): a
// check that that element is shown, or, gone, that no element of that kind
// and name is. ok is false for a subject with no kind noun, which is text.
func (r *Rules) elementShown(req translator.Request, subject string, gone bool) ([]step.Step, bool, error) {
	if n, ok := names.KindPhrase(subject); ok {
		if steps, ok, err := kindShown(req, n, gone); ok {
			return steps, true, err
		}
	}
	// `the "Add Delivery Address" dialog`: a name quoted before its kind
	// noun is that name (a subject quoted whole stays text).
	quoted := ""
	if qs := names.ReQuoted.FindAllString(subject, -1); len(qs) == 1 && qs[0] != strings.TrimSpace(subject) {
		quoted = names.Quoted(qs[0])
		subject = strings.Replace(subject, qs[0], quoted, 1)
	}
	words, set, ok := names.KindNoun(names.StripArticle(names.Unquote(strings.TrimSpace(subject))), false)
	if !ok || set == nil && names.StripArticle(strings.TrimSpace(subject)) != strings.TrimSpace(subject) {
		// A part of the page named by a noun the text checks scope by
		// ("the Saved status", "the Photos carousel"), or after an
		// article by one that names any kind as a part ("the W3C Home
		// Page item": a menu, list or tree item; "1 item" is text): read
		// as text, the words would be a text no page shows, and "is
		// gone" could never fail.
		if w, s, found := assertNoun(names.StripArticle(names.Unquote(strings.TrimSpace(subject)))); found {
			words, set, ok = w, s, true
		}
	}
	if !ok || set == nil || names.Quoted(subject) != "" || quoted != "" && dom.Normalize(words) != dom.Normalize(quoted) {
		return nil, false, nil
	}
	for noun, narrow := range names.ShownRoles {
		if strings.HasSuffix(strings.ToLower(strings.TrimSpace(subject)), " "+noun) {
			set = narrow
		}
	}
	kinds := make([]string, 0, len(set))
	for k := range set {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	what := fmt.Sprintf("%s %q", strings.Join(kinds, " or "), words)
	asked := step.Step{Kind: step.AssertVisible, Value: words, Values: kinds, Negated: gone, Element: what}
	if gone {
		return []step.Step{asked}, true, nil
	}
	n, err := names.Element(req, subject, names.ForChecks(set), "element")
	return shownOrAsked(req, n, err, asked)
}
