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
	if i := indexFence(s, start); i >= 0 {
		body := s[i:]
		body = body[strings.IndexByte(body, '\n')+1:]
		if j := closingFence(body); j >= 0 {
			return body[:j], nil
		}
		return body, nil
	}
	if looksLikeMarkdown(s) {
		return "", ErrNoSnapshot
	}
	return s, nil
}

// indexFence finds a line starting with ```yaml (or a bare ``` right after the
// snapshot heading) at or after from, returning its offset or -1.
func indexFence(s string, from int) int {
	for off := from; off < len(s); {
		end := strings.IndexByte(s[off:], '\n')
		line := s[off:]
		if end >= 0 {
			line = s[off : off+end]
		}
		t := strings.TrimSpace(line)
		if t == "```yaml" || t == "```yml" {
			return off
		}
		if end < 0 {
			break
		}
		off += end + 1
	}
	return -1
}

// closingFence finds the line "```" in body and returns its offset, or -1.
func closingFence(body string) int {
	for off := 0; off < len(body); {
		end := strings.IndexByte(body[off:], '\n')
		line := body[off:]
		if end >= 0 {
			line = body[off : off+end]
		}
		if strings.TrimSpace(line) == "```" {
			return off
		}
		if end < 0 {
			break
		}
		off += end + 1
	}
	return -1
}

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
