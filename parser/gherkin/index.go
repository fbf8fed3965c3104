package gherkin

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	gherkin "github.com/cucumber/gherkin/go/v42"
	messages "github.com/cucumber/messages/go/v34"

	"github.com/plaintest/plaintest/parser/scenario"
)

// index finds the parts of the document a pickle names by id: where each
// is in the file, and an Examples row's place and values.
type index struct {
	steps     map[string]*messages.Step
	scenarios map[string]*messages.Scenario
	rows      map[string]exampleRow
	tags      map[string]*messages.Tag
	feature   string // the feature's name
}

// exampleRow is one row of a Scenario Outline's Examples.
type exampleRow struct {
	n             int // 1-based, across all the outline's Examples
	names, values []string
}

func indexOf(doc *messages.GherkinDocument) *index {
	x := &index{steps: map[string]*messages.Step{}, scenarios: map[string]*messages.Scenario{},
		rows: map[string]exampleRow{}, tags: map[string]*messages.Tag{}}
	f := doc.Feature
	if f == nil {
		return x
	}
	x.feature = f.Name
	x.addTags(f.Tags)
	for _, c := range f.Children {
		x.add(c.Background, c.Scenario)
		if c.Rule != nil {
			x.addTags(c.Rule.Tags)
			for _, rc := range c.Rule.Children {
				x.add(rc.Background, rc.Scenario)
			}
		}
	}
	return x
}

func (x *index) addTags(tags []*messages.Tag) {
	for _, t := range tags {
		x.tags[t.Id] = t
	}
}

func (x *index) addSteps(steps []*messages.Step) {
	for _, s := range steps {
		x.steps[s.Id] = s
	}
}

func (x *index) add(bg *messages.Background, sc *messages.Scenario) {
	if bg != nil {
		x.addSteps(bg.Steps)
	}
	if sc == nil {
		return
	}
	x.scenarios[sc.Id] = sc
	x.addTags(sc.Tags)
	x.addSteps(sc.Steps)
	n := 0
	for _, ex := range sc.Examples {
		x.addTags(ex.Tags)
		if ex.TableHeader == nil {
			continue
		}
		var names []string
		for _, c := range ex.TableHeader.Cells {
			names = append(names, c.Value)
		}
		for _, r := range ex.TableBody {
			n++
			var values []string
			for _, c := range r.Cells {
				values = append(values, c.Value)
			}
			x.rows[r.Id] = exampleRow{n: n, names: names, values: values}
		}
	}
}

// step is the document's step of a pickle's step, and the line and
// column of its text (after its keyword).
func (x *index) step(ps *messages.PickleStep) (st *messages.Step, line, col int) {
	if len(ps.AstNodeIds) == 0 || x.steps[ps.AstNodeIds[0]] == nil {
		return nil, 0, 0
	}
	st = x.steps[ps.AstNodeIds[0]]
	return st, int(st.Location.Line), int(st.Location.Column) + utf8.RuneCountInString(st.Keyword)
}

// scenarioAt is the line and column of a pickle's Scenario keyword.
func (x *index) scenarioAt(p *messages.Pickle) (line, col int) {
	if len(p.AstNodeIds) > 0 {
		if sc := x.scenarios[p.AstNodeIds[0]]; sc != nil {
			return int(sc.Location.Line), int(sc.Location.Column)
		}
	}
	if p.Location != nil {
		return int(p.Location.Line), int(p.Location.Column)
	}
	return 0, 0
}

// row is the Examples row a pickle was expanded from, if any.
func (x *index) row(p *messages.Pickle) (exampleRow, bool) {
	if len(p.AstNodeIds) < 2 {
		return exampleRow{}, false
	}
	r, ok := x.rows[p.AstNodeIds[1]]
	return r, ok
}

// maxNameValue is how much of an Examples value a scenario's name quotes.
const maxNameValue = 40

// name is a pickle's scenario name: the scenario's (an Outline's with
// its <name>s filled), and for an Outline's row, the row: "Add Blue Mug
// (Examples row 2: item=Blue Mug)". A scenario with no name is named by
// its feature and line.
func (b *builder) name(p *messages.Pickle) string {
	name := strings.TrimSpace(p.Name)
	if r, ok := b.idx.row(p); ok {
		var pairs []string
		for i, k := range r.names {
			if i < len(r.values) {
				pairs = append(pairs, k+"="+cut(r.values[i], maxNameValue))
			}
		}
		name = strings.TrimSpace(fmt.Sprintf("%s (Examples row %d: %s)", name, r.n, strings.Join(pairs, ", ")))
	}
	if name == "" {
		line, _ := b.idx.scenarioAt(p)
		name = strings.TrimSpace(fmt.Sprintf("%s (line %d)", b.idx.feature, line))
	}
	return strings.Join(strings.Fields(name), " ") // a cell's \n is a space in a name
}

// cut is s cut to n characters, "…" marking the cut.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// uniqueNames gives the second and later scenarios of one name (the
// same but for case) their line: "Log in (line 12)". Each scenario is
// written to a file named after it.
func uniqueNames(scs []*scenario.Scenario, ps []*messages.Pickle) {
	count := map[string]int{}
	for _, sc := range scs {
		count[strings.ToLower(sc.Name)]++
	}
	taken := map[string]bool{}
	for i, sc := range scs {
		key := strings.ToLower(sc.Name)
		if count[key] > 1 && taken[key] {
			line := 0
			if ps[i].Location != nil {
				line = int(ps[i].Location.Line)
			}
			base := sc.Name
			sc.Name = fmt.Sprintf("%s (line %d)", base, line)
			for k := 2; taken[strings.ToLower(sc.Name)]; k++ {
				sc.Name = fmt.Sprintf("%s (line %d, %d)", base, line, k)
			}
		}
		taken[strings.ToLower(sc.Name)] = true
	}
}

// outlines refuses a Scenario Outline that gives no scenario (its
// Examples have no rows) and one with no Examples, whose <name>s would be
// typed as written.
func (b *builder) outlines(doc *messages.GherkinDocument) {
	d := gherkin.DialectsBuiltin().GetDialect(doc.Feature.Language)
	for _, sc := range b.idx.scenarios {
		rows := 0
		for _, ex := range sc.Examples {
			if ex.TableHeader != nil {
				rows += len(ex.TableBody)
			}
		}
		line, col := int(sc.Location.Line), int(sc.Location.Column)
		switch {
		case len(sc.Examples) > 0 && rows == 0:
			b.problem(line, col, "%s %q has no Examples rows: it gives no scenario; add a row under the Examples' header", sc.Keyword, sc.Name)
		case len(sc.Examples) == 0 && d != nil && slices.Contains(d.ScenarioOutlineKeywords(), sc.Keyword) && hasPlaceholder(sc):
			b.problem(line, col, "%s %q has no Examples: its <name>s would be typed as written; add Examples with a row for each run, or make it a Scenario", sc.Keyword, sc.Name)
		}
	}
}

// reOutlineName is an Outline's <name>.
var reOutlineName = regexp.MustCompile(`<[^<>\s][^<>]*>`)

// hasPlaceholder reports whether a scenario's name or a step says a
// <name>.
func hasPlaceholder(sc *messages.Scenario) bool {
	if reOutlineName.MatchString(sc.Name) {
		return true
	}
	for _, st := range sc.Steps {
		if reOutlineName.MatchString(st.Text) {
			return true
		}
	}
	return false
}
