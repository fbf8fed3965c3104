// Package navrule decides which URLs a scenario may open in the browser and
// which pages the browser may be left showing. A scenario is data written by
// someone else; the page it opens becomes text a later step can read and
// send away. So the rule is decided on what the browser will load, not on a
// URL's first scheme: "view-source:file:///etc/passwd" is a file read as
// surely as "file:///etc/passwd" is.
//
// A step may open http:, https:, data:, blob: (of a web origin),
// about:blank, and a string with no scheme, which @playwright/mcp opens as
// https:// (and the built-in server refuses). A file: URL opens only inside one of Rule.FileRoots
// (plaintest's --allow-file-urls), once symbolic links are followed, and
// never a dot-file or a file in a dot-folder below the root (.git/config,
// where a CI checkout may keep its token; .env), as written or as
// resolved: the root itself may be a dot-folder, named by the user. Any
// other scheme (view-source:, javascript:, chrome:, devtools:,
// filesystem:, ...) is refused, in any case and with any of the control
// characters, tabs, newlines or backslashes a browser's URL parser drops or
// reads as slashes.
//
// Loaded is the same rule for a page the browser already shows, which may
// have got there on its own (a redirect, a script, a meta refresh, a
// popup): the browser servers ask it of every frame after each tool call,
// and close the page on a refusal before anything reads it.
//
// The rule is written twice: here, and in guard.cjs, which runs inside
// @playwright/mcp. TestGuardAgrees holds the two to the same answers.
package navrule

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/plaintest/plaintest/internal/fspath"
)

// Marker begins every refusal's message, so that a refusal reported by a
// server process (guard.cjs) is known for one.
const Marker = "plaintest refused"

// ErrRefused is what every refusal wraps.
var ErrRefused = errors.New("navigation refused")

// Error is a refused URL and why.
type Error struct {
	URL    string
	Reason string
}

func (e *Error) Error() string { return fmt.Sprintf("%s %q: %s", Marker, e.URL, e.Reason) }

// Is makes errors.Is(err, ErrRefused) true.
func (e *Error) Is(target error) bool { return target == ErrRefused }

// Rule is what the browser may open.
type Rule struct {
	// FileRoots are the folders (absolute, as Root returns them) whose
	// files file: URLs may open, dot-files and dot-folders below them left
	// out. None: no file: URL opens.
	FileRoots []string
}

// Root makes dir a FileRoots entry: absolute, symbolic links followed.
func Root(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return fspath.Resolve(abs)
}

// Open reports whether a step may ask the browser to open raw: nil, or an
// *Error.
func (r Rule) Open(raw string) error { return r.check(raw, false) }

// Loaded reports whether the browser may be left showing raw, the URL of a
// page or frame it has loaded: Open's rule, and also the pages a browser
// shows on its own (about:srcdoc, its error page, a frame not yet loaded).
func (r Rule) Loaded(raw string) error { return r.check(raw, true) }

func (r Rule) check(raw string, loaded bool) error {
	u := Normalize(raw)
	if loaded && (u == "" || u == "about:srcdoc" || strings.HasPrefix(u, "chrome-error://chromewebdata/")) {
		return nil
	}
	refuse := func(format string, args ...any) error {
		return &Error{URL: raw, Reason: fmt.Sprintf(format, args...)}
	}
	scheme := Scheme(u)
	switch scheme {
	case "http", "https", "data":
		return nil
	case "about":
		if u == "about:blank" {
			return nil
		}
		return refuse("only about:blank opens among about: pages")
	case "blob":
		inner := u[len("blob:"):]
		switch Scheme(inner) {
		case "http", "https":
			return nil
		case "file":
			if err := r.check(inner, loaded); err != nil {
				return refuse("a blob of a local file's page: %s", err.(*Error).Reason)
			}
			return nil
		}
		if inner == "null" || strings.HasPrefix(inner, "null/") {
			return nil
		}
		return refuse("a blob: URL opens only for a web page's blob")
	case "file":
		p, err := FilePath(u)
		if err != nil {
			return refuse("%v", err)
		}
		if len(r.FileRoots) == 0 {
			return refuse("local files open only with --allow-file-urls")
		}
		hidden := ""
		for _, root := range r.FileRoots {
			switch in, dot := withinShown(root, p); {
			case in && dot == "":
				return nil
			case in && hidden == "":
				hidden = dot
			}
		}
		if hidden != "" {
			return refuse("%s is in %s, a dot-file or dot-folder: --allow-file-urls opens none (.git, .env, ...); name such a folder itself with --allow-file-urls=DIR", p, hidden)
		}
		return refuse("%s is outside the folders --allow-file-urls opens (%s)", p, strings.Join(r.FileRoots, ", "))
	case "":
		// No scheme: @playwright/mcp opens it as https://, as a web page
		// (Sandy's v1.1 "back" is one); the built-in server refuses it.
		return nil
	}
	if strings.Contains(u, "file:") {
		return refuse("%s: pages around a local file never open", scheme)
	}
	return refuse("%s: URLs never open in a scenario; only http:, https:, data:, blob:, about:blank and, with --allow-file-urls, file:", scheme)
}

// withinShown reports whether p, once symbolic links are followed, is
// inside root, once its own are; and, when it is, the first part of its
// path below root whose name starts with a dot ("" when none): as written
// (below root, when p is written inside it), or as resolved. A dot-folder
// (.git, .ssh) or dot-file (.env) holds what a checkout keeps out of
// sight (a CI token in .git/config), never a page to test; the root
// itself may be one, named by the user. A path that cannot be resolved is
// not inside.
func withinShown(root, p string) (bool, string) {
	rr, err := fspath.Resolve(root)
	if err != nil {
		return false, ""
	}
	rp, err := fspath.Resolve(p)
	if err != nil || !fspath.Within(rr, rp) {
		return false, ""
	}
	if fspath.Within(root, p) {
		if dot := dotPart(root, p); dot != "" {
			return true, dot
		}
	}
	return true, dotPart(rr, rp)
}

// dotPart is the first part of p below dir (p inside dir) whose name
// starts with a dot, "" when none.
func dotPart(dir, p string) string {
	rel, err := filepath.Rel(dir, p)
	if err != nil || rel == "." {
		return ""
	}
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		if strings.HasPrefix(part, ".") {
			return part
		}
	}
	return ""
}

// Normalize reads raw as a browser's URL parser does before it looks at the
// scheme: leading and trailing control characters and spaces go, tabs and
// newlines anywhere go, the scheme is lower-cased and backslashes are
// slashes.
func Normalize(raw string) string {
	s := strings.TrimFunc(raw, func(r rune) bool { return r <= ' ' })
	s = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, s)
	if sc := Scheme(s); sc != "" {
		s = sc + s[len(sc):]
	}
	return strings.ReplaceAll(s, `\`, "/")
}

// Scheme is the lower-cased scheme of s ("" when s has none): a letter,
// then letters, digits, "+", "-" or ".", before a colon.
func Scheme(s string) string {
	for i, c := range s {
		switch {
		case c == ':' && i > 0:
			return strings.ToLower(s[:i])
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return ""
		}
	}
	return ""
}

// FilePath is the local path a file: URL names, with its escapes decoded
// and its dot segments (escaped ones too) resolved.
func FilePath(fileURL string) (string, error) {
	u, err := url.Parse(Normalize(fileURL))
	if err != nil {
		return "", fmt.Errorf("not a URL: %v", err)
	}
	if u.Host != "" && !strings.EqualFold(u.Host, "localhost") {
		return "", fmt.Errorf("a file on host %q", u.Host)
	}
	p := u.Path
	if u.Opaque != "" { // file:etc/passwd
		if p, err = url.PathUnescape(u.Opaque); err != nil {
			return "", err
		}
	}
	if strings.ContainsRune(p, 0) {
		return "", errors.New("a NUL byte in the path")
	}
	return filepath.Clean("/" + p), nil
}
