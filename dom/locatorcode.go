package dom

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// actionMethods end a locator expression in Playwright code.
var actionMethods = map[string]bool{
	"click": true, "dblclick": true, "fill": true, "selectOption": true,
	"check": true, "uncheck": true, "hover": true, "press": true,
	"setChecked": true, "type": true, "pressSequentially": true,
}

// ParseLocatorCode extracts the locator from Playwright JavaScript, as
// Playwright MCP prints it under "### Ran Playwright code":
//
//	await page.getByTestId('product-red-mug').getByRole('button', { name: 'Add to cart' }).click();
//
// It returns the last `page.…` expression that ends in an action call (click,
// dblclick, fill, selectOption, check, uncheck, hover, press, setChecked,
// type, pressSequentially). Strings may use ', " or ` quotes with JavaScript
// escapes. Regular expressions, frames and has/hasNot filters give
// ErrUnsupportedLocator; code with no such expression gives ErrNoAction.
// Markdown code fences around the code are ignored.
func ParseLocatorCode(code string) (Locator, error) {
	toks, err := tokenizeJS(code)
	if err != nil {
		return Locator{}, err
	}
	var (
		last    Locator
		lastErr error
		found   bool
	)
	for i := 0; i < len(toks); i++ {
		if toks[i].kind != tokIdent || toks[i].text != "page" {
			continue
		}
		c := chainParser{toks: toks, pos: i + 1}
		l, isAction, err := c.parse()
		if isAction {
			last, lastErr, found = l, err, true
		}
	}
	if !found {
		return Locator{}, ErrNoAction
	}
	if lastErr != nil {
		return Locator{}, lastErr
	}
	return last, nil
}

type tokKind int

const (
	tokIdent tokKind = iota + 1
	tokString
	tokNumber
	tokRegex
	tokPunct
	tokTemplate // a template literal with ${...}: not a plain string
)

type token struct {
	kind tokKind
	text string // identifier, decoded string, number, regex source, punctuation
	pos  int
}

// tokenizeJS splits JavaScript into the tokens a locator chain uses. It is
// not a full JavaScript lexer: it knows strings, template literals, regular
// expressions (where a value is expected), numbers, identifiers, comments and
// single-character punctuation.
func tokenizeJS(src string) ([]token, error) {
	var toks []token
	valueExpected := func() bool {
		if len(toks) == 0 {
			return true
		}
		t := toks[len(toks)-1]
		if t.kind == tokPunct {
			return strings.Contains("(,:{[=;!&|?+-*%<>~^", t.text)
		}
		return t.kind == tokIdent && (t.text == "return" || t.text == "await" || t.text == "typeof")
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case strings.HasPrefix(src[i:], "```"):
			// a markdown fence and its language tag
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			i += end
		case strings.HasPrefix(src[i:], "//"):
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			i += end
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return nil, fmt.Errorf("%w: unterminated comment at offset %d", ErrLocatorSyntax, i)
			}
			i += end + 4
		case c == '\'' || c == '"' || c == '`':
			s, n, tmpl, err := readJSString(src[i:])
			if err != nil {
				return nil, fmt.Errorf("%w at offset %d", err, i)
			}
			kind := tokString
			if tmpl {
				kind = tokTemplate
			}
			toks = append(toks, token{kind, s, i})
			i += n
		case c == '/' && valueExpected():
			n, err := readJSRegex(src[i:])
			if err != nil {
				return nil, fmt.Errorf("%w at offset %d", err, i)
			}
			toks = append(toks, token{tokRegex, src[i : i+n], i})
			i += n
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && (isWordByte(src[j]) || src[j] == '.') {
				j++
			}
			toks = append(toks, token{tokNumber, src[i:j], i})
			i = j
		case c == '_' || c == '$' || isLetter(c) || c >= utf8.RuneSelf:
			j := i
			for j < len(src) {
				r, size := utf8.DecodeRuneInString(src[j:])
				if r != '_' && r != '$' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
					break
				}
				j += size
			}
			if j == i {
				// a non-letter rune outside a string: punctuation
				_, size := utf8.DecodeRuneInString(src[i:])
				toks = append(toks, token{tokPunct, src[i : i+size], i})
				i += size
				continue
			}
			toks = append(toks, token{tokIdent, src[i:j], i})
			i = j
		default:
			toks = append(toks, token{tokPunct, string(c), i})
			i++
		}
	}
	return toks, nil
}

func isWordByte(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' || c == '_' }

// readJSString decodes the string literal at the start of s and returns it,
// its length in bytes, and whether it is a template with ${...}.
func readJSString(s string) (val string, n int, tmpl bool, err error) {
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); {
		c := s[i]
		switch {
		case c == q:
			return b.String(), i + 1, tmpl, nil
		case (c == '\n' || c == '\r') && q != '`':
			return "", 0, false, fmt.Errorf("%w: line break in string", ErrLocatorSyntax)
		case q == '`' && c == '$' && i+1 < len(s) && s[i+1] == '{':
			tmpl = true
			b.WriteByte(c)
			i++
		case c == '\\':
			r, size, ok := jsEscape(s[i:])
			if !ok {
				return "", 0, false, fmt.Errorf("%w: bad escape in string", ErrLocatorSyntax)
			}
			if r >= 0 {
				b.WriteRune(r)
			}
			i += size
		default:
			b.WriteByte(c)
			i++
		}
	}
	return "", 0, false, fmt.Errorf("%w: unterminated string", ErrLocatorSyntax)
}

// jsEscape decodes the escape sequence at the start of s ("\n", "\x41",
// "\u00e9", "\u{1F600}", a line continuation) and returns the rune (-1 for
// none), the bytes used, and whether it was well formed.
func jsEscape(s string) (rune, int, bool) {
	if len(s) < 2 {
		return 0, 0, false
	}
	hex := func(h string) (rune, bool) {
		v, err := strconv.ParseUint(h, 16, 32)
		if err != nil || v > utf8.MaxRune {
			return 0, false
		}
		return rune(v), true
	}
	switch e := s[1]; e {
	case 'n':
		return '\n', 2, true
	case 't':
		return '\t', 2, true
	case 'r':
		return '\r', 2, true
	case 'b':
		return '\b', 2, true
	case 'f':
		return '\f', 2, true
	case 'v':
		return '\v', 2, true
	case '0':
		return 0, 2, true
	case '\n':
		return -1, 2, true
	case '\r':
		if len(s) > 2 && s[2] == '\n' {
			return -1, 3, true
		}
		return -1, 2, true
	case 'x':
		if len(s) < 4 {
			return 0, 0, false
		}
		r, ok := hex(s[2:4])
		return r, 4, ok
	case 'u':
		if strings.HasPrefix(s[2:], "{") {
			end := strings.IndexByte(s, '}')
			if end < 0 || end == 3 || end > 10 {
				return 0, 0, false
			}
			r, ok := hex(s[3:end])
			return r, end + 1, ok
		}
		if len(s) < 6 {
			return 0, 0, false
		}
		r, ok := hex(s[2:6])
		if !ok {
			return 0, 0, false
		}
		// A UTF-16 surrogate pair: \ud83d\ude00.
		if r >= 0xd800 && r < 0xdc00 && len(s) >= 12 && s[6] == '\\' && s[7] == 'u' {
			if lo, ok := hex(s[8:12]); ok && lo >= 0xdc00 && lo < 0xe000 {
				return (r-0xd800)<<10 + (lo - 0xdc00) + 0x10000, 12, true
			}
		}
		return r, 6, true
	default:
		r, size := utf8.DecodeRuneInString(s[1:])
		return r, 1 + size, true
	}
}

// readJSRegex returns the length of the regular-expression literal at the
// start of s, flags included.
func readJSRegex(s string) (int, error) {
	inClass := false
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '\n':
			return 0, fmt.Errorf("%w: unterminated regular expression", ErrLocatorSyntax)
		case '/':
			if inClass {
				continue
			}
			j := i + 1
			for j < len(s) && isLetter(s[j]) {
				j++
			}
			return j, nil
		}
	}
	return 0, fmt.Errorf("%w: unterminated regular expression", ErrLocatorSyntax)
}

// chainParser reads `.method(args)` calls after "page".
type chainParser struct {
	toks []token
	pos  int
}

func (c *chainParser) peek(kind tokKind, text string) bool {
	return c.pos < len(c.toks) && c.toks[c.pos].kind == kind && (text == "" || c.toks[c.pos].text == text)
}

// locatorMethods are the Locator-returning methods a chain may use.
var locatorMethods = map[string]bool{
	"getByRole": true, "getByText": true, "getByLabel": true, "getByPlaceholder": true,
	"getByAltText": true, "getByTitle": true, "getByTestId": true, "locator": true,
	"filter": true, "first": true, "last": true, "nth": true,
	"frameLocator": true, "contentFrame": true, "and": true, "or": true,
}

// parse reads the chain after "page" and reports whether it ends in an
// action. err says why its locator could not be modelled; it matters only
// when isAction.
func (c *chainParser) parse() (l Locator, isAction bool, err error) {
	for c.peek(tokPunct, ".") {
		c.pos++
		if !c.peek(tokIdent, "") {
			return l, false, nil
		}
		method := c.toks[c.pos].text
		c.pos++
		if !c.peek(tokPunct, "(") {
			return l, false, nil // a property such as page.keyboard
		}
		open := c.pos
		c.pos++
		switch {
		case actionMethods[method]:
			// page.click(selector) and friends (no locator before) are the
			// old page-level API, not a locator chain.
			return l, len(l.Parts) > 0 || err != nil, err
		case !locatorMethods[method]:
			return l, false, nil // page.goto(...), page.waitForTimeout(...)
		}
		parts, perr := c.locatorCall(method)
		if perr != nil {
			if err == nil {
				err = fmt.Errorf("%s(): %w", method, perr)
			}
			// Skip the call and carry on to see whether the chain ends in
			// an action at all.
			c.pos = open
			if !c.skipParens() {
				return l, false, nil
			}
			continue
		}
		l.Parts = append(l.Parts, parts...)
	}
	return l, false, nil
}

// skipParens moves past the balanced parentheses that start at c.pos.
func (c *chainParser) skipParens() bool {
	depth := 0
	for ; c.pos < len(c.toks); c.pos++ {
		t := c.toks[c.pos]
		if t.kind != tokPunct {
			continue
		}
		switch t.text {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				c.pos++
				return true
			}
		}
	}
	return false
}

// locatorCall parses the arguments of a locator method (c.pos is just past
// "(") up to and including ")".
func (c *chainParser) locatorCall(method string) ([]LocatorPart, error) {
	args, err := c.args()
	if err != nil {
		return nil, err
	}
	str := func(i int) (string, error) {
		if i >= len(args) {
			return "", fmt.Errorf("%w: missing argument", ErrLocatorSyntax)
		}
		switch v := args[i].(type) {
		case string:
			return v, nil
		case jsRegex:
			return "", fmt.Errorf("%w: regular expression %s", ErrUnsupportedLocator, v)
		}
		return "", fmt.Errorf("%w: argument %d is not a string", ErrLocatorSyntax, i+1)
	}
	opts := func(i int) (map[string]any, error) {
		if i >= len(args) {
			return nil, nil
		}
		o, ok := args[i].(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%w: argument %d is not an options object", ErrLocatorSyntax, i+1)
		}
		return o, nil
	}
	if len(args) > 2 {
		return nil, fmt.Errorf("%w: too many arguments", ErrLocatorSyntax)
	}
	switch method {
	case "getByRole":
		role, err := str(0)
		if err != nil {
			return nil, err
		}
		o, err := opts(1)
		if err != nil {
			return nil, err
		}
		if !validRole(role) {
			return nil, fmt.Errorf("%w: bad role %q", ErrLocatorSyntax, role)
		}
		p := LocatorPart{Kind: PartRole, Role: role}
		for _, k := range slices.Sorted(maps.Keys(o)) {
			if err := setRoleOption(&p, k, o[k]); err != nil {
				return nil, err
			}
		}
		if p.Name == "" {
			p.Exact = false
		}
		return []LocatorPart{p}, nil
	case "getByText", "getByLabel", "getByPlaceholder", "getByAltText", "getByTitle", "getByTestId":
		text, err := str(0)
		if err != nil {
			return nil, err
		}
		o, err := opts(1)
		if err != nil {
			return nil, err
		}
		kind := map[string]PartKind{
			"getByText": PartText, "getByLabel": PartLabel, "getByPlaceholder": PartPlaceholder,
			"getByAltText": PartAltText, "getByTitle": PartTitle, "getByTestId": PartTestID,
		}[method]
		p := LocatorPart{Kind: kind, Text: text}
		for _, k := range slices.Sorted(maps.Keys(o)) {
			v := o[k]
			if k != "exact" || kind == PartTestID {
				return nil, fmt.Errorf("%w: option %s", ErrUnsupportedLocator, k)
			}
			b, ok := v.(bool)
			if !ok {
				return nil, fmt.Errorf("%w: exact must be true or false", ErrLocatorSyntax)
			}
			p.Exact = b
		}
		return []LocatorPart{p}, nil
	case "locator":
		sel, err := str(0)
		if err != nil {
			return nil, err
		}
		l, err := ParseSelector(sel)
		if err != nil {
			return nil, err
		}
		o, err := opts(1)
		if err != nil {
			return nil, err
		}
		for _, k := range slices.Sorted(maps.Keys(o)) {
			v := o[k]
			if k != "hasText" {
				return nil, fmt.Errorf("%w: option %s", ErrUnsupportedLocator, k)
			}
			p, err := hasTextPart(v)
			if err != nil {
				return nil, err
			}
			l.Parts = append(l.Parts, p)
		}
		return l.Parts, nil
	case "filter":
		o, err := opts(0)
		if err != nil || len(args) != 1 {
			return nil, fmt.Errorf("%w: filter wants one options object", ErrLocatorSyntax)
		}
		var parts []LocatorPart
		for _, k := range slices.Sorted(maps.Keys(o)) {
			v := o[k]
			if k != "hasText" && k != "hasNotText" {
				return nil, fmt.Errorf("%w: filter option %s", ErrUnsupportedLocator, k)
			}
			p, err := hasTextPart(v)
			if err != nil {
				return nil, err
			}
			if k == "hasNotText" {
				p.Kind = PartHasNotText
			}
			parts = append(parts, p)
		}
		return parts, nil
	case "first", "last":
		if len(args) != 0 {
			return nil, fmt.Errorf("%w: %s() takes no arguments", ErrLocatorSyntax, method)
		}
		idx := 0
		if method == "last" {
			idx = -1
		}
		return []LocatorPart{{Kind: PartNth, Index: idx}}, nil
	case "nth":
		if len(args) != 1 {
			return nil, fmt.Errorf("%w: nth() takes one index", ErrLocatorSyntax)
		}
		f, ok := args[0].(float64)
		if !ok || f != float64(int(f)) || f < -1 || f > 1e6 {
			return nil, fmt.Errorf("%w: nth() wants an index", ErrLocatorSyntax)
		}
		return []LocatorPart{{Kind: PartNth, Index: int(f)}}, nil
	case "frameLocator", "contentFrame", "and", "or", "describe", "owner":
		return nil, fmt.Errorf("%w: %s()", ErrUnsupportedLocator, method)
	}
	return nil, fmt.Errorf("%w: %s is not a locator method", ErrUnsupportedLocator, method)
}

func hasTextPart(v any) (LocatorPart, error) {
	switch v := v.(type) {
	case string:
		return LocatorPart{Kind: PartHasText, Text: v}, nil
	case jsRegex:
		return LocatorPart{}, fmt.Errorf("%w: regular expression %s", ErrUnsupportedLocator, v)
	}
	return LocatorPart{}, fmt.Errorf("%w: hasText must be a string", ErrLocatorSyntax)
}

func setRoleOption(p *LocatorPart, k string, v any) error {
	boolStr := func(allowMixed bool) (string, error) {
		switch v := v.(type) {
		case bool:
			return strconv.FormatBool(v), nil
		case string:
			if allowMixed && v == "mixed" {
				return v, nil
			}
		}
		return "", fmt.Errorf("%w: %s must be true or false", ErrLocatorSyntax, k)
	}
	var err error
	switch k {
	case "name":
		switch v := v.(type) {
		case string:
			p.Name = v
		case jsRegex:
			return fmt.Errorf("%w: regular expression name %s", ErrUnsupportedLocator, v)
		default:
			return fmt.Errorf("%w: name must be a string", ErrLocatorSyntax)
		}
	case "exact":
		b, ok := v.(bool)
		if !ok {
			return fmt.Errorf("%w: exact must be true or false", ErrLocatorSyntax)
		}
		p.Exact = b
	case "checked":
		p.Checked, err = boolStr(true)
	case "pressed":
		p.Pressed, err = boolStr(true)
	case "disabled":
		p.Disabled, err = boolStr(false)
	case "selected":
		p.Selected, err = boolStr(false)
	case "expanded":
		p.Expanded, err = boolStr(false)
	case "includeHidden":
		p.IncludeHidden, err = boolStr(false)
	case "level":
		f, ok := v.(float64)
		if !ok || f < 1 || f > 100 || f != float64(int(f)) {
			return fmt.Errorf("%w: level must be a number", ErrLocatorSyntax)
		}
		p.Level = int(f)
	default:
		return fmt.Errorf("%w: getByRole option %s", ErrUnsupportedLocator, k)
	}
	return err
}

// jsRegex is a regular-expression literal argument, kept to report it.
type jsRegex string

// args parses call arguments up to and including ")". Values are string,
// float64, bool, jsRegex, or map[string]any for object literals.
func (c *chainParser) args() ([]any, error) {
	var out []any
	if c.peek(tokPunct, ")") {
		c.pos++
		return nil, nil
	}
	for {
		v, err := c.value(0)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		switch {
		case c.peek(tokPunct, ","):
			c.pos++
			if c.peek(tokPunct, ")") { // trailing comma
				c.pos++
				return out, nil
			}
		case c.peek(tokPunct, ")"):
			c.pos++
			return out, nil
		default:
			return nil, fmt.Errorf("%w: want , or ) in arguments", ErrLocatorSyntax)
		}
	}
}

func (c *chainParser) value(depth int) (any, error) {
	if depth > 20 {
		return nil, fmt.Errorf("%w: nested too deeply", ErrLocatorSyntax)
	}
	if c.pos >= len(c.toks) {
		return nil, fmt.Errorf("%w: unexpected end of code", ErrLocatorSyntax)
	}
	t := c.toks[c.pos]
	c.pos++
	switch t.kind {
	case tokString:
		return t.text, nil
	case tokTemplate:
		return nil, fmt.Errorf("%w: template literal with ${}", ErrUnsupportedLocator)
	case tokRegex:
		return jsRegex(t.text), nil
	case tokNumber:
		f, err := strconv.ParseFloat(t.text, 64)
		if err != nil {
			return nil, fmt.Errorf("%w: bad number %s", ErrLocatorSyntax, t.text)
		}
		return f, nil
	case tokIdent:
		switch t.text {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return nil, fmt.Errorf("%w: expression %s (only literals)", ErrUnsupportedLocator, t.text)
	case tokPunct:
		switch t.text {
		case "-":
			if c.peek(tokNumber, "") {
				f, err := strconv.ParseFloat(c.toks[c.pos].text, 64)
				c.pos++
				if err != nil {
					return nil, fmt.Errorf("%w: bad number", ErrLocatorSyntax)
				}
				return -f, nil
			}
		case "{":
			return c.object(depth)
		}
	}
	return nil, fmt.Errorf("%w: unexpected %q", ErrLocatorSyntax, t.text)
}

func (c *chainParser) object(depth int) (map[string]any, error) {
	o := map[string]any{}
	for {
		if c.peek(tokPunct, "}") {
			c.pos++
			return o, nil
		}
		if !c.peek(tokIdent, "") && !c.peek(tokString, "") {
			return nil, fmt.Errorf("%w: want a property name", ErrLocatorSyntax)
		}
		key := c.toks[c.pos].text
		c.pos++
		if !c.peek(tokPunct, ":") {
			return nil, fmt.Errorf("%w: want : after %s", ErrLocatorSyntax, key)
		}
		c.pos++
		v, err := c.value(depth + 1)
		if err != nil {
			return nil, fmt.Errorf("option %s: %w", key, err)
		}
		if _, dup := o[key]; dup {
			return nil, fmt.Errorf("%w: duplicate option %s", ErrLocatorSyntax, key)
		}
		o[key] = v
		if c.peek(tokPunct, ",") {
			c.pos++
		} else if !c.peek(tokPunct, "}") {
			return nil, fmt.Errorf("%w: want , or } in object", ErrLocatorSyntax)
		}
	}
}
