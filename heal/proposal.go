package heal

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/internal/jsonedit"
	"github.com/plaintest/plaintest/internal/safefile"
	"github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

// Proposal is what a healed run proposes for its scenario file.
type Proposal struct {
	File   string // the scenario file
	Healed string // FILE.healed.json: FILE with only the healed values changed
	Diff   string // FILE.healed.diff: a unified diff from FILE to it
}

// Paths returns where the proposal for a scenario file goes: beside it,
// mug.json giving mug.healed.json and mug.healed.diff.
func Paths(file string) (healed, diff string) {
	base := strings.TrimSuffix(file, filepath.Ext(file))
	return base + ".healed.json", base + ".healed.diff"
}

// Apply returns sc with each heal's step pointed at its new target and
// element: the scenario a healed file (Edit) must read back as. sc is not
// changed. A heal naming a step sc does not have, or whose target in sc is
// not the healed one, is an error.
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
			at := placeOf(st)
			if at.m["target"] != h.OldTarget {
				return nil, fmt.Errorf("step %d: its target is %v, not the healed %q", h.Step, at.m["target"], h.OldTarget)
			}
			at.m["target"] = h.NewTarget
			if h.NewElement != "" {
				at.m[at.element] = h.NewElement
			}
			found = true
		}
		if !found {
			return nil, fmt.Errorf("no step %d to heal", h.Step)
		}
	}
	return out, nil
}

// place is where a step keeps its target and element: its params, or the
// one field of a browser_fill_form that sets a box (commandgen.Lift),
// whose element is the field's name.
type place struct {
	m       map[string]any // the object that holds them
	path    []jsonedit.Seg // its path in the step
	element string         // the element's key in it
}

func placeOf(st *sandy.Step) place {
	if strings.HasSuffix(st.Tool, "__"+step.ToolFillForm) {
		if fields, ok := st.Params["fields"].([]any); ok && len(fields) == 1 {
			if f, ok := fields[0].(map[string]any); ok && commandgen.Lift(step.ToolFillForm, st.Params)["target"] != nil {
				return place{m: f, path: []jsonedit.Seg{jsonedit.Field("params"), jsonedit.Field("fields"), jsonedit.Index(0)}, element: "name"}
			}
		}
	}
	return place{m: st.Params, path: []jsonedit.Seg{jsonedit.Field("params")}, element: "element"}
}

// Edit returns data, the text of a scenario file, with each heal's step
// pointed at its new target and element, edited in place
// (internal/jsonedit): the new strings are spliced over the old values
// (an element the step lacks is added beside its last param) and every
// other byte is kept: keys plaintest does not know (metadata.tags, x_…
// extensions, a step's own timeout), key order, indentation, line endings,
// escapes. A heal naming a step data does not have, or whose target there
// is not the healed one, is an error; so is a text that would not read
// back as the healed scenario (a key written twice, or in two cases), and
// nothing is edited then.
func Edit(data []byte, heals []report.Heal) ([]byte, error) {
	sc, err := sandy.Parse(data, "")
	if err != nil {
		return nil, err
	}
	want, err := Apply(sc, heals)
	if err != nil {
		return nil, err
	}
	out := data
	for _, h := range heals {
		i := slices.IndexFunc(sc.Steps, func(st sandy.Step) bool { return st.Step == h.Step })
		at := placeOf(&sc.Steps[i]) // Apply found the step
		for _, kv := range [][2]string{{"target", h.NewTarget}, {at.element, h.NewElement}} {
			if kv[1] == "" || at.m[kv[0]] == kv[1] {
				continue
			}
			path := append([]jsonedit.Seg{jsonedit.Field("steps"), jsonedit.Index(i)}, at.path...)
			path = append(path, jsonedit.Key(kv[0]))
			if out, err = jsonedit.SetString(out, path, kv[1]); err != nil {
				return nil, fmt.Errorf("step %d: %w", h.Step, err)
			}
		}
	}
	if err := sameScenario(out, want); err != nil {
		return nil, err
	}
	return out, nil
}

// sameScenario checks that the edited text reads back as the healed
// scenario want.
func sameScenario(edited []byte, want *sandy.Scenario) error {
	got, err := sandy.Parse(edited, "")
	if err != nil {
		return fmt.Errorf("the healed text does not read back: %w", err)
	}
	a, err := got.Marshal()
	if err != nil {
		return err
	}
	b, err := want.Marshal()
	if err != nil {
		return err
	}
	if !bytes.Equal(a, b) {
		return errors.New("the file cannot be healed in place: its healed text reads back as another scenario (is a key written twice, or in two cases?)")
	}
	return nil
}

// Write writes the proposal of a healed run of the scenario in file:
// FILE.healed.json, the file as it is now with only the healed targets and
// elements changed (Edit), and FILE.healed.diff. With accept, FILE itself
// is replaced by the healed text and the diff is still written. Nothing
// else is touched; every file is replaced atomically.
func Write(file string, heals []report.Heal, accept bool) (*Proposal, error) {
	before, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	after, err := Edit(before, heals)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
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
