package sandy

// Problems: what is wrong with a scenario, collected, capped and ordered.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Problem is one thing wrong with a scenario: where (a JSON path such as
// "steps[3].on_error", "metadata.name" or "variables.X"; "" for the whole
// file) and what.
type Problem struct {
	Path string
	Msg  string
}

func (p Problem) String() string {
	if p.Path == "" {
		return p.Msg
	}
	return p.Path + ": " + p.Msg
}

// ValidationError lists every problem found in a scenario. It wraps ErrInvalid.
type ValidationError struct {
	File     string
	Problems []Problem
	// Truncated says there were more problems than the maxProblems
	// (1000) listed.
	Truncated bool
}

// Error gives one "file: path: msg" line per problem.
func (e *ValidationError) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteByte('\n')
		}
		if e.File != "" {
			b.WriteString(e.File + ": ")
		}
		b.WriteString(p.String())
	}
	if e.Truncated {
		b.WriteByte('\n')
		if e.File != "" {
			b.WriteString(e.File + ": ")
		}
		b.WriteString(e.MoreLine())
	}
	return b.String()
}

// Unwrap returns ErrInvalid.
func (e *ValidationError) Unwrap() error { return ErrInvalid }

// MoreLine says that problems past the listed ones were not listed, ""
// when there were none.
func (e *ValidationError) MoreLine() string {
	if !e.Truncated {
		return ""
	}
	return fmt.Sprintf("and more problems, not listed (the first %d are)", maxProblems)
}

// problems collects problems, each once, up to maxProblems, and notes
// whether there were more.
type problems struct {
	ps        []Problem
	seen      map[Problem]bool
	truncated bool
}

// full reports whether the list is full: a caller with a problem to add
// may skip writing it.
func (c *problems) full() bool {
	if len(c.ps) >= maxProblems {
		c.truncated = true
		return true
	}
	return false
}

// add adds the problem at path that format and args say. Past the cap it
// only notes there was one, unwritten: a file can hold a million.
func (c *problems) add(path, format string, args ...any) {
	if c.full() {
		return
	}
	p := Problem{Path: path, Msg: fmt.Sprintf(format, args...)}
	if c.seen[p] {
		return
	}
	if c.seen == nil {
		c.seen = map[Problem]bool{}
	}
	c.seen[p] = true
	c.ps = append(c.ps, p)
}

// sortProblems orders problems by the step they are about (file-level
// problems first), keeping the order within a step, and drops duplicates.
func sortProblems(ps []Problem) []Problem {
	seen := map[Problem]bool{}
	out := ps[:0]
	for _, p := range ps {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return stepIndex(out[a].Path) < stepIndex(out[b].Path) })
	return out
}

// stepIndex is N for a path starting "steps[N]", -1 otherwise.
func stepIndex(path string) int {
	rest, ok := strings.CutPrefix(path, "steps[")
	if !ok {
		return -1
	}
	end := strings.IndexByte(rest, ']')
	if end < 0 {
		return -1
	}
	n, err := strconv.Atoi(rest[:end])
	if err != nil {
		return -1
	}
	return n
}
