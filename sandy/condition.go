package sandy

import (
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/internal/printable"
)

// ErrCondition is wrapped by every error about a step condition's syntax.
// It wraps ErrInvalid: a bad condition is bad input.
var ErrCondition error = &subError{msg: "bad condition", parent: ErrInvalid}

// subError is a sentinel that wraps another without repeating its text.
type subError struct {
	msg    string
	parent error
}

func (e *subError) Error() string { return e.msg }
func (e *subError) Unwrap() error { return e.parent }

// condition is a parsed step condition: left op right, one operand (left)
// that must not be empty, or always true when op is empty.
type condition struct {
	left, right             string
	leftQuoted, rightQuoted bool
	op                      string // "==", "!=", opNotEmpty (one operand) or "" (empty expression)
}

// opNotEmpty is the op of a condition that is one operand.
const opNotEmpty = "not empty"

func (c condition) eval() bool {
	switch c.op {
	case "==":
		return c.left == c.right
	case "!=":
		return c.left != c.right
	case opNotEmpty:
		return strings.TrimSpace(c.left) != ""
	}
	return true
}

// EvalCondition evaluates a step condition after substitution. The grammar:
//
//	condition = "" | operand | operand ("==" | "!=") operand
//	operand   = '"' chars '"' | "'" chars "'" | bare text
//
// One operand alone is true when it is not empty or blank, as in Sandy's
// player ("{{search.first}}" runs the step only when there was a first
// result). Operands compare as strings. A quoted operand keeps its spaces; inside
// quotes a backslash escapes the quote character or a backslash, any other
// backslash is kept. A bare operand is the trimmed text up to the operator
// (left) or the end (right) and may be empty, so `{{X}} != ""` works when X
// is empty. An empty or blank expression is true. Anything else (two
// operators, text after a closing quote, an unterminated quote) is an error
// wrapping ErrCondition.
//
// To compare values that may themselves hold quotes or operators, evaluate
// the template with Vars.EvalCondition instead: it substitutes each operand
// after parsing.
func EvalCondition(expr string) (bool, error) {
	c, msg := parseCondition(expr)
	if msg != "" {
		return false, fmt.Errorf("%w %s: %s", ErrCondition, printable.Quote(expr), msg)
	}
	return c.eval(), nil
}

// parseCondition parses expr (see EvalCondition for the grammar); msg says
// what is wrong, "" when nothing is.
func parseCondition(expr string) (c condition, msg string) {
	bad := func(format string, args ...any) (condition, string) {
		return condition{}, fmt.Sprintf(format, args...)
	}
	s := strings.TrimSpace(expr)
	if s == "" {
		return condition{}, ""
	}
	var rest string
	if isQuote(s[0]) {
		lit, after, ok := unquote(s)
		if !ok {
			return bad("unterminated quote")
		}
		after = strings.TrimLeft(after, " \t\r\n")
		if strings.TrimSpace(after) == "" {
			return condition{left: lit, leftQuoted: true, op: opNotEmpty}, ""
		}
		if !strings.HasPrefix(after, "==") && !strings.HasPrefix(after, "!=") {
			return bad("want == or != after the quoted operand, got %s", printable.Quote(after))
		}
		c.left, c.leftQuoted, c.op, rest = lit, true, after[:2], after[2:]
	} else {
		i := operatorIndex(s)
		if i < 0 {
			if looksCompared(s) {
				return bad("want a == b or a != b (or one operand, true when not empty)")
			}
			return condition{left: s, op: opNotEmpty}, ""
		}
		c.left, c.op, rest = strings.TrimSpace(s[:i]), s[i:i+2], s[i+2:]
	}
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, "=") {
		return bad("unexpected %q after %s", "=", c.op)
	}
	if rest != "" && isQuote(rest[0]) {
		lit, after, ok := unquote(rest)
		if !ok {
			return bad("unterminated quote")
		}
		if strings.TrimSpace(after) != "" {
			return bad("unexpected %s after the quoted operand", printable.Quote(strings.TrimSpace(after)))
		}
		c.right, c.rightQuoted = lit, true
		return c, ""
	}
	if operatorIndex(rest) >= 0 {
		return bad("more than one operator (quote operands that contain == or !=)")
	}
	c.right = rest
	return c, ""
}

// looksCompared reports whether a condition with no == or != still has a
// comparison sign outside its placeholders ("{{N}} = 1", "{{N}} > 0"):
// Sandy's player would run such a step always, which its author did not
// mean, so it is refused.
func looksCompared(s string) bool {
	for _, seg := range splitTemplate(s) {
		if seg.name == "" && strings.ContainsAny(seg.text, "=<>") {
			return true
		}
	}
	return false
}

// operatorIndex is the index of the first "==" or "!=" in s, or -1.
func operatorIndex(s string) int {
	eq, ne := strings.Index(s, "=="), strings.Index(s, "!=")
	switch {
	case eq < 0:
		return ne
	case ne < 0:
		return eq
	}
	return min(eq, ne)
}

func isQuote(c byte) bool { return c == '"' || c == '\'' }

// unquote reads the quoted string at the start of s (s[0] is the quote) and
// returns its value and the text after the closing quote.
func unquote(s string) (lit, after string, ok bool) {
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s) && (s[i+1] == q || s[i+1] == '\\'):
			b.WriteByte(s[i+1])
			i++
		case c == q:
			return b.String(), s[i+1:], true
		default:
			b.WriteByte(c)
		}
	}
	return "", "", false
}

// EvalCondition evaluates a step condition template: it parses expr (see
// the package-level EvalCondition) and then substitutes each operand, so a
// value holding quotes or == cannot change the expression. Bare operands are
// trimmed after substitution, quoted ones are not. A step output that was
// not recorded (its step failed and was tolerated, was skipped, or did not
// run) reads as empty, as in Sandy's player, so the documented guard
// `{{id.field}} != ""` skips the step instead of failing it. Errors wrap
// ErrCondition or are an *UnresolvedError naming an unknown variable.
func (v *Vars) EvalCondition(expr string) (bool, error) {
	c, msg := parseCondition(expr)
	if msg != "" {
		return false, fmt.Errorf("%w %s: %s", ErrCondition, printable.Quote(expr), msg)
	}
	if c.op == "" {
		return true, nil
	}
	var err error
	if c.left, err = v.operand(c.left, c.leftQuoted); err != nil {
		return false, err
	}
	if c.right, err = v.operand(c.right, c.rightQuoted); err != nil {
		return false, err
	}
	return c.eval(), nil
}

func (v *Vars) operand(s string, quoted bool) (string, error) {
	out, err := v.render(s, true) // an output not recorded is empty
	if err != nil {
		return "", err
	}
	if !quoted {
		out = strings.TrimSpace(out)
	}
	return out, nil
}
