// Package safefile replaces files atomically. It takes in a target path (or
// a name inside an *os.Root) and the new content, all at once (Write,
// WriteIn) or streamed (Create, then Commit), and gives out the target
// holding exactly that content: the content goes to a temporary file with a
// unique name in the target's directory, which is synced, closed and
// renamed over the target. A reader sees the old file or the new one, never
// a half-written one; on any failure the old file is left as it was and the
// temporary file is removed. Two writers of one target at once both
// succeed, and the last rename wins.
//
// The target is replaced, not rewritten: a new file gets perm (less the
// umask), and other hard links to the old file keep the old content.
// Directories are not created.
package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// Write replaces the file at path with data.
func Write(path string, data []byte, perm fs.FileMode) error {
	f, err := Create(path, perm)
	if err != nil {
		return err
	}
	return write(f, data)
}

// WriteIn replaces the file name inside root with data. The temporary file
// and the rename stay inside root, so root's confinement holds (a name
// leaving root, through ".." or a symlink, is an error).
func WriteIn(root *os.Root, name string, data []byte, perm fs.FileMode) error {
	f, err := createIn(root, name, perm, false)
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	return write(f, data)
}

func write(f *File, data []byte) error {
	defer f.Close()
	if _, err := f.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", f.path, err)
	}
	return f.Commit()
}

// File is a replacement of a file being written. Write to it, then Commit
// to put it in place; Close without Commit discards it and leaves the
// target as it was. The usual pattern:
//
//	f, err := safefile.Create(path, 0o644)
//	if err != nil { ... }
//	defer f.Close()
//	... write to f ...
//	return f.Commit()
type File struct {
	f       *os.File
	root    *os.Root
	ownRoot bool   // root was opened by Create and is closed with the file
	tmp     string // the temporary file's name inside root
	name    string // the target's name inside root
	path    string // the target as the caller named it, for errors
	done    bool   // committed or discarded
}

// Create starts the replacement of the file at path: a temporary file in
// path's directory, which must exist.
func Create(path string, perm fs.FileMode) (*File, error) {
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	f, err := createIn(root, filepath.Base(path), perm, true)
	if err != nil {
		root.Close()
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	f.path = path
	return f, nil
}

// createIn opens a new temporary file beside name inside root: a hidden
// ".<base>.<random>.tmp", which no *.json glob picks up.
func createIn(root *os.Root, name string, perm fs.FileMode, ownRoot bool) (*File, error) {
	dir, base := filepath.Split(name)
	for range 100 {
		tmp := dir + "." + base + "." + strconv.FormatUint(rand.Uint64(), 36) + ".tmp"
		f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return &File{f: f, root: root, ownRoot: ownRoot, tmp: tmp, name: name, path: name}, nil
	}
	return nil, fmt.Errorf("create a temporary file beside %s: too many name collisions", name)
}

// Write writes to the temporary file.
func (f *File) Write(p []byte) (int, error) { return f.f.Write(p) }

// Commit syncs and closes the temporary file and renames it over the
// target. On failure the temporary file is removed and the target is left
// as it was.
func (f *File) Commit() error {
	if f.done {
		return fmt.Errorf("commit %s: %w", f.path, fs.ErrClosed)
	}
	f.done = true
	defer f.release()
	err := errors.Join(f.f.Sync(), f.f.Close())
	if err == nil {
		err = f.root.Rename(f.tmp, f.name)
	}
	if err != nil {
		return errors.Join(fmt.Errorf("replace %s: %w", f.path, err), f.root.Remove(f.tmp))
	}
	return nil
}

// Close discards the replacement unless it was committed; after Commit it
// does nothing, so it can be deferred.
func (f *File) Close() error {
	if f.done {
		return nil
	}
	f.done = true
	defer f.release()
	return errors.Join(f.f.Close(), f.root.Remove(f.tmp))
}

func (f *File) release() {
	if f.ownRoot {
		f.root.Close()
	}
}
