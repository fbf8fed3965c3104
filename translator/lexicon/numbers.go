package lexicon

import (
	"strconv"
	"strings"
)

// Numbers are the numbers said in words, with the articles and "no" a
// count may start with.
var Numbers = map[string]int{"no": 0, "zero": 0, "none": 0, "one": 1, "a": 1, "an": 1, "single": 1, "two": 2, "three": 3,
	"four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}

// Number reads a count's number, in figures or in words ("3", "three",
// "no").
func Number(s string) (int, bool) {
	if n, err := strconv.Atoi(s); err == nil && n >= 0 {
		return n, true
	}
	n, ok := Numbers[strings.ToLower(s)]
	return n, ok
}
