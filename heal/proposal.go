package heal

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"github.com/plaintest/plaintest/internal/safefile"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
)

// Proposal is what a healed run proposes for its scenario file.
type Proposal struct {
	File   string // the scenario file
	Healed string // FILE.healed.json: the whole corrected scenario
	Diff   string // FILE.healed.diff: a unified diff from FILE to it
}

// Paths returns where the proposal for a scenario file goes: beside it,
// mug.json giving mug.healed.json and mug.healed.diff.
func Paths(file string) (healed, diff string) {
	base := strings.TrimSuffix(file, filepath.Ext(file))
	return base + ".healed.json", base + ".healed.diff"
}

// Apply returns sc with each heal's step pointed at its new target and
// element. sc is not changed. A heal naming a step sc does not have is an
// error.
func Apply(sc *sandy.Scenario, heals []report.Heal) (*sandy.Scenario, error) {
	b, err := sc.Marshal()
	if err != nil {
		return nil, err
	}
	out, err := sandy.Parse(b, "")
	if err != nil {
		return nil, err
	}
	for _, h := range heals {
		found := false
		for i := range out.Steps {
			st := &out.Steps[i]
			if st.Step != h.Step {
				continue
			}
			if st.Params["target"] != h.OldTarget {
				return nil, fmt.Errorf("step %d: its target is %v, not the healed %q", h.Step, st.Params["target"], h.OldTarget)
			}
			st.Params["target"] = h.NewTarget
			if h.NewElement != "" {
				st.Params["element"] = h.NewElement
			}
			found = true
		}
		if !found {
			return nil, fmt.Errorf("no step %d to heal", h.Step)
		}
	}
	return out, nil
}

// Write writes the proposal of a healed run of the scenario in file (sc,
// as loaded from it): FILE.healed.json and FILE.healed.diff. With accept,
// FILE itself is replaced by the healed scenario (atomically) and the diff
// is still written. Nothing else is touched; every file is replaced
// atomically.
func Write(file string, sc *sandy.Scenario, heals []report.Heal, accept bool) (*Proposal, error) {
	healed, err := Apply(sc, heals)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	after, err := healed.Marshal()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	before, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if bytes.Equal(before, after) {
		return nil, fmt.Errorf("%s: healing changed nothing", file)
	}
	p := &Proposal{File: file}
	p.Healed, p.Diff = Paths(file)
	diff := udiff.Unified(filepath.ToSlash(file), filepath.ToSlash(p.Healed), string(before), string(after))
	if err := safefile.Write(p.Diff, []byte(diff), 0o644); err != nil {
		return nil, err
	}
	if accept {
		p.Healed = file
	}
	if err := safefile.Write(p.Healed, after, 0o644); err != nil {
		return nil, err
	}
	return p, nil
}
