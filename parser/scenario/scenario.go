// Package scenario is what a person asks plaintest to compile, as the
// compiler (package parser) takes it: a URL and plain-English actions,
// split from one text ("A then B"), read from a YAML or JSON file, and
// validated before any browser opens.
package scenario

import (
	"errors"
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/plaintest/plaintest/internal/textpos"
	"github.com/plaintest/plaintest/translator/permission"
)

// ErrInvalid is wrapped by every error about the scenario a person gave:
// a bad URL, no actions, an unreadable scenario file.
var ErrInvalid = errors.New("invalid scenario")

// Scenario is what a person asks plaintest to compile.
type Scenario struct {
	// Name names the scenario (and its default output file).
	Name string
	// URL is the page the browser opens first.
	URL string
	// Actions are the plain-English actions, in order.
	Actions []string
	// Variables are exported as declared variables; a typed value that
	// equals one is exported as {{NAME}}.
	Variables map[string]string
	// Secrets are typed while compiling and exported as required, empty
	// variables. Their values never reach a file, a log or a prompt.
	Secrets map[string]string
	// Tags are the test's tags ("@smoke"), kept as the scenario's
	// metadata.tags.
	Tags []string
	// Source is the test file the scenario was read from ("" for one
	// given on the command line); Lines[i] is the line in it of
	// Actions[i] (0 when unknown).
	Source string
	Lines  []int
	// Checks[i] says that Actions[i] only checks the page (a Gherkin Then
	// step's): a phrase that expands it must expand it to checks.
	Checks []bool
	// Via[i] is the test's sentence Actions[i] was expanded from, as
	// written, when a phrase (package parser/phrases) wrote it; "" for
	// an action the test wrote itself. Nil when no action was expanded.
	Via []string
}

// InputError lists every problem found in a scenario.
type InputError struct {
	File     string // empty for a scenario given on the command line
	Problems []string
}

func (e *InputError) Error() string {
	prefix := ""
	if e.File != "" {
		prefix = e.File + ": "
	}
	return prefix + strings.Join(e.Problems, "; ")
}

func (e *InputError) Unwrap() error { return ErrInvalid }

var reSplit = regexp.MustCompile(`(?i)\s*(?:[;\n]|\bthen\b|,\s*then\b)\s*`)

// SplitActions splits "A then B; C" and multi-line text into actions.
// "then" inside quotes does not split. Bytes that are not UTF-8 are kept as
// they are, for Validate to refuse.
func SplitActions(text string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if a := strings.TrimFunc(b.String(), isFiller); a != "" {
			out = append(out, a)
		}
		b.Reset()
	}
	// Split outside quotes only.
	inQuote := rune(0)
	var chunk strings.Builder
	emit := func() {
		parts := reSplit.Split(chunk.String(), -1)
		for i, p := range parts {
			if i > 0 {
				flush()
			}
			b.WriteString(p)
		}
		chunk.Reset()
	}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		raw := text[i : i+size]
		i += size
		switch {
		case inQuote != 0:
			b.WriteString(raw)
			if r == inQuote || (inQuote == '“' && r == '”') {
				inQuote = 0
			}
		case r == '"' || r == '“':
			emit()
			inQuote = r
			b.WriteString(raw)
		default:
			chunk.WriteString(raw)
		}
	}
	emit()
	flush()
	return out
}

// isFiller is what may stand around an action and is not part of it.
func isFiller(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '.' }

// Validate reports every problem of the scenario at once. Text that is not
// UTF-8 (in the name, the URL, an action, a variable or a secret) is one,
// with its byte offset: "action 2: invalid UTF-8 at byte 14".
func (s *Scenario) Validate() error {
	var problems []string
	utf8Problem := func(what, text string) bool {
		bad := textpos.InvalidUTF8([]byte(text))
		if bad >= 0 {
			problems = append(problems, fmt.Sprintf("%s: invalid UTF-8 at byte %d", what, bad))
		}
		return bad >= 0
	}
	utf8Problem("name", s.Name)
	if !utf8Problem("URL", s.URL) {
		if err := checkURL(s.URL); err != nil {
			problems = append(problems, err.Error())
		}
	}
	if len(s.Actions) == 0 {
		problems = append(problems, "no actions: give at least one, e.g. \"click Log in\"")
	}
	for i, a := range s.Actions {
		if strings.TrimSpace(a) == "" {
			problems = append(problems, fmt.Sprintf("action %d is empty", i+1))
		}
		utf8Problem(fmt.Sprintf("action %d", i+1), a)
	}
	for _, name := range slices.Sorted(maps.Keys(s.Variables)) {
		if !validName(name) {
			problems = append(problems, fmt.Sprintf("variable %q: names are letters, digits and _ and start with a letter", name))
		}
		utf8Problem("variable "+name, s.Variables[name])
	}
	for _, name := range slices.Sorted(maps.Keys(s.Secrets)) {
		if !validName(name) {
			problems = append(problems, fmt.Sprintf("secret %q: names are letters, digits and _ and start with a letter", name))
		}
		utf8Problem("secret "+name, s.Secrets[name]) // the offset only: never the value
		if s.Secrets[name] == "" {
			problems = append(problems, fmt.Sprintf("secret %s has no value: pass --secret %s=VALUE or set it in the environment", name, name))
		}
		if _, dup := s.Variables[name]; dup {
			problems = append(problems, fmt.Sprintf("%s is both a variable and a secret", name))
		}
	}
	problems = append(problems, s.placeholderProblems()...)
	_, perm := permission.List(s.Actions) // "allow location access"
	problems = append(problems, perm...)
	if len(problems) > 0 {
		return &InputError{Problems: problems}
	}
	return nil
}

func checkURL(raw string) error {
	if strings.TrimSpace(raw) == "" {
		return errors.New("no URL: pass --url, e.g. --url http://127.0.0.1:8080")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("URL %q does not parse: %v", raw, err)
	}
	switch u.Scheme {
	case "http", "https":
		if u.Host == "" {
			return fmt.Errorf("URL %q has no host", raw)
		}
	case "file":
	case "":
		return fmt.Errorf("URL %q is not absolute: start it with http:// or https://", raw)
	default:
		return fmt.Errorf("URL %q: scheme %q is not supported (use http, https or file)", raw, u.Scheme)
	}
	return nil
}

var reName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

func validName(s string) bool { return reName.MatchString(s) }
