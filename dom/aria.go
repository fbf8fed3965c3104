package dom

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrSyntax is wrapped by every error ParseARIA returns for malformed input,
// so callers can tell bad snapshots from other failures with errors.Is.
var ErrSyntax = errors.New("malformed aria snapshot")

// ErrNoSnapshot is returned by ParseARIA when it is given a Playwright MCP
// tool result (markdown) that holds no YAML snapshot block, for instance an
// action result that links the snapshot file instead of inlining it.
var ErrNoSnapshot = errors.New("no aria snapshot in tool text")

// SyntaxError reports one malformed line of an ARIA snapshot. Line is 1-based
// and counts lines of the YAML itself (not of the surrounding markdown).
type SyntaxError struct {
	Line int    // 1-based line number in the YAML
	Text string // the offending line, trimmed
	Msg  string // what is wrong
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("aria snapshot line %d: %s: %q", e.Line, e.Msg, e.Text)
}

// Unwrap lets errors.Is(err, ErrSyntax) hold.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// ParseARIA parses the ARIA snapshot YAML that Playwright (and Playwright MCP's
// browser_snapshot) prints: one element per line, nested by indentation, such
// as `- link "Cart 1 item" [ref=e6] [cursor=pointer]:` followed by its
// property line `- /url: /cart`, or `- paragraph [ref=e13]: Some text`.
//
// It also accepts the whole markdown text of a Playwright MCP tool result and
// parses the ```yaml block under "### Snapshot".
//
// The result is a synthetic root Node{Role: "document"} whose children are the
// top-level items, with Parent pointers set throughout. Malformed input gives
// a *SyntaxError (wrapping ErrSyntax) naming the line; unknown [attributes]
// and /properties are ignored rather than rejected.
func ParseARIA(snapshot string) (*Node, error) {
	yaml, err := extractYAML(snapshot)
	if err != nil {
		return nil, err
	}
	p := ariaParser{root: &Node{Role: "document"}}
	return p.parse(yaml)
}

type frame struct {
	indent int
	node   *Node
	open   bool // the line ended with ':' and may have children
}

type ariaParser struct {
	root  *Node
	stack []frame
}

func (p *ariaParser) parse(yaml string) (*Node, error) {
	lines := strings.Split(yaml, "\n")
	for i, raw := range lines {
		lineNo := i + 1
		line := strings.TrimRight(raw, " \t\r")
		trimmed := strings.TrimLeft(line, " ")
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		indent := len(line) - len(trimmed)
		fail := func(msg string) error {
			return &SyntaxError{Line: lineNo, Text: strings.TrimSpace(line), Msg: msg}
		}
		if strings.HasPrefix(trimmed, "\t") {
			return nil, fail("tab in indentation")
		}
		if !utf8.ValidString(trimmed) {
			return nil, fail("invalid UTF-8")
		}
		if trimmed != "-" && !strings.HasPrefix(trimmed, "- ") {
			return nil, fail(`expected a list item starting with "- "`)
		}
		item := strings.TrimLeft(strings.TrimPrefix(trimmed, "-"), " ")
		if item == "" {
			return nil, fail("empty list item")
		}

		for len(p.stack) > 0 && p.stack[len(p.stack)-1].indent >= indent {
			p.stack = p.stack[:len(p.stack)-1]
		}
		parent := p.root
		if len(p.stack) > 0 {
			top := p.stack[len(p.stack)-1]
			if !top.open {
				return nil, fail("nested item under an entry that has no trailing ':'")
			}
			parent = top.node
		}

		if strings.HasPrefix(item, "/") {
			if parent == p.root {
				return nil, fail("property outside of an element")
			}
			if err := setProp(parent, item); err != "" {
				return nil, fail(err)
			}
			continue
		}

		n, open, msg := parseItem(item)
		if msg != "" {
			return nil, fail(msg)
		}
		n.Parent = parent
		parent.Children = append(parent.Children, n)
		p.stack = append(p.stack, frame{indent: indent, node: n, open: open})
	}
	foldPropText(p.root)
	return p.root, nil
}

// foldPropText moves the text of an element that has /url or /placeholder
// properties into its Value. Playwright writes such an element's text (a
// text field's value, say) as a "- text:" child because the properties take
// the place of the inline ": value".
func foldPropText(root *Node) {
	root.Walk(func(n *Node) bool {
		if (n.URL != "" || n.Placeholder != "") && n.Value == "" && len(n.Children) == 1 {
			if c := n.Children[0]; c.Role == "text" && len(c.Children) == 0 && c.Name == "" {
				n.Value = c.Value
				n.Children = nil
			}
		}
		return true
	})
}

// setProp applies a "/name: value" line to n. It returns an error message or "".
func setProp(n *Node, item string) string {
	name, rest, ok := strings.Cut(item[1:], ":")
	if !ok {
		return "property without ':'"
	}
	if name == "" || strings.ContainsAny(name, " \"'[]") {
		return "bad property name"
	}
	val, msg := parseScalar(strings.TrimLeft(rest, " "))
	if msg != "" {
		return msg
	}
	switch name {
	case "url":
		n.URL = val
	case "placeholder":
		n.Placeholder = val
	}
	return ""
}

// parseItem parses one list item that is not a property: "text: ...", or a
// key (role, "name", [attributes]) optionally followed by ":" and a value.
// open reports a trailing ':' with nothing after it (children may follow).
func parseItem(item string) (n *Node, open bool, msg string) {
	key, rest := item, ""
	if item[0] == '\'' || item[0] == '"' {
		// The whole key was quoted because it holds YAML-special characters.
		var end int
		key, end, msg = readQuotedKey(item)
		if msg != "" {
			return nil, false, msg
		}
		rest = item[end:]
		if rest != "" && rest[0] != ':' {
			return nil, false, "unexpected text after quoted key"
		}
	}
	n = &Node{}
	tail, msg := parseKey(n, key)
	if msg != "" {
		return nil, false, msg
	}
	if rest == "" {
		rest = tail
	} else if tail != "" {
		return nil, false, "unexpected text inside quoted key"
	}
	switch {
	case rest == "":
	case rest == ":":
		open = true
	case strings.HasPrefix(rest, ": "):
		v, msg := parseScalar(strings.TrimLeft(rest[2:], " "))
		if msg != "" {
			return nil, false, msg
		}
		n.Value = v
	default:
		return nil, false, "unexpected text after key"
	}
	if n.Role == "text" && n.Name == "" && open {
		// "- text:" with nothing after it: an empty text run.
		open = false
	}
	return n, open, ""
}

// parseKey parses `role "name" [attr] [attr=value]` at the start of key into
// n and returns what follows the key (":" or ": value" or "").
func parseKey(n *Node, key string) (tail string, msg string) {
	i := 0
	for i < len(key) && !strings.ContainsRune(" :[\"", rune(key[i])) {
		i++
	}
	n.Role = key[:i]
	if n.Role == "" {
		return "", "missing role"
	}
	rest := key[i:]
	skipSpaces := func() {
		rest = strings.TrimLeft(rest, " ")
	}
	skipSpaces()
	switch {
	case strings.HasPrefix(rest, `"`):
		end := scanDoubleQuoted(rest)
		if end < 0 {
			return "", "unterminated quoted name"
		}
		if q := rest[1 : end-1]; !strings.ContainsRune(q, '\\') {
			n.Name = q
		} else if err := json.Unmarshal([]byte(rest[:end]), &n.Name); err != nil {
			return "", "bad escape in quoted name"
		}
		rest = rest[end:]
	case strings.HasPrefix(rest, "/"):
		// A regular-expression name (only in snapshots written for
		// toMatchAriaSnapshot); kept as written, slashes and flags included.
		end := scanRegex(rest)
		if end < 0 {
			return "", "unterminated regex name"
		}
		n.Name = rest[:end]
		rest = rest[end:]
	}
	for {
		skipSpaces()
		if !strings.HasPrefix(rest, "[") {
			break
		}
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return "", "unterminated [attribute]"
		}
		if msg := setAttr(n, rest[1:end]); msg != "" {
			return "", msg
		}
		rest = rest[end+1:]
	}
	if rest != "" && rest[0] != ':' {
		return "", "unexpected text after key"
	}
	return rest, ""
}

// setAttr applies one [name] or [name=value] attribute to n.
func setAttr(n *Node, attr string) string {
	name, val, hasVal := strings.Cut(attr, "=")
	boolish := func() (string, string) {
		if !hasVal {
			return "true", ""
		}
		switch val {
		case "true", "false", "mixed":
			return val, ""
		}
		return "", fmt.Sprintf("bad value for [%s]", name)
	}
	var msg string
	switch name {
	case "ref":
		if val == "" {
			return "empty ref"
		}
		n.Ref = val
	case "level":
		lv, err := strconv.Atoi(val)
		if err != nil || lv < 0 || lv > MaxLevel {
			return "bad heading level"
		}
		n.Level = lv
	case "checked":
		n.Checked, msg = boolish()
	case "pressed":
		n.Pressed, msg = boolish()
	case "expanded":
		n.Expanded, msg = boolish()
	case "selected":
		n.Selected = !hasVal || val == "true"
	case "disabled":
		n.Disabled = !hasVal || val == "true"
	case "active":
		n.Active = !hasVal || val == "true"
	case "cursor":
		n.Cursor = val
	case "":
		return "empty [attribute]"
	}
	return msg
}
