package lexicon

import "strings"

// A Colour is a word people name a colour by, with the family a colour
// check reads (package commandgen's ColourFamilies, which its colours.js
// tells from the computed style).
type Colour struct {
	Word, Family string
}

// Colours are the colour words the rules read in a colour check ("the
// Status badge turns red"), the one table of them: the grammar's pattern
// is built from it.
var Colours = []Colour{
	{"red", "red"}, {"orange", "orange"}, {"yellow", "yellow"}, {"green", "green"}, {"blue", "blue"},
	{"purple", "purple"}, {"violet", "purple"}, {"pink", "pink"}, {"brown", "brown"},
	{"grey", "grey"}, {"gray", "grey"}, {"black", "black"}, {"white", "white"},
}

// ColourWords are the words of Colours, in its order.
func ColourWords() []string {
	out := make([]string, len(Colours))
	for i, c := range Colours {
		out[i] = c.Word
	}
	return out
}

// ColourFamily is the family the colour word w names ("gray" gives
// "grey"), case aside; false for a word Colours lacks.
func ColourFamily(w string) (string, bool) {
	for _, c := range Colours {
		if strings.EqualFold(c.Word, strings.TrimSpace(w)) {
			return c.Family, true
		}
	}
	return "", false
}

// ColourNouns are nouns people end an element's name with that no table
// of kinds has ("the Status badge", "the error message"): the element is
// the one the words before them name.
var ColourNouns = []string{"badge", "pill", "chip", "tag", "label", "indicator", "message", "notice", "notification", "text", "dot", "light"}

// ColourMessages are those of ColourNouns that name, alone with a word
// before them, the one status or alert ("the error message is red").
var ColourMessages = map[string]bool{"message": true, "notice": true, "notification": true, "text": true}

// AlertWords name, before "message", the one alert ("the error
// message"); any other word the one status or alert.
var AlertWords = map[string]bool{"error": true, "warning": true, "failure": true, "validation": true, "danger": true}
