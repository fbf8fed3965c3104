package dom

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/internal/tokens"
)

// MinimizeOptions tune Minimize. The zero value (or nil) means the defaults.
type MinimizeOptions struct {
	// MaxText is how many runes of non-interactive text a node keeps; longer
	// text is cut and ends with "…". Default DefaultMaxText; negative means
	// no limit. Names of interactive elements are never cut.
	MaxText int
	// MaxURL is the longest link URL kept; longer URLs are dropped.
	// Default DefaultMaxURL; negative drops every URL.
	MaxURL int
	// Budget is the most tokens (Tokens' count of Serialize) the result
	// should take; 0 means no budget. Without Focus, URLs and then
	// non-interactive text are dropped, longest and least useful first, but
	// never interactive elements or the containers that hold them: the
	// budget is a target, and a page whose interactive elements alone
	// exceed it comes back over. With Focus, the budget always holds.
	Budget int
	// Focus is the action the page is shown for ("add the Blue Mug to the
	// cart"). With a Budget, every element is ranked by the words of Focus
	// in its own name and text and in those of its containers (the row,
	// card or list item it sits in), and the page is cut to the budget,
	// interactive elements too, the least relevant first:
	//   - runs of similar siblings are not collapsed (the ranking cuts
	//     instead), and a page that fits is returned whole;
	//   - the elements that fit Focus best (ties included, when they fit
	//     together) are never cut, nor their ancestors, nor the heading
	//     before a relevant element; if the single best one with its
	//     ancestors exceeds the budget, their text is cut instead, and only a
	//     budget too small for its bare line (a few tokens) loses it;
	//   - then come the other relevant elements, best first, then the rest
	//     by closeness to the best one (its form, then its section, then the
	//     page), headings before controls before text;
	//   - each run of cut siblings leaves one marker node, Role "more", that
	//     counts the controls and headings it held by role ("more: … 214
	//     more links, 3 more headings");
	//   - link URLs are kept only on relevant elements; refs are kept.
	// Tokens.Count(Serialize(result)) <= Budget always holds.
	Focus string
	// Tokens counts the budget's tokens: the tokenizer of the model the
	// page is shown to (tokens.ForModel). Nil counts in tokens.Default's
	// encoding, cl100k_base.
	Tokens *tokens.Counter
	// Redact lists secret values (passwords, tokens) that must not reach a
	// prompt: wherever one appears in a name, text, URL or placeholder it
	// becomes "***". Whatever the list, the value of a text field whose name
	// says password, passcode, PIN, secret or token is hidden too, since
	// Playwright snapshots show what was typed into password fields.
	Redact []string
}

// Defaults of MinimizeOptions.
const (
	DefaultMaxText = 80
	DefaultMaxURL  = 40
)

func (o *MinimizeOptions) withDefaults() MinimizeOptions {
	var out MinimizeOptions
	if o != nil {
		out = *o
	}
	if out.MaxText == 0 {
		out.MaxText = DefaultMaxText
	}
	if out.MaxURL == 0 {
		out.MaxURL = DefaultMaxURL
	}
	return out
}

// liftRoles are wrappers whose children take their place when they have no
// name: they add a line but no meaning.
var liftRoles = map[string]bool{
	"generic": true, "none": true, "presentation": true, "rowgroup": true,
	"group": true, "section": true,
}

// inlineRoles are leaf roles whose text merges into their parent's text when
// all of a parent's children are such leaves (`paragraph: Try demo / demo123`).
var inlineRoles = map[string]bool{
	"text": true, "code": true, "strong": true, "emphasis": true, "mark": true,
	"time": true, "subscript": true, "superscript": true, "deletion": true,
	"insertion": true, "generic": true,
}

// keepRoles matter to a reader even with no name, text or children.
var keepRoles = map[string]bool{"more": true}

// Minimize returns a new, smaller tree for a language-model prompt; root is
// not modified. It
//   - drops decoration: unnamed generic and presentational wrappers (their
//     children take their place), images without names, separators, long
//     link URLs, cursor hints;
//   - merges runs of inline text into their parent's text, drops label text
//     that repeats the name of a sibling control, and drops a heading that
//     repeats its container's name;
//   - cuts long text to MaxText runes;
//   - collapses runs of 4 or more similar siblings (same role and shape):
//     non-interactive ones into the first two and a node {Role: "more",
//     Value: "5 more listitem"}; ones holding controls (product cards) into
//     the first two whole and, of the rest, only names and controls;
//   - when Budget is set and exceeded, drops text as MinimizeOptions.Budget says.
//
// Every interactive element stays, with its ref, name and state, as does every
// container above it that has a name, so the tree still says which card a
// button belongs to. With a Budget and a Focus, the page is instead ranked
// for the action and cut to the budget, controls too: see
// MinimizeOptions.Focus.
func Minimize(root *Node, opts *MinimizeOptions) *Node { return minimize(root, opts, nil) }

// minimize is Minimize, its budget counted by t when t is set.
func minimize(root *Node, opts *MinimizeOptions, t *tally) *Node {
	if root == nil {
		return nil
	}
	o := opts.withDefaults()
	m := minimizer{opts: o, inter: map[*Node]bool{}, focused: o.Budget > 0 && o.Focus != "", tally: t}
	if o.Budget > 0 && t == nil {
		m.tally = newTally(o.Tokens)
	}
	if len(o.Redact) > 0 {
		m.redactor = secret.All(o.Redact, redacted)
	}
	kids := m.build(root, false)
	var out *Node
	if len(kids) == 1 && kids[0].Role == root.Role {
		out = kids[0]
	} else {
		// The root was lifted or dropped: keep a root of the same role.
		out = &Node{Role: root.Role, Name: root.Name, Children: kids}
	}
	out.Parent = nil
	setParents(out)
	switch {
	case m.focused:
		out = m.fitFocus(out)
	case o.Budget > 0:
		m.fitBudget(out)
	}
	return out
}

type minimizer struct {
	opts     MinimizeOptions
	focused  bool           // a Budget with a Focus: ranked cutting, no collapsing
	inter    map[*Node]bool // built nodes that are or hold an interactive element
	redactor *secret.Masker
	tally    *tally // counts the budget's tokens; set with a Budget
}

// redacted replaces secret values.
const redacted = "***"

// secretField matches the names of text fields whose value is a secret.
var secretField = regexp.MustCompile(`(?i)pass(word|code|phrase)?\b|\bpin\b|secret|token|\bcv[cv]\b`)

// redact hides the secrets of MinimizeOptions.Redact in s.
func (m *minimizer) redact(s string) string {
	return m.redactor.Replace(s)
}

// build returns the minimized copies that stand for n: none (dropped), one,
// or several (n was lifted and its children stand in its place). underPointer
// says an ancestor is interactive or has a pointer cursor.
func (m *minimizer) build(n *Node, underPointer bool) []*Node {
	// A non-interactive element with a pointer cursor (a clickable card or
	// div) is the top of a click target: it keeps its ref.
	clickable := !n.Interactive() && n.Cursor == "pointer" && !underPointer
	var kids []*Node
	for _, c := range n.Children {
		kids = append(kids, m.build(c, underPointer || n.Interactive() || n.Cursor == "pointer")...)
	}

	if n.Interactive() {
		c := &Node{
			Role: n.Role, Name: m.redact(n.Name), Ref: n.Ref, Level: n.Level,
			Checked: n.Checked, Selected: n.Selected, Disabled: n.Disabled,
			Expanded: n.Expanded, Pressed: n.Pressed, Active: n.Active,
			Placeholder: m.redact(n.Placeholder), Value: m.cut(m.redact(n.Value)),
		}
		if c.Value != "" && textFieldRoles[n.Role] && secretField.MatchString(n.Name) {
			c.Value = redacted
		}
		if m.keepURL(n) {
			c.URL = m.redact(n.URL)
		}
		c.Children = m.tidy(c, kids)
		return m.mark(c)
	}

	switch n.Role {
	case "text":
		if v := m.cut(m.redact(strings.TrimSpace(n.Value))); v != "" {
			return m.mark(&Node{Role: "text", Value: v})
		}
		return kids
	case "separator":
		return nil
	case "img", "image":
		if n.Name == "" && !clickable {
			return kids
		}
	}

	if n.Name == "" && liftRoles[n.Role] && !clickable {
		if n.Value != "" {
			// A wrapper with only text is a label or caption: keep the text.
			t := m.mark(&Node{Role: "text", Value: m.cut(m.redact(n.Value))})
			return append(t, kids...)
		}
		return kids
	}

	c := &Node{
		Role: n.Role, Name: m.cut(m.redact(n.Name)), Level: n.Level,
		Checked: n.Checked, Selected: n.Selected, Disabled: n.Disabled,
		Expanded: n.Expanded, Pressed: n.Pressed, Value: m.cut(m.redact(n.Value)),
	}
	if clickable {
		c.Ref = n.Ref // other refs of non-interactive nodes are noise for a prompt
	}
	c.Children = m.tidy(c, kids)
	if n.Role == "document" || clickable || keepRoles[c.Role] {
		return m.mark(c)
	}
	if c.Name == "" && c.Value == "" {
		switch {
		case len(c.Children) == 0:
			return nil
		case len(c.Children) == 1 && !containerRoles[c.Role]:
			// An unnamed paragraph or cell around one element says nothing.
			return c.Children
		}
	}
	return m.mark(c)
}

// mark records whether c is or holds an interactive element and returns c
// as a one-element slice.
func (m *minimizer) mark(c *Node) []*Node {
	in := c.Interactive() || c.Ref != ""
	for _, k := range c.Children {
		in = in || m.inter[k]
	}
	m.inter[c] = in
	return []*Node{c}
}

// tidy cleans the children of parent: drops a heading or label text that
// repeats a name, merges inline text, and collapses runs of similar siblings.
func (m *minimizer) tidy(parent *Node, kids []*Node) []*Node {
	if len(kids) == 0 {
		return nil
	}
	// Names of interactive siblings, to drop the label text repeating them.
	names := map[string]bool{}
	for _, k := range kids {
		if k.Interactive() && k.Name != "" {
			names[Normalize(k.Name)] = true
		}
	}
	parentName := ""
	if parent.Name != "" && !parent.Interactive() {
		parentName = Normalize(parent.Name)
	}
	out := kids[:0:0]
	for _, k := range kids {
		if k.Role == "text" && len(k.Children) == 0 && names[Normalize(k.Value)] {
			continue
		}
		if (k.Role == "heading" || k.Role == "text") && parentName != "" && len(k.Children) == 0 &&
			Normalize(k.Name+" "+k.Value) == parentName {
			continue // a heading, legend or caption repeating its container's name
		}
		if parent.Interactive() && k.Role == "text" && Normalize(k.Value) == Normalize(parent.Name) {
			continue
		}
		out = append(out, k)
	}

	// All children are inline text: merge them into the parent's text.
	if !parent.Interactive() && parent.Role != "document" && len(out) > 0 {
		inline := true
		var parts []string
		if parent.Value != "" {
			parts = append(parts, parent.Value)
		}
		for _, k := range out {
			if !inlineRoles[k.Role] || k.Name != "" || k.Ref != "" || len(k.Children) > 0 || k.Value == "" {
				inline = false
				break
			}
			parts = append(parts, k.Value)
		}
		if inline {
			parent.Value = m.cut(strings.Join(parts, " "))
			return nil
		}
	}
	if m.focused {
		return mergeText(out)
	}
	return m.collapse(mergeText(out))
}

// keepURL reports whether a link's URL is worth its tokens: short, and not
// just the link's name again (link "Products" to /products).
func (m *minimizer) keepURL(n *Node) bool {
	if n.URL == "" || m.opts.MaxURL < 0 || utf8.RuneCountInString(n.URL) > m.opts.MaxURL {
		return false
	}
	u := n.URL
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	u = strings.TrimRight(u, "/")
	last := u[strings.LastIndexByte(u, '/')+1:]
	squash := func(s string) string { return strings.ReplaceAll(Normalize(s), " ", "") }
	if l := squash(last); l != "" && strings.Contains(squash(n.Name), l) {
		return false
	}
	return true
}

// mergeText joins runs of two or more text-only leaves (text, paragraph,
// no name, ref or children) into one text node, one line instead of many.
func mergeText(kids []*Node) []*Node {
	plain := func(k *Node) bool {
		return (k.Role == "text" || k.Role == "paragraph") && k.Name == "" && k.Ref == "" &&
			len(k.Children) == 0 && k.Value != ""
	}
	out := kids[:0:0]
	for i := 0; i < len(kids); {
		j := i
		for j < len(kids) && plain(kids[j]) {
			j++
		}
		if j-i < 2 {
			out = append(out, kids[i])
			i++
			continue
		}
		parts := make([]string, 0, j-i)
		for _, k := range kids[i:j] {
			parts = append(parts, k.Value)
		}
		out = append(out, &Node{Role: "text", Value: strings.Join(parts, " ")})
		i = j
	}
	return out
}

// cut shortens s to MaxText runes, the last being an ellipsis.
func (m *minimizer) cut(s string) string {
	max := m.opts.MaxText
	if max < 0 || len(s) <= max || utf8.RuneCountInString(s) <= max {
		return s
	}
	if max == 1 {
		return "…"
	}
	count := 0
	for i := range s {
		if count == max-1 {
			return strings.TrimRight(s[:i], " ") + "…"
		}
		count++
	}
	return s
}
