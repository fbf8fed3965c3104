package plaintest_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxLines is how long a non-test Go file may grow (docs/ARCHITECTURE.md,
// Testing): past it, a reader loses the thread, and the file is split by
// what its parts do.
const maxLines = 400

// TestFileLengths: every non-test Go file of the module is maxLines lines
// or fewer, so that a change that pushes one past it fails here rather
// than in a later review.
func TestFileLengths(t *testing.T) {
	files := 0
	eachSource(t, func(path string, data []byte) error {
		files++
		if n := bytes.Count(data, []byte("\n")); n > maxLines {
			t.Errorf("%s: %d lines, more than %d: split it by what its parts do", path, n, maxLines)
		}
		return nil
	})
	if files < 50 {
		t.Fatalf("only %d Go files found: the walk no longer reads the module", files)
	}
}

// eachSource calls f with every non-test Go file of the module and its
// content (node_modules, testdata and dot-folders left out); an error
// ends the walk and fails the test.
func eachSource(t *testing.T, f func(path string, data []byte) error) {
	t.Helper()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != ".") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return f(path, data)
	})
	if err != nil {
		t.Fatal(err)
	}
}
