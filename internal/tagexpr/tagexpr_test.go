package tagexpr

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The cases marked "cucumber" are the expressions and expected results of
// Cucumber's shared acceptance data, which every Cucumber implementation
// passes: testdata/evaluations.yml, testdata/parsing.yml and
// testdata/errors.yml of github.com/cucumber/tag-expressions, and the
// escaping table of its README. The others are this package's.

// TestMatch: an expression against lists of tags.
func TestMatch(t *testing.T) {
	tests := []struct {
		expr string
		tags []string
		want bool
	}{
		// cucumber: evaluations.yml
		{`not @x`, []string{"@x"}, false},
		{`not @x`, []string{"@y"}, true},
		{`@x and @y`, []string{"@x", "@y"}, true},
		{`@x and @y`, []string{"@x"}, false},
		{`@x and @y`, []string{"@y"}, false},
		{`@x or @y`, nil, false},
		{`@x or @y`, []string{"@x", "@y"}, true},
		{`@x or @y`, []string{"@x"}, true},
		{`@x or @y`, []string{"@y"}, true},
		{`@x\(1\) or @y\(2\)`, []string{"@x(1)"}, true},
		{`@x\(1\) or @y\(2\)`, []string{"@y(2)"}, true},
		{`@x\\ or @y\\\) or @z\\`, []string{`@x\`}, true},
		{`@x\\ or @y\\\) or @z\\`, []string{`@y\)`}, true},
		{`@x\\ or @y\\\) or @z\\`, []string{`@z\`}, true},
		{`@x\\ or @y\\\) or @z\\`, []string{"@x"}, false},
		{`@x\\ or @y\\\) or @z\\`, []string{"@y)"}, false},
		{`@x\\ or @y\\\) or @z\\`, []string{"@z"}, false},
		{`@\\x or @y\\ or @z\\`, []string{`@\x`}, true},
		{`@\\x or @y\\ or @z\\`, []string{`@y\`}, true},
		{`@\\x or @y\\ or @z\\`, []string{`@z\`}, true},
		{`@\\x or @y\\ or @z\\`, []string{"@x"}, false},
		{`@\\x or @y\\ or @z\\`, []string{"@y"}, false},
		{`@\\x or @y\\ or @z\\`, []string{"@z"}, false},
		// cucumber: the README's escaping table
		{`@x\(y\)`, []string{"@x(y)"}, true},
		{`@x\\y`, []string{`@x\y`}, true},
		// precedence: not > and > or
		{`@a and not (@b or @c)`, []string{"@a"}, true},
		{`@a and not (@b or @c)`, []string{"@a", "@c"}, false},
		{`@a or @b and @c`, []string{"@a"}, true}, // @a or (@b and @c)
		{`@a and @b or @c`, []string{"@c"}, true}, // (@a and @b) or @c
		{`not @a and @b`, []string{"@b"}, true},   // (not @a) and @b
		{`not @a and @b`, []string{"@a", "@b"}, false},
		{`not not @a`, []string{"@a"}, true},
		{`(((@a)))`, []string{"@a"}, true},
		{`@smoke and not @slow`, []string{"@smoke", "@cart"}, true},
		{`@smoke and not @slow`, []string{"@smoke", "@slow"}, false},
		// escapes and words
		{`@with\ space`, []string{"@with space"}, true},
		{`@with\ space`, []string{"@with"}, false},
		{`@\(paren\)`, []string{"@(paren)"}, true},
		{`\(`, []string{"("}, true}, // an escaped parenthesis alone is a tag
		{"@a\tor\n@b", []string{"@b"}, true},
		{`@x or(@y)`, []string{"@y"}, true},
		{`@café`, []string{"@café"}, true},
		// tags are compared as written
		{`smoke`, []string{"@smoke"}, false},
		{`@Smoke`, []string{"@smoke"}, false},
		{`@smoke`, []string{"@smoke "}, false},
		// no tag: every list matches
		{``, nil, true},
		{"  \t", []string{"@x"}, true},
	}
	for _, tt := range tests {
		e, err := Parse(tt.expr)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.expr, err)
			continue
		}
		if got := e.Match(tt.tags); got != tt.want {
			t.Errorf("Parse(%q).Match(%q) = %v, want %v", tt.expr, tt.tags, got, tt.want)
		}
	}
}

// TestString: an expression written back, fully parenthesised.
func TestString(t *testing.T) {
	tests := []struct{ expr, want string }{
		// cucumber: parsing.yml
		{`@a and @b`, `( @a and @b )`},
		{`@a or @b`, `( @a or @b )`},
		{`not @a`, `not ( @a )`},
		{`@a and @b and @c`, `( ( @a and @b ) and @c )`},
		{`( @a and @b ) or ( @c and @d )`, `( ( @a and @b ) or ( @c and @d ) )`},
		{`not @a or @b and not @c or not @d or @e and @f`, `( ( ( not ( @a ) or ( @b and not ( @c ) ) ) or not ( @d ) ) or ( @e and @f ) )`},
		{`not @a\(\) or @b and not @c or not @d or @e and @f`, `( ( ( not ( @a\(\) ) or ( @b and not ( @c ) ) ) or not ( @d ) ) or ( @e and @f ) )`},
		{`not (@a and @b)`, `not ( @a and @b )`},
		{`not (@a or @b)`, `not ( @a or @b )`},
		{`not (@a and @b) and @c or not (@d or @f)`, `( ( not ( @a and @b ) and @c ) or not ( @d or @f ) )`},
		{`@a\\ and @b`, `( @a\\ and @b )`},
		{`@\\a and @b`, `( @\\a and @b )`},
		{`@a and @b\\`, `( @a and @b\\ )`},
		{`( @a and @b\\\\)`, `( @a and @b\\\\ )`},
		{`@a\\\( and @b\\\)`, `( @a\\\( and @b\\\) )`},
		{`(@a and @\\b)`, `( @a and @\\b )`},
		{`@x or(@y) `, `( @x or @y )`},
		{`@x\(1\) or(@y\(2\))`, `( @x\(1\) or @y\(2\) )`},
		{`@\\x or @y\\ or @z\\`, `( ( @\\x or @y\\ ) or @z\\ )`},
		{`@x\\ or(@y\\\)) or(@z\\)`, `( ( @x\\ or @y\\\) ) or @z\\ )`},
		{`@x\  or @y`, `( @x\  or @y )`},
		// this package's
		{``, ``},
		{`@a`, `@a`},
		{"@tab\\\tx", "@tab\\\tx"}, // an escaped tab stays a tab
		{`not not @a`, `not ( not ( @a ) )`},
	}
	for _, tt := range tests {
		e, err := Parse(tt.expr)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.expr, err)
			continue
		}
		if got := e.String(); got != tt.want {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.expr, got, tt.want)
		}
	}
}

// TestErrors: what Parse refuses, in Cucumber's words.
func TestErrors(t *testing.T) {
	const comma = `An invalid tag combination operator was detected. The use of a comma (",") to combine tags is not supported. ` +
		`Please replace it with either the "or" or "and" operators for tag combinations. For example, use "@tag1 or @tag2" or "@tag1 and @tag2"`
	tests := []struct{ expr, reason string }{
		// cucumber: errors.yml
		{`@a @b or`, "Expected operator."},
		{`@a and (@b not)`, "Expected operator."},
		{`@a and (@b @c) or`, "Expected operator."},
		{`@a and or`, "Expected operand."},
		{`@a,@b`, comma},
		{`(@a ,@b)`, comma},
		{`or or`, "Expected operand."},
		{`@a @b`, "Expected operator."},
		{`( @a and @b ) )`, "Unmatched )."},
		{`( ( @a and @b )`, "Unmatched (."},
		{`@x or @\y or @z`, `Illegal escape before "y".`},
		{`@x\ or @y`, "Expected operator."},
		// this package's
		{`@a and`, "Expression is incomplete."},
		{`not`, "Expression is incomplete."},
		{`@a or not`, "Expression is incomplete."},
		{`@a and (`, "Unmatched (."},
		{`)`, "Expected operand."},
		{`()`, "Expected operand."},
		{`@a not @b`, "Expected operator."},
		{`@a\`, `Illegal escape at the end: a "\" must be followed by "(", ")", "\" or whitespace.`},
		{`@a\é`, `Illegal escape before "é".`},
		{`@a\,b`, `Illegal escape before ",".`},
		{`@a, @b`, comma},
	}
	for _, tt := range tests {
		e, err := Parse(tt.expr)
		var se *SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q) = %v, %v; want a *SyntaxError", tt.expr, e, err)
			continue
		}
		want := `Tag expression "` + tt.expr + `" could not be parsed because of syntax error: ` + tt.reason
		if got := err.Error(); got != want {
			t.Errorf("Parse(%q) error:\n got %s\nwant %s", tt.expr, got, want)
		}
	}
}

// TestTags: the tags an expression names, each once.
func TestTags(t *testing.T) {
	e, err := Parse(`@a and not (@b or @a) or smoke`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := e.Tags(), []string{"@a", "@b", "smoke"}; !slices.Equal(got, want) {
		t.Errorf("Tags() = %q, want %q", got, want)
	}
}

// FuzzParse: Parse never panics, and what String writes of an expression
// parses back to an equal one, which matches the same lists.
func FuzzParse(f *testing.F) {
	for _, s := range []string{``, `@a and not (@b or @c)`, `@x\\ or(@y\\\)) or(@z\\)`, `@with\ space`,
		`\(`, `@a,@b`, `@a\`, `not not @a`, "@tab\\\tx or\u00a0@nbsp", `( ( @a and @b )`, `@x or @\y`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("Parse(%q): %v is no syntax error", s, err)
			}
			return
		}
		back, err := Parse(e.String())
		if err != nil {
			t.Fatalf("Parse(%q).String() = %q, which does not parse: %v", s, e.String(), err)
		}
		if !reflect.DeepEqual(back, e) {
			t.Fatalf("Parse(%q) = %#v; its String %q parses to %#v", s, e, e.String(), back)
		}
		tags := e.Tags()
		for i := range len(tags) + 1 {
			some := tags[:i]
			if e.Match(some) != back.Match(some) {
				t.Fatalf("Parse(%q) and its String %q disagree on %q", s, e.String(), some)
			}
		}
		if strings.Contains(e.String(), ",") {
			t.Fatalf("Parse(%q).String() = %q holds a comma", s, e.String())
		}
	})
}
