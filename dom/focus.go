package dom

// The words of an action that can point at an element, and their roles.

import (
	"slices"
	"strings"
)

// maxFocusWords is how many distinct words of the focus count.
const maxFocusWords = 64

// stopWords are words of an action that say nothing about which element it
// means.
var stopWords = roleSet(
	"a", "an", "the", "to", "into", "in", "on", "onto", "of", "for", "and",
	"or", "with", "at", "by", "from", "is", "are", "be", "it", "its", "that",
	"this", "then", "as",
)

// focusWord folds a word for matching: a plural "s" is dropped ("mugs" is
// "mug").
func focusWord(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

// focusWords returns the distinct words of s that can point at an element:
// normalized (Normalize), folded (focusWord), stop words left out, at most
// maxFocusWords.
func focusWords(s string) []string {
	var out []string
	for _, w := range strings.Fields(Normalize(s)) {
		w = focusWord(w)
		if stopWords[w] || slices.Contains(out, w) {
			continue
		}
		out = append(out, w)
		if len(out) == maxFocusWords {
			break
		}
	}
	return out
}
