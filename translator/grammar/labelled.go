package grammar

// A value the page shows beside its label: "verify the total is $24.00"
// where the page says "Total: $24.00".

import (
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator/names"
)

// reLabelIs reads "the total is $24.00", "the order status is Shipped",
// "your balance equals 0": a label (one to four words) and its value.
var reLabelIs = regexp.MustCompile(`(?i)^(?:the |your |my |our )?((?:\S+ ){0,3}\S+) (?:is|are|equals|comes to|reads) (\S.*)$`)

// readLabelled reads a sentence that gives the value of a label the page
// shows ("the total is $24.00"): a check that the one element whose text
// starts with that label and a colon ("Total: $24.00"), or the one row of
// two cells whose first is the label, shows the value. ok is false when the
// sentence is not of that form or the page has no such element, or more
// than one: the other readings of the sentence stand then (the whole
// sentence as text).
func readLabelled(page *dom.Node, body string) (st step.Step, ok bool) {
	m := submatchOutsideQuotes(reLabelIs, body)
	if m == nil || page == nil {
		return step.Step{}, false
	}
	label := commandgen.NormText(names.Unquote(m[1]))
	value, err := expectedText(m[2])
	if label == "" || value == "" || err != nil { // the other readings say why
		return step.Step{}, false
	}
	n := labelHolder(page, label)
	if n == nil {
		return step.Step{}, false
	}
	return step.Step{Kind: step.AssertText, Role: n.Role, Ref: n.Ref, Element: names.DescribeContainer(page, n), Value: value}, true
}

// labelHolder is the one element of page that shows label as a label: the
// innermost element whose text starts with it and a colon, more after it
// ("Total: $24.00", "Order status: Shipped"), or the row of two cells
// whose first is it. nil for none, or for several.
func labelHolder(page *dom.Node, label string) *dom.Node {
	starts := regexp.MustCompile(`^` + regexp.QuoteMeta(label) + `\s*:\s*\S`)
	found := dom.Innermost(page,
		func(n *dom.Node) bool { return strings.Contains(commandgen.NormText(n.TextContent()), label) },
		func(n *dom.Node) bool {
			return n.Ref != "" && (starts.MatchString(commandgen.NormText(n.TextContent())) || n.Role == "row" && firstCellIs(n, label))
		})
	if len(found) != 1 {
		return nil
	}
	return found[0]
}

// firstCellIs reports whether row is a label's row: two cells, the first
// (or its row header) reading label ("Tax | $1.20" in an order summary),
// not a row of many columns that starts with an item's name.
func firstCellIs(row *dom.Node, label string) bool {
	var cells []*dom.Node
	for _, c := range row.Children {
		switch c.Role {
		case "cell", "gridcell", "rowheader", "columnheader":
			cells = append(cells, c)
		}
	}
	return len(cells) == 2 && strings.TrimRight(commandgen.NormText(cells[0].TextContent()), ": ") == label
}
