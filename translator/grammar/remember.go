package grammar

// "remember the order number as ORDER": a value read from the page for
// later actions, which write it as {{ORDER}} (step.Remember).

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/names"
)

// rememberExpr is the form of a sentence that remembers a value.
const rememberExpr = `(remember|memori[sz]e|store|save|note(?: down)?|keep|record|capture) (.+?) (?:as|in|into) \{?\{?([A-Za-z_][A-Za-z0-9_]*)\}?\}?`

// buildRemember reads "remember X as NAME": X is an element named as the
// checks name one ("the order number", "the total", "the status", "the
// Receipt region"), "the text of X", or a field ("the value of Email").
// "save" and "keep" with a name that is not one (capital letters) are left
// to the other forms ("save the draft as PDF" may be a click); the other
// verbs refuse it.
func buildRemember(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	verb, phrase, name := strings.ToLower(m[1]), strings.TrimSpace(m[2]), m[3]
	if !commandgen.ValidName(name) {
		if verb == "save" || verb == "keep" || verb == "record" || verb == "capture" || verb == "store" {
			return nil, errNoMatch
		}
		return nil, final(fmt.Errorf("%w: %q is not a name to remember a value as: use %s", translator.ErrUnparsable, name, commandgen.NameRule))
	}
	n, err := r.remembered(req, phrase)
	if err != nil {
		return nil, final(err)
	}
	return []step.Step{{Kind: step.Remember, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Value: name}}, nil
}

// remembered finds the element whose text (or value) phrase names.
func (r *Rules) remembered(req translator.Request, phrase string) (*dom.Node, error) {
	p := names.StripArticle(names.Unquote(phrase))
	field := false
	for _, lead := range []string{"text of", "text in", "contents of", "content of", "value of", "value in", "number in"} {
		if len(p) > len(lead)+1 && strings.EqualFold(p[:len(lead)+1], lead+" ") {
			p, field = names.StripArticle(strings.TrimSpace(p[len(lead)+1:])), strings.HasPrefix(lead, "value")
			break
		}
	}
	if n, ok, err := tableCell(req.Page, p); ok {
		return n, err
	}
	if n, err := names.Element(req, p, names.ForChecks(valueRoles), "field"); err == nil {
		return n, nil
	} else if field {
		return nil, err
	}
	if n, ok, err := names.NamedContainer(req.Page, p); ok {
		return n, err
	}
	if n, ok, err := names.SoleOfKind(req.Page, p, nil); ok {
		return n, err
	}
	if n := definitionOf(req.Page, p); n != nil {
		return n, nil
	}
	n, err := names.Element(req, p, nil, "element")
	var amb *translator.AmbiguousError
	if err != nil && !errors.As(err, &amb) {
		var nf *translator.NotFoundError
		if errors.As(err, &nf) {
			nf.Want = "element (a field, a named part of the page, or a term and its definition)"
		}
	}
	return n, err
}

// labelRoles are the elements whose text may label the value beside
// them: a term and its definition, "Order number:" and the number in
// <strong> after it.
var labelRoles = names.Roles("term", "text", "strong", "emphasis", "generic", "paragraph", "rowheader", "columnheader")

// definitionOf is the value beside the one label named p: the element
// after a term, a text or a bold word whose text is p (a colon after it
// allowed), as "Order number: <strong>2345</strong>" or a <dt> and its
// <dd>; nil when no one label is.
func definitionOf(page *dom.Node, p string) *dom.Node {
	if page == nil {
		return nil
	}
	var found []*dom.Node
	page.Walk(func(n *dom.Node) bool {
		if !labelRoles[n.Role] || n.Parent == nil {
			return true
		}
		text := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(n.TextContent()), ":"))
		if names.Score(text, p) < names.ScoreExact {
			return true
		}
		sib := n.Parent.Children
		for i, c := range sib {
			if c == n && i+1 < len(sib) && sib[i+1].Ref != "" && strings.TrimSpace(sib[i+1].TextContent()) != "" {
				found = append(found, sib[i+1])
			}
		}
		return true
	})
	if len(found) == 1 {
		return found[0]
	}
	return nil
}

var (
	// reCellInRow: "the PID in the nginx row", "PID for the nginx row".
	reCellInRow = regexp.MustCompile(`(?i)^(.+?) (?:in|of|for|on) (?:the )?(.+?) row$`)
	// reCellOf: "the CPU of nginx", "the PID for redis".
	reCellOf = regexp.MustCompile(`(?i)^(.+?) (?:of|for) (?:the )?(.+)$`)
)

// tableCell is the cell a phrase names by its column and its row ("the
// PID in the nginx row", "the CPU of nginx"): ok is false when the phrase
// has neither form or no table has that column and that row.
func tableCell(page *dom.Node, p string) (*dom.Node, bool, error) {
	for _, re := range []*regexp.Regexp{reCellInRow, reCellOf} {
		if m := re.FindStringSubmatch(p); m != nil {
			column, row := names.StripArticle(names.Unquote(m[1])), names.Unquote(strings.TrimSpace(m[2]))
			if n, ok, err := names.TableCell(page, column, row); ok {
				return n, true, err
			}
		}
	}
	return nil, false, nil
}

var reRemember = regexp.MustCompile(`(?i)^` + rememberExpr + `$`)

// RememberName returns the name a sentence remembers a value as ("ORDER"
// for "remember the order number as ORDER"), read from its words alone;
// ok is false for a sentence of another form.
func RememberName(action string) (name string, ok bool) {
	m := reRemember.FindStringSubmatch(cleanAction(action))
	if m == nil || !commandgen.ValidName(m[3]) {
		return "", false
	}
	return m[3], true
}

// RulesOnly reports whether action remembers a value: the rules alone
// read it (a model's function has no such step, and a sentence that reads
// must never become a click), whether or not they find its element.
func RulesOnly(action string) bool {
	m := reRemember.FindStringSubmatch(cleanAction(action))
	if m == nil {
		return false
	}
	verb := strings.ToLower(m[1])
	return commandgen.ValidName(m[3]) || strings.HasPrefix(verb, "remember") || strings.HasPrefix(verb, "memori") || strings.HasPrefix(verb, "note")
}

// Exclusive is RulesOnly, so that translator.Auto never hands such a
// sentence to a model (translator.Exclusive).
func (r *Rules) Exclusive(action string) bool { return RulesOnly(action) }
