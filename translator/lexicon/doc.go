// Package lexicon holds the English words the rules translator reads, one
// table per fact (the verbs of each sentence form, the ordinals, the
// numbers, the kind nouns its sentence forms spell out), from which
// package grammar builds its regular expressions.
package lexicon
