package pwspec

import "strings"

// Our own implementation of the document-printing algorithm that Prettier
// uses (Wadler's "prettier printer": groups that break when they do not
// fit): the spec is built as the documents Prettier builds for the same
// code (js.go), and printed 80 columns wide, indented by two spaces, so
// that the file is what Prettier would leave (prettier --check confirms
// it in the tests).

type doc any // string, []doc, *group, indentDoc, lineDoc, ifBreak, breakParent

type group struct {
	contents doc
	brk      bool
	states   []doc // a conditional group: contents is states[0]
}

type indentDoc struct{ contents doc }

type lineDoc struct{ soft, hard bool }

type ifBreak struct{ brk, flat doc }

type breakParent struct{}

var (
	line     = lineDoc{}
	softline = lineDoc{soft: true}
	hardline = []doc{lineDoc{hard: true}, breakParent{}}
)

func grp(d ...doc) *group          { return &group{contents: d} }
func brokenGrp(d ...doc) *group    { return &group{contents: d, brk: true} }
func indent(d ...doc) indentDoc    { return indentDoc{contents: d} }
func conditional(s ...doc) *group  { return &group{contents: s[0], states: s} }
func join(sep doc, ds []doc) []doc { return joinDocs(sep, ds) }

func joinDocs(sep doc, ds []doc) []doc {
	out := make([]doc, 0, 2*len(ds))
	for i, d := range ds {
		if i > 0 {
			out = append(out, sep)
		}
		out = append(out, d)
	}
	return out
}

// propagateBreaks marks every group holding a hard line as broken, as
// Prettier does: not a conditional group, which chooses for itself.
func propagateBreaks(d doc) bool {
	switch x := d.(type) {
	case []doc:
		b := false
		for _, c := range x {
			if propagateBreaks(c) {
				b = true
			}
		}
		return b
	case *group:
		if x.states != nil {
			for _, s := range x.states {
				propagateBreaks(s)
			}
			return x.brk
		}
		if propagateBreaks(x.contents) {
			x.brk = true
		}
		return x.brk
	case indentDoc:
		return propagateBreaks(x.contents)
	case ifBreak:
		a, b := propagateBreaks(x.brk), propagateBreaks(x.flat)
		return a || b
	case breakParent:
		return true
	}
	return false
}

// willBreak reports whether d holds a broken group or a hard line.
func willBreak(d doc) bool {
	switch x := d.(type) {
	case []doc:
		for _, c := range x {
			if willBreak(c) {
				return true
			}
		}
	case *group:
		return x.brk || willBreak(x.contents)
	case indentDoc:
		return willBreak(x.contents)
	case ifBreak:
		return willBreak(x.brk) || willBreak(x.flat)
	case lineDoc:
		return x.hard
	case breakParent:
		return true
	}
	return false
}

const (
	width   = 80
	flat    = false
	breakOn = true
)

type cmd struct {
	ind  int
	mode bool // breakOn or flat
	d    doc
}

// printDoc lays d out as Prettier's printDocToString does.
func printDoc(d doc) string {
	propagateBreaks(d)
	var out strings.Builder
	pos := 0
	cmds := []cmd{{0, breakOn, d}}
	remeasure := false
	for len(cmds) > 0 {
		c := cmds[len(cmds)-1]
		cmds = cmds[:len(cmds)-1]
		switch x := c.d.(type) {
		case string:
			out.WriteString(x)
			pos += strWidth(x)
		case []doc:
			for i := len(x) - 1; i >= 0; i-- {
				cmds = append(cmds, cmd{c.ind, c.mode, x[i]})
			}
		case indentDoc:
			cmds = append(cmds, cmd{c.ind + 2, c.mode, x.contents})
		case ifBreak:
			if c.mode == breakOn {
				if x.brk != nil {
					cmds = append(cmds, cmd{c.ind, c.mode, x.brk})
				}
			} else if x.flat != nil {
				cmds = append(cmds, cmd{c.ind, c.mode, x.flat})
			}
		case breakParent:
		case *group:
			if c.mode == flat && !remeasure {
				m := flat
				if x.brk {
					m = breakOn
				}
				cmds = append(cmds, cmd{c.ind, m, x.contents})
				break
			}
			remeasure = false
			next := cmd{c.ind, flat, x.contents}
			rem := width - pos
			switch {
			case !x.brk && fits(next, cmds, rem):
				cmds = append(cmds, next)
			case x.states != nil && x.brk:
				cmds = append(cmds, cmd{c.ind, breakOn, x.states[len(x.states)-1]})
			case x.states != nil:
				chosen := false
				for i := 1; i < len(x.states); i++ {
					s := cmd{c.ind, flat, x.states[i]}
					if fits(s, cmds, rem) {
						cmds = append(cmds, s)
						chosen = true
						break
					}
				}
				if !chosen {
					cmds = append(cmds, cmd{c.ind, breakOn, x.states[len(x.states)-1]})
				}
			default:
				cmds = append(cmds, cmd{c.ind, breakOn, x.contents})
			}
		case lineDoc:
			if c.mode == flat && !x.hard {
				if !x.soft {
					out.WriteString(" ")
					pos++
				}
				break
			}
			if c.mode == flat {
				remeasure = true
			}
			s := strings.TrimRight(out.String(), " \t")
			out.Reset()
			out.WriteString(s)
			out.WriteString("\n" + strings.Repeat(" ", c.ind))
			pos = c.ind
		}
	}
	return out.String()
}

// fits reports whether next, then the rest (in their modes), fits in w
// columns up to the first line break.
func fits(next cmd, rest []cmd, w int) bool {
	restIdx := len(rest)
	stack := []cmd{next}
	for w >= 0 {
		if len(stack) == 0 {
			if restIdx == 0 {
				return true
			}
			restIdx--
			stack = append(stack, rest[restIdx])
			continue
		}
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x := c.d.(type) {
		case string:
			w -= strWidth(x)
		case []doc:
			for i := len(x) - 1; i >= 0; i-- {
				stack = append(stack, cmd{c.ind, c.mode, x[i]})
			}
		case indentDoc:
			stack = append(stack, cmd{c.ind, c.mode, x.contents})
		case *group:
			m := c.mode
			if x.brk {
				m = breakOn
			}
			contents := x.contents
			if x.states != nil && m == breakOn {
				contents = x.states[len(x.states)-1]
			}
			stack = append(stack, cmd{c.ind, m, contents})
		case ifBreak:
			d := x.flat
			if c.mode == breakOn {
				d = x.brk
			}
			if d != nil {
				stack = append(stack, cmd{c.ind, c.mode, d})
			}
		case lineDoc:
			if c.mode == breakOn || x.hard {
				return true
			}
			if !x.soft {
				w--
			}
		}
	}
	return false
}

// strWidth is the width of s as Prettier's getStringWidth counts it: wide
// East Asian characters take two columns.
func strWidth(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r < 0x1100:
			n++
		case r <= 0x115F, r >= 0x2E80 && r <= 0xA4CF && r != 0x303F, r >= 0xAC00 && r <= 0xD7A3,
			r >= 0xF900 && r <= 0xFAFF, r >= 0xFE30 && r <= 0xFE4F, r >= 0xFF00 && r <= 0xFF60,
			r >= 0xFFE0 && r <= 0xFFE6, r >= 0x1F300 && r <= 0x1F64F, r >= 0x1F900 && r <= 0x1F9FF, r >= 0x20000 && r <= 0x3FFFD:
			n += 2
		default:
			n++
		}
	}
	return n
}
