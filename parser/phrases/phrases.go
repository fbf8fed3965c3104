// Package phrases reads a suite's step definitions written in English
// (phrases.yaml files beside the tests) and expands a scenario's actions
// with them before it compiles: it takes a Scenario (package
// parser/scenario) and gives back the same scenario whose sentences that
// match a phrase are replaced by the sentences the phrase means, each
// keeping the line of the test's sentence and a record of it (Via).
//
// A phrase is a Cucumber expression ("add the book {string}", "I add
// {int} item(s)", "click/press Save"); what it means is one sentence or a
// list of them, which may use other phrases. docs/suites.md says the
// format.
package phrases

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/plaintest/plaintest/internal/fspath"
	"github.com/plaintest/plaintest/parser/scenario"
)

// FileName is the name of a phrases file; FileNames are the names Find
// reads, one of them a folder.
const FileName = "phrases.yaml"

var FileNames = []string{FileName, "phrases.yml"}

// MaxActions is the most actions one sentence of a test may expand to.
const MaxActions = 1000

// ErrInvalid is wrapped by every error about phrases: a phrases file that
// does not read, a definition that is not valid, a sentence two phrases
// match or phrases that use each other in a cycle. The errors wrap
// scenario.ErrInvalid too: they are the input's fault.
var ErrInvalid = errors.New("invalid phrases")

// Problem is one problem, where it is: a phrases file's line and column,
// or a test's line (File "" when the test was given on the command line).
type Problem struct {
	File      string
	Line, Col int
	Msg       string
}

func (p Problem) String() string {
	if p.File == "" {
		return p.Msg
	}
	at := []string{p.File}
	if p.Line > 0 {
		at = append(at, fmt.Sprint(p.Line))
		if p.Col > 0 {
			at = append(at, fmt.Sprint(p.Col))
		}
	}
	return strings.Join(at, ":") + ": " + p.Msg
}

// Error lists every problem found.
type Error struct {
	Problems []Problem
}

func (e *Error) Error() string {
	s := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		s[i] = p.String()
	}
	return strings.Join(s, "; ")
}

// Unwrap returns ErrInvalid and scenario.ErrInvalid.
func (e *Error) Unwrap() []error { return []error{ErrInvalid, scenario.ErrInvalid} }

// Book is a suite's phrases: the definitions of one file, or of the files
// Find found, nearer ones first.
type Book struct {
	defs  []*definition
	files []string
}

// definition is one phrase and what it means.
type definition struct {
	phrase    *phrase
	means     []meaning
	file      string
	line, col int
}

// where is the definition's file and line.
func (d *definition) where() string { return fmt.Sprintf("%s:%d", d.file, d.line) }

// named is the phrase and where it is defined, for messages.
func (d *definition) named() string { return fmt.Sprintf("%q (%s)", d.phrase.source, d.where()) }

// Files are the phrases files the book was read from, nearer first.
func (b *Book) Files() []string {
	if b == nil {
		return nil
	}
	return b.files
}

// Len is how many phrases the book defines.
func (b *Book) Len() int {
	if b == nil {
		return 0
	}
	return len(b.defs)
}

// Load reads one phrases file.
func Load(path string) (*Book, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, &Error{Problems: []Problem{{File: path, Msg: err.Error()}}}
	}
	return parse(data, path)
}

// Find reads the phrases file (FileNames: phrases.yaml, or phrases.yml;
// a folder that has both is refused) in dir and in each folder above it
// up to root, root included; when dir is not inside root, only dir's.
// A nearer file's phrase overrides a farther one's that matches the same
// sentences (the same expression, whatever its parameters' names); other
// phrases of every file are kept. No file is an empty book.
func Find(dir, root string) (*Book, error) {
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	book := &Book{}
	var problems []Problem
	shown := dir
	for cur := absDir; ; {
		var here []string
		for _, name := range FileNames {
			path := filepath.Join(shown, name)
			if fi, err := os.Lstat(filepath.Join(cur, name)); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
				// A checkout may commit one leading to a file it must not
				// read (whose words an error would quote).
				problems = append(problems, Problem{File: path, Msg: "a symbolic link: refused, as a checkout may commit one leading anywhere; put the phrases in the file itself"})
			} else if err == nil {
				here = append(here, path)
			} else if !errors.Is(err, os.ErrNotExist) {
				problems = append(problems, Problem{File: path, Msg: "cannot read: " + err.Error()})
			}
		}
		switch len(here) {
		case 1:
			b, err := Load(here[0])
			var pe *Error
			switch {
			case errors.As(err, &pe):
				problems = append(problems, pe.Problems...)
			case err != nil:
				return nil, err
			default:
				book.add(b)
			}
		case 2:
			problems = append(problems, Problem{File: here[1], Msg: "a folder's phrases are in one file: move them to " + here[0]})
		}
		parent := filepath.Dir(cur)
		if cur == absRoot || parent == cur || !fspath.Within(absRoot, cur) {
			break
		}
		cur, shown = parent, filepath.Join(shown, "..")
	}
	if len(problems) > 0 {
		return nil, &Error{Problems: problems}
	}
	return book, nil
}

// add puts a farther book's phrases after b's, but for those a phrase of
// b overrides.
func (b *Book) add(farther *Book) {
	have := map[string]bool{}
	for _, d := range b.defs {
		have[d.phrase.re.String()] = true
	}
	for _, d := range farther.defs {
		if !have[d.phrase.re.String()] {
			b.defs = append(b.defs, d)
		}
	}
	b.files = append(b.files, farther.files...)
}
