package mcpclient

import (
	"strings"
)

// Section headings of Playwright MCP's markdown results (REFERENCE.md §2).
const (
	sectionCode     = "Ran Playwright code"
	sectionPage     = "Page"
	sectionSnapshot = "Snapshot"
	sectionResult   = "Result"
	sectionError    = "Error"
	sectionEvents   = "Events"
	sectionModal    = "Modal state"
	sectionTabs     = "Open tabs"
)

// ParseText reads the markdown that Playwright MCP returns from a tool call
// and fills the sections it finds: Code (the fenced block under "### Ran
// Playwright code"), PageURL and PageTitle ("- Page URL:" and "- Page
// Title:" under "### Page"), Snapshot (the fenced YAML under "### Snapshot"),
// or SnapshotFile (the link to a .yml file that replaces the inline
// snapshot after actions), Value ("### Result"), Error ("### Error", with
// terminal colour codes removed), Events ("### Events"), Modal ("### Modal
// state": a dialog or file chooser an action opened) and Tabs ("### Open
// tabs", when there are several).
// Text is set to text itself. Text without those headings gives a Result
// with only Text set; the first of two sections with the same heading wins.
//
// Lines starting with "### " inside a fenced block belong to the block, so a
// snapshot or a value quoting markdown cannot start a section of its own.
func ParseText(text string) Result {
	r := Result{Text: text}
	for _, s := range splitSections(strings.ReplaceAll(text, "\r\n", "\n")) {
		switch s.heading {
		case sectionCode:
			setOnce(&r.Code, unfence(s.body))
		case sectionPage:
			for _, line := range strings.Split(s.body, "\n") {
				if v, ok := strings.CutPrefix(line, "- Page URL:"); ok {
					setOnce(&r.PageURL, strings.TrimSpace(v))
				} else if v, ok := strings.CutPrefix(line, "- Page Title:"); ok {
					setOnce(&r.PageTitle, strings.TrimSpace(v))
				}
			}
		case sectionSnapshot:
			// Inline snapshots are fenced; after an action Playwright MCP
			// returns only a link to a .yml file, which is not a snapshot.
			if body, ok := fenced(s.body); ok {
				setOnce(&r.Snapshot, body)
			} else {
				setOnce(&r.SnapshotFile, linkTarget(s.body))
			}
		case sectionResult:
			setOnce(&r.Value, unfence(s.body))
		case sectionError:
			setOnce(&r.Error, stripANSI(strings.TrimSpace(s.body)))
		case sectionEvents:
			setOnce(&r.Events, strings.TrimSpace(s.body))
		case sectionModal:
			setOnce(&r.Modal, strings.TrimSpace(s.body))
		case sectionTabs:
			setOnce(&r.Tabs, strings.TrimSpace(s.body))
		}
	}
	return r
}

func setOnce(dst *string, v string) {
	if *dst == "" {
		*dst = v
	}
}

type section struct {
	heading string
	body    string
}

// splitSections cuts text at lines "### Heading" that are outside fenced
// blocks. Text before the first heading is dropped (it is still in
// Result.Text).
func splitSections(text string) []section {
	var (
		out     []section
		cur     *section
		body    strings.Builder
		fence   string // the opening fence while inside a block
		flushed = func() {
			if cur != nil {
				cur.body = body.String()
				out = append(out, *cur)
			}
			body.Reset()
		}
	)
	for _, line := range strings.SplitAfter(text, "\n") {
		bare := strings.TrimRight(line, "\n")
		if fence != "" {
			if closesFence(bare, fence) {
				fence = ""
			}
		} else if f := openingFence(bare); f != "" {
			fence = f
		} else if h, ok := strings.CutPrefix(bare, "### "); ok {
			flushed()
			cur = &section{heading: strings.TrimSpace(h)}
			continue
		}
		if cur != nil {
			body.WriteString(line)
		}
	}
	flushed()
	return out
}

// openingFence returns the run of backticks (three or more) that opens a
// fenced block on line, or "".
func openingFence(line string) string {
	n := 0
	for n < len(line) && line[n] == '`' {
		n++
	}
	if n < 3 {
		return ""
	}
	return line[:n]
}

// closesFence reports whether line closes a block opened by fence: a run of
// at least as many backticks and nothing else but spaces.
func closesFence(line, fence string) bool {
	line = strings.TrimRight(line, " \t")
	return len(line) >= len(fence) && strings.Trim(line, "`") == ""
}

// fenced returns the content of the first fenced block in body, without the
// fence lines, and whether there was one. An unclosed block runs to the end.
func fenced(body string) (string, bool) {
	var (
		b     strings.Builder
		fence string
	)
	for _, line := range strings.SplitAfter(body, "\n") {
		bare := strings.TrimRight(line, "\n")
		if fence == "" {
			fence = openingFence(bare)
			continue
		}
		if closesFence(bare, fence) {
			return strings.TrimRight(b.String(), "\n"), true
		}
		b.WriteString(line)
	}
	if fence == "" {
		return "", false
	}
	return strings.TrimRight(b.String(), "\n"), true
}

// unfence returns the fenced block of body when there is one, else body
// trimmed.
func unfence(body string) string {
	if s, ok := fenced(body); ok {
		return s
	}
	return strings.TrimSpace(body)
}

// linkTarget returns the target of the first markdown link "[text](target)"
// in s, or "".
func linkTarget(s string) string {
	i := strings.Index(s, "](")
	if i < 0 {
		return ""
	}
	rest := s[i+2:]
	j := strings.IndexByte(rest, ')')
	if j < 0 || strings.ContainsAny(rest[:j], "\n") {
		return ""
	}
	return rest[:j]
}

// stripANSI removes terminal escape sequences (ESC [ ... letter), which
// Playwright leaves in its call logs.
func stripANSI(s string) string {
	if !strings.Contains(s, "\x1b[") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j // skip the final byte too
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
