// Package fspath answers the two questions every confinement check in
// plaintest asks of a path: is it inside a folder, and where does it really
// lead once symbolic links are followed.
package fspath

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Within reports whether path is dir or below it. Both must be clean and
// absolute; symbolic links are not followed (see Resolve).
func Within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// Resolve follows the symbolic links of p: of p when it exists, else of its
// nearest existing parent, with the rest appended. A link that leads
// nowhere is an error, not a place to go through.
func Resolve(p string) (string, error) {
	var rest []string
	for cur := filepath.Clean(p); ; {
		if _, err := os.Lstat(cur); err == nil {
			real, err := filepath.EvalSymlinks(cur)
			if err != nil {
				return "", err
			}
			slices.Reverse(rest)
			return filepath.Join(append([]string{real}, rest...)...), nil
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return p, nil
		}
		rest = append(rest, filepath.Base(cur))
		cur = parent
	}
}

// WithinResolved reports whether path, once its symbolic links are followed,
// is inside dir, once its own are. A path that cannot be resolved is not.
func WithinResolved(dir, path string) bool {
	rd, err := Resolve(dir)
	if err != nil {
		return false
	}
	rp, err := Resolve(path)
	return err == nil && Within(rd, rp)
}
