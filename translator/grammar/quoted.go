package grammar

// Quoted texts in checks, as feature files write them: a list of them
// (`"Saved" and "Synced"`), one scoped by `within` to a named part of the
// page, and quoted words with others beside them that no form reads.

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/names"
)

// scopeByKind reports whether a reWithin match gives its place as the
// text forms give one ("in the header", "inside the Blue Mug card"): a
// place that is not quoted and starts with an article, and after
// "within" ends in a kind noun.
func scopeByKind(g []string) bool {
	if names.Quoted(g[3]) != "" || names.StripArticle(g[3]) == g[3] {
		return false
	}
	if !strings.EqualFold(g[2], "within") {
		return true
	}
	// "within the header", "within the Blue Mug card": a kind, which the
	// text forms find, or refuse; "within the Blue Mug" is a name.
	_, alone := names.KindPhrase(g[3])
	_, _, named := assertNoun(names.StripArticle(g[3]))
	return alone || named
}

// reQuotedList is two or more quotations joined by commas, "and" or "or",
// then the rest of the sentence.
var reQuotedList = regexp.MustCompile(`^((?:"[^"]+"|“[^”]+”|'[^']+')(?:\s*(?:,\s*(?:(?:and|or)\s+)?|(?:and|or)\s+)(?:"[^"]+"|“[^”]+”|'[^']+'))+)(.*)$`)

// quotedList reads a list of quoted texts at the start of s: the texts
// (quotes and all), whether they are joined by "or", and the rest of s.
func quotedList(s string) (items []string, or bool, rest string, ok bool) {
	g := reQuotedList.FindStringSubmatch(strings.TrimSpace(s))
	if g == nil {
		return nil, false, "", false
	}
	items = names.ReQuoted.FindAllString(g[1], -1)
	outside := names.ReQuoted.ReplaceAllString(g[1], " ")
	return items, regexp.MustCompile(`(?i)\bor\b`).MatchString(outside), g[2], len(items) > 1
}

// eachQuoted reads a check of each quoted text with read and returns the
// checks in order. Joined by "or", the checks must all be that a text is
// not shown (none of them is): that one of several texts is shown is not
// a check plaintest makes.
func eachQuoted(items []string, or bool, read func(q string) ([]step.Step, error)) ([]step.Step, error) {
	var out []step.Step
	for _, q := range items {
		steps, err := read(q)
		if err != nil {
			return nil, err
		}
		for _, st := range steps {
			if or && st.Kind != step.AssertGone {
				return nil, final(fmt.Errorf("%w: %s joined by \"or\": a check that one of them is shown is not one plaintest makes; check each, or the one the page must show", translator.ErrUnparsable, strings.Join(items, ", ")))
			}
		}
		out = append(out, steps...)
	}
	return out, nil
}

// unquotedWords are the words of s outside its quotes, but for those that
// only name the text ("the text", "the message"); "" when none.
func unquotedWords(s string) string {
	rest := strings.TrimSpace(names.ReQuoted.ReplaceAllString(s, " "))
	rest = strings.TrimSpace(reTextWord.ReplaceAllString(rest+" ", ""))
	return strings.Trim(rest, " .!:,;")
}

// quoteOf is s's first quotation, quotes and all.
func quoteOf(s string) string { return names.ReQuoted.FindString(s) }

// expectedText is the text an assertion names: its one quotation, beside
// nothing but words that name it as text ("the message"), or else its
// words without those. A quotation with other words beside it, or several,
// is refused: the first quotation alone dropped what the rest said
// (`shows "Saved" but not "Synced"` checked Saved only).
func expectedText(s string) (string, error) {
	if q := names.Quoted(s); q != "" {
		if qs := names.ReQuoted.FindAllString(s, -1); len(qs) > 1 {
			return "", final(fmt.Errorf("%w: %q holds %d quoted texts: give each a check of its own (`verify %s is shown`, `verify %s is gone`)",
				translator.ErrUnparsable, strings.TrimSpace(s), len(qs), qs[0], qs[1]))
		}
		if rest := unquotedWords(s); rest != "" {
			return "", final(fmt.Errorf("%w: %q: the words %q beside the quoted text are not read; say what to check of it (`%s is shown`, `FIELD shows %s`)",
				translator.ErrUnparsable, strings.TrimSpace(s), rest, quoteOf(s), quoteOf(s)))
		}
		return q, nil
	}
	s = strings.TrimSpace(s)
	s = reTextWord.ReplaceAllString(s, "")
	s = strings.TrimPrefix(s, "the text ")
	return strings.TrimSpace(s), nil
}

// quotedWhole returns the quoted text when s is nothing but a quotation.
func quotedWhole(s string) string {
	s = strings.TrimSpace(s)
	if q := names.Quoted(s); q != "" && len(q)+2 >= len(s)-1 {
		return q
	}
	return ""
}

// submatchOutsideQuotes is re.FindStringSubmatch(s) where the quoted parts
// of s cannot take part in the match's own words: they are blanked (same
// length) for matching, and the groups are cut from s itself.
func submatchOutsideQuotes(re *regexp.Regexp, s string) []string {
	idx := indexOutsideQuotes(re, s)
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

// indexOutsideQuotes is re.FindStringSubmatchIndex(s) with the quoted
// parts of s blanked (same length), so the indexes are s's own.
func indexOutsideQuotes(re *regexp.Regexp, s string) []int {
	return re.FindStringSubmatchIndex(names.ReQuoted.ReplaceAllStringFunc(s, func(q string) string { return strings.Repeat("\x00", len(q)) }))
}
