package gherkin

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/internal/textpos"
	"github.com/plaintest/plaintest/parser/scenario"
)

// Error lists every problem of a feature file, each where it is. It wraps
// scenario.ErrInvalid, and the *scenario.InputError of each scenario
// that Validate refused (its File the feature file).
type Error struct {
	File     string
	Problems []Problem
	invalid  []error // *scenario.InputError, one a scenario
}

// Problem is one problem of a feature file.
type Problem struct {
	Line, Col int // 1-based, Col in characters; 0 when the problem is the whole file's
	Msg       string
	// Excerpt is the line with a caret under Col (textpos.Caret); "" when
	// Line is 0.
	Excerpt string
}

// Error writes each problem on its own line, FILE:LINE:COL: MESSAGE,
// followed by its excerpt.
func (e *Error) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.File)
		if p.Line > 0 {
			fmt.Fprintf(&b, ":%d:%d", p.Line, p.Col)
		}
		b.WriteString(": " + p.Msg)
		if p.Excerpt != "" {
			b.WriteString("\n" + p.Excerpt)
		}
	}
	return b.String()
}

// Unwrap gives scenario.ErrInvalid and the scenarios' input errors.
func (e *Error) Unwrap() []error { return append([]error{scenario.ErrInvalid}, e.invalid...) }

// source is a feature file's text, by line, for excerpts.
type source struct {
	lines []string
}

func newSource(data []byte) source {
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return source{lines}
}

// at is a problem at line and col with its excerpt.
func (s source) at(line, col int, msg string) Problem {
	p := Problem{Line: line, Col: max(col, 1), Msg: msg}
	if line >= 1 && line <= len(s.lines) {
		p.Excerpt = textpos.Caret(line, s.lines[line-1], p.Col)
	}
	return p
}

// reParseError is one error of the official parser: "(3:5): message".
var reParseError = regexp.MustCompile(`(?s)^\((\d+):(\d+)\): (.*)$`)

// parseProblems turns the official parser's error into problems: it
// returns a list of errors (a slice type of its own, which it does not
// let unwrap), each saying "(line:col): message".
func (s source) parseProblems(err error) []Problem {
	var errs []error
	if v := reflect.ValueOf(err); v.Kind() == reflect.Slice {
		for i := range v.Len() {
			if e, ok := v.Index(i).Interface().(error); ok {
				errs = append(errs, e)
			}
		}
	}
	if len(errs) == 0 {
		errs = []error{err}
	}
	var out []Problem
	for _, e := range errs {
		m := reParseError.FindStringSubmatch(e.Error())
		if m == nil {
			out = append(out, Problem{Msg: e.Error()})
			continue
		}
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		out = append(out, s.at(line, col, parseMessage(m[3])))
	}
	return out
}

// reExpected is the official parser's "expected: #StepLine, #TagLine,
// got 'text'" and "unexpected end of file, expected: #StepLine".
var reExpected = regexp.MustCompile(`(?s)^(unexpected end of file, )?expected: (.*?)(?:, got '.*')?$`)

// tokenWords say the official parser's token names as a person knows the
// parts of a feature file.
var tokenWords = map[string]string{
	"#EOF":                "the end of the file",
	"#Language":           `"# language:"`,
	"#TagLine":            "a tag",
	"#FeatureLine":        `"Feature:"`,
	"#RuleLine":           `"Rule:"`,
	"#BackgroundLine":     `"Background:"`,
	"#ScenarioLine":       `"Scenario:"`,
	"#ExamplesLine":       `"Examples:"`,
	"#StepLine":           "a step (Given, When, Then, And, But)",
	"#DocStringSeparator": `a doc string (""")`,
	"#TableRow":           "a table row (|)",
	"#Comment":            "a comment (#)",
	"#Empty":              "an empty line",
	"#Other":              "text",
}

// parseMessage is the official parser's message in a person's words: the
// tokens it expected named as parts of a feature file (the line it got is
// shown under the message).
func parseMessage(msg string) string {
	m := reExpected.FindStringSubmatch(msg)
	if m == nil {
		return "Gherkin: " + msg
	}
	var want []string
	for _, tok := range strings.Split(m[2], ", ") {
		w, ok := tokenWords[tok]
		if !ok {
			w = tok
		}
		if tok != "#Comment" && tok != "#Empty" { // always allowed: no help
			want = append(want, w)
		}
	}
	if m[1] != "" {
		return "Gherkin: the file ends here; expected " + orList(want)
	}
	return "Gherkin: expected " + orList(want) + " here"
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// inputError is the *scenario.InputError in err, given the feature file
// as its File, for Error.Unwrap.
func inputError(err error, file string) (*scenario.InputError, bool) {
	var ie *scenario.InputError
	if !errors.As(err, &ie) {
		return nil, false
	}
	ie.File = file
	return ie, true
}
