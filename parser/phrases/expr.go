package phrases

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A phrase is the left side of a definition, a Cucumber expression:
// literal text, parameters ({string}, {int}, {float}, {word}, {}, and
// named ones), optional text ("item(s)") and alternatives ("click/press").
// It matches a whole sentence, whatever its case and however many spaces
// stand between its words.
type phrase struct {
	source string
	re     *regexp.Regexp
	params []param
}

// kind is what a parameter matches.
type kind int

const (
	anything kind = iota // {} and a name alone: any text
	quoted               // {string}: "…", '…' or “…”
	integer              // {int}
	decimal              // {float}
	word                 // {word}: no white space
)

// types are the parameter types a phrase may name, Cucumber's built-in
// ones: the number types other than int and float match as they do.
var types = map[string]kind{
	"string": quoted, "int": integer, "float": decimal, "word": word,
	"biginteger": integer, "long": integer, "short": integer, "byte": integer,
	"double": decimal, "bigdecimal": decimal,
}

// typeList is types as a message lists them.
const typeList = "{string}, {int}, {float}, {word} and {}"

// patterns are the regular expressions of the kinds, without groups.
var patterns = map[kind]string{
	anything: `.*`,
	quoted:   `"[^"]*"|'[^']*'|“[^”]*”`,
	integer:  `[-+]?\d+`,
	decimal:  `[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?`,
	word:     `\S+`,
}

// param is one parameter of a phrase.
type param struct {
	name string // "" for a type alone ({string}, {})
	typ  string // the type as written ("" for {} and a name alone)
	kind kind
	col  int // its column in the phrase, 1-based, in characters
}

// String is the parameter as the phrase writes it.
func (p param) String() string {
	switch {
	case p.name != "" && p.typ != "":
		return "{" + p.name + ":" + p.typ + "}"
	case p.name != "":
		return "{" + p.name + "}"
	}
	return "{" + p.typ + "}"
}

// syntaxError is a problem of a phrase or a meaning at a column of it
// (1-based, in characters).
type syntaxError struct {
	col int
	msg string
}

func (e *syntaxError) Error() string { return fmt.Sprintf("column %d: %s", e.col, e.msg) }

func errAt(col int, format string, args ...any) *syntaxError {
	return &syntaxError{col: col, msg: fmt.Sprintf(format, args...)}
}

// unit is a piece of a phrase: literal text, white space, a slash
// between alternatives, an optional text or a parameter.
type unit struct {
	what  unitKind
	text  string // literal text; an optional's regular expression
	col   int
	param int // a parameter's index
}

type unitKind int

const (
	uText unitKind = iota
	uSpace
	uSlash
	uOptional
	uParam
)

// placeholder is how many characters the {{NAME}} placeholder at rs[i]
// takes (0 for none): literal text in a phrase or a meaning, never a
// parameter.
func placeholder(rs []rune, i int) int {
	j := i + 2
	if j > len(rs) || rs[i] != '{' || rs[i+1] != '{' {
		return 0
	}
	for j < len(rs) && rs[j] == ' ' {
		j++
	}
	start := j
	for j < len(rs) && (rs[j] == '_' || rs[j] == '.' || rs[j] < utf8.RuneSelf && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]))) {
		j++
	}
	if j == start || !unicode.IsLetter(rs[start]) && rs[start] != '_' {
		return 0
	}
	for j < len(rs) && rs[j] == ' ' {
		j++
	}
	if j+1 >= len(rs) || rs[j] != '}' || rs[j+1] != '}' {
		return 0
	}
	return j + 2 - i
}

// reName is a parameter's name.
var reName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)

// escapable are the characters a backslash escapes in a phrase.
const escapable = `(){}/\`

// parsePhrase reads src as a Cucumber expression.
func parsePhrase(src string) (*phrase, error) {
	src = strings.TrimSpace(src)
	if src == "" {
		return nil, errAt(1, "the phrase is empty")
	}
	p := &phrase{source: src}
	units, err := p.lex([]rune(src))
	if err != nil {
		return nil, err
	}
	expr, err := p.regexp(units)
	if err != nil {
		return nil, err
	}
	re, err := regexp.Compile(`(?i)^` + expr + `$`)
	if err != nil {
		return nil, errAt(1, "the phrase does not compile: %v", err)
	}
	p.re = re
	return p, nil
}

// lex reads the phrase's units, its optional texts and parameters read
// whole.
func (p *phrase) lex(rs []rune) ([]unit, error) {
	var out []unit
	for i := 0; i < len(rs); {
		r, col := rs[i], i+1
		switch {
		case r == '\\':
			c, err := escaped(rs, i)
			if err != nil {
				return nil, err
			}
			out = append(out, unit{what: uText, text: string(c), col: col})
			i += 2
		case unicode.IsSpace(r):
			for i < len(rs) && unicode.IsSpace(rs[i]) {
				i++
			}
			out = append(out, unit{what: uSpace, col: col})
		case r == '/':
			out = append(out, unit{what: uSlash, col: col})
			i++
		case r == '(':
			expr, n, err := optional(rs, i)
			if err != nil {
				return nil, err
			}
			out = append(out, unit{what: uOptional, text: expr, col: col})
			i += n
		case r == ')':
			return nil, errAt(col, `a ")" with no "(" before it: write \) for a parenthesis`)
		case r == '{':
			if n := placeholder(rs, i); n > 0 {
				out = append(out, unit{what: uText, text: string(rs[i : i+n]), col: col})
				i += n
				continue
			}
			prm, n, err := parameter(rs, i)
			if err != nil {
				return nil, err
			}
			for _, q := range p.params {
				if prm.name != "" && q.name == prm.name {
					return nil, errAt(col, "the name %s is given twice: give each parameter its own name", prm)
				}
			}
			out = append(out, unit{what: uParam, col: col, param: len(p.params)})
			p.params = append(p.params, prm)
			i += n
		case r == '}':
			return nil, errAt(col, `a "}" with no "{" before it: write \} for a brace`)
		default:
			out = append(out, unit{what: uText, text: string(r), col: col})
			i++
		}
	}
	return out, nil
}

// escaped is the character the backslash at rs[i] escapes.
func escaped(rs []rune, i int) (rune, error) {
	if i+1 >= len(rs) {
		return 0, errAt(i+1, `a "\" at the end escapes nothing: write \\ for a backslash`)
	}
	c := rs[i+1]
	if !strings.ContainsRune(escapable, c) && !unicode.IsSpace(c) {
		return 0, errAt(i+1, `"\%c": only ( ) { } / \ and a space are escaped: write \\ for a backslash`, c)
	}
	return c, nil
}

// optional reads the optional text "(…)" at rs[i]: its regular
// expression and how many characters it takes.
func optional(rs []rune, i int) (string, int, error) {
	var b strings.Builder
	text := false
	for j := i + 1; j < len(rs); j++ {
		r := rs[j]
		switch {
		case r == ')':
			if !text {
				return "", 0, errAt(i+1, `"()" is empty: an optional text holds some text, as in item(s)`)
			}
			return b.String(), j - i + 1, nil
		case r == '\\':
			c, err := escaped(rs, j)
			if err != nil {
				return "", 0, err
			}
			b.WriteString(regexp.QuoteMeta(strings.ToLower(string(c))))
			text = true
			j++
		case unicode.IsSpace(r):
			for j+1 < len(rs) && unicode.IsSpace(rs[j+1]) {
				j++
			}
			b.WriteString(`\s+`)
		case r == '(':
			return "", 0, errAt(j+1, `an optional text cannot hold another "(": write \( for a parenthesis`)
		case r == '{':
			return "", 0, errAt(j+1, `a parameter cannot be optional: take it out of "(…)", or write \{ for a brace`)
		case r == '/':
			return "", 0, errAt(j+1, `an optional text cannot hold alternatives: write (a)/(b) as a/b, or \/ for a slash`)
		default:
			b.WriteString(regexp.QuoteMeta(strings.ToLower(string(r))))
			text = true
		}
	}
	return "", 0, errAt(i+1, `the "(" has no ")": close it, or write \( for a parenthesis`)
}

// parameter reads the parameter "{…}" at rs[i] and how many characters it
// takes.
func parameter(rs []rune, i int) (param, int, error) {
	col := i + 1
	j := i + 1
	for ; j < len(rs) && rs[j] != '}'; j++ {
		if strings.ContainsRune(`{()/\`, rs[j]) {
			return param{}, 0, errAt(j+1, `a parameter's name cannot hold %q: close the "{" with "}", or write \{ for a brace`, rs[j])
		}
	}
	if j >= len(rs) {
		return param{}, 0, errAt(col, `the "{" has no "}": close it, or write \{ for a brace`)
	}
	body := string(rs[i+1 : j])
	p := param{col: col}
	name, typ, typed := strings.Cut(body, ":")
	switch {
	case typed:
		if !reName.MatchString(name) {
			return p, 0, errAt(col, "{%s}: a name is letters, digits, _ and -, starting with a letter", body)
		}
		if _, ok := types[name]; ok {
			return p, 0, errAt(col, "{%s}: %q is a type, not a name: write {%s} or give it a name of its own", body, name, name)
		}
		k, ok := types[typ]
		if !ok {
			return p, 0, errAt(col, "{%s}: unknown parameter type %q: the types are %s", body, typ, typeList)
		}
		p.name, p.typ, p.kind = name, typ, k
	case body == "":
		p.kind = anything
	default:
		if k, ok := types[body]; ok {
			p.typ, p.kind = body, k
			break
		}
		if _, ok := types[strings.ToLower(body)]; ok {
			return p, 0, errAt(col, "unknown parameter type {%s}: write {%s}", body, strings.ToLower(body))
		}
		if !reName.MatchString(body) {
			return p, 0, errAt(col, "{%s} is not a parameter: the types are %s, and a name is letters, digits, _ and -, starting with a letter", body, typeList)
		}
		p.name, p.kind = body, anything
	}
	return p, j - i + 1, nil
}
