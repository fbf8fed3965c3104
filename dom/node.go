// Package dom turns page snapshots into one tree of Nodes, minimizes that tree
// for a token budget, serializes it as compact lines, and synthesizes stable
// Playwright locators for its elements.
//
// It takes the ARIA YAML snapshots that Playwright MCP servers return (and
// HTML, through goquery) and gives the rest of plaintest a single Node type,
// independent of where the snapshot came from.
package dom

// Node is one element of a page snapshot: an ARIA role with its accessible
// name and state, or a run of text (Role "text").
type Node struct {
	Role string // ARIA role ("button", "textbox", "link", "text", "generic", ...)
	Name string // accessible name, unquoted
	Ref  string // snapshot ref ("e7", "f2e13"); valid only for the snapshot it came from

	Level       int    // heading level, 0 when absent
	Checked     string // "true", "false", "mixed", or "" when the element has no checked state
	Selected    bool
	Disabled    bool
	Expanded    string // "true", "false" or ""
	Pressed     string // "true", "false", "mixed" or ""
	Active      bool
	URL         string // /url of links
	Placeholder string // /placeholder of text fields
	Value       string // inline text after the colon ("paragraph: Hello" has Value "Hello")

	Children []*Node
	Parent   *Node // nil for the root; not serialized
}
