package plaintest_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestDocLinks: every relative link of README.md and docs/*.md names a file
// that exists, and a #fragment a heading of that file (GitHub's anchors), so
// that moving a section or renaming a page cannot leave a dead link.
func TestDocLinks(t *testing.T) {
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append([]string{"README.md"}, pages...)
	links := 0
	for _, page := range pages {
		for _, l := range mdLinks(t, page) {
			links++
			if err := checkLink(page, l.target); err != "" {
				t.Errorf("%s:%d: link %q: %s", page, l.line, l.target, err)
			}
		}
	}
	if links == 0 {
		t.Fatal("no relative links found: the pattern no longer reads the pages")
	}
}

type mdLink struct {
	line   int
	target string
}

var linkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// mdLinks returns the relative link targets of a markdown file, outside
// fenced code blocks and inline code.
func mdLinks(t *testing.T, path string) []mdLink {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []mdLink
	fenced := false
	for i, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		for _, m := range linkRE.FindAllStringSubmatch(stripCode(line), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			out = append(out, mdLink{i + 1, target})
		}
	}
	return out
}

// stripCode blanks inline code spans, where "](" is not a link.
func stripCode(line string) string {
	parts := strings.Split(line, "`")
	for i := 1; i < len(parts); i += 2 {
		parts[i] = ""
	}
	return strings.Join(parts, "``")
}

// checkLink returns why target, a link in page, does not resolve ("" when
// it does).
func checkLink(page, target string) string {
	file, frag, _ := strings.Cut(target, "#")
	path := page
	if file != "" {
		path = filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
		if _, err := os.Stat(path); err != nil {
			return "no such file " + path
		}
	}
	if frag == "" {
		return ""
	}
	if filepath.Ext(path) != ".md" {
		return "a fragment on a file that is not markdown"
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	for _, a := range anchors(string(b)) {
		if a == frag {
			return ""
		}
	}
	return "no heading of " + path + " has the anchor #" + frag
}

// anchors gives the headings' anchors as GitHub makes them: lower case,
// punctuation dropped, spaces as hyphens, repeats numbered -1, -2, ...
func anchors(md string) []string {
	var out []string
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case unicode.IsLetter(r), unicode.IsDigit(r), r == '-', r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			out = append(out, a+"-"+strconv.Itoa(n))
		} else {
			out = append(out, a)
		}
		seen[a]++
	}
	return out
}

// TestDocsStateThePresent: the README stays a page (what it is, install,
// the two commands, a quick start, links), and the pages of figures and
// limits hold no commit hashes: a run's log and its commit belong in a
// benchmark's output and a closing note, not in docs.
func TestDocsStateThePresent(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(readme), "\n"); n > 150 {
		t.Errorf("README.md has %d lines, want at most 150: move the detail to a page of docs/", n)
	}
	hash := regexp.MustCompile(`\b[0-9a-f]{7,40}\b`)
	for _, page := range []string{"docs/figures.md", "docs/limits.md", "README.md"} {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			for _, m := range hash.FindAllString(line, -1) {
				if strings.ContainsAny(m, "abcdef") && strings.ContainsAny(m, "0123456789") {
					t.Errorf("%s:%d: %q reads as a commit hash: docs state the present", page, i+1, m)
				}
			}
		}
	}
}
