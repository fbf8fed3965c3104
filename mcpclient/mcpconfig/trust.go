package mcpconfig

import (
	"os"
	"path/filepath"
	"slices"

	"github.com/plaintest/plaintest/internal/fspath"
)

// Which configs the files under test may have brought. A pull request can
// add .sandy/config.json beside its scenarios; a config's servers are
// commands, so CI replaying the scenarios would run them. A config the
// user named is theirs; one discovery finds inside the tested tree is not,
// until the user says so.

// tree is the part of the file system that came with one tested folder.
type tree struct {
	tested string // the tested folder, symbolic links followed
	// root is where the walk up from tested stopped: the first folder
	// holding .git (repo), else the home folder or the filesystem root.
	root string
	repo bool
}

// trees are the tested trees, and the home folder they are checked against.
type trees struct {
	list []tree
	home string // symbolic links followed; "" when there is none
}

// testedTrees are the trees of the working directory and of each folder of
// tested. Walking up from a folder, the first one that holds .git (a
// folder, or the file of a worktree or submodule) is a repository's root,
// and the tree is the whole repository. With none, the walk stops at the
// home folder or the filesystem root, and the tree is the tested folder
// with everything below it: with no repository to say where the files
// under test begin, the folders above the tested one are the user's (a
// subfolder of the home folder keeps the user's own configs; a home
// folder tested itself does not).
func testedTrees(tested []string) (*trees, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	ts := &trees{}
	if h := homeDir(); h != "" {
		ts.home = resolved(h)
	}
	for _, dir := range append([]string{wd}, tested...) {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, err
		}
		t := walkUp(resolved(abs), ts.home)
		if !slices.ContainsFunc(ts.list, func(u tree) bool { return u.tested == t.tested }) {
			ts.list = append(ts.list, t)
		}
	}
	return ts, nil
}

// walkUp is the tree of the folder dir (absolute, links followed).
func walkUp(dir, home string) tree {
	t := tree{tested: dir}
	for cur := dir; ; {
		if _, err := os.Lstat(filepath.Join(cur, ".git")); err == nil {
			t.root, t.repo = cur, true
			return t
		}
		parent := filepath.Dir(cur)
		if cur == home || parent == cur {
			t.root = cur
			return t
		}
		cur = parent
	}
}

// holding returns the tree c lies in, nil when none. c lies in a tree
// where it is, or where it leads once symbolic links are followed.
func (ts *trees) holding(c candidate) *Untrusted {
	forms := []string{filepath.Join(resolved(filepath.Dir(c.path)), filepath.Base(c.path))}
	if r, err := fspath.Resolve(c.path); err == nil && r != forms[0] {
		forms = append(forms, r)
	}
	for _, t := range ts.list {
		top := t.tested
		if t.repo {
			top = t.root
		}
		for _, f := range forms {
			if fspath.Within(top, f) {
				return &Untrusted{Path: c.path, Source: c.source, Tree: top, Repo: t.repo}
			}
		}
	}
	return nil
}

// resolved is p with its symbolic links followed, p itself when they
// cannot be.
func resolved(p string) string {
	if r, err := fspath.Resolve(p); err == nil {
		return r
	}
	return p
}
