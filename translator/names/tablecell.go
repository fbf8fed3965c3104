package names

import (
	"fmt"

	"github.com/plaintest/plaintest/dom"
)

// tableRoles are the containers whose cells TableCell reads.
var tableRoles = Roles("table", "grid", "treegrid")

// cellRoles are a row's cells, headers included.
var cellRoles = Roles("cell", "gridcell", "rowheader", "columnheader")

// TableCell is the cell of a table at the column whose header is column
// and the row one of whose cells says row whole ("nginx", not
// "nginx-proxy"): "the PID in the nginx row". ok is false when no table
// on page has both such a column and such a row; err says why when one
// is ambiguous.
func TableCell(page *dom.Node, column, row string) (cell *dom.Node, ok bool, err error) {
	if page == nil {
		return nil, false, nil
	}
	var found []*dom.Node
	page.Walk(func(t *dom.Node) bool {
		if !tableRoles[t.Role] {
			return true
		}
		found = append(found, cellsAt(t, column, row)...)
		return false
	})
	switch len(found) {
	case 0:
		return nil, false, nil
	case 1:
		return found[0], true, nil
	}
	return nil, true, Ambiguous(page, fmt.Sprintf("the %s in the %s row", column, row), found)
}

// cellsAt are the cells of table t at column and at each row that says
// row; none when t lacks either.
func cellsAt(t *dom.Node, column, row string) []*dom.Node {
	var rows []*dom.Node
	t.Walk(func(n *dom.Node) bool {
		if n.Role == "row" {
			rows = append(rows, n)
			return false
		}
		return !tableRoles[n.Role] || n == t
	})
	col := -1
	for _, r := range rows {
		for i, c := range cellsOf(r) {
			if c.Role == "columnheader" && Score(headerText(c), column) >= ScoreExact {
				col = i
			}
		}
		if col >= 0 {
			break
		}
	}
	if col < 0 {
		return nil
	}
	want := dom.Normalize(row)
	var match []*dom.Node
	for _, r := range rows {
		cells := cellsOf(r)
		says := false
		for _, c := range cells {
			if c.Role != "columnheader" && (dom.Normalize(c.Name) == want || dom.Normalize(c.TextContent()) == want) {
				says = true
			}
		}
		if says && col < len(cells) {
			match = append(match, cells[col])
		}
	}
	return match
}

// cellsOf are row's own cells, in order.
func cellsOf(row *dom.Node) []*dom.Node {
	var cells []*dom.Node
	row.Walk(func(c *dom.Node) bool {
		if cellRoles[c.Role] {
			cells = append(cells, c)
			return false
		}
		return c == row || !tableRoles[c.Role]
	})
	return cells
}

// headerText is what a column header says: its name, else its text.
func headerText(c *dom.Node) string {
	if c.Name != "" {
		return c.Name
	}
	return c.TextContent()
}
