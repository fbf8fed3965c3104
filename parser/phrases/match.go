package phrases

import (
	"regexp"
	"strings"
)

// regexp writes the units as a regular expression: a run of text,
// optional texts and slashes between white space and parameters is one
// word, alternatives when it holds a slash; an optional word alone is
// left out with the space before it (or after it, first in the phrase).
func (p *phrase) regexp(units []unit) (string, error) {
	var out []string
	for i := 0; i < len(units); {
		u := units[i]
		switch u.what {
		case uSpace:
			out = append(out, `\s+`)
			i++
			continue
		case uParam:
			out = append(out, "("+patterns[p.params[u.param].kind]+")")
			i++
			continue
		}
		j := i
		for j < len(units) && units[j].what != uSpace && units[j].what != uParam {
			j++
		}
		w, err := wordExpr(units[i:j])
		if err != nil {
			return "", err
		}
		lone := j == i+1 && u.what == uOptional
		switch {
		case lone && len(out) > 0 && out[len(out)-1] == `\s+`:
			out[len(out)-1] = `(?:\s+` + u.text + `)?`
		case lone && i == 0 && j < len(units) && units[j].what == uSpace:
			out = append(out, `(?:`+u.text+`\s+)?`)
			j++
		default:
			out = append(out, w)
		}
		i = j
	}
	return strings.Join(out, ""), nil
}

// wordExpr writes one word: its text and optional texts, or its
// alternatives when it holds a slash.
func wordExpr(units []unit) (string, error) {
	var alts []string
	var b strings.Builder
	text := false
	end := func(col int) error {
		if !text {
			return errAt(col, `an alternative is empty or only optional: write a word on each side of "/", or \/ for a slash`)
		}
		alts = append(alts, b.String())
		b.Reset()
		text = false
		return nil
	}
	for _, u := range units {
		switch u.what {
		case uText:
			b.WriteString(regexp.QuoteMeta(strings.ToLower(u.text)))
			text = true
		case uOptional:
			b.WriteString("(?:" + u.text + ")?")
		case uSlash:
			if err := end(u.col); err != nil {
				return "", err
			}
		}
	}
	if len(alts) == 0 {
		return b.String(), nil
	}
	if err := end(units[len(units)-1].col); err != nil {
		return "", err
	}
	return "(?:" + strings.Join(alts, "|") + ")", nil
}

// value is what a parameter matched: raw as the sentence writes it, and
// text without the quotes of a {string}.
type value struct {
	raw, text string
}

// match reads sentence with the phrase: the values of its parameters, in
// order, and whether it matched.
func (p *phrase) match(sentence string) ([]value, bool) {
	m := p.re.FindStringSubmatch(strings.TrimSpace(sentence))
	if m == nil {
		return nil, false
	}
	vals := make([]value, len(p.params))
	for i, prm := range p.params {
		raw := m[i+1]
		vals[i] = value{raw: raw, text: raw}
		if prm.kind == quoted {
			rs := []rune(raw)
			vals[i].text = string(rs[1 : len(rs)-1])
		}
	}
	return vals, true
}
