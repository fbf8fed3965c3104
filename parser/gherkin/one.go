package gherkin

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/parser/scenario"
)

// IsFeature reports whether path names a feature file: its name ends in
// .feature, in any case.
func IsFeature(path string) bool { return strings.EqualFold(filepath.Ext(path), ".feature") }

// ReadOne reads a feature file that holds one scenario once its Outlines
// are expanded. A file of several is refused naming them: it is a suite
// (plaintest compile FILE compiles each).
func ReadOne(path string, opts Options) (*scenario.Scenario, error) {
	scs, err := ReadFile(path, opts)
	if err != nil {
		return nil, err
	}
	if len(scs) != 1 {
		var names []string
		for _, sc := range scs {
			names = append(names, strconv.Quote(sc.Name))
		}
		return nil, &Error{File: path, Problems: []Problem{{Msg: fmt.Sprintf(
			"the file holds %d scenarios (%s), and a compile of one test takes one: compile the file as a suite (plaintest compile %s), or keep one scenario in it",
			len(scs), printable.Excerpt(strings.Join(names, ", ")), path)}}}
	}
	return scs[0], nil
}

// ReadTest reads the one test of a test file, for a compile of one test
// (compile -f): a feature file's with ReadOne, any other's with
// scenario.ReadFileWith (YAML, JSON or text).
func ReadTest(path string, opts Options) (*scenario.Scenario, error) {
	if IsFeature(path) {
		return ReadOne(path, opts)
	}
	return scenario.ReadFileWith(path, opts)
}
