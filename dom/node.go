package dom

import "strings"

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
	Cursor      string // [cursor=...] hint ("pointer"), or ""
	// Kind is what a person calls the element by its kind rather than its
	// name, read from the page (FieldKinds, Icons): "password" for an
	// <input type=password>, "icon:delete" for a button that shows only
	// a trash glyph; "" in snapshots, which do not say.
	Kind string
	// Covered is true for an element another element covers at its centre
	// (it takes no click there), read from the page when several elements
	// of one name left a sentence ambiguous; false in snapshots.
	Covered bool
	// CoverAsked is true once the compile asked the page which of an
	// ambiguous sentence's elements are covered (Covered says the answer):
	// till then the focused one of same-named elements is not preferred,
	// since the one on top may be another (a layer laid over the button
	// just clicked, which keeps the focus).
	CoverAsked bool

	// What a locator can use of the HTML element a node was built from
	// (ParseHTML); all empty in ARIA snapshots, which carry no attributes.
	Tag        string // the element's name, lower case ("input", "li")
	TestID     string // its test id: data-testid, else data-test-id, else data-test
	TestIDAttr string // the attribute TestID is from ("data-testid"), "" when none
	ID         string // its id attribute
	FieldName  string // the name attribute of a form control (input, select, textarea, button)

	// Frame is, for an iframe, a CSS selector that finds its element alone
	// in its own document (iframe[title="Payment"]), read from the page by
	// whoever named the frame; "" when nobody did. An iframe's children are
	// its frame's content, another document: locators reach them only
	// through a PartFrame.
	Frame string

	Children []*Node
	Parent   *Node // nil for the root; not serialized
}

// Interactive reports whether n is an element a user acts on: a button, link,
// text field, check box, radio, combo box, list box, option, menu item, tab,
// switch, slider, spin button or tree item.
func (n *Node) Interactive() bool {
	return n != nil && interactiveRoles[n.Role]
}

// Walk calls fn for n and its descendants in document order (pre-order).
// When fn returns false, Walk does not descend into that node's children but
// carries on with its siblings.
func (n *Node) Walk(fn func(*Node) bool) {
	if n == nil {
		return
	}
	// An explicit stack keeps very deep trees from growing the Go stack.
	stack := []*Node{n}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !fn(cur) {
			continue
		}
		for i := len(cur.Children) - 1; i >= 0; i-- {
			stack = append(stack, cur.Children[i])
		}
	}
}

// FindRef returns the first node in n's subtree with the given snapshot ref,
// or nil.
func (n *Node) FindRef(ref string) *Node {
	if ref == "" {
		return nil
	}
	var found *Node
	n.Walk(func(c *Node) bool {
		if found != nil {
			return false
		}
		if c.Ref == ref {
			found = c
			return false
		}
		return true
	})
	return found
}

// TextContent returns the text of n's subtree: each node's name, value and
// text, space-joined in document order. A node's name is left out when its
// descendants' text already contains it (an article labelled by its own
// heading), so text is not repeated.
func (n *Node) TextContent() string {
	if n == nil {
		return ""
	}
	var parts []string
	n.appendText(&parts)
	return strings.Join(parts, " ")
}

func (n *Node) appendText(parts *[]string) {
	start := len(*parts)
	if n.Value != "" {
		*parts = append(*parts, n.Value)
	}
	for _, c := range n.Children {
		c.appendText(parts)
	}
	if n.Name == "" {
		return
	}
	if len(*parts) > start && strings.Contains(strings.Join((*parts)[start:], " "), n.Name) {
		return
	}
	// The name goes first: insert it at start.
	*parts = append(*parts, "")
	copy((*parts)[start+1:], (*parts)[start:])
	(*parts)[start] = n.Name
}

// Path returns n's ancestors, the root first and n's parent last; n itself is
// not included. The root's Path is empty.
func (n *Node) Path() []*Node {
	var path []*Node
	for p := n.Parent; p != nil; p = p.Parent {
		path = append(path, p)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

func hasInteractive(n *Node) bool {
	found := false
	n.Walk(func(c *Node) bool {
		if c.Interactive() {
			found = true
		}
		return !found
	})
	return found
}

func setParents(n *Node) {
	n.Walk(func(p *Node) bool {
		for _, c := range p.Children {
			c.Parent = p
		}
		return true
	})
}

// FrameOf is the iframe whose document n is in (its nearest iframe
// ancestor); nil for the main document.
func FrameOf(n *Node) *Node {
	for a := n.Parent; a != nil; a = a.Parent {
		if a.Role == "iframe" {
			return a
		}
	}
	return nil
}

// OwnFrame returns a copy of the frame f's subtree in which the frames
// inside it are kept without their content: what "in the checkout frame"
// reads when the checkout frame's own element is meant, not one in a frame
// it holds. The copy's root keeps f's parent, so that what is said of where
// an element sits reads the same; its nodes keep their refs.
func OwnFrame(f *Node) *Node {
	var cp func(n, parent *Node) *Node
	cp = func(n, parent *Node) *Node {
		c := *n
		c.Parent, c.Children = parent, nil
		if n != f && n.Role == "iframe" {
			return &c
		}
		for _, k := range n.Children {
			c.Children = append(c.Children, cp(k, &c))
		}
		return &c
	}
	return cp(f, f.Parent)
}

// Innermost lists, in document order, the innermost elements below root
// (root itself left out) for which take holds, searching only where holds
// does (an element whose text holds words, then its children): an element
// is listed when none of its descendants is.
func Innermost(root *Node, holds, take func(*Node) bool) []*Node {
	var out []*Node
	var walk func(n *Node) bool // reports whether n or a descendant was listed
	walk = func(n *Node) bool {
		if !holds(n) {
			return false
		}
		inner := false
		for _, c := range n.Children {
			if walk(c) {
				inner = true
			}
		}
		if inner || n == root || !take(n) {
			return inner
		}
		out = append(out, n)
		return true
	}
	walk(root)
	return out
}
