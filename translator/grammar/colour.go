package grammar

// A colour check: "the Status badge turns red", "the Delete button is
// red", "the error message is shown in red", "the Save button's
// background is green", "the status text is not red". The colour word
// ends the sentence, after a copula or "turns": a colour word that is a
// name ("click the Red button", "the slider shows red") is no colour
// check.

import (
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/lexicon"
	"github.com/plaintest/plaintest/translator/names"
)

// colourVerbs are the verbs before a colour: a copula, or a change to it
// ("turns red"), each maybe negated.
const colourVerbs = `(?:is|are|looks|look|stays|stay|remains|remain|turns|turn|turned|has turned|have turned|becomes|become|became|has become|have become|goes|go|went|has gone|changes to|changed to|has changed to|is now|are now|is still|are still|` +
	`is not|isn't|is no longer|are not|aren't|are no longer|does not (?:turn|look|become|go|stay)|doesn't (?:turn|look|become|go|stay)|do not (?:turn|look|become|go|stay)|don't (?:turn|look|become|go|stay)|did not (?:turn|become|go)|didn't (?:turn|become|go)|has not turned|hasn't turned|never turns|` +
	`to be|to turn|to become|to stay|not to be|not to turn|not to become|to not be|to not turn|should turn|should become|should stay|should not turn|should not become|shouldn't turn|will turn|must turn)`

// colourIn are the words between the verb and the colour that say which
// colour of the element: its text's ("shown in red"), or the one a
// person names it by ("coloured red").
const colourIn = `(?:((?:shown|displayed|written|printed|rendered) in|in)|(?:coloured|colored|painted|highlighted)(?: in)?) `

var (
	colourAlt = "(" + strings.Join(lexicon.ColourWords(), "|") + ")"
	// reColourOf reads "the background of the Save button is green",
	// "the text colour of the status is red".
	reColourOf = regexp.MustCompile(`(?i)^(?:the )?(background|text|font|colou?r)(?: colou?r)? of (.+?) (` + colourVerbs + `) ` + colourAlt + `$`)
	// reColourPart reads "the Save button's background is green", "the
	// status's text colour is red".
	reColourPart = regexp.MustCompile(`(?i)^(.+?)(?:'s|’s|') (background|text|font|colou?r)(?: colou?r)? (` + colourVerbs + `) ` + colourAlt + `$`)
	// reColourIs reads "the Delete button is red", "the Status badge turns
	// red", "the error message is shown in red".
	reColourIs = regexp.MustCompile(`(?i)^(.+?) (` + colourVerbs + `) (?:` + colourIn + `)?` + colourAlt + `$`)
	// reColourHas reads "the Save button has a green background", "the
	// status has red text".
	reColourHas   = regexp.MustCompile(`(?i)^(.+?) (has|have|does not have|doesn't have|do not have|don't have|no longer has) (?:a |an )?` + colourAlt + ` (background|text)(?: colou?r)?$`)
	reNegatedVerb = regexp.MustCompile(`(?i)\bnot\b|n't\b|\bno longer\b|\bnever\b`)
	reCopula      = regexp.MustCompile(`(?i)^(?:is|are|is not|isn't|are not|aren't)$`)
)

// readColour reads a colour check. A sentence of that form whose subject
// is a field and whose verb is a copula ("the Colour field is red") is a
// value, as is one that gives a label's value the page shows ("the
// selected colour is red" beside "Selected colour: red"): readValue and
// readLabelled read those.
func readColour(_ *Rules, req translator.Request, body string) ([]step.Step, error) {
	subject, part, verb, word, ok := colourParts(body)
	if !ok {
		return nil, errNoMatch
	}
	family, _ := lexicon.ColourFamily(word)
	if _, ok := readLabelled(req.Page, body); ok {
		return nil, errNoMatch
	}
	n, err := colourElement(req, subject, &part)
	if err != nil {
		if req.Page != nil && strings.Contains(dom.Normalize(req.Page.TextContent()), dom.Normalize(names.Unquote(body))) {
			return nil, errNoMatch // the page says the sentence: a text check
		}
		return nil, err
	}
	if part == "" && valueRoles[n.Role] && reCopula.MatchString(verb) {
		return nil, errNoMatch // "the Colour select is Red": its value
	}
	return []step.Step{{Kind: step.AssertColour, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Value: family, Match: part,
		Negated: reNegatedVerb.MatchString(verb)}}, nil
}

// colourParts splits a colour check's sentence: the element's words, the
// part of it whose colour is read (step.MatchText, MatchBackground, or
// "" for either), the verb and the colour word.
func colourParts(body string) (subject, part, verb, word string, ok bool) {
	partOf := func(w string) string {
		switch strings.ToLower(w) {
		case "background":
			return step.MatchBackground
		case "text", "font":
			return step.MatchText
		}
		return ""
	}
	if m := submatchOutsideQuotes(reColourOf, body); m != nil {
		return m[2], partOf(m[1]), m[3], m[4], true
	}
	if m := submatchOutsideQuotes(reColourPart, body); m != nil {
		return m[1], partOf(m[2]), m[3], m[4], true
	}
	if m := submatchOutsideQuotes(reColourHas, body); m != nil {
		return m[1], partOf(m[4]), m[2], m[3], true
	}
	if m := submatchOutsideQuotes(reColourIs, body); m != nil {
		if m[3] != "" {
			part = step.MatchText // "shown in red": its text
		}
		return m[1], part, m[2], m[4], true
	}
	return "", "", "", "", false
}

// colourElement is the element a colour check's subject names: the one
// of a kind ("the banner"), an element by its name and kind ("the Delete
// button"), or one named by the words before a noun of lexicon.ColourNouns ("the
// Status badge"; "the status text", whose part is then its text); "the
// error message" is the one status or alert.
func colourElement(req translator.Request, subject string, part *string) (*dom.Node, error) {
	phrase := names.StripArticle(names.Unquote(strings.TrimSpace(subject)))
	if words, ok := strings.CutSuffix(phrase, " text"); ok && words != "" {
		// "the status text": the status's text, before an element
		// named "status text".
		if n, err := nounElement(req, words, "text"); err == nil {
			if *part == "" {
				*part = step.MatchText
			}
			return n, nil
		}
	}
	if n, ok, err := names.SoleOfKind(req.Page, subject, nil); ok {
		return n, err
	}
	n, err := names.Element(req, subject, names.ForChecks(nil), "element")
	if err == nil {
		return n, nil
	}
	for _, noun := range lexicon.ColourNouns {
		words, ok := strings.CutSuffix(strings.ToLower(phrase), " "+noun)
		if !ok || words == "" || noun == "text" {
			continue
		}
		if found, ferr := nounElement(req, phrase[:len(words)], noun); ferr == nil {
			return found, nil
		}
	}
	return nil, err
}

// nounElement is the element words name before noun of lexicon.ColourNouns: the
// one of a kind, or by its name; for a noun of lexicon.ColourMessages the one
// status or alert when the words name neither.
func nounElement(req translator.Request, words, noun string) (*dom.Node, error) {
	n, ok, err := names.SoleOfKind(req.Page, words, nil)
	if !ok {
		n, err = names.Element(req, words, names.ForChecks(nil), "element")
	}
	if err != nil && lexicon.ColourMessages[noun] {
		sole := "status message"
		if lexicon.AlertWords[strings.ToLower(words)] {
			sole = "alert"
		}
		if m, ok, merr := names.SoleOfKind(req.Page, sole, nil); ok {
			return m, merr
		}
	}
	return n, err
}
