package locator

import (
	"fmt"
	"strconv"

	"github.com/plaintest/plaintest/dom"
)

// stateKind is what values a getByRole state option takes.
type stateKind int

const (
	boolState  stateKind = iota // true or false
	mixedState                  // true, false or "mixed"
	levelState                  // a whole number from 1 to dom.MaxLevel
)

// roleState is one state option of getByRole, with its name in
// JavaScript ({ includeHidden: true }) and in a selector
// ([include-hidden=true]). Its value is written as a selector writes it:
// "true", "false", "mixed" or a level; "" means the option is not set.
type roleState struct {
	js, attr string
	kind     stateKind
	// field is the LocatorPart field holding it; nil for level, which is
	// LocatorPart.Level.
	field func(*LocatorPart) *string
	// node is the state of a tree node, compared with the option's value;
	// nil for include-hidden, which a tree of visible nodes does not hold.
	node func(*dom.Node) string
	// nameFirst: a selector has [name=...] just before this option (one
	// option of the table has it).
	nameFirst bool
}

// roleStates are getByRole's state options, in the order Playwright writes
// them in a selector (getByRoleSelector) and in JavaScript. Every encoder
// (Selector, JS), decoder (ParseSelector, ParseLocatorCode) and Count
// reads this table.
var roleStates = []roleState{
	{js: "checked", attr: "checked", kind: mixedState,
		field: func(p *LocatorPart) *string { return &p.Checked }, node: func(n *dom.Node) string { return orFalse(n.Checked) }},
	{js: "disabled", attr: "disabled", kind: boolState,
		field: func(p *LocatorPart) *string { return &p.Disabled }, node: func(n *dom.Node) string { return strconv.FormatBool(n.Disabled) }},
	{js: "selected", attr: "selected", kind: boolState,
		field: func(p *LocatorPart) *string { return &p.Selected }, node: func(n *dom.Node) string { return strconv.FormatBool(n.Selected) }},
	{js: "expanded", attr: "expanded", kind: boolState,
		field: func(p *LocatorPart) *string { return &p.Expanded }, node: func(n *dom.Node) string { return orFalse(n.Expanded) }},
	{js: "includeHidden", attr: "include-hidden", kind: boolState,
		field: func(p *LocatorPart) *string { return &p.IncludeHidden }},
	{js: "level", attr: "level", kind: levelState,
		node: func(n *dom.Node) string { return levelString(n.Level) }},
	{js: "pressed", attr: "pressed", kind: mixedState, nameFirst: true,
		field: func(p *LocatorPart) *string { return &p.Pressed }, node: func(n *dom.Node) string { return orFalse(n.Pressed) }},
}

// stateNamed returns the option of roleStates called name, in JavaScript
// (js) or in a selector.
func stateNamed(name string, js bool) (roleState, bool) {
	for _, s := range roleStates {
		if js && s.js == name || !js && s.attr == name {
			return s, true
		}
	}
	return roleState{}, false
}

// get returns the option's value in p, "" when not set.
func (s roleState) get(p *LocatorPart) string {
	if s.field == nil {
		return levelString(p.Level)
	}
	return *s.field(p)
}

// set checks v, the value as a selector writes it, and stores it in p.
// name is the option as the input spelled it, for the error.
func (s roleState) set(p *LocatorPart, name, v string) error {
	switch s.kind {
	case levelState:
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > dom.MaxLevel {
			return fmt.Errorf("%w: %s must be a whole number from 1 to %d, got %s", ErrLocatorSyntax, name, dom.MaxLevel, v)
		}
		p.Level = n
		return nil
	default:
		if v != "true" && v != "false" && !(s.kind == mixedState && v == "mixed") {
			return fmt.Errorf("%w: %s must be %s, got %s", ErrLocatorSyntax, name, s.values(), v)
		}
		*s.field(p) = v
		return nil
	}
}

// values says what the option takes, for errors.
func (s roleState) values() string {
	switch s.kind {
	case mixedState:
		return `true, false or "mixed"`
	case levelState:
		return fmt.Sprintf("a whole number from 1 to %d", dom.MaxLevel)
	}
	return "true or false"
}

// jsStateLiteral writes an option's value v as JavaScript: true, false
// and levels bare, "mixed" as a string.
func jsStateLiteral(v string) string {
	if v == "mixed" {
		return jsQuote(v)
	}
	return v
}

// jsStateValue returns a JavaScript option value (bool, float64 or string,
// as jsliteral.go gives them) as a selector writes it; ok is false for
// other values, and for strings other than "mixed".
func jsStateValue(v any) (string, bool) {
	switch v := v.(type) {
	case bool:
		return strconv.FormatBool(v), true
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), true
	case string:
		return v, v == "mixed"
	}
	return "", false
}

// matches reports whether node n has the option's value want ("" always
// matches). An unset checked, pressed or expanded state counts as false.
func (s roleState) matches(n *dom.Node, want string) bool {
	return want == "" || s.node == nil || s.node(n) == want
}

func orFalse(s string) string {
	if s == "" {
		return "false"
	}
	return s
}

// levelString is level as text, "" for 0 (no level).
func levelString(level int) string {
	if level == 0 {
		return ""
	}
	return strconv.Itoa(level)
}
