package pwspec

// Texts with their {{NAME}} placeholders, and the locators of stable
// selectors.

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/commandgen/locator"
)

var placeholderRe = regexp.MustCompile(`\{\{\s*([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)\s*\}\}`)

var jsIdent = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// text is s as an expression: a string, or a template literal reading the
// variables its {{NAME}} placeholders name.
func (g *gen) text(s string) (expr, error) {
	ms := placeholderRe.FindAllStringSubmatchIndex(s, -1)
	if ms == nil {
		return str(s), nil
	}
	var b strings.Builder
	b.WriteString("`")
	last := 0
	esc := strings.NewReplacer("\\", "\\\\", "`", "\\`", "${", "\\${")
	for _, m := range ms {
		name := s[m[2]:m[3]]
		if id, field, ok := strings.Cut(name, "."); ok && g.remembered[id] && field == commandgen.OutputValue {
			name = id // a remembered value: the const read from the page
		}
		if !g.vars[name] {
			return nil, fmt.Errorf("{{%s}} is not a variable of the scenario", name)
		}
		if !jsIdent.MatchString(name) {
			return nil, fmt.Errorf("variable %s is not a JavaScript name", name)
		}
		g.used[name] = true
		b.WriteString(esc.Replace(s[last:m[0]]))
		b.WriteString("${" + name + "}")
		last = m[1]
	}
	b.WriteString(esc.Replace(s[last:]))
	b.WriteString("`")
	if len(ms) == 1 && ms[0][0] == 0 && ms[0][1] == len(s) {
		return ident(strings.TrimSuffix(s[ms[0][2]:ms[0][3]], "."+commandgen.OutputValue)), nil
	}
	return raw(b.String()), nil
}

// locator is the Playwright locator of a stable selector, from page.
func (g *gen) locator(target string) (expr, error) {
	l, err := locator.ParseSelector(target)
	if err != nil {
		return nil, fmt.Errorf("params.target: %w", err)
	}
	var x expr = ident("page")
	for i, p := range l.Parts {
		t, err := g.text(p.Text)
		if err != nil {
			return nil, err
		}
		exact := func(method string) expr {
			if p.Exact {
				return mc(x, method, t, obj{{"exact", raw("true")}})
			}
			return mc(x, method, t)
		}
		switch p.Kind {
		case locator.PartRole:
			var o obj
			if p.Name != "" {
				n, err := g.text(p.Name)
				if err != nil {
					return nil, err
				}
				if p.Exact {
					o = append(o, prop{"name", n}, prop{"exact", raw("true")})
				} else {
					// Its words, as replay reads the name (locator.WordNames),
					// not a part of a longer word: "Paid" is not "Unpaid".
					g.uses["says"] = true
					o = append(o, prop{"name", c(ident("says"), n)})
				}
			}
			for _, s := range []struct{ k, v string }{{"checked", p.Checked}, {"disabled", p.Disabled}, {"selected", p.Selected},
				{"expanded", p.Expanded}, {"includeHidden", p.IncludeHidden}} {
				if s.v == "true" || s.v == "false" {
					o = append(o, prop{s.k, raw(s.v)})
				} else if s.v != "" {
					o = append(o, prop{s.k, str(s.v)})
				}
			}
			if p.Level > 0 {
				o = append(o, prop{"level", raw(strconv.Itoa(p.Level))})
			}
			if p.Pressed == "true" || p.Pressed == "false" {
				o = append(o, prop{"pressed", raw(p.Pressed)})
			} else if p.Pressed != "" {
				o = append(o, prop{"pressed", str(p.Pressed)})
			}
			if len(o) == 0 {
				x = mc(x, "getByRole", str(p.Role))
			} else {
				x = mc(x, "getByRole", str(p.Role), o)
			}
		case locator.PartText:
			x = exact("getByText")
		case locator.PartLabel:
			x = exact("getByLabel")
		case locator.PartPlaceholder:
			x = exact("getByPlaceholder")
		case locator.PartAltText:
			x = exact("getByAltText")
		case locator.PartTitle:
			x = exact("getByTitle")
		case locator.PartTestID:
			x = mc(x, "getByTestId", t)
		case locator.PartCSS:
			x = mc(x, "locator", t)
		case locator.PartHasText, locator.PartHasNotText:
			key := "hasText"
			if p.Kind == locator.PartHasNotText {
				key = "hasNotText"
			}
			var v expr = t
			if p.Exact {
				v = raw("/^" + locator.JSRegexEscape(p.Text) + "$/")
			}
			if i == 0 {
				x = mc(x, "locator", str("*"))
			}
			x = mc(x, "filter", obj{{key, v}})
		case locator.PartNth:
			switch p.Index {
			case 0:
				x = mc(x, "first")
			case -1:
				x = mc(x, "last")
			default:
				x = mc(x, "nth", raw(strconv.Itoa(p.Index)))
			}
		case locator.PartHas:
			// A row found by one of its cells: filter({has: page.getByRole(…)}).
			inner, err := g.locator(p.Text)
			if err != nil {
				return nil, err
			}
			if i == 0 {
				x = mc(x, "locator", str("*"))
			}
			x = mc(x, "filter", obj{{"has", inner}})
		case locator.PartVisible:
			x = mc(x, "filter", obj{{"visible", raw("true")}})
		case locator.PartFrame:
			// The iframe's document: locator('iframe[title="Payment"]').contentFrame().
			x = mc(x, "contentFrame")
		default:
			return nil, fmt.Errorf("params.target: %s selectors have no locator", p.Kind)
		}
	}
	return x, nil
}
