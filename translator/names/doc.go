// Package names finds the one element of a page that a phrase of an action
// names ("the Add to cart button for Blue Mug", "the checkbox in the Buy
// milk row", "Express shipping"), or says why not with the closest
// elements (translator.NotFoundError, translator.AmbiguousError).
//
// It matches by accessible name, label, placeholder or text, ignoring case
// and punctuation, narrowed by the roles an action may act on, a kind noun
// (dom.Nouns), a place or a scope, and never guesses between equals.
package names
