package dom

import "strings"

// extractYAML returns the YAML part of s: the ```yaml block under
// "### Snapshot" (or the first ```yaml block) when s is markdown, else s.
func extractYAML(s string) (string, error) {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	start := 0
	if i := strings.Index(s, "### Snapshot"); i >= 0 {
		start = i
	}
	if i := indexLine(s, start, isYAMLFence); i >= 0 {
		body := s[i:]
		body = body[strings.IndexByte(body, '\n')+1:]
		if j := indexLine(body, 0, isClosingFence); j >= 0 {
			return body[:j], nil
		}
		return body, nil
	}
	if looksLikeMarkdown(s) {
		return "", ErrNoSnapshot
	}
	return s, nil
}

// indexLine returns the offset in s of the first line at or after from
// whose text, spaces trimmed, satisfies match; -1 when there is none.
func indexLine(s string, from int, match func(line string) bool) int {
	for off := from; off < len(s); {
		end := strings.IndexByte(s[off:], '\n')
		line := s[off:]
		if end >= 0 {
			line = s[off : off+end]
		}
		if match(strings.TrimSpace(line)) {
			return off
		}
		if end < 0 {
			break
		}
		off += end + 1
	}
	return -1
}

func isYAMLFence(line string) bool    { return line == "```yaml" || line == "```yml" }
func isClosingFence(line string) bool { return line == "```" }

// looksLikeMarkdown reports whether s is a tool result rather than YAML: its
// first non-blank line is a markdown heading.
func looksLikeMarkdown(s string) bool {
	for _, line := range strings.Split(s, "\n") {
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		return strings.HasPrefix(t, "#")
	}
	return false
}
