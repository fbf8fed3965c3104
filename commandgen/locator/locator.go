package locator

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
	// does not model (regular expressions, has/hasNot filters, ...).
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
	PartHas         PartKind = "has"         // filter({has: page.…}): keeps matches with a descendant the selector Text finds
	PartNth         PartKind = "nth"         // first() (Index 0), last() (Index -1), nth(Index)
	PartVisible     PartKind = "visible"     // filter({visible: true}): keeps matches that are visible
	PartFrame       PartKind = "frame"       // contentFrame(): the document of the iframe matched so far; later parts search it
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

// FrameCSS reports whether part i is the CSS of an iframe that a frame
// part after it (and after nth parts) enters: locator('iframe[title="x"]')
// in locator('iframe[title="x"]').contentFrame().
func (l Locator) FrameCSS(i int) bool {
	if i < 0 || i >= len(l.Parts) || l.Parts[i].Kind != PartCSS {
		return false
	}
	j := i + 1
	for j < len(l.Parts) && l.Parts[j].Kind == PartNth {
		j++
	}
	return j < len(l.Parts) && l.Parts[j].Kind == PartFrame
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

func (p LocatorPart) selector() string { return p.selectorNamed(attrValue(p.Name, p.Exact)) }

// selectorNamed is selector, a role's name written as name.
func (p LocatorPart) selectorNamed(name string) string {
	switch p.Kind {
	case PartRole:
		var b strings.Builder
		b.WriteString("internal:role=")
		b.WriteString(p.Role)
		for _, s := range roleStates {
			if s.nameFirst && p.Name != "" {
				b.WriteString("[name=" + name + "]")
			}
			if v := s.get(&p); v != "" {
				fmt.Fprintf(&b, "[%s=%s]", s.attr, v)
			}
		}
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
	case PartHas:
		return "internal:has=" + jsonString(p.Text)
	case PartNth:
		return "nth=" + strconv.Itoa(p.Index)
	case PartVisible:
		return "visible=true"
	case PartFrame:
		return "internal:control=enter-frame"
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
		if i == 0 && (p.Kind == PartHasText || p.Kind == PartHasNotText || p.Kind == PartHas || p.Kind == PartNth || p.Kind == PartVisible || p.Kind == PartFrame) {
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
		for _, s := range roleStates {
			if v := s.get(&p); v != "" {
				opts = append(opts, s.js+": "+jsStateLiteral(v))
			}
		}
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
			return "filter({ hasText: /^" + JSRegexEscape(p.Text) + "$/ })"
		}
		return "filter({ hasText: " + jsQuote(p.Text) + " })"
	case PartHasNotText:
		if p.Exact {
			return "filter({ hasNotText: /^" + JSRegexEscape(p.Text) + "$/ })"
		}
		return "filter({ hasNotText: " + jsQuote(p.Text) + " })"
	case PartHas:
		inner := "locator(" + jsQuote(p.Text) + ")"
		if l, err := ParseSelector(p.Text); err == nil {
			inner = l.JS()
		}
		return "filter({ has: page." + inner + " })"
	case PartNth:
		switch p.Index {
		case 0:
			return "first()"
		case -1:
			return "last()"
		}
		return "nth(" + strconv.Itoa(p.Index) + ")"
	case PartVisible:
		return "filter({ visible: true })"
	case PartFrame:
		return "contentFrame()"
	}
	return ""
}

// JSRegexEscape escapes s for a JavaScript regular-expression literal.
func JSRegexEscape(s string) string {
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
