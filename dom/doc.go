// Package dom reads the pages plaintest sees and the locators it writes.
//
// It takes in the ARIA YAML snapshots that Playwright MCP servers return
// (ParseARIA; a whole tool result is fine), HTML pages (ParseHTML), and
// Playwright locators, as the JavaScript code Playwright MCP reports
// (ParseLocatorCode) or in selector syntax (ParseSelector). It gives out one
// tree of Nodes whatever the page came from; that tree minimized for a
// language model's token budget, ranked for the action it is shown for and
// cut to fit (Minimize), and written as compact lines (Serialize); and Locators: synthesized for a node from the tree alone,
// stable and never by snapshot ref (Synthesize), matched against a tree
// (Count), and written as Playwright selectors (Locator.Selector) or
// JavaScript (Locator.JS).
//
// The role sets the translator shares with it come out as ContainerRoles,
// TextFieldRoles and CheckableRoles.
package dom
