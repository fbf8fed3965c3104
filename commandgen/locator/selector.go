package locator

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// ParseSelector parses a selector in the syntax Selector writes back into a
// Locator: internal:role, internal:text, internal:label, internal:attr
// (placeholder, alt, title), internal:testid (data-testid), internal:has-text
// internal:has (a selector of these parts, as a JSON string), nth and
// internal:control=enter-frame (a frame's document) parts joined
// by ">>"; any other part is kept as CSS. Regular
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
	case "internal:has":
		// The inner selector, a JSON string, must be one this package
		// reads: its matches are counted and written as code.
		if !strings.HasPrefix(body, `"`) || quotedEnd(body) != len(body) {
			return LocatorPart{}, fmt.Errorf("%w: want a quoted selector, got %q", ErrLocatorSyntax, body)
		}
		var inner string
		if err := json.Unmarshal([]byte(body), &inner); err != nil {
			return LocatorPart{}, fmt.Errorf("%w: bad string %s", ErrLocatorSyntax, body)
		}
		if _, err := ParseSelector(inner); err != nil {
			return LocatorPart{}, fmt.Errorf("internal:has: %w", err)
		}
		return LocatorPart{Kind: PartHas, Text: inner}, nil
	case "internal:control":
		if strings.TrimSpace(body) != "enter-frame" {
			return LocatorPart{}, fmt.Errorf("%w: internal:control=%s (only enter-frame)", ErrUnsupportedLocator, body)
		}
		return LocatorPart{Kind: PartFrame}, nil
	case "visible":
		if strings.TrimSpace(body) != "true" {
			return LocatorPart{}, fmt.Errorf("%w: visible=%s (only visible=true)", ErrUnsupportedLocator, body)
		}
		return LocatorPart{Kind: PartVisible}, nil
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
	end := quotedEnd(body)
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
	end := quotedEnd(s)
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
		if name == "name" {
			p.Name, p.Exact = val, exact
			continue
		}
		st, ok := stateNamed(name, false)
		if !ok {
			return LocatorPart{}, fmt.Errorf("%w: role attribute %q", ErrUnsupportedLocator, name)
		}
		if err := st.set(&p, "["+name+"]", val); err != nil {
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

// quotedEnd returns the offset just past the closing quote of the
// double-quoted string at the start of s (a backslash escaping the
// character after it), or -1.
func quotedEnd(s string) int {
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
