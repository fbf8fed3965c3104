// Package locator holds the Playwright locators plaintest writes as
// targets, as data: read from the JavaScript code Playwright MCP reports
// (ParseLocatorCode) or from selector syntax (ParseSelector), made for a
// node of a snapshot tree from the tree alone, stable and never by
// snapshot ref (Synthesize, Reframe, FramePath), matched against a tree
// (Count), and written as Playwright selectors (Locator.Selector) or
// JavaScript (Locator.JS); with the element descriptions compile writes
// read back as selectors (Identity), names matched by their words
// (WordNames, NameWords), and the ids a locator may name (StableID). It
// reads trees through package dom and imports no other package of ours
// but leaves.
package locator
