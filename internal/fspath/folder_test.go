package fspath

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// folderCases are checkouts a pull request may commit, each with the
// default folder base/.sandy/files looked for in it: link is the part of
// its path Unlinked and Open must name ("" when the folder is fine).
var folderCases = []struct {
	name  string
	setup func(t *testing.T, base, outside string)
	link  string
}{
	{"missing", func(*testing.T, string, string) {}, ""},
	{"plain", func(t *testing.T, base, _ string) { mkdir(t, base, ".sandy/files") }, ""},
	{"parent missing below", func(t *testing.T, base, _ string) { mkdir(t, base, ".sandy") }, ""},
	{"folder a link out", func(t *testing.T, base, outside string) {
		mkdir(t, base, ".sandy")
		symlink(t, outside, filepath.Join(base, ".sandy/files"))
	}, ".sandy/files"},
	{"parent a link out", func(t *testing.T, base, outside string) {
		symlink(t, outside, filepath.Join(base, ".sandy"))
	}, ".sandy"},
	{"parent a link to the root", func(t *testing.T, base, _ string) {
		symlink(t, "/", filepath.Join(base, ".sandy"))
	}, ".sandy"},
	{"folder a link inside", func(t *testing.T, base, _ string) {
		mkdir(t, base, ".sandy/real")
		symlink(t, "real", filepath.Join(base, ".sandy/files"))
	}, ".sandy/files"},
	{"folder a dangling link", func(t *testing.T, base, _ string) {
		mkdir(t, base, ".sandy")
		symlink(t, "/nowhere/at/all", filepath.Join(base, ".sandy/files"))
	}, ".sandy/files"},
}

func mkdir(t *testing.T, base, rel string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(base, rel), 0o755); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symbolic links: %v", err)
	}
}

// checkout is a fresh base with one case's setup, and a folder outside it.
func checkout(t *testing.T, setup func(*testing.T, string, string)) (base, outside, folder string) {
	t.Helper()
	base, outside = t.TempDir(), t.TempDir()
	setup(t, base, outside)
	return base, outside, filepath.Join(base, ".sandy", "files")
}

func wantLink(t *testing.T, what string, err error, folder, link string) {
	t.Helper()
	var le *LinkError
	switch {
	case link == "" && err != nil:
		t.Errorf("%s = %v, want nil", what, err)
	case link != "" && !errors.As(err, &le):
		t.Errorf("%s = %v, want a *LinkError naming %s", what, err, link)
	case link != "" && (le.Folder != folder || le.Link != link || !errors.Is(err, ErrLinked)):
		t.Errorf("%s = %+v, want folder %s and link %s", what, le, folder, link)
	}
}

func TestUnlinked(t *testing.T) {
	for _, c := range folderCases {
		t.Run(c.name, func(t *testing.T) {
			base, _, folder := checkout(t, c.setup)
			link := ""
			if c.link != "" {
				link = filepath.Join(base, c.link)
			}
			wantLink(t, "Unlinked", Unlinked(base, folder), folder, link)
		})
	}
	if err := Unlinked("/a/b", "/a/c"); err == nil {
		t.Error("Unlinked(/a/b, /a/c) = nil, want an error: not below base")
	}
}

func TestOpenDefault(t *testing.T) {
	for _, c := range folderCases {
		t.Run(c.name, func(t *testing.T) {
			base, outside, folder := checkout(t, c.setup)
			f, err := Open(base, folder)
			if c.link != "" {
				wantLink(t, "Open", err, folder, filepath.Join(base, c.link))
				if entries, _ := os.ReadDir(outside); len(entries) > 0 {
					t.Errorf("Open made %v outside", entries)
				}
				return
			}
			if err != nil {
				t.Fatalf("Open = %v, want the folder", err)
			}
			defer f.Close()
			if fi, err := os.Lstat(folder); err != nil || !fi.IsDir() {
				t.Errorf("the folder is not made: %v", err)
			}
			if err := f.Check(); err != nil {
				t.Errorf("Check = %v, want nil", err)
			}
			if err := f.Root().WriteFile("x.txt", []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(filepath.Join(folder, "x.txt")); err != nil {
				t.Errorf("a file written through Root is not in the folder: %v", err)
			}
		})
	}
}

// TestOpenNamed: a folder the user named is followed through its links.
func TestOpenNamed(t *testing.T) {
	_, outside, folder := checkout(t, folderCases[3].setup) // .sandy/files -> outside
	f, err := Open("", folder)
	if err != nil {
		t.Fatalf("Open(named) = %v, want the folder the link leads to", err)
	}
	defer f.Close()
	if err := f.Root().WriteFile("x.txt", []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(outside, "x.txt")); err != nil {
		t.Errorf("the named link's target lacks the file: %v", err)
	}
	if real, err := f.Real(); err != nil || !sameDir(real, outside) {
		t.Errorf("Real = %q, %v, want %q", real, err, outside)
	}
}

func sameDir(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// TestFolderCheck: a folder replaced after it was opened, by another or by
// a link, fails Check; what Root writes still goes to the folder opened.
func TestFolderCheck(t *testing.T) {
	for _, c := range []struct {
		name    string
		replace func(t *testing.T, base, outside string)
		want    error
	}{
		{"files replaced by a link", func(t *testing.T, base, outside string) {
			rename(t, filepath.Join(base, ".sandy/files"), filepath.Join(base, "old"))
			symlink(t, outside, filepath.Join(base, ".sandy/files"))
		}, ErrLinked},
		{".sandy replaced by a link", func(t *testing.T, base, outside string) {
			rename(t, filepath.Join(base, ".sandy"), filepath.Join(base, "old"))
			symlink(t, outside, filepath.Join(base, ".sandy"))
		}, ErrLinked},
		{"files replaced by a folder", func(t *testing.T, base, _ string) {
			rename(t, filepath.Join(base, ".sandy/files"), filepath.Join(base, "old"))
			mkdir(t, base, ".sandy/files")
		}, ErrMoved},
		{"files removed", func(t *testing.T, base, _ string) {
			rename(t, filepath.Join(base, ".sandy/files"), filepath.Join(base, "old"))
		}, ErrMoved},
	} {
		t.Run(c.name, func(t *testing.T) {
			base, outside, folder := checkout(t, func(*testing.T, string, string) {})
			f, err := Open(base, folder)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			c.replace(t, base, outside)
			if err := f.Check(); !errors.Is(err, c.want) {
				t.Errorf("Check = %v, want %v", err, c.want)
			}
			if _, err := f.Real(); !errors.Is(err, c.want) {
				t.Errorf("Real = %v, want %v", err, c.want)
			}
			if err := f.Root().WriteFile("x.txt", []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(filepath.Join(outside, "x.txt")); err == nil {
				t.Error("a file written through Root went outside")
			}
		})
	}
}

func rename(t *testing.T, from, to string) {
	t.Helper()
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
}

// TestOpenNotAFolder: a file where a folder is wanted is an error naming it.
func TestOpenNotAFolder(t *testing.T) {
	base := t.TempDir()
	if err := os.WriteFile(filepath.Join(base, ".sandy"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Open(base, filepath.Join(base, ".sandy", "files"))
	if err == nil || errors.Is(err, ErrLinked) {
		t.Errorf("Open = %v, want an error: .sandy is a file", err)
	}
}
