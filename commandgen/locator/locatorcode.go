package locator

import (
	"fmt"
	"maps"
	"slices"
)

// actionMethods end a locator expression in Playwright code.
var actionMethods = map[string]bool{
	"click": true, "dblclick": true, "fill": true, "selectOption": true,
	"check": true, "uncheck": true, "hover": true, "press": true,
	"setChecked": true, "type": true, "pressSequentially": true, "evaluate": true,
}

// ParseLocatorCode extracts the locator from Playwright JavaScript, as
// Playwright MCP prints it under "### Ran Playwright code":
//
//	await page.getByTestId('product-red-mug').getByRole('button', { name: 'Add to cart' }).click();
//
// It returns the last `page.…` expression that ends in an action call (click,
// dblclick, fill, selectOption, check, uncheck, hover, press, setChecked,
// type, pressSequentially). Strings may use ', " or ` quotes with JavaScript
// escapes. Frames (contentFrame(), frameLocator(SEL)) are PartFrame.
// Regular expressions and has/hasNot filters give
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

const (
	tokIdent tokKind = iota + 1
	tokString
	tokNumber
	tokRegex
	tokPunct
	tokTemplate // a template literal with ${...}: not a plain string
)

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
	"filter": true, "first": true, "last": true, "nth": true, "visible": true,
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
	raw, err := c.args()
	if err != nil {
		return nil, err
	}
	args := callArgs(raw)
	if len(args) > 2 {
		return nil, fmt.Errorf("%w: too many arguments", ErrLocatorSyntax)
	}
	switch method {
	case "getByRole":
		return args.role()
	case "getByText", "getByLabel", "getByPlaceholder", "getByAltText", "getByTitle", "getByTestId":
		return args.text(method)
	case "locator":
		sel, o, err := args.textAndOptions()
		if err != nil {
			return nil, err
		}
		l, err := ParseSelector(sel)
		if err != nil {
			return nil, err
		}
		filters, err := textFilters(o, "option", false)
		return append(l.Parts, filters...), err
	case "filter":
		o, err := args.opts(0)
		if err != nil || len(args) != 1 {
			return nil, fmt.Errorf("%w: filter wants one options object", ErrLocatorSyntax)
		}
		return textFilters(o, "filter option", true)
	case "visible":
		if len(args) != 0 {
			return nil, fmt.Errorf("%w: visible() takes no arguments", ErrLocatorSyntax)
		}
		return []LocatorPart{{Kind: PartVisible}}, nil
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
	case "contentFrame":
		if len(args) != 0 {
			return nil, fmt.Errorf("%w: contentFrame() takes no arguments", ErrLocatorSyntax)
		}
		return []LocatorPart{{Kind: PartFrame}}, nil
	case "frameLocator":
		// frameLocator(SEL) is locator(SEL).contentFrame().
		sel, err := args.str(0)
		if err != nil || len(args) != 1 {
			return nil, fmt.Errorf("%w: frameLocator wants one selector", ErrLocatorSyntax)
		}
		l, err := ParseSelector(sel)
		if err != nil {
			return nil, err
		}
		return append(l.Parts, LocatorPart{Kind: PartFrame}), nil
	case "and", "or", "describe", "owner":
		return nil, fmt.Errorf("%w: %s()", ErrUnsupportedLocator, method)
	}
	return nil, fmt.Errorf("%w: %s is not a locator method", ErrUnsupportedLocator, method)
}

// callArgs are the arguments of a locator method call.
type callArgs []any

// str is argument i, which must be a string.
func (args callArgs) str(i int) (string, error) {
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

// opts is argument i, an options object, or nil when there is none.
func (args callArgs) opts(i int) (map[string]any, error) {
	if i >= len(args) {
		return nil, nil
	}
	o, ok := args[i].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: argument %d is not an options object", ErrLocatorSyntax, i+1)
	}
	return o, nil
}

// textAndOptions reads the usual (text, options?) arguments.
func (args callArgs) textAndOptions() (string, map[string]any, error) {
	text, err := args.str(0)
	if err != nil {
		return "", nil, err
	}
	o, err := args.opts(1)
	return text, o, err
}

// role reads getByRole(role, options?).
func (args callArgs) role() ([]LocatorPart, error) {
	role, o, err := args.textAndOptions()
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
}

// text reads method(text, { exact }?), one of getByText, getByLabel,
// getByPlaceholder, getByAltText, getByTitle and getByTestId (which takes
// no option).
func (args callArgs) text(method string) ([]LocatorPart, error) {
	text, o, err := args.textAndOptions()
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
}

// textFilters turns the hasText options of o (and hasNotText, when
// allowNot) into parts, in the order of their names; any other option,
// called what in the error, is unsupported.
func textFilters(o map[string]any, what string, allowNot bool) ([]LocatorPart, error) {
	var parts []LocatorPart
	for _, k := range slices.Sorted(maps.Keys(o)) {
		kind := PartHasText
		switch {
		case k == "hasText":
		case k == "hasNotText" && allowNot:
			kind = PartHasNotText
		case k == "visible" && allowNot: // filter({ visible: true })
			if v, ok := o[k].(bool); !ok || !v {
				return nil, fmt.Errorf("%w: %s visible: only true", ErrUnsupportedLocator, what)
			}
			parts = append(parts, LocatorPart{Kind: PartVisible})
			continue
		default:
			return nil, fmt.Errorf("%w: %s %s", ErrUnsupportedLocator, what, k)
		}
		switch v := o[k].(type) {
		case string:
			parts = append(parts, LocatorPart{Kind: kind, Text: v})
		case jsRegex:
			return nil, fmt.Errorf("%w: regular expression %s", ErrUnsupportedLocator, v)
		default:
			return nil, fmt.Errorf("%w: %s must be a string", ErrLocatorSyntax, k)
		}
	}
	return parts, nil
}

// setRoleOption sets the getByRole option k to the JavaScript value v.
func setRoleOption(p *LocatorPart, k string, v any) error {
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
		return nil
	case "exact":
		b, ok := v.(bool)
		if !ok {
			return fmt.Errorf("%w: exact must be true or false", ErrLocatorSyntax)
		}
		p.Exact = b
		return nil
	}
	st, ok := stateNamed(k, true)
	if !ok {
		return fmt.Errorf("%w: getByRole option %s", ErrUnsupportedLocator, k)
	}
	val, ok := jsStateValue(v)
	if !ok {
		return fmt.Errorf("%w: %s must be %s", ErrLocatorSyntax, k, st.values())
	}
	return st.set(p, k, val)
}
