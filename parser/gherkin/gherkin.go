// Package gherkin reads a Gherkin feature file, Cucumber's format, into
// the scenarios plaintest compiles (package parser/scenario), with no step
// definitions: it takes the file's bytes and gives one scenario a pickle.
// Cucumber's own parser (github.com/cucumber/gherkin/go) reads the file,
// in any of its languages (# language: fr), and expands it into pickles,
// one runnable scenario each: the Background's steps first, a Scenario
// Outline once for each Examples row with its <name>s filled, the tags of
// the feature, the rule, the scenario and the Examples merged. Each step
// becomes a plain-English action the compiler reads as it reads any
// other; a Then step must be a check and is kept to one (steps.go); a
// data table or a doc string becomes the values of its step (arguments.go);
// the URL comes from an @url: tag, a first "Given I am on …" or
// Options.BaseURL (url.go). Every problem of the file is given at once,
// each with its line and column and the line with a caret under it.
package gherkin

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	gherkin "github.com/cucumber/gherkin/go/v42"
	messages "github.com/cucumber/messages/go/v34"

	"github.com/plaintest/plaintest/internal/textpos"
	"github.com/plaintest/plaintest/parser/scenario"
	"github.com/plaintest/plaintest/sandy"
)

// Options are what a feature file is read with, as any test file is
// (scenario.ReadOptions):
//   - BaseURL resolves a relative URL (an @url:/login tag, "Given I am on
//     /login") and is the URL of a scenario that names none (--url);
//   - Secret looks up the value of each {{NAME}} a step says, which the
//     scenario keeps as a secret (the command line, then the
//     environment); nil gives none a value.
type Options = scenario.ReadOptions

// ReadFile reads a feature file of at most sandy.MaxFileSize bytes and
// parses it with Parse.
func ReadFile(path string, opts Options) ([]*scenario.Scenario, error) {
	data, err := sandy.ReadFile(path)
	var se *sandy.SizeError
	switch {
	case errors.As(err, &se):
		return nil, &Error{File: path, Problems: []Problem{{Msg: strings.TrimPrefix(se.Error(), path+": ")}}}
	case err != nil:
		if u := errors.Unwrap(err); u != nil { // the path is said already
			err = u
		}
		return nil, &Error{File: path, Problems: []Problem{{Msg: "cannot read: " + err.Error()}}}
	}
	return Parse(data, path, opts)
}

// maxLine is the longest line the official parser reads (its scanner's
// buffer holds the line and its line ending); a longer one would stop it.
const maxLine = bufio.MaxScanTokenSize - 2

// Parse reads the feature file data, named path, into its scenarios, in
// the file's order, each validated (scenario.Validate), its Source path,
// its Lines the line in the file of each action. A file with any problem
// gives no scenario and an *Error listing them all.
func Parse(data []byte, path string, opts Options) ([]*scenario.Scenario, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a byte order mark is not a column
	src := newSource(data)
	fail := func(ps ...Problem) error { return &Error{File: path, Problems: ps} }
	if len(data) > sandy.MaxFileSize {
		return nil, fail(Problem{Msg: fmt.Sprintf("the file is %d bytes, more than the %d a feature file may be", len(data), sandy.MaxFileSize)})
	}
	if bad := textpos.InvalidUTF8(data); bad >= 0 {
		line, col := textpos.LineCol(data, bad)
		return nil, fail(src.at(line, col, fmt.Sprintf("invalid UTF-8 (byte 0x%02x): the file must be UTF-8", data[bad])))
	}
	for i, l := range src.lines {
		if len(l) > maxLine {
			return nil, fail(src.at(i+1, 1, fmt.Sprintf("the line is %d bytes long, more than the %d a line of a feature file may be", len(l), maxLine)))
		}
	}
	doc, pickles, err := pickle(data, path)
	if err != nil {
		return nil, fail(src.parseProblems(err)...)
	}
	if doc.Feature == nil {
		return nil, fail(Problem{Msg: "the file holds no Feature: a feature file starts with \"Feature: NAME\" and holds scenarios (\"Scenario: NAME\") under it"})
	}
	b := &builder{path: path, src: src, opts: opts, idx: indexOf(doc)}
	b.outlines(doc)
	var out []*scenario.Scenario
	var where []*messages.Pickle
	for _, p := range pickles {
		if sc := b.scenario(p); sc != nil {
			out = append(out, sc)
			where = append(where, p)
		}
	}
	if len(pickles) == 0 && len(b.problems) == 0 {
		b.problems = append(b.problems, src.at(int(doc.Feature.Location.Line), int(doc.Feature.Location.Column),
			"the feature holds no scenario: add one (\"Scenario: NAME\" and its steps)"))
	}
	uniqueNames(out, where)
	for i, sc := range out {
		b.validate(sc, where[i])
	}
	if len(b.problems) > 0 {
		slices.SortStableFunc(b.problems, func(x, y Problem) int { return x.Line - y.Line })
		return nil, &Error{File: path, Problems: b.problems, invalid: b.invalid}
	}
	return out, nil
}

// pickle runs the official parser on data and expands its document into
// pickles. A panic of the parser on some input is an error, not a crash
// of the program reading the file.
func pickle(data []byte, path string) (doc *messages.GherkinDocument, pickles []*messages.Pickle, err error) {
	defer func() {
		if r := recover(); r != nil {
			doc, pickles, err = nil, nil, fmt.Errorf("the Gherkin parser failed on this file: %v", r)
		}
	}()
	n := 0
	ids := func() string { n++; return strconv.Itoa(n) }
	doc, err = gherkin.ParseGherkinDocument(bytes.NewReader(data), ids)
	if err != nil {
		return nil, nil, err
	}
	return doc, gherkin.Pickles(*doc, path, ids), nil
}

// builder makes the scenarios of one file and keeps its problems.
type builder struct {
	path     string
	src      source
	opts     Options
	idx      *index
	problems []Problem
	invalid  []error
}

// problem adds a problem at a line and column of the file.
func (b *builder) problem(line, col int, format string, args ...any) {
	b.problems = append(b.problems, b.src.at(line, col, fmt.Sprintf(format, args...)))
}

// scenario is the scenario of one pickle, or nil when it has a problem
// (kept in b).
func (b *builder) scenario(p *messages.Pickle) *scenario.Scenario {
	before := len(b.problems)
	sc := &scenario.Scenario{Name: b.name(p), Source: b.path, Tags: tagsOf(p)}
	steps := p.Steps
	lead := b.leadingURL(steps) // "Given I am on /login": the scenario opens there
	sc.URL = b.url(p, sc.Name, lead)
	for _, ps := range steps[lead.steps:] {
		for _, a := range b.actions(ps) {
			sc.Actions = append(sc.Actions, a.text)
			sc.Lines = append(sc.Lines, a.line)
			sc.Checks = append(sc.Checks, ps.Type == messages.PickleStepType_OUTCOME) // a phrase keeps it a check
		}
	}
	sc.Secrets = b.secrets(sc.Actions)
	if len(b.problems) > before {
		return nil
	}
	return sc
}

// validate runs scenario.Validate on sc, its problems the file's at the
// scenario's line.
func (b *builder) validate(sc *scenario.Scenario, p *messages.Pickle) {
	err := sc.Validate()
	if err == nil {
		return
	}
	line, col := b.idx.scenarioAt(p)
	ie, ok := inputError(err, b.path)
	if !ok {
		b.problem(line, col, "scenario %q: %v", sc.Name, err)
		return
	}
	b.invalid = append(b.invalid, ie)
	for _, msg := range ie.Problems {
		b.problem(line, col, "scenario %q: %s", sc.Name, msg)
	}
}

// tagsOf are a pickle's tags as written ("@smoke"), each once, in the
// order the feature, the rule, the scenario and its Examples give them.
func tagsOf(p *messages.Pickle) []string {
	var tags []string
	for _, t := range p.Tags {
		if !slices.Contains(tags, t.Name) {
			tags = append(tags, t.Name)
		}
	}
	return tags
}

// secrets are the {{NAME}} the actions say that no earlier action
// remembers, each with its value from Options.Secret.
func (b *builder) secrets(actions []string) map[string]string {
	names := placeholders(actions)
	if len(names) == 0 {
		return nil
	}
	out := map[string]string{}
	for _, n := range names {
		v := ""
		if b.opts.Secret != nil {
			v = b.opts.Secret(n)
		}
		out[n] = v
	}
	return out
}
