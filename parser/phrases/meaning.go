package phrases

import (
	"strconv"
	"strings"
)

// A meaning is one sentence of a definition's right side, with the
// phrase's parameters referred to in braces: by name ({title}), by type
// when the phrase has one parameter of it ({string}, {}), or by place
// ({1}, {2}). {{NAME}} is a placeholder, kept as written; \{ and \} are
// braces.
type meaning struct {
	parts []part
}

// part is literal text, or a reference to a parameter.
type part struct {
	text   string
	param  int  // the parameter's index; -1 for text
	inside bool // between quotes in the sentence ("{string}")
}

// parseMeaning reads sentence against the phrase's parameters.
func parseMeaning(sentence string, params []param) (meaning, error) {
	var m meaning
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			m.parts = append(m.parts, part{text: text.String(), param: -1})
			text.Reset()
		}
	}
	rs := []rune(sentence)
	for i := 0; i < len(rs); {
		r, col := rs[i], i+1
		switch {
		case r == '\\' && i+1 < len(rs) && (rs[i+1] == '{' || rs[i+1] == '}'):
			text.WriteRune(rs[i+1])
			i += 2
		case r == '{':
			if n := placeholder(rs, i); n > 0 {
				text.WriteString(string(rs[i : i+n]))
				i += n
				continue
			}
			end := i + 1
			for end < len(rs) && rs[end] != '}' && rs[end] != '{' {
				end++
			}
			if end >= len(rs) || rs[end] != '}' {
				return m, errAt(col, `the "{" has no "}": close it, or write \{ for a brace`)
			}
			ref := string(rs[i+1 : end])
			idx, err := refer(ref, params, col)
			if err != nil {
				return m, err
			}
			flush()
			m.parts = append(m.parts, part{param: idx, inside: i > 0 && end+1 < len(rs) && isQuote(rs[i-1]) && isQuote(rs[end+1])})
			i = end + 1
		case r == '}':
			return m, errAt(col, `a "}" with no "{" before it: write \} for a brace`)
		default:
			text.WriteRune(r)
			i++
		}
	}
	flush()
	return m, nil
}

func isQuote(r rune) bool { return r == '"' || r == '\'' || r == '“' || r == '”' }

// refer finds the parameter ref names: its place, its name, or its
// type when the phrase has one parameter of it.
func refer(ref string, params []param, col int) (int, error) {
	if n, err := strconv.Atoi(ref); err == nil {
		if n < 1 || n > len(params) {
			return 0, errAt(col, "{%s}: the phrase has %s", ref, count(len(params), "parameter"))
		}
		return n - 1, nil
	}
	if strings.Contains(ref, ":") {
		return 0, errAt(col, "{%s}: the sentence refers to a parameter by its name alone: write {%s}", ref, strings.SplitN(ref, ":", 2)[0])
	}
	for i, p := range params {
		if p.name != "" && p.name == ref {
			return i, nil
		}
	}
	var same []int
	for i, p := range params {
		if p.typ == ref && (ref != "" || p.name == "") {
			same = append(same, i)
		}
	}
	switch len(same) {
	case 1:
		return same[0], nil
	case 0:
		return 0, errAt(col, "{%s}: the phrase has no such parameter (%s): refer to one by its name, by its type when it is the only one, or by its place ({1})", ref, listParams(params))
	}
	return 0, errAt(col, "{%s}: the phrase has %d {%s} parameters: refer to one by its place, {%d} or {%d}", ref, len(same), ref, same[0]+1, same[1]+1)
}

// listParams names a phrase's parameters for a message.
func listParams(params []param) string {
	if len(params) == 0 {
		return "it has none"
	}
	var s []string
	for _, p := range params {
		s = append(s, p.String())
	}
	return "it has " + strings.Join(s, ", ")
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// uses reports whether the meaning refers to parameter i.
func (m meaning) uses(i int) bool {
	for _, p := range m.parts {
		if p.param == i {
			return true
		}
	}
	return false
}

// fill writes the sentence with the values the phrase matched: a
// {string}'s text with its quotes, or without them where the sentence
// puts it between quotes itself; any other parameter as the test wrote
// it.
func (m meaning) fill(params []param, vals []value) string {
	var b strings.Builder
	for _, p := range m.parts {
		switch {
		case p.param < 0:
			b.WriteString(p.text)
		case params[p.param].kind == quoted && p.inside:
			b.WriteString(vals[p.param].text)
		default:
			b.WriteString(vals[p.param].raw)
		}
	}
	return strings.TrimSpace(b.String())
}
