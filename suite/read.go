package suite

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/parser/gherkin"
	"github.com/plaintest/plaintest/parser/scenario"
)

// IsTestName reports whether a file named name is a test file by its
// ending.
func IsTestName(name string) bool {
	return slices.Contains(testExts, strings.ToLower(filepath.Ext(name)))
}

// IsFeature reports whether the file at path is a Gherkin feature file,
// which holds any number of tests.
func IsFeature(path string) bool {
	return strings.EqualFold(filepath.Ext(path), ".feature")
}

// Read reads the tests of the test file at path: a feature file's
// scenarios, or the one test of a YAML, JSON or text file.
func Read(path string, opts scenario.ReadOptions) ([]*scenario.Scenario, error) {
	if IsFeature(path) {
		return gherkin.ReadFile(path, opts)
	}
	sc, err := scenario.ReadFileWith(path, opts)
	if err != nil {
		return nil, err
	}
	return []*scenario.Scenario{sc}, nil
}
