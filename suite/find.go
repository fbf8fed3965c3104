// Package suite is what `plaintest compile DIR|FILE…` needs besides a
// compile: the test files under the folders named, where each test's
// scenario goes (the source tree mirrored), what a scenario was compiled
// from (so that a test unchanged since is not compiled again), and the
// scenarios whose tests are gone.
package suite

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// File is a test file found.
type File struct {
	// Path is the file as found: the folder named joined with its path
	// below it, or the file named.
	Path string
	// Rel is its path below the folder named, slash-separated; a file
	// named is its base name.
	Rel string
	// Root is the folder named it was found below; a file named, its
	// own folder.
	Root string
}

// testExts are the endings of test files: Gherkin, and plaintest's own.
var testExts = []string{".feature", ".yaml", ".yml", ".json", ".txt"}

// PhraseFiles are the names of phrase files, which hold no test.
var PhraseFiles = []string{"phrases.yaml", "phrases.yml"}

// Skipped is a file or folder a walk passed over, and why.
type Skipped struct {
	Path, Why string
}

// Find lists the test files of paths (folders and files), each once, in
// a stable order: a folder's files by path. Below a folder it leaves out
// what is not a test: other endings, phrase files, Sandy scenarios (a
// JSON or YAML file whose top level has "steps"), folders starting with
// "." and node_modules, the folders of except (the output), and symbolic
// links, which a checkout may commit to lead anywhere (they are listed in
// skipped). A path named that is missing is an error.
func Find(paths []string, except ...string) (files []File, skipped []Skipped, err error) {
	seen := map[string]bool{}
	add := func(f File) {
		if key := filepath.Clean(f.Path); !seen[key] {
			seen[key] = true
			files = append(files, f)
		}
	}
	var excluded []string
	for _, e := range except {
		if abs, err := filepath.Abs(e); err == nil {
			excluded = append(excluded, abs)
		}
	}
	walked := map[string]bool{}
	for _, root := range paths {
		if walked[filepath.Clean(root)] {
			continue
		}
		walked[filepath.Clean(root)] = true
		fi, err := os.Stat(root)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", root, errors.Unwrap(err))
		}
		if !fi.IsDir() {
			add(File{Path: root, Rel: filepath.Base(root), Root: filepath.Dir(root)})
			continue
		}
		var found []File
		err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				skipped = append(skipped, Skipped{p, err.Error()})
				return nil
			}
			if p == root {
				return nil
			}
			name := d.Name()
			if d.Type()&fs.ModeSymlink != 0 {
				skipped = append(skipped, Skipped{p, "a symbolic link"})
				return nil
			}
			if d.IsDir() {
				abs, _ := filepath.Abs(p)
				if strings.HasPrefix(name, ".") || name == "node_modules" || slices.Contains(excluded, abs) {
					return filepath.SkipDir
				}
				return nil
			}
			if !isTest(p, name) {
				return nil
			}
			rel, _ := filepath.Rel(root, p)
			found = append(found, File{Path: p, Rel: filepath.ToSlash(rel), Root: root})
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
		slices.SortFunc(found, func(a, b File) int { return strings.Compare(a.Rel, b.Rel) })
		for _, f := range found {
			add(f)
		}
	}
	return files, skipped, nil
}

// isTest reports whether the file at p (named name) found below a folder
// is a test file.
func isTest(p, name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	if !slices.Contains(testExts, ext) || slices.Contains(PhraseFiles, strings.ToLower(name)) {
		return false
	}
	if ext == ".json" || ext == ".yaml" || ext == ".yml" {
		return !isScenario(p)
	}
	return true
}
