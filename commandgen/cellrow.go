package commandgen

// A table cell remembered by its row and column ("remember the PID in the
// nginx row"): its own text is the value to read, so it cannot find it,
// and its place among the page's cells moves when rows are added, removed
// or sorted. Its row is found by another of its cells, the one that names
// the row, and the cell by its place in that row.

import (
	"context"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
)

// cellRoles are the roles of a table's cells.
var cellRoles = map[string]bool{"cell": true, "gridcell": true, "rowheader": true}

// cellInRow is a selector for the cell node by its row, the row found by
// another of its cells' whole name, confirmed on the page to find that
// cell alone and to read its text; ok is false for an element that is no
// cell of a row, or when no such selector is confirmed.
//
// The row is found by the cell the sentence names it by ("the CPU in the
// nginx row": the cell that says nginx), before a row header, before any
// other cell: a figure that changes with each load finds no row at replay.
func (tg Targets) cellInRow(ctx context.Context, node *dom.Node, s step.Step) (string, bool) {
	if !cellRoles[node.Role] {
		return "", false
	}
	row := node.Parent
	for row != nil && row.Role != "row" {
		row = row.Parent
	}
	if row == nil {
		return "", false
	}
	var cells []*dom.Node
	row.Walk(func(c *dom.Node) bool {
		if cellRoles[c.Role] {
			cells = append(cells, c)
			return false
		}
		return true
	})
	place := -1
	for i, c := range cells {
		if c == node {
			place = i
		}
	}
	if place < 0 {
		return "", false
	}
	want := dom.Normalize(node.TextContent())
	for _, key := range keyCells(cells, s.Action) {
		if key == node || dom.Normalize(key.Name) == "" {
			continue
		}
		has := locator.Locator{Parts: []locator.LocatorPart{{Kind: locator.PartRole, Role: key.Role, Name: key.Name, Exact: true}}}.Selector()
		sel := locator.Locator{Parts: []locator.LocatorPart{
			{Kind: locator.PartRole, Role: "row"},
			{Kind: locator.PartHas, Text: has},
			{Kind: locator.PartRole, Role: node.Role},
			{Kind: locator.PartNth, Index: sameRoleIndex(cells, place)},
		}}.Selector()
		if got, ok := tg.probe(ctx, sel, "(el) => el.textContent"); ok && dom.Normalize(got) == want {
			return sel, true
		}
	}
	return "", false
}

// keyCells are cells in the order cellInRow tries them as the row's key:
// those whose whole name the sentence says, then row headers, then the
// others, each in the row's order.
func keyCells(cells []*dom.Node, sentence string) []*dom.Node {
	spaced := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	said := func(c *dom.Node) bool {
		name := spaced(c.Name)
		return name != "" && regexp.MustCompile(`(?i)(^|[\s"'“‘])`+regexp.QuoteMeta(name)+`($|[\s"'”’,.;:!?])`).MatchString(spaced(sentence))
	}
	var out []*dom.Node
	for _, pass := range []func(*dom.Node) bool{said, func(c *dom.Node) bool { return !said(c) && c.Role == "rowheader" }, func(c *dom.Node) bool { return !said(c) && c.Role != "rowheader" }} {
		for _, c := range cells {
			if pass(c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// sameRoleIndex is the place of cells[i] among the cells of its role.
func sameRoleIndex(cells []*dom.Node, i int) int {
	n := 0
	for _, c := range cells[:i] {
		if c.Role == cells[i].Role {
			n++
		}
	}
	return n
}
