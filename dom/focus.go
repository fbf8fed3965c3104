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

// roleWords are the words an action names a kind of element by, and the
// roles they fit ("the Email field", "the Submit button").
var roleWords = map[string][]string{
	"button": {"button"}, "link": {"link"}, "checkbox": {"checkbox"},
	"radio": {"radio"}, "switch": {"switch"}, "slider": {"slider"},
	"tab": {"tab"}, "option": {"option"}, "heading": {"heading"},
	"title": {"heading"}, "row": {"row"}, "cell": {"cell", "gridcell"},
	"column": {"columnheader"}, "dialog": {"dialog", "alertdialog"},
	"field":   {"textbox", "searchbox", "combobox", "spinbutton"},
	"input":   {"textbox", "searchbox", "combobox", "spinbutton"},
	"textbox": {"textbox"}, "box": {"textbox", "searchbox", "combobox", "checkbox"},
	"search": {"searchbox", "search"}, "combobox": {"combobox"},
	"dropdown": {"combobox", "listbox"}, "spinbutton": {"spinbutton"},
	"menu": {"menu", "menubar"}, "list": {"list", "listbox"},
	"item":  {"listitem", "menuitem", "treeitem", "option"},
	"table": {"table", "grid", "treegrid"}, "grid": {"grid"},
	"tree": {"tree", "treegrid"}, "image": {"img"}, "picture": {"img"},
	"panel": {"tabpanel", "region"}, "card": {"article"},
	"article": {"article"}, "form": {"form"}, "toolbar": {"toolbar"},
	"alert": {"alert", "alertdialog"}, "navigation": {"navigation"},
}

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
