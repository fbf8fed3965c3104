// Package grammar is the rules translator: a fixed grammar of English
// sentence forms (rules.go, tried in order) that turns one action into
// steps against the page, deterministically and with no model, finding
// each element it names with package names.
//
// It also says what a sentence asks of the page without one (IntentOf),
// which the model translator holds a model's answers to.
package grammar
