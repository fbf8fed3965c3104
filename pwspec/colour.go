package pwspec

// The spec's reading of a colour check: the families of the colours the
// check reads, with the check's own helpers (commandgen/colours.js, the
// one place that tells a colour's family), polled until one is the colour
// the sentence names (toContain) or, negated, none is.

import (
	"strings"

	"github.com/plaintest/plaintest/commandgen"
)

// coloursOfJS is the helper of a colour check: the families of the
// element's colours a person sees, as the check reads them (coloursSeen:
// with "text" its text's, with "background" the one behind it, else its
// text's and its own background's). It is left as Go writes it, each
// declaration as the page runs it, under prettier-ignore.
func coloursOfJS() string {
	var b strings.Builder
	b.WriteString(`// The families of the colours a person sees the element in ("red",
// "grey"), as plaintest's colour checks read them from its computed
// style: with "text" its text's, with "background" the colour behind it
// (its own background, else its ancestors'), else its text's and its own
// background's.
// prettier-ignore
const coloursOf = (el: any, how: string) => {
`)
	for _, d := range commandgen.ColourHelperDecls() {
		b.WriteString("  " + d + "\n")
	}
	b.WriteString("  return coloursSeen(el, how).map((c: any) => c.family);\n};\n")
	return b.String()
}

func init() { helperJS["coloursOf"] = coloursOfJS() }
