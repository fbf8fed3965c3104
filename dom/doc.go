// Package dom reads the pages plaintest sees and minimizes them for a
// language model.
//
// It takes in the ARIA YAML snapshots that Playwright MCP servers return
// (ParseARIA; a whole tool result is fine) and HTML pages (ParseHTML). It
// gives out one tree of Nodes whatever the page came from; that tree
// minimized for a language model's token budget, ranked for the action it
// is shown for and cut to fit (Minimize), and written as compact lines
// (Serialize). The text Playwright's text engine sees in a node is Texts.
// The locators that find a node are package commandgen/locator's.
//
// The role sets the translator and the locators share with it come out as
// ContainerRoles, TextFieldRoles and CheckableRoles, and as KnownRole,
// ContainerRole, TextFieldRole and LabelledRole.
package dom
