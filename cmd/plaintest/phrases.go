package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/parser/phrases"
)

// expandPhrases expands sc's sentences with the test's phrases
// (docs/suites.md): --phrases' file, else, for a test read from a file,
// the phrases.yaml of its folder and of each folder above it up to the
// working directory. A test given as TEXT has none without --phrases. It
// keeps the files read, for progress.
func (f *compileFlags) expandPhrases(sc *parser.Scenario) error {
	var book *phrases.Book
	var err error
	switch {
	case f.phrases != "":
		book, err = phrases.Load(f.phrases)
	case f.file != "":
		book, err = phrases.Find(filepath.Dir(f.file), ".")
	default:
		return nil
	}
	if err != nil {
		if f.phrases != "" {
			return fmt.Errorf("--phrases: %w", err)
		}
		return err
	}
	if err := book.Expand(sc); err != nil {
		return err
	}
	f.phraseFiles = book.Files()
	return nil
}

// notePhrases names on w the phrases files a compile read.
func notePhrases(w io.Writer, files []string) {
	if len(files) > 0 {
		fmt.Fprintf(w, "phrases: %s\n", printable.String(strings.Join(files, ", ")))
	}
}

// maskedVia is sc.Via, the sentences phrases expanded, with secret values
// as {{NAME}}, for the scenario's descriptions.
func maskedVia(sc *parser.Scenario) []string {
	if sc.Via == nil {
		return nil
	}
	out := make([]string, len(sc.Via))
	for i, v := range sc.Via {
		out[i] = parser.MaskSecrets(v, sc.Secrets)
	}
	return out
}
