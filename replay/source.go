package replay

import (
	"fmt"

	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// Where says where step number step of run r comes from, for an
// annotation a CI system shows on that line (report.WriteGitHub): the line
// of its sentence in the test file the scenario was compiled from
// (metadata.source, the step's source_line) when both are known, the path
// as metadata.source writes it; else the scenario file itself, at the line
// and column where the step's object starts. Step 0, or a run of a file
// the suite does not hold, is the scenario file with no line.
func (s *Suite) Where(r *report.RunResult, step int) report.Position {
	at := report.Position{File: r.File}
	var sc *sandy.Scenario
	for i, f := range s.Files {
		if f == r.File {
			sc = s.Scenarios[i]
			break
		}
	}
	if sc == nil || step == 0 {
		return at
	}
	for i, st := range sc.Steps {
		if st.Step != step {
			continue
		}
		if sc.Metadata.Source != "" && st.SourceLine > 0 {
			return report.Position{File: sc.Metadata.Source, Line: st.SourceLine}
		}
		data, err := sandy.ReadFile(r.File)
		if err != nil {
			return at
		}
		at.Line, at.Col, _ = sandy.Locate(data, fmt.Sprintf("steps[%d]", i))
		return at
	}
	return at
}
