// Package lexicon holds the English words the rules translator reads, one
// table per fact: the ordinals and the numbers said in words.
package lexicon
