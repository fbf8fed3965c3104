package dom

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Errors of the locator parsers; match them with errors.Is.
var (
	// ErrLocatorSyntax: the code or selector is malformed.
	ErrLocatorSyntax = errors.New("malformed locator")
	// ErrUnsupportedLocator: well-formed, but uses something this package
	// does not model (regular expressions, frames, has/hasNot filters, ...).
	ErrUnsupportedLocator = errors.New("unsupported locator")
	// ErrNoAction: the code has no locator expression ending in an action.
	ErrNoAction = errors.New("no locator action in code")
)

// PartKind says what one LocatorPart selects by.
type PartKind string

// The kinds of LocatorPart, as Playwright's getBy… methods name them.
const (
	PartRole        PartKind = "role"        // getByRole(Role, {name: Name, exact: Exact, ...states})
	PartText        PartKind = "text"        // getByText(Text, {exact})
	PartLabel       PartKind = "label"       // getByLabel(Text, {exact})
	PartPlaceholder PartKind = "placeholder" // getByPlaceholder(Text, {exact})
	PartAltText     PartKind = "alttext"     // getByAltText(Text, {exact})
	PartTitle       PartKind = "title"       // getByTitle(Text, {exact})
	PartTestID      PartKind = "testid"      // getByTestId(Text), always exact
	PartCSS         PartKind = "css"         // locator(Text): a CSS (or other Playwright) selector
	PartHasText     PartKind = "hastext"     // filter({hasText: Text}): keeps matches containing Text
	PartHasNotText  PartKind = "hasnottext"  // filter({hasNotText: Text}): keeps matches not containing Text
	PartNth         PartKind = "nth"         // first() (Index 0), last() (Index -1), nth(Index)
)

// LocatorPart is one link of a Locator chain. Which fields matter depends on
// Kind; the others stay zero, so parts compare with ==.
type LocatorPart struct {
	Kind  PartKind
	Role  string // PartRole: the ARIA role
	Name  string // PartRole: accessible name; "" matches any name
	Text  string // the text, label, placeholder, alt text, title, test id, CSS or hasText value
	Exact bool   // case-sensitive whole-string match instead of case-insensitive substring
	Index int    // PartNth: 0 first, -1 last, n the n-th (0-based)

	// PartRole state filters: "" when not filtered, else "true" or "false"
	// (Checked and Pressed also "mixed"); Level 0 when not filtered.
	Checked, Disabled, Selected, Expanded, Pressed, IncludeHidden string
	Level                                                         int
}

// Locator is a chain of parts, each searching inside the matches of the one
// before (filters and nth narrow them instead), as in
// page.getByTestId('product-red-mug').getByRole('button', { name: 'Add to cart' }).
type Locator struct {
	Parts []LocatorPart
}

// String returns the JavaScript form, as JS does.
func (l Locator) String() string { return l.JS() }

// Positional reports whether the locator picks its element by position
// (first, last, nth), which changes when elements before it come or go.
func (l Locator) Positional() bool {
	for _, p := range l.Parts {
		if p.Kind == PartNth {
			return true
		}
	}
	return false
}

// Selector returns the locator in Playwright's selector syntax, which
// Playwright MCP's `target` argument and playwright-go's page.Locator accept:
//
//	internal:role=article[name="Blue Mug"i] >> internal:role=button[name="Add to cart"s]
//
// Role names and attribute values are quoted as Playwright quotes them
// (backslash and double quote escaped; "i" case-insensitive, "s" exact);
// text and label values as JSON strings. CSS passes through as written.
func (l Locator) Selector() string {
	parts := make([]string, 0, len(l.Parts))
	for _, p := range l.Parts {
		parts = append(parts, p.selector())
	}
	return strings.Join(parts, " >> ")
}

func (p LocatorPart) selector() string {
	switch p.Kind {
	case PartRole:
		var b strings.Builder
		b.WriteString("internal:role=")
		b.WriteString(p.Role)
		attr := func(k, v string) {
			if v != "" {
				fmt.Fprintf(&b, "[%s=%s]", k, v)
			}
		}
		// Playwright's order (getByRoleSelector).
		attr("checked", p.Checked)
		attr("disabled", p.Disabled)
		attr("selected", p.Selected)
		attr("expanded", p.Expanded)
		attr("include-hidden", p.IncludeHidden)
		if p.Level > 0 {
			attr("level", strconv.Itoa(p.Level))
		}
		if p.Name != "" {
			attr("name", attrValue(p.Name, p.Exact))
		}
		attr("pressed", p.Pressed)
		return b.String()
	case PartText:
		return "internal:text=" + textValue(p.Text, p.Exact)
	case PartLabel:
		return "internal:label=" + textValue(p.Text, p.Exact)
	case PartPlaceholder:
		return "internal:attr=[placeholder=" + attrValue(p.Text, p.Exact) + "]"
	case PartAltText:
		return "internal:attr=[alt=" + attrValue(p.Text, p.Exact) + "]"
	case PartTitle:
		return "internal:attr=[title=" + attrValue(p.Text, p.Exact) + "]"
	case PartTestID:
		return "internal:testid=[data-testid=" + attrValue(p.Text, true) + "]"
	case PartCSS:
		return p.Text
	case PartHasText:
		return "internal:has-text=" + textValue(p.Text, p.Exact)
	case PartHasNotText:
		return "internal:has-not-text=" + textValue(p.Text, p.Exact)
	case PartNth:
		return "nth=" + strconv.Itoa(p.Index)
	}
	return ""
}

// textValue quotes s as a JSON string followed by the i or s flag, as
// Playwright's escapeForTextSelector does.
func textValue(s string, exact bool) string {
	return jsonString(s) + caseFlag(exact)
}

// attrValue quotes s for an attribute selector, as Playwright's
// escapeForAttributeSelector does: only backslash and double quote escaped.
func attrValue(s string, exact bool) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	return `"` + r.Replace(s) + `"` + caseFlag(exact)
}

func caseFlag(exact bool) string {
	if exact {
		return "s"
	}
	return "i"
}

func jsonString(s string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // encoding a string cannot fail
	return strings.TrimSuffix(buf.String(), "\n")
}

// JS returns the locator as a Playwright JavaScript chain without the
// leading "page.", e.g.
// getByRole('article', { name: 'Blue Mug' }).getByRole('button', { name: 'Add to cart', exact: true }).
// Strings are single-quoted as Playwright's code generator writes them.
func (l Locator) JS() string {
	parts := make([]string, 0, len(l.Parts))
	for i, p := range l.Parts {
		if i == 0 && (p.Kind == PartHasText || p.Kind == PartHasNotText || p.Kind == PartNth) {
			// A filter cannot start a chain in JavaScript.
			parts = append(parts, "locator("+jsQuote(p.selector())+")")
			continue
		}
		parts = append(parts, p.js())
	}
	return strings.Join(parts, ".")
}

func (p LocatorPart) js() string {
	withExact := func(method string) string {
		if p.Exact {
			return method + "(" + jsQuote(p.Text) + ", { exact: true })"
		}
		return method + "(" + jsQuote(p.Text) + ")"
	}
	switch p.Kind {
	case PartRole:
		var opts []string
		if p.Name != "" {
			opts = append(opts, "name: "+jsQuote(p.Name))
			if p.Exact {
				opts = append(opts, "exact: true")
			}
		}
		state := func(k, v string) {
			switch v {
			case "":
			case "true", "false":
				opts = append(opts, k+": "+v)
			default:
				opts = append(opts, k+": "+jsQuote(v))
			}
		}
		state("checked", p.Checked)
		state("disabled", p.Disabled)
		state("selected", p.Selected)
		state("expanded", p.Expanded)
		state("includeHidden", p.IncludeHidden)
		if p.Level > 0 {
			opts = append(opts, "level: "+strconv.Itoa(p.Level))
		}
		state("pressed", p.Pressed)
		if len(opts) == 0 {
			return "getByRole(" + jsQuote(p.Role) + ")"
		}
		return "getByRole(" + jsQuote(p.Role) + ", { " + strings.Join(opts, ", ") + " })"
	case PartText:
		return withExact("getByText")
	case PartLabel:
		return withExact("getByLabel")
	case PartPlaceholder:
		return withExact("getByPlaceholder")
	case PartAltText:
		return withExact("getByAltText")
	case PartTitle:
		return withExact("getByTitle")
	case PartTestID:
		return "getByTestId(" + jsQuote(p.Text) + ")"
	case PartCSS:
		return "locator(" + jsQuote(p.Text) + ")"
	case PartHasText:
		if p.Exact {
			// Only a regular expression asks filter() for a whole-text match.
			return "filter({ hasText: /^" + jsRegexEscape(p.Text) + "$/ })"
		}
		return "filter({ hasText: " + jsQuote(p.Text) + " })"
	case PartHasNotText:
		if p.Exact {
			return "filter({ hasNotText: /^" + jsRegexEscape(p.Text) + "$/ })"
		}
		return "filter({ hasNotText: " + jsQuote(p.Text) + " })"
	case PartNth:
		switch p.Index {
		case 0:
			return "first()"
		case -1:
			return "last()"
		}
		return "nth(" + strconv.Itoa(p.Index) + ")"
	}
	return ""
}

// jsRegexEscape escapes s for a JavaScript regular-expression literal.
func jsRegexEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case strings.ContainsRune(`.*+?^${}()|[]\/`, r):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// jsQuote writes s as a single-quoted JavaScript string, as Playwright's
// escapeWithQuotes does.
func jsQuote(s string) string {
	j := jsonString(s)
	inner := strings.ReplaceAll(j[1:len(j)-1], `\"`, `"`)
	return "'" + strings.ReplaceAll(inner, "'", `\'`) + "'"
}

// ParseSelector parses a selector in the syntax Selector writes back into a
// Locator: internal:role, internal:text, internal:label, internal:attr
// (placeholder, alt, title), internal:testid (data-testid), internal:has-text
// and nth parts joined by ">>"; any other part is kept as CSS. Regular
// expressions and other internal: engines give ErrUnsupportedLocator.
func ParseSelector(sel string) (Locator, error) {
	chunks, err := splitSelector(sel)
	if err != nil {
		return Locator{}, err
	}
	var l Locator
	for _, c := range chunks {
		p, err := parseSelectorPart(c)
		if err != nil {
			return Locator{}, fmt.Errorf("selector part %q: %w", c, err)
		}
		l.Parts = append(l.Parts, p)
	}
	return l, nil
}

// splitSelector splits sel on ">>" outside quotes and trims each part.
func splitSelector(sel string) ([]string, error) {
	var parts []string
	start := 0
	var quote byte
	for i := 0; i < len(sel); i++ {
		c := sel[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>' && i+1 < len(sel) && sel[i+1] == '>':
			parts = append(parts, strings.TrimSpace(sel[start:i]))
			i++
			start = i + 1
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("%w: unterminated quote in %q", ErrLocatorSyntax, sel)
	}
	parts = append(parts, strings.TrimSpace(sel[start:]))
	for _, p := range parts {
		if p == "" {
			return nil, fmt.Errorf("%w: empty part in %q", ErrLocatorSyntax, sel)
		}
	}
	return parts, nil
}

func parseSelectorPart(s string) (LocatorPart, error) {
	engine, body, _ := strings.Cut(s, "=")
	switch engine {
	case "internal:role":
		return parseRoleSelector(body)
	case "internal:text", "internal:label", "internal:has-text", "internal:has-not-text":
		text, exact, err := parseTextValue(body)
		if err != nil {
			return LocatorPart{}, err
		}
		kind := map[string]PartKind{"internal:text": PartText, "internal:label": PartLabel,
			"internal:has-text": PartHasText, "internal:has-not-text": PartHasNotText}[engine]
		return LocatorPart{Kind: kind, Text: text, Exact: exact}, nil
	case "internal:attr", "internal:testid":
		name, val, exact, err := parseAttrBody(body)
		if err != nil {
			return LocatorPart{}, err
		}
		if engine == "internal:testid" {
			if name != "data-testid" || !exact {
				return LocatorPart{}, fmt.Errorf("%w: test id attribute %q (only data-testid, exact)", ErrUnsupportedLocator, name)
			}
			return LocatorPart{Kind: PartTestID, Text: val}, nil
		}
		kind, ok := map[string]PartKind{"placeholder": PartPlaceholder, "alt": PartAltText, "title": PartTitle}[name]
		if !ok {
			return LocatorPart{}, fmt.Errorf("%w: attribute %q", ErrUnsupportedLocator, name)
		}
		return LocatorPart{Kind: kind, Text: val, Exact: exact}, nil
	case "nth":
		n, err := strconv.Atoi(strings.TrimSpace(body))
		if err != nil || n < -1 {
			return LocatorPart{}, fmt.Errorf("%w: nth=%s is not an index", ErrLocatorSyntax, body)
		}
		return LocatorPart{Kind: PartNth, Index: n}, nil
	}
	if strings.HasPrefix(engine, "internal:") {
		return LocatorPart{}, fmt.Errorf("%w: engine %s", ErrUnsupportedLocator, engine)
	}
	return LocatorPart{Kind: PartCSS, Text: s}, nil
}

// parseTextValue parses `"json"i` or `"json"s`.
func parseTextValue(body string) (string, bool, error) {
	if strings.HasPrefix(body, "/") {
		return "", false, fmt.Errorf("%w: regular expression %s", ErrUnsupportedLocator, body)
	}
	if !strings.HasPrefix(body, `"`) {
		return "", false, fmt.Errorf("%w: want a quoted string, got %q", ErrLocatorSyntax, body)
	}
	end := scanDoubleQuoted(body)
	if end < 0 {
		return "", false, fmt.Errorf("%w: unterminated string %s", ErrLocatorSyntax, body)
	}
	var text string
	if err := json.Unmarshal([]byte(body[:end]), &text); err != nil {
		return "", false, fmt.Errorf("%w: bad string %s", ErrLocatorSyntax, body[:end])
	}
	exact, err := parseFlag(body[end:])
	return text, exact, err
}

func parseFlag(s string) (bool, error) {
	switch s {
	case "i", "I":
		return false, nil
	case "s", "S":
		return true, nil
	}
	return false, fmt.Errorf("%w: want i or s after the string, got %q", ErrLocatorSyntax, s)
}

// parseAttrBody parses `[name="value"i]`.
func parseAttrBody(body string) (name, val string, exact bool, err error) {
	if !strings.HasPrefix(body, "[") || !strings.HasSuffix(body, "]") {
		return "", "", false, fmt.Errorf("%w: want [attr=\"value\"], got %q", ErrLocatorSyntax, body)
	}
	name, val, exact, rest, err := parseAttr(body[1:])
	if err != nil {
		return "", "", false, err
	}
	if rest != "]" {
		return "", "", false, fmt.Errorf("%w: unexpected %q", ErrLocatorSyntax, rest)
	}
	return name, val, exact, nil
}

// parseAttr parses `name="value"i` or `name=bare` at the start of s (just
// after "[") up to and not including "]", returning what follows.
func parseAttr(s string) (name, val string, exact bool, rest string, err error) {
	eq := strings.IndexByte(s, '=')
	if eq <= 0 {
		return "", "", false, "", fmt.Errorf("%w: want name=value in %q", ErrLocatorSyntax, s)
	}
	name = strings.TrimSpace(s[:eq])
	s = strings.TrimLeft(s[eq+1:], " ")
	if strings.HasPrefix(s, "/") {
		return "", "", false, "", fmt.Errorf("%w: regular expression in [%s=...]", ErrUnsupportedLocator, name)
	}
	if !strings.HasPrefix(s, `"`) {
		end := strings.IndexByte(s, ']')
		if end < 0 {
			return "", "", false, "", fmt.Errorf("%w: unterminated [%s=...]", ErrLocatorSyntax, name)
		}
		return name, strings.TrimSpace(s[:end]), false, s[end:], nil
	}
	end := scanDoubleQuoted(s)
	if end < 0 {
		return "", "", false, "", fmt.Errorf("%w: unterminated string in [%s=...]", ErrLocatorSyntax, name)
	}
	var b strings.Builder
	q := s[1 : end-1]
	for i := 0; i < len(q); i++ {
		if q[i] == '\\' && i+1 < len(q) {
			i++
		}
		b.WriteByte(q[i])
	}
	val = b.String()
	s = s[end:]
	exact = true // Playwright: no flag means case-sensitive
	switch {
	case strings.HasPrefix(s, "i") || strings.HasPrefix(s, "I"):
		exact, s = false, s[1:]
	case strings.HasPrefix(s, "s") || strings.HasPrefix(s, "S"):
		exact, s = true, s[1:]
	}
	s = strings.TrimLeft(s, " ")
	if !strings.HasPrefix(s, "]") {
		return "", "", false, "", fmt.Errorf("%w: want ] after [%s=...]", ErrLocatorSyntax, name)
	}
	return name, val, exact, s, nil
}

// parseRoleSelector parses `button[name="Add to cart"i][checked=true]`.
func parseRoleSelector(body string) (LocatorPart, error) {
	p := LocatorPart{Kind: PartRole}
	i := strings.IndexByte(body, '[')
	if i < 0 {
		i = len(body)
	}
	p.Role = strings.TrimSpace(body[:i])
	if !validRole(p.Role) {
		return LocatorPart{}, fmt.Errorf("%w: bad role %q", ErrLocatorSyntax, p.Role)
	}
	rest := body[i:]
	for rest != "" {
		if rest[0] != '[' {
			return LocatorPart{}, fmt.Errorf("%w: unexpected %q after role", ErrLocatorSyntax, rest)
		}
		name, val, exact, after, err := parseAttr(rest[1:])
		if err != nil {
			return LocatorPart{}, err
		}
		rest = strings.TrimLeft(after[1:], " ")
		boolish := func(allowMixed bool) (string, error) {
			if val == "true" || val == "false" || allowMixed && val == "mixed" {
				return val, nil
			}
			return "", fmt.Errorf("%w: [%s=%s]", ErrLocatorSyntax, name, val)
		}
		switch name {
		case "name":
			p.Name, p.Exact = val, exact
		case "checked":
			p.Checked, err = boolish(true)
		case "pressed":
			p.Pressed, err = boolish(true)
		case "disabled":
			p.Disabled, err = boolish(false)
		case "selected":
			p.Selected, err = boolish(false)
		case "expanded":
			p.Expanded, err = boolish(false)
		case "include-hidden":
			p.IncludeHidden, err = boolish(false)
		case "level":
			p.Level, err = strconv.Atoi(val)
			if err != nil || p.Level < 1 {
				err = fmt.Errorf("%w: [level=%s]", ErrLocatorSyntax, val)
			}
		default:
			err = fmt.Errorf("%w: role attribute %q", ErrUnsupportedLocator, name)
		}
		if err != nil {
			return LocatorPart{}, err
		}
	}
	return p, nil
}

// validRole reports whether r looks like an ARIA role: letters and hyphens.
func validRole(r string) bool {
	if r == "" || r[0] == '-' {
		return false
	}
	for i := 0; i < len(r); i++ {
		if !isLetter(r[i]) && r[i] != '-' {
			return false
		}
	}
	return true
}
