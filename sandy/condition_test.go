package sandy

import (
	"errors"
	"testing"
)

func TestEvalCondition(t *testing.T) {
	tests := []struct {
		expr string
		want bool
	}{
		{"", true},
		{"   ", true},
		{"a == a", true},
		{"a == b", false},
		{"a != b", true},
		{"a != a", false},
		{"  a   ==   a  ", true},
		{"a==a", true},
		{`"a" == a`, true},
		{`a == "a"`, true},
		{`" a" == a`, false},
		{`'x y' == "x y"`, true},
		{`"a == b" == 'a == b'`, true},
		{`"say \"hi\"" == 'say "hi"'`, true},
		{`"back\\slash" == 'back\slash'`, true},
		{`"\n" == \n`, true}, // only quotes and backslashes are escapes
		{` != ""`, false},
		{`42 != ""`, true},
		{"==", true},
		{"a b == a b", true},
		{"it's == it's", true}, // a quote inside a bare operand is text
		{"a", true},            // one operand: not empty (Sandy's player)
		{`"a"`, true},
		{`""`, false},
		{`"  "`, false},
	}
	for _, tt := range tests {
		got, err := EvalCondition(tt.expr)
		if err != nil || got != tt.want {
			t.Errorf("EvalCondition(%q) = %v, %v; want %v", tt.expr, got, err, tt.want)
		}
	}
}

func TestEvalConditionErrors(t *testing.T) {
	tests := []struct {
		expr string
		want string
	}{
		{"a = b", `bad condition "a = b": want a == b or a != b (or one operand, true when not empty)`},
		{"a < b", `bad condition "a < b": want a == b or a != b (or one operand, true when not empty)`},
		{"a == b == c", `bad condition "a == b == c": more than one operator (quote operands that contain == or !=)`},
		{"a == b != c", `bad condition "a == b != c": more than one operator (quote operands that contain == or !=)`},
		{"a === b", `bad condition "a === b": unexpected "=" after ==`},
		{`"a == b`, `bad condition "\"a == b": unterminated quote`},
		{`a == "b`, `bad condition "a == \"b": unterminated quote`},
		{`"a" b == c`, `bad condition "\"a\" b == c": want == or != after the quoted operand, got "b == c"`},
		{`a == "b" c`, `bad condition "a == \"b\" c": unexpected "c" after the quoted operand`},
	}
	for _, tt := range tests {
		_, err := EvalCondition(tt.expr)
		if err == nil || err.Error() != tt.want {
			t.Errorf("EvalCondition(%q) error:\n got %v\nwant %s", tt.expr, err, tt.want)
		}
		if !errors.Is(err, ErrCondition) || !errors.Is(err, ErrInvalid) {
			t.Errorf("EvalCondition(%q) error does not wrap ErrCondition and ErrInvalid", tt.expr)
		}
	}
}
