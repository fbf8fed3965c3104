// Package scenario is what a person asks plaintest to compile, as the
// compiler (package parser) takes it: a URL and plain-English actions,
// split from one text ("A then B"), read from a YAML or JSON file, and
// validated before any browser opens.
package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/plaintest/plaintest/internal/textpos"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/translator/grammar"
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
	_, perm := grammar.Permissions(s.Actions) // "allow location access"
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

// File is the on-disk scenario format (YAML or JSON):
//
//	name: buy a mug
//	url: http://127.0.0.1:8080
//	actions:
//	  - go to the login page
//	  - type demo into Username
//	variables: {USER: demo}
//	secrets: [PASSWORD]      # values from --secret or the environment
//
// actions may also be one string with "then", ";" or new lines. Actions are
// text: null, a number or true/false there is refused rather than read as
// the action "null". A variable's value is text too (a number is kept as
// written: PORT: 8080 is "8080"); null there is refused rather than read as
// "", which would make it required.
type File struct {
	Name      string               `yaml:"name"`
	URL       string               `yaml:"url"`
	Actions   yaml.Node            `yaml:"actions"`
	Variables map[string]yaml.Node `yaml:"variables"`
	Secrets   []string             `yaml:"secrets"`
}

// ReadFile reads a YAML or JSON scenario file of at most sandy.MaxFileSize
// bytes. Secret values are looked up
// with secret (the command line, then the environment); unknown fields are
// errors, so a typo does not silently drop an action.
func ReadFile(path string, secret func(name string) string) (*Scenario, error) {
	data, err := sandy.ReadFile(path) // at most sandy.MaxFileSize
	var se *sandy.SizeError
	switch {
	case errors.As(err, &se):
		return nil, &InputError{File: path, Problems: []string{strings.TrimPrefix(se.Error(), path+": ")}}
	case err != nil:
		if u := errors.Unwrap(err); u != nil { // the path is said already
			err = u
		}
		return nil, &InputError{File: path, Problems: []string{"cannot read: " + err.Error()}}
	}
	return parseFile(data, path, secret)
}

func parseFile(data []byte, path string, secret func(string) string) (*Scenario, error) {
	if err := checkUTF8(data, path); err != nil {
		return nil, err
	}
	var f File
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		if err.Error() == "EOF" {
			msg = "the file is empty"
		}
		return nil, &InputError{File: path, Problems: []string{msg}}
	}
	s := &Scenario{Name: f.Name, URL: f.URL, Source: path}
	var problems []string
	bad := func(n *yaml.Node, field, want string) {
		problems = append(problems, fmt.Sprintf("line %d: %s: want %s, got %s", n.Line, field, want, yamlKind(n)))
	}
	switch a := resolve(&f.Actions); {
	case a.Kind == 0:
	case isText(a):
		s.addActions(a.Value, a.Line)
	case a.Kind == yaml.SequenceNode:
		for i, n := range a.Content {
			if n = resolve(n); !isText(n) {
				bad(n, fmt.Sprintf("actions[%d]", i), "an action as text")
				continue
			}
			s.addActions(n.Value, n.Line)
		}
	default:
		bad(a, "actions", "a list of actions or one text")
	}
	for _, name := range slices.Sorted(maps.Keys(f.Variables)) {
		n := f.Variables[name]
		v := resolve(&n)
		if v.Kind != yaml.ScalarNode || v.ShortTag() == "!!null" {
			bad(v, "variables."+name, "text")
			continue
		}
		if s.Variables == nil {
			s.Variables = map[string]string{}
		}
		s.Variables[name] = v.Value
	}
	if len(problems) > 0 {
		return nil, &InputError{File: path, Problems: problems}
	}
	if len(f.Secrets) > 0 {
		s.Secrets = map[string]string{}
		for _, name := range f.Secrets {
			v := ""
			if secret != nil {
				v = secret(name)
			}
			s.Secrets[name] = v
		}
	}
	if s.Name == "" {
		s.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	if err := s.Validate(); err != nil {
		var ie *InputError
		if errors.As(err, &ie) {
			ie.File = path
		}
		return nil, err
	}
	return s, nil
}

// addActions adds the actions of text, each at line of the file (where
// the YAML text starts).
func (s *Scenario) addActions(text string, line int) {
	for _, a := range SplitActions(text) {
		s.Actions = append(s.Actions, a)
		s.Lines = append(s.Lines, line)
	}
}

// checkUTF8 refuses a scenario file with a byte that is not UTF-8, giving
// its line and column (the YAML decoder would say only "invalid leading
// UTF-8 octet"). A file starting with a UTF-16 byte order mark is left to
// the YAML decoder, which reads UTF-16.
func checkUTF8(data []byte, path string) error {
	if bytes.HasPrefix(data, []byte("\xff\xfe")) || bytes.HasPrefix(data, []byte("\xfe\xff")) {
		return nil
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a UTF-8 byte order mark is not a column
	bad := textpos.InvalidUTF8(data)
	if bad < 0 {
		return nil
	}
	line, col := textpos.LineCol(data, bad)
	return &InputError{File: path, Problems: []string{fmt.Sprintf(
		"line %d, column %d: invalid UTF-8 (byte 0x%02x): the file must be UTF-8", line, col, data[bad])}}
}

// resolve follows a YAML alias to the node it names.
func resolve(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// isText reports whether n is a YAML string (plain or quoted), not null, a
// number, true/false or a date.
func isText(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str"
}

// yamlKind names what a YAML node holds, for messages.
func yamlKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	switch tag := n.ShortTag(); tag {
	case "!!null":
		return "null"
	case "!!int", "!!float":
		return "a number"
	case "!!bool":
		return "true or false"
	case "!!timestamp":
		return "a date"
	case "!!str":
		return "text"
	default:
		return "a value tagged " + tag
	}
}
