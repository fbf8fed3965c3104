package lexicon

// Ordinals are the places said in words, counted from 1.
var Ordinals = []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}
