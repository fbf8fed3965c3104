package commandgen

// The colour check ("the Status badge turns red", "the Save button's
// background is green"): the family of the colour a person sees the
// element in, as colours.js reads it from the computed style, the one
// place that tells a colour's family.

import (
	_ "embed"
	"fmt"
	"slices"

	"github.com/plaintest/plaintest/step"
)

//go:embed colours.js
var coloursJS string

// colourFamilies are the families colours.js names a colour by, each with
// a swatch (colourSwatch); transparent is none a check asks for.
var colourFamilies = []string{"red", "orange", "yellow", "green", "blue", "purple", "pink", "brown", "grey", "black", "white"}

// ColourFamilies are the families a colour check may ask for: the words
// the translator reads map onto these.
func ColourFamilies() []string { return slices.Clone(colourFamilies) }

// colourHow is what colours.js's coloursSeen reads for a check's Match:
// the text's colour, the one behind it, or either ("" : "either").
func colourHow(match string) (string, error) {
	switch match {
	case step.MatchText, step.MatchBackground:
		return match, nil
	case "":
		return "either", nil
	}
	return "", fmt.Errorf("commandgen: a colour check reads %q, want text, background or neither", match)
}

// colourWhat is the part of the element a colour check names in its
// description.
var colourWhat = map[string]string{step.MatchText: "'s text", step.MatchBackground: "'s background"}

// colourPage: the element's colour (colours.js's coloursSeen) is of the
// family Value, or, Negated, is not; a failure says what it saw ("the
// Status badge is green (rgb(25, 135, 84)), expected red").
func colourPage(s step.Step, what string, target bool) (why, element string, err error) {
	if !target {
		return "", "", fmt.Errorf("commandgen: a colour check names no element")
	}
	if !slices.Contains(colourFamilies, s.Value) {
		return "", "", fmt.Errorf("commandgen: %q is no colour a check reads (%v)", s.Value, colourFamilies)
	}
	how, err := colourHow(s.Match)
	if err != nil {
		return "", "", err
	}
	subject := what + colourWhat[s.Match]
	has := fmt.Sprintf(`cs.some(c => c.family === %s)`, js(s.Value))
	if s.Negated {
		why = fmt.Sprintf(`(cs => %s ? %s + coloursSaid(cs) + %s : '')(coloursSeen(el, %s))`, has, js(subject+" is "), js(", expected it not to be "+s.Value), js(how))
		return why, fmt.Sprintf("%s is not %s", subject, s.Value), nil
	}
	why = fmt.Sprintf(`(cs => %s ? '' : %s + coloursSaid(cs) + %s)(coloursSeen(el, %s))`, has, js(subject+" is "), js(", expected "+s.Value), js(how))
	return why, fmt.Sprintf("%s is %s", subject, s.Value), nil
}

// colourSpec: the families the check reads (the spec's coloursOf, the
// check's own coloursSeen), one of which is Value, or, Negated, none.
func colourSpec(s step.Step, target bool) (Assertion, error) {
	if !target {
		return Assertion{}, fmt.Errorf("a colour check names no element")
	}
	how, err := colourHow(s.Match)
	if err != nil {
		return Assertion{}, err
	}
	return Assertion{On: Subject{What: SubjectTarget}, Read: "coloursOf", ReadArg: how, Matcher: "toContain", Negated: s.Negated,
		Args: []Arg{{Kind: ArgString, Text: s.Value}}}, nil
}

// ColourHelperDecls are the declarations the spec's coloursOf holds: the
// colour helpers coloursSeen calls, and it.
func ColourHelperDecls() []string { return CheckHelperDecls("coloursSeen(") }
