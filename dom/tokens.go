package dom

import (
	"strings"

	"github.com/plaintest/plaintest/internal/tokens"
)

// tally counts the tokens of trees as Serialize writes them, in one
// encoding. It remembers the count of every line it met: the cut tries
// many trees that share most of their lines, and counts each line once.
type tally struct {
	count *tokens.Counter
	lines *tokens.Lines
	buf   []string
	// estimate, when set, counts instead: the old estimate, for the
	// benchmarks that compare with it.
	estimate func(string) int
}

func newTally(c *tokens.Counter) *tally {
	if c == nil {
		c = tokens.Default()
	}
	return &tally{count: c, lines: c.Lines()}
}

// tree returns the tokens of Serialize(n): exactly its count, from the
// counts of its lines.
func (t *tally) tree(n *Node) int {
	if t.estimate != nil {
		return t.estimate(Serialize(n))
	}
	t.buf = appendLines(t.buf[:0], n)
	return t.lines.Count(t.buf)
}

// fits reports whether Serialize(n) is within budget tokens.
func (t *tally) fits(n *Node, budget int) bool { return t.tree(n) <= budget }

// line returns the tokens of one line.
func (t *tally) line(s string) int {
	if t.estimate != nil {
		return t.estimate(s)
	}
	return t.count.Count(s)
}

// appendLines appends the lines Serialize writes of n, without their line
// breaks.
func appendLines(lines []string, n *Node) []string {
	if n == nil {
		return lines
	}
	var b strings.Builder
	each(n, func(m *Node, depth int) {
		b.Reset()
		for range depth {
			b.WriteByte(' ')
		}
		writeLine(&b, m)
		lines = append(lines, b.String())
	})
	return lines
}

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
