package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/plaintest/plaintest/internal/textpos"
	"github.com/plaintest/plaintest/sandy"
)

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
	return ReadFileWith(path, ReadOptions{Secret: secret})
}

// ReadOptions are what a test file is read with besides its own words.
type ReadOptions struct {
	// BaseURL is the URL of a test that names none, and what a URL that
	// is a path ("/login") is resolved against.
	BaseURL string
	// Secret looks up a secret's value (the command line, then the
	// environment).
	Secret func(name string) string
}

// ReadFileWith reads a test file as ReadFile does: YAML or JSON, or, for
// a file ending in .txt, plain text (one action a line, or joined by
// "then"; lines starting with # are comments), with opts.
func ReadFileWith(path string, opts ReadOptions) (*Scenario, error) {
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
	if strings.EqualFold(filepath.Ext(path), ".txt") {
		return parseText(data, path, opts)
	}
	return parseFile(data, path, opts)
}

func parseFile(data []byte, path string, opts ReadOptions) (*Scenario, error) {
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
			if opts.Secret != nil {
				v = opts.Secret(name)
			}
			s.Secrets[name] = v
		}
	}
	return s.finish(path, opts)
}

// finish gives s, read from path, its name (the file's) and URL (opts'
// base, or the file's resolved against it) when it has none, and
// validates it.
func (s *Scenario) finish(path string, opts ReadOptions) (*Scenario, error) {
	if s.Name == "" {
		s.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	s.URL = ResolveURL(opts.BaseURL, s.URL)
	if err := s.Validate(); err != nil {
		var ie *InputError
		if errors.As(err, &ie) {
			ie.File = path
		}
		return nil, err
	}
	return s, nil
}

// ResolveURL is the URL a test names, resolved against base: base when it
// names none, base's origin and the path when it names a path ("/login");
// u itself when it is absolute or base is "".
func ResolveURL(base, u string) string {
	u = strings.TrimSpace(u)
	if base == "" {
		return u
	}
	if u == "" {
		return base
	}
	ref, err := url.Parse(u)
	if err != nil || ref.IsAbs() {
		return u
	}
	b, err := url.Parse(base)
	if err != nil || !b.IsAbs() {
		return u
	}
	return b.ResolveReference(ref).String()
}

// parseText reads a plain-text test: its actions, one a line or joined
// by "then", each at its line; # starts a comment line.
func parseText(data []byte, path string, opts ReadOptions) (*Scenario, error) {
	if err := checkUTF8(data, path); err != nil {
		return nil, err
	}
	s := &Scenario{Source: path}
	for i, line := range strings.Split(string(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))), "\n") {
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		s.addActions(line, i+1)
	}
	return s.finish(path, opts)
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
