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

// extractYAML returns the YAML part of s: the ```yaml block under
// "### Snapshot" (or the first ```yaml block) when s is markdown, else s.
func extractYAML(s string) (string, error) {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	start := 0
	if i := strings.Index(s, "### Snapshot"); i >= 0 {
		start = i
	}
	if i := indexFence(s, start); i >= 0 {
		body := s[i:]
		body = body[strings.IndexByte(body, '\n')+1:]
		if j := closingFence(body); j >= 0 {
			return body[:j], nil
		}
		return body, nil
	}
	if looksLikeMarkdown(s) {
		return "", ErrNoSnapshot
	}
	return s, nil
}

// indexFence finds a line starting with ```yaml (or a bare ``` right after the
// snapshot heading) at or after from, returning its offset or -1.
func indexFence(s string, from int) int {
	for off := from; off < len(s); {
		end := strings.IndexByte(s[off:], '\n')
		line := s[off:]
		if end >= 0 {
			line = s[off : off+end]
		}
		t := strings.TrimSpace(line)
		if t == "```yaml" || t == "```yml" {
			return off
		}
		if end < 0 {
			break
		}
		off += end + 1
	}
	return -1
}

// closingFence finds the line "```" in body and returns its offset, or -1.
func closingFence(body string) int {
	for off := 0; off < len(body); {
		end := strings.IndexByte(body[off:], '\n')
		line := body[off:]
		if end >= 0 {
			line = body[off : off+end]
		}
		if strings.TrimSpace(line) == "```" {
			return off
		}
		if end < 0 {
			break
		}
		off += end + 1
	}
	return -1
}

// looksLikeMarkdown reports whether s is a tool result rather than YAML: its
// first non-blank line is a markdown heading.
func looksLikeMarkdown(s string) bool {
	for _, line := range strings.Split(s, "\n") {
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		return strings.HasPrefix(t, "#")
	}
	return false
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

// readQuotedKey reads a YAML single- or double-quoted scalar at the start of s
// and returns its value and the offset just past the closing quote.
func readQuotedKey(s string) (val string, end int, msg string) {
	if s[0] == '\'' {
		var b strings.Builder
		for i := 1; i < len(s); i++ {
			if s[i] == '\'' {
				if i+1 < len(s) && s[i+1] == '\'' {
					b.WriteByte('\'')
					i++
					continue
				}
				return b.String(), i + 1, ""
			}
			b.WriteByte(s[i])
		}
		return "", 0, "unterminated single-quoted key"
	}
	end = scanDoubleQuoted(s)
	if end < 0 {
		return "", 0, "unterminated double-quoted key"
	}
	val, msg = unquoteYAMLDouble(s[:end])
	return val, end, msg
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
		if err != nil || lv < 0 || lv > 100 {
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

// scanDoubleQuoted returns the offset just past the closing quote of the
// double-quoted string at the start of s, or -1.
func scanDoubleQuoted(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}

// scanRegex returns the offset just past /source/flags at the start of s, or -1.
func scanRegex(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '/':
			j := i + 1
			for j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
				j++
			}
			return j
		}
	}
	return -1
}

// parseScalar parses a YAML scalar value as Playwright writes it: plain,
// "double-quoted" with escapes, or 'single-quoted'.
func parseScalar(s string) (string, string) {
	if s == "" {
		return "", ""
	}
	switch s[0] {
	case '"':
		end := scanDoubleQuoted(s)
		if end < 0 {
			return "", "unterminated double-quoted value"
		}
		if strings.TrimSpace(s[end:]) != "" {
			return "", "unexpected text after quoted value"
		}
		return unquoteYAMLDouble(s[:end])
	case '\'':
		v, end, msg := readQuotedKey(s)
		if msg != "" {
			return "", "unterminated single-quoted value"
		}
		if strings.TrimSpace(s[end:]) != "" {
			return "", "unexpected text after quoted value"
		}
		return v, ""
	}
	return strings.TrimSpace(s), ""
}

// unquoteYAMLDouble decodes a YAML double-quoted scalar, quotes included.
func unquoteYAMLDouble(q string) (string, string) {
	s := q[1 : len(q)-1]
	if !strings.ContainsRune(s, '\\') {
		return s, ""
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			return "", "dangling backslash in quoted string"
		}
		switch e := s[i]; e {
		case '0':
			b.WriteByte(0)
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 't', '\t':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'v':
			b.WriteByte('\v')
		case 'f':
			b.WriteByte('\f')
		case 'r':
			b.WriteByte('\r')
		case 'e':
			b.WriteByte(0x1b)
		case ' ', '"', '/', '\\':
			b.WriteByte(e)
		case 'N':
			b.WriteString("\u0085")
		case '_':
			b.WriteString("\u00a0")
		case 'L':
			b.WriteString("\u2028")
		case 'P':
			b.WriteString("\u2029")
		case 'x', 'u', 'U':
			width := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			if i+1+width > len(s) {
				return "", "short hex escape in quoted string"
			}
			v, err := strconv.ParseUint(s[i+1:i+1+width], 16, 32)
			if err != nil || v > utf8.MaxRune {
				return "", "bad hex escape in quoted string"
			}
			b.WriteRune(rune(v))
			i += width
		default:
			return "", fmt.Sprintf("unknown escape \\%c in quoted string", e)
		}
	}
	return b.String(), ""
}
