// Package tagexpr reads Cucumber tag expressions, such as
// `@smoke and not (@slow or @flaky)`, and tells whether a list of tags
// matches one: what `plaintest replay --tags` selects scenarios by, so
// that an expression means here what it means to Cucumber.
//
// It takes in the text of an expression and gives out an Expr (Parse), or
// a *SyntaxError worded as Cucumber words it: `Tag expression "@a and or"
// could not be parsed because of syntax error: Expected operand.`
//
// # Grammar
//
// An expression is tags combined with the operators not, and, or, and
// parentheses; not binds tighter than and, and than or; and and or group
// from the left (`@a or @b or @c` is `(@a or @b) or @c`). Whitespace
// separates words and parentheses separate themselves (`@x or(@y)`). Any
// other word is a tag, compared with a scenario's tags exactly as written,
// "@" included: the expression `smoke` matches no tag "@smoke". A
// backslash escapes the character after it, which must be a parenthesis,
// a backslash or whitespace (`@x\(y\)` is the tag "@x(y)", `@with\ space`
// the tag "@with space", `@x\\y` the tag "@x\y"); before any other
// character it is an error. A comma in a tag is an error, as Cucumber
// makes it: tags are combined with or and and, never with commas. An
// expression with no tag (empty, or only whitespace) matches every list.
//
// Two choices differ from Cucumber's own implementations, where they
// accept what they then misread: a backslash at the very end is an error
// here (they drop it), and an escaped parenthesis standing alone (`\(`)
// is the tag "(" here (they take it as a parenthesis). String writes an
// expression that matches every list as "" (theirs write "true", which
// would parse back as the tag "true").
package tagexpr

import (
	"errors"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrSyntax is wrapped by every error Parse returns.
var ErrSyntax = errors.New("tag expression syntax error")

// SyntaxError is an expression Parse refuses, and why (Cucumber's
// wording, as "Expected operand."). Its text is Cucumber's whole message.
type SyntaxError struct {
	Expr, Reason string
}

func (e *SyntaxError) Error() string {
	return `Tag expression "` + e.Expr + `" could not be parsed because of syntax error: ` + e.Reason
}

// Unwrap returns ErrSyntax.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// The reasons of a SyntaxError, as Cucumber words them (testdata/errors.yml
// of github.com/cucumber/tag-expressions; "Expression is incomplete." is
// its Go implementation's).
const (
	expectedOperand  = "Expected operand."
	expectedOperator = "Expected operator."
	unmatchedOpen    = "Unmatched (."
	unmatchedClose   = "Unmatched )."
	incomplete       = "Expression is incomplete."
	escapeAtEnd      = `Illegal escape at the end: a "\" must be followed by "(", ")", "\" or whitespace.`
	commaUsed        = `An invalid tag combination operator was detected. The use of a comma (",") to combine tags is not supported. ` +
		`Please replace it with either the "or" or "and" operators for tag combinations. For example, use "@tag1 or @tag2" or "@tag1 and @tag2"`
)

// Expr is a parsed tag expression.
type Expr interface {
	// Match reports whether tags (a scenario's, "@smoke") satisfy the
	// expression.
	Match(tags []string) bool
	// String writes the expression fully parenthesised, as Cucumber
	// formats it (`( @a and not ( @b ) )`), tags escaped where they need
	// it: Parse reads it back to an equal expression.
	String() string
	// Tags lists the tags the expression names, each once, in the order
	// it names them.
	Tags() []string
}

// Parse reads expr. An expression with no tag matches every list of
// tags. The error is a *SyntaxError.
func Parse(expr string) (Expr, error) {
	toks, reason := tokenize(expr)
	if reason != "" {
		return nil, &SyntaxError{expr, reason}
	}
	if len(toks) == 0 {
		return always{}, nil
	}
	e, reason := build(toks)
	if reason != "" {
		return nil, &SyntaxError{expr, reason}
	}
	return e, nil
}

// kind is what a token is.
type kind int

const (
	word    kind = iota // a tag
	open                // (
	closing             // )
	not
	and
	or
)

// precedence of the operators: not binds tightest.
var precedence = map[kind]int{or: 0, and: 1, not: 2}

type token struct {
	kind kind
	text string // the tag of a word, escapes undone
}

// tokenize splits expr into words, parentheses and operators, undoing the
// escapes of words; the reason is "" unless expr breaks a rule of its
// characters (an illegal escape, a comma).
func tokenize(expr string) ([]token, string) {
	var toks []token
	var w strings.Builder
	inWord := false
	end := func() string {
		if !inWord {
			return ""
		}
		text := w.String()
		if strings.Contains(text, ",") {
			return commaUsed
		}
		// A word with an escape is never an operator: the characters
		// escapes give are in no operator's name.
		t := token{kind: word, text: text}
		switch text {
		case "not":
			t.kind = not
		case "and":
			t.kind = and
		case "or":
			t.kind = or
		}
		toks = append(toks, t)
		w.Reset()
		inWord = false
		return ""
	}
	for i := 0; i < len(expr); {
		r, size := utf8.DecodeRuneInString(expr[i:])
		i += size
		switch {
		case r == '\\':
			if i == len(expr) {
				return nil, escapeAtEnd
			}
			next, n := utf8.DecodeRuneInString(expr[i:])
			if next != '(' && next != ')' && next != '\\' && !unicode.IsSpace(next) {
				return nil, `Illegal escape before "` + expr[i:i+n] + `".`
			}
			i += n
			w.WriteString(expr[i-n : i])
			inWord = true
		case r == '(' || r == ')' || unicode.IsSpace(r):
			if reason := end(); reason != "" {
				return nil, reason
			}
			if r == '(' {
				toks = append(toks, token{kind: open})
			} else if r == ')' {
				toks = append(toks, token{kind: closing})
			}
		default:
			w.WriteString(expr[i-size : i])
			inWord = true
		}
	}
	if reason := end(); reason != "" {
		return nil, reason
	}
	return toks, ""
}

// build reads tokens into an expression tree by the shunting-yard
// algorithm: operands wait on one stack, operators and open parentheses
// on another, and an operator is applied as soon as the next one binds no
// tighter. After an operand the next token must be an operator or a
// closing parenthesis; anywhere else, an operand, not or an opening one.
func build(toks []token) (Expr, string) {
	var operands []Expr
	var ops []kind
	// apply pops the operator on top of ops and its operands, and pushes
	// the expression they make.
	apply := func() string {
		op := ops[len(ops)-1]
		ops = ops[:len(ops)-1]
		need := 2
		if op == not {
			need = 1
		}
		if len(operands) < need {
			return incomplete
		}
		n := len(operands)
		switch op {
		case not:
			operands[n-1] = negation{operands[n-1]}
		case and:
			operands = append(operands[:n-2], conjunction{operands[n-2], operands[n-1]})
		case or:
			operands = append(operands[:n-2], disjunction{operands[n-2], operands[n-1]})
		}
		return ""
	}
	wantOperand := true
	expect := func(operand bool) string {
		switch {
		case wantOperand && !operand:
			return expectedOperand
		case !wantOperand && operand:
			return expectedOperator
		}
		return ""
	}
	for _, t := range toks {
		var reason string
		switch t.kind {
		case word:
			if reason = expect(true); reason == "" {
				operands = append(operands, tag(t.text))
				wantOperand = false
			}
		case not, open:
			if reason = expect(true); reason == "" {
				ops = append(ops, t.kind)
			}
		case and, or:
			if reason = expect(false); reason != "" {
				break
			}
			for reason == "" && len(ops) > 0 && ops[len(ops)-1] != open && precedence[t.kind] <= precedence[ops[len(ops)-1]] {
				reason = apply()
			}
			ops = append(ops, t.kind)
			wantOperand = true
		case closing:
			if reason = expect(false); reason != "" {
				break
			}
			for reason == "" && len(ops) > 0 && ops[len(ops)-1] != open {
				reason = apply()
			}
			if reason == "" && len(ops) == 0 {
				reason = unmatchedClose
			}
			if reason == "" {
				ops = ops[:len(ops)-1]
			}
		}
		if reason != "" {
			return nil, reason
		}
	}
	for len(ops) > 0 {
		if ops[len(ops)-1] == open {
			return nil, unmatchedOpen
		}
		if reason := apply(); reason != "" {
			return nil, reason
		}
	}
	if len(operands) != 1 {
		return nil, incomplete
	}
	return operands[0], ""
}

// always is the expression with no tag: it matches every list.
type always struct{}

func (always) Match([]string) bool { return true }
func (always) String() string      { return "" }
func (always) Tags() []string      { return nil }

// tag is one tag: the list must hold it.
type tag string

func (t tag) Match(tags []string) bool { return slices.Contains(tags, string(t)) }

// String escapes the characters that would end or split the word; every
// other byte is kept as it is, one that is not UTF-8 too.
func (t tag) String() string {
	s := string(t)
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == '\\' || r == '(' || r == ')' || unicode.IsSpace(r) {
			b.WriteByte('\\')
		}
		b.WriteString(s[i : i+size])
		i += size
	}
	return b.String()
}

func (t tag) Tags() []string { return []string{string(t)} }

type negation struct{ x Expr }

func (n negation) Match(tags []string) bool { return !n.x.Match(tags) }

// String writes `not ( @a )`, and `not ( @a and @b )`: the binary
// operators write their own parentheses.
func (n negation) String() string {
	switch n.x.(type) {
	case conjunction, disjunction:
		return "not " + n.x.String()
	}
	return "not ( " + n.x.String() + " )"
}

func (n negation) Tags() []string { return n.x.Tags() }

type conjunction struct{ l, r Expr }

func (c conjunction) Match(tags []string) bool { return c.l.Match(tags) && c.r.Match(tags) }
func (c conjunction) String() string           { return "( " + c.l.String() + " and " + c.r.String() + " )" }
func (c conjunction) Tags() []string           { return union(c.l.Tags(), c.r.Tags()) }

type disjunction struct{ l, r Expr }

func (d disjunction) Match(tags []string) bool { return d.l.Match(tags) || d.r.Match(tags) }
func (d disjunction) String() string           { return "( " + d.l.String() + " or " + d.r.String() + " )" }
func (d disjunction) Tags() []string           { return union(d.l.Tags(), d.r.Tags()) }

// union is a, then each tag of b that a lacks.
func union(a, b []string) []string {
	for _, t := range b {
		if !slices.Contains(a, t) {
			a = append(a, t)
		}
	}
	return a
}
