package safefile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// names lists dir's entries.
func names(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestWriteNewFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	if err := Write(path, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != "new" {
		t.Errorf("content = %q, want %q", got, "new")
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode = %v, want 0600", fi.Mode().Perm())
	}
	if got := names(t, dir); !slices.Equal(got, []string{"out.json"}) {
		t.Errorf("directory holds %v, want only out.json", got)
	}
}

// TestWriteReplacesNotRewrites: the old file is replaced by a new one, so a
// hard link to the old file keeps the old content, where writing in place
// would have changed both.
func TestWriteReplacesNotRewrites(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	if err := os.WriteFile(path, []byte("old content"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "old-link")
	if err := os.Link(path, link); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != "new" {
		t.Errorf("target = %q, want %q", got, "new")
	}
	if got := readFile(t, link); got != "old content" {
		t.Errorf("the old file was rewritten in place: link holds %q", got)
	}
}

// TestWriteFailureLeavesNothing: a rename that fails (the target is a
// directory) leaves the target as it was and no temporary file.
func TestWriteFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.json")
	if err := os.MkdirAll(filepath.Join(target, "inside"), 0o755); err != nil {
		t.Fatal(err)
	}
	err := Write(target, []byte("new"), 0o644)
	if err == nil {
		t.Fatal("Write over a non-empty directory succeeded")
	}
	if !bytes.Contains([]byte(err.Error()), []byte(target)) {
		t.Errorf("error %q does not name the target", err)
	}
	if got := names(t, dir); !slices.Equal(got, []string{"out.json"}) {
		t.Errorf("directory holds %v after the failure, want only out.json", got)
	}
	if got := names(t, target); !slices.Equal(got, []string{"inside"}) {
		t.Errorf("target directory holds %v, want it untouched", got)
	}
}

func TestWriteMissingDirectory(t *testing.T) {
	dir := t.TempDir()
	err := Write(filepath.Join(dir, "no", "out.json"), []byte("x"), 0o644)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("err = %v, want ErrNotExist", err)
	}
	if got := names(t, dir); len(got) != 0 {
		t.Errorf("directory holds %v, want nothing", got)
	}
}

// TestCreateStreams: while a replacement is written the target keeps its
// old content; Close without Commit discards it, Commit puts it in place.
func TestCreateStreams(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.xml")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}

	f, err := Create(path, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprint(f, "half of a ")
	if got := readFile(t, path); got != "old" {
		t.Errorf("target during the write = %q, want the old content", got)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != "old" {
		t.Errorf("target after a discarded write = %q, want the old content", got)
	}
	if got := names(t, dir); !slices.Equal(got, []string{"report.xml"}) {
		t.Errorf("directory holds %v after a discarded write, want only report.xml", got)
	}

	f, err = Create(path, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fmt.Fprint(f, "whole report")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != "whole report" {
		t.Errorf("target after Commit = %q", got)
	}
	if err := f.Commit(); !errors.Is(err, fs.ErrClosed) {
		t.Errorf("second Commit: err = %v, want ErrClosed", err)
	}
	if err := f.Close(); err != nil {
		t.Errorf("Close after Commit: %v", err)
	}
	if got := readFile(t, path); got != "whole report" {
		t.Errorf("Close after Commit changed the target to %q", got)
	}
}

// TestWriteConcurrent: writers of one target at once all succeed, on
// temporary files of their own, and the target holds one whole content.
func TestWriteConcurrent(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	const n = 8
	contents := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		contents[i] = fmt.Sprintf("content of writer %d %s", i, bytes.Repeat([]byte{'x'}, 64<<10))
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := Write(path, []byte(contents[i]), 0o644); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if got := readFile(t, path); !slices.Contains(contents, got) {
		t.Errorf("target holds %.40q…, not one writer's whole content", got)
	}
	if got := names(t, dir); !slices.Equal(got, []string{"out.json"}) {
		t.Errorf("directory holds %v, want only out.json", got)
	}
}

func TestWriteInStaysInRoot(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "work")
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(parent, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()

	if err := WriteIn(root, filepath.Join("sub", "data.json"), []byte("[1]"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, filepath.Join(dir, "sub", "data.json")); got != "[1]" {
		t.Errorf("content = %q", got)
	}
	if got := names(t, filepath.Join(dir, "sub")); !slices.Equal(got, []string{"data.json"}) {
		t.Errorf("sub holds %v, want only data.json", got)
	}
	for _, name := range []string{"../escape.json", filepath.Join("link", "escape.json")} {
		if err := WriteIn(root, name, []byte("x"), 0o644); err == nil {
			t.Errorf("WriteIn(%q) succeeded, want it refused", name)
		}
	}
	if got := names(t, parent); !slices.Equal(got, []string{"work"}) {
		t.Errorf("outside the root: %v, want nothing written", got)
	}
}
