package fspath

// A folder plaintest reads and writes files in: the one the user named, not
// the one a symbolic link in a checkout leads to.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrLinked is wrapped by every *LinkError.
var ErrLinked = errors.New("reached through a symbolic link")

// ErrMoved is wrapped when a folder's path no longer leads to the folder
// that was opened: something replaced it, or a part of its path, meanwhile.
var ErrMoved = errors.New("no longer the folder that was opened")

// LinkError is a folder whose path holds a symbolic link where none may
// be: a checkout may commit one, and the folder would be wherever it says.
type LinkError struct {
	Folder string // the folder, absolute, as named
	Link   string // the part of its path that is a symbolic link: Folder or a parent
	Target string // what the link says, as written in it
}

func (e *LinkError) Error() string {
	if e.Link == e.Folder {
		return fmt.Sprintf("%s is a symbolic link to %s", e.Folder, e.Target)
	}
	return fmt.Sprintf("%s is reached through %s, a symbolic link to %s", e.Folder, e.Link, e.Target)
}

// Unwrap returns ErrLinked.
func (e *LinkError) Unwrap() error { return ErrLinked }

// isLink reports whether fi is a symbolic link, or another file that
// leads elsewhere: a Windows mount point (junction), which Lstat reports
// as irregular.
func isLink(fi fs.FileInfo) bool {
	return fi.Mode()&(fs.ModeSymlink|fs.ModeIrregular) != 0
}

// linkTarget is what Readlink read, or a word for a link it cannot read.
func linkTarget(target string, err error) string {
	if err != nil {
		return "a place it does not say"
	}
	return target
}

// below splits dir, which must be base or a folder below it (both
// absolute), into its parts below base.
func below(base, dir string) ([]string, error) {
	rel, err := filepath.Rel(base, dir)
	if err != nil || !filepath.IsLocal(rel) {
		return nil, fmt.Errorf("%s is not inside %s", dir, base)
	}
	if rel == "." {
		return nil, nil
	}
	return strings.Split(rel, string(filepath.Separator)), nil
}

// Unlinked returns a *LinkError when dir, or one of its parents below
// base, is a symbolic link. base is where the user stands (the working
// directory): it and the folders above it are theirs, and are not looked
// at. A part that does not exist is no link, and the parts below it are
// not looked at either. dir must be base or below it (both absolute).
func Unlinked(base, dir string) error {
	parts, err := below(base, dir)
	if err != nil {
		return err
	}
	cur := filepath.Clean(base)
	for _, part := range parts {
		cur = filepath.Join(cur, part)
		fi, err := os.Lstat(cur)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if isLink(fi) {
			return &LinkError{Folder: dir, Link: cur, Target: linkTarget(os.Readlink(cur))}
		}
	}
	return nil
}

// Folder is a folder fixed for the time it is used: what its path led to
// when it was opened, held open (Root), and checked again before each use
// (Check).
type Folder struct {
	// Path is the folder as named, absolute.
	Path string
	// base, when not "", is where the user stood: no part of Path below
	// it may be a symbolic link.
	base string
	root *os.Root
	info fs.FileInfo
}

// Open opens the folder at path (absolute), making it and its missing
// parents first.
//
// With base "", the folder is one the user named: its path is followed
// through any symbolic link, as named. With base (absolute: the working
// directory), the folder is a default below it, and no part of its path
// below base may be a symbolic link (a *LinkError names the first): each
// part is looked at (Lstat), made when missing, opened, and what was
// opened must be what was looked at, so that a part replaced by a link
// between the two is refused too.
func Open(base, path string) (*Folder, error) {
	f := &Folder{Path: path, base: base}
	var err error
	if base == "" {
		if err = os.MkdirAll(path, 0o755); err == nil {
			f.root, err = os.OpenRoot(path)
		}
	} else {
		f.root, err = openUnlinked(base, path)
	}
	if err != nil {
		return nil, err
	}
	if f.info, err = f.root.Stat("."); err != nil {
		f.root.Close()
		return nil, err
	}
	return f, nil
}

// openUnlinked opens path below base one part at a time (see Open).
func openUnlinked(base, path string) (*os.Root, error) {
	parts, err := below(base, path)
	if err != nil {
		return nil, err
	}
	r, err := os.OpenRoot(base)
	if err != nil {
		return nil, err
	}
	cur := filepath.Clean(base)
	for _, part := range parts {
		cur = filepath.Join(cur, part)
		sub, err := openPart(r, part, cur, path)
		r.Close()
		if err != nil {
			return nil, err
		}
		r = sub
	}
	return r, nil
}

// openPart opens the folder part inside r (cur is its path, folder the
// whole folder's, for messages), making it when missing: never through a
// symbolic link.
func openPart(r *os.Root, part, cur, folder string) (*os.Root, error) {
	fi, err := r.Lstat(part)
	if errors.Is(err, fs.ErrNotExist) {
		if err := r.Mkdir(part, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		fi, err = r.Lstat(part)
	}
	switch {
	case err != nil:
		return nil, err
	case isLink(fi):
		return nil, &LinkError{Folder: folder, Link: cur, Target: linkTarget(r.Readlink(part))}
	case !fi.IsDir():
		return nil, fmt.Errorf("%s is not a folder", cur)
	}
	sub, err := r.OpenRoot(part)
	if err != nil {
		return nil, err
	}
	if opened, err := sub.Stat("."); err != nil || !os.SameFile(fi, opened) {
		sub.Close()
		return nil, fmt.Errorf("%s: %w (it changed as it was opened)", cur, ErrMoved)
	}
	return sub, nil
}

// Root is the folder as opened: what is read and written through it stays
// in that folder, whatever its path leads to later.
func (f *Folder) Root() *os.Root { return f.root }

// Check reports whether Path still leads to the folder that was opened
// (an error wrapping ErrMoved if not) and, for a default folder, through
// no symbolic link (a *LinkError).
func (f *Folder) Check() error {
	if f.base != "" {
		if err := Unlinked(f.base, f.Path); err != nil {
			return err
		}
	}
	fi, err := os.Stat(f.Path)
	if err != nil || !os.SameFile(fi, f.info) {
		return fmt.Errorf("%s: %w", f.Path, ErrMoved)
	}
	return nil
}

// Real is the folder's path with its symbolic links followed, as it was
// checked (Check) now.
func (f *Folder) Real() (string, error) {
	if err := f.Check(); err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(f.Path)
}

// Close closes the folder.
func (f *Folder) Close() error { return f.root.Close() }
