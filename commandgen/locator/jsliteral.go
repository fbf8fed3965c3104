package locator

import (
	"fmt"
	"strconv"
)

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
