package translator

import (
	"fmt"
	"regexp"
	"strings"
)

func buildWaitText(_ *Rules, m []string, _ Request) ([]Step, error) {
	t := expectedText(m[1])
	if t == "" {
		return nil, errNoMatch
	}
	return []Step{{Kind: AssertText, Value: t}}, nil
}

func buildAssertGone(_ *Rules, m []string, _ Request) ([]Step, error) {
	t := expectedText(m[1])
	if t == "" {
		return nil, errNoMatch
	}
	return []Step{{Kind: AssertGone, Value: t}}, nil
}

var (
	reGone = regexp.MustCompile(`(?i)^(.+?) (?:` +
		`(?:is not|isn't|is no longer|are not|aren't|are no longer) (?:visible|shown|displayed|there|present|on the page|listed)` +
		`|(?:is|are|has been|have been|was|were) (?:gone|removed|deleted|hidden)` +
		`|(?:disappears|disappeared|has disappeared|have disappeared|vanishes|vanished|goes away|went away))$`)
	// reNotShows reads "the cart no longer shows 1 item": the text after the
	// verb must be gone. It is tried before reShows, which would read it as
	// "shows 1 item".
	reNotShows = regexp.MustCompile(`(?i)^(.+?) (?:does not|doesn't|do not|don't|no longer|does no longer|did not|didn't) (?:show|display|contain|say|read|have|include|list)s? (.+)$`)
	reShows    = regexp.MustCompile(`(?i)^(.+?) (?:shows|displays|contains|says|reads|has|includes|lists|show|display|contain|say|read|have|include) (.+)$`)
	reVisible  = regexp.MustCompile(`(?i)^(.+?) (?:is|are) (?:visible|shown|displayed|present|there|on the page)$`)
	// reIn reads "Blue Mug is in the cart": the text is what comes before.
	reIn       = regexp.MustCompile(`(?i)^(.+?) (?:is|are) (?:in|inside|on|within|(?:listed|shown|displayed|visible) (?:in|on|within)) ((?:the|your|my) \S.*)$`)
	reQuoted   = regexp.MustCompile(`"([^"]+)"|“([^”]+)”|'([^']+)'`)
	reTextWord = regexp.MustCompile(`(?i)^(?:the )?(?:text|message|words?|heading|title)(?: of)? `)
)

// buildAssert reads "verify the cart shows 1 item", "I should see Welcome",
// "Discount claimed is visible" and "verify "Order placed"". A subject or a
// place that names a part of the page by a noun ("the Blue Mug card shows
// $12.00", "$12.00 is shown in the Blue Mug card") scopes the check to that
// element; otherwise the text is looked for on the whole page.
func buildAssert(_ *Rules, m []string, req Request) ([]Step, error) {
	body := strings.TrimSpace(m[1])
	kind, text, place := AssertText, "", ""
	// Words inside quotes are the expected text, never the sentence's verb.
	if g := submatchOutsideQuotes(reGone, body); g != nil {
		kind, text = AssertGone, expectedText(g[1])
	} else if g := submatchOutsideQuotes(reNotShows, body); g != nil {
		kind, text, place = AssertGone, expectedText(g[2]), g[1]
	} else if g := submatchOutsideQuotes(reShows, body); g != nil {
		text, place = expectedText(g[2]), g[1]
	} else if g := submatchOutsideQuotes(reIn, body); g != nil {
		text, place = expectedText(stripArticle(g[1])), g[2]
	} else if q := quoted(body); q != "" {
		text = q
	} else if v := reVisible.FindStringSubmatch(body); v != nil {
		text = expectedText(v[1])
	} else {
		text = expectedText(body)
	}
	if text == "" {
		return nil, fmt.Errorf("%w: no expected text in %q", ErrUnparsable, m[0])
	}
	step := Step{Kind: kind, Value: text}
	if place != "" {
		n, ok, err := namedContainer(req.Page, place)
		if err != nil {
			return nil, err
		}
		if ok {
			step.Role, step.Ref, step.Element = n.Role, n.Ref, describeContainer(req.Page, n)
		}
	}
	return []Step{step}, nil
}

// expectedText strips quotes and filler words from the text an assertion names.
func expectedText(s string) string {
	if q := quoted(s); q != "" {
		return q
	}
	s = strings.TrimSpace(s)
	s = reTextWord.ReplaceAllString(s, "")
	s = strings.TrimPrefix(s, "the text ")
	return strings.TrimSpace(s)
}

// submatchOutsideQuotes is re.FindStringSubmatch(s) where the quoted parts
// of s cannot take part in the match's own words: they are blanked (same
// length) for matching, and the groups are cut from s itself.
func submatchOutsideQuotes(re *regexp.Regexp, s string) []string {
	blank := reQuoted.ReplaceAllStringFunc(s, func(q string) string { return strings.Repeat("\x00", len(q)) })
	idx := re.FindStringSubmatchIndex(blank)
	if idx == nil {
		return nil
	}
	out := make([]string, len(idx)/2)
	for i := range out {
		if idx[2*i] >= 0 {
			out[i] = s[idx[2*i]:idx[2*i+1]]
		}
	}
	return out
}

func quoted(s string) string {
	m := reQuoted.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	for _, g := range m[1:] {
		if g != "" {
			return g
		}
	}
	return ""
}
