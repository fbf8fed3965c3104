package lexicon

import "strconv"

// Ordinals are the places said in words, counted from 1.
var Ordinals = []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}

// Ends are the places at either end of a list said in words ("the last
// item", "Buy milk is at the top"), first end first.
var Ends = []string{"first", "last", "top", "bottom"}

// NumberedPlace is a place said in digits: "3rd", "10th".
const NumberedPlace = `\d+(?:st|nd|rd|th)`

// TabPlaces is how many of Ordinals name a browser tab ("switch to the
// third tab"; a sixth is a page's tab of that name).
const TabPlaces = 5

// Place is the word for the place at index i (from 0): "second", "11th".
func Place(i int) string {
	if i < len(Ordinals) {
		return Ordinals[i]
	}
	return strconv.Itoa(i+1) + "th"
}
