package grammar

// A table's rows and columns as a tester names them: "the Processes table
// has a row for nginx", "the table has a column named PID", "the grid has
// a CPU column": a check that the row's cell that says its name, or the
// column's header, is shown in that table, not a text "a row for nginx"
// anywhere.

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/names"
)

var (
	// reHasPart: "<table> has a row for X" / "a column named X".
	reHasPart = regexp.MustCompile(`(?i)^(.+?) (?:has|contains|includes|shows|lists) (?:a|an|one) (row|column)s?(?: (?:for|named|called|labell?ed|titled|with|of))? (.+)$`)
	// reHasNamedPart: "<table> has a PID column".
	reHasNamedPart = regexp.MustCompile(`(?i)^(.+?) (?:has|contains|includes|shows|lists) (?:a|an|one) (.+?) (row|column)$`)
)

// tableRoles are the containers whose rows and columns a check names.
var tableRoles = names.Roles("table", "grid", "treegrid")

// partRoles are the roles of a table's row and of its column's header.
var partRoles = map[string]names.RoleSet{"row": names.Roles("row"), "column": names.Roles("columnheader")}

// readHasPart reads "<table> has a row for X" and its column forms: a check
// that the row (or column header) X of that table is shown. errNoMatch for
// a sentence of another form, or whose subject is no table.
func readHasPart(r *Rules, req translator.Request, body string) ([]step.Step, error) {
	var subject, part, name string
	if m := submatchOutsideQuotes(reHasNamedPart, body); m != nil && !strings.Contains(strings.ToLower(m[2]), " row") {
		subject, name, part = m[1], m[2], strings.ToLower(m[3])
	}
	if m := submatchOutsideQuotes(reHasPart, body); m != nil {
		subject, part, name = m[1], strings.ToLower(m[2]), m[3]
	}
	if subject == "" || req.Page == nil {
		return nil, errNoMatch
	}
	table, ok, err := names.NamedContainer(req.Page, subject)
	if !ok {
		table, ok, err = names.SoleOfKind(req.Page, subject, tableRoles)
	}
	if err != nil {
		return nil, err
	}
	if !ok || !tableRoles[table.Role] {
		return nil, errNoMatch
	}
	name = names.Unquote(strings.TrimSpace(name))
	if part == "row" {
		// The row one of whose cells says the name whole ("nginx", not
		// "nginx-proxy", which holds the word), read by that cell: the
		// row's other cells (a CPU figure) may change and it is the same
		// row.
		var cells []*dom.Node
		table.Walk(func(c *dom.Node) bool {
			if c.Role == "row" {
				if cell := cellSaying(c, name); cell != nil {
					cells = append(cells, cell)
				}
			}
			return c.Role != "row"
		})
		switch len(cells) {
		case 1:
			return []step.Step{{Kind: step.AssertVisible, Role: cells[0].Role, Ref: cells[0].Ref, Element: names.Describe(req.Page, cells[0])}}, nil
		case 0:
		default:
			return nil, names.Ambiguous(req.Page, "the row for "+name, cells)
		}
	}
	n, err := names.Resolve(table, name, partRoles[part], part)
	if err != nil {
		var nf *translator.NotFoundError
		if names.AsNotFound(err, &nf) && nf.Where == "" {
			nf.Where = "in " + names.Short(table)
		}
		return nil, err
	}
	if n.Role == "row" && cellSaying(n, name) == nil {
		return nil, fmt.Errorf("no row for %q in %s: %s only holds some of its words", name, names.Short(table), names.Short(n))
	}
	return []step.Step{{Kind: step.AssertVisible, Role: n.Role, Ref: n.Ref, Element: names.Describe(req.Page, n), Words: names.Words(name, n)}}, nil
}

// cellSaying is the first cell of row that says name whole (its first
// cell, as a person reads a row by, or another); nil when none does.
func cellSaying(row *dom.Node, name string) *dom.Node {
	want := dom.Normalize(name)
	var found *dom.Node
	row.Walk(func(c *dom.Node) bool {
		if found != nil {
			return false
		}
		if c.Role == "cell" || c.Role == "gridcell" || c.Role == "rowheader" {
			if dom.Normalize(c.Name) == want || dom.Normalize(c.TextContent()) == want {
				found = c
			}
			return false
		}
		return true
	})
	return found
}
