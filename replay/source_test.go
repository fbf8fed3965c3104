package replay_test

import (
	"path/filepath"
	"testing"

	"github.com/plaintest/plaintest/replay"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// TestWhere: a step's sentence in its test file when the scenario names
// the file and the step its line; else the step's object in the scenario
// file.
func TestWhere(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"cart.json": `{"version": "2.1",
 "metadata": {"name": "cart", "source": "tests/cart.feature"},
 "steps": [
  {"step": 1, "tool": "sandy__log", "params": {"message": "a"}, "source_line": 7},
  {"step": 2, "tool": "sandy__log", "params": {"message": "b"}},
    {"step": 4, "tool": "sandy__log", "params": {"message": "c"}, "source_line": 9}
 ]}`,
		"cli.json": "\ufeff" + `{"version": "2.1", "metadata": {"name": "cli"},
"steps": [{"step": 1, "tool": "sandy__log", "params": {"message": "a"}, "source_line": 3}]}`,
	})
	cart, cli := filepath.Join(dir, "cart.json"), filepath.Join(dir, "cli.json")
	suite := &replay.Suite{Files: []string{cart, cli}}
	for _, f := range suite.Files {
		sc, err := sandy.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		suite.Scenarios = append(suite.Scenarios, sc)
	}
	tests := []struct {
		name string
		file string
		step int
		want report.Position
	}{
		{"the sentence's line in the test file", cart, 1, report.Position{File: "tests/cart.feature", Line: 7}},
		{"a step with no line: its object in the scenario", cart, 2, report.Position{File: cart, Line: 5, Col: 3}},
		{"by its number, not its place", cart, 4, report.Position{File: "tests/cart.feature", Line: 9}},
		{"no test file named: the scenario file", cli, 1, report.Position{File: cli, Line: 2, Col: 11}},
		{"the run as a whole", cart, 0, report.Position{File: cart}},
		{"a step the scenario lacks", cart, 3, report.Position{File: cart}},
		{"a file the suite lacks", filepath.Join(dir, "other.json"), 1, report.Position{File: filepath.Join(dir, "other.json")}},
	}
	for _, tt := range tests {
		if got := suite.Where(&report.RunResult{File: tt.file}, tt.step); got != tt.want {
			t.Errorf("%s: Where(%s, %d) = %+v, want %+v", tt.name, filepath.Base(tt.file), tt.step, got, tt.want)
		}
	}
}
