package sandy

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/plaintest/plaintest/internal/textpos"
)

// DecodeError is a scenario file that is not JSON, is not UTF-8, or whose
// JSON does not fit the model (a string where a number goes). It wraps
// ErrInvalid.
type DecodeError struct {
	File      string
	Line, Col int    // 1-based; Col counts characters
	Path      string // JSON path of the offending value, e.g. "steps[2].step"; "" for syntax errors
	Msg       string
	// Excerpt is the offending line of the file with a caret under Col
	// (see Locate), for a report that has room for it: Error is one line
	// and leaves it out.
	Excerpt string
}

func (e *DecodeError) Error() string {
	pos := fmt.Sprintf("%d:%d", e.Line, e.Col)
	if e.File != "" {
		pos = e.File + ":" + pos
	}
	if e.Path != "" {
		return pos + ": " + e.Path + ": " + e.Msg
	}
	return pos + ": " + e.Msg
}

// Unwrap returns ErrInvalid.
func (e *DecodeError) Unwrap() error { return ErrInvalid }

// Load reads a scenario file (ReadFile: a file over MaxFileSize is refused
// unread) and parses it with Parse.
func Load(path string) (*Scenario, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("load scenario: %w", err)
	}
	return Parse(data, path)
}

// LoadWithVars reads a scenario file for a run given the variable layers
// layers (an env file, --var values; none is a run given no variables): as
// Load, and each plain {{NAME}} that neither the scenario nor a layer
// defines is one more problem of the *ValidationError (see UndefinedVars),
// so that every problem of the file is listed at once.
func LoadWithVars(path string, layers ...map[string]string) (*Scenario, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("load scenario: %w", err)
	}
	return parse(data, path, true, layers)
}

// Parse decodes a scenario, upgrades v1.1 steps (see Upgrade) and validates
// it. file names the input in errors. Malformed JSON, and a byte that is
// not UTF-8 anywhere in data, give a *DecodeError with its line and column;
// content problems a *ValidationError listing all of them; both wrap
// ErrInvalid. Data over MaxFileSize gives a *SizeError, and a value over
// one of the other limits (see MaxString) a *DecodeError at its path,
// before anything is decoded. Unknown fields are ignored. An empty
// "variables" or "output" object decodes as nil. A file with no version is
// refused, unless it has the shape of a v1.1 one (Scenario.LooksV11): that
// one is upgraded to "2.1".
func Parse(data []byte, file string) (*Scenario, error) {
	return parse(data, file, false, nil)
}

// parse is Parse, and with checkVars also UndefinedVars(layers...).
func parse(data []byte, file string, checkVars bool, layers []map[string]string) (*Scenario, error) {
	if len(data) > MaxFileSize {
		return nil, &SizeError{File: file, Size: int64(len(data))}
	}
	base := bomLen(data)
	if bad := textpos.InvalidUTF8(data[base:]); bad >= 0 {
		return nil, utf8Error(data[base:], bad, file)
	}
	if json.Valid(data[base:]) { // else Unmarshal says where the syntax breaks
		if err := checkLimits(data, base, file); err != nil {
			return nil, err
		}
	}
	var s Scenario
	if err := json.Unmarshal(data[base:], &s); err != nil {
		return nil, decodeError(data, base, file, err)
	}
	s.normalize()
	problems, more := Upgrade(&s), false
	if err := s.Validate(); err != nil {
		var ve *ValidationError
		if !errors.As(err, &ve) {
			return nil, err
		}
		problems, more = append(problems, ve.Problems...), ve.Truncated
	}
	problems = append(problems, retryCountProblems(data[base:])...)
	if checkVars {
		undefined, n := s.undefinedVars(layers)
		problems, more = append(problems, undefined...), more || n
	}
	if problems = sortProblems(problems); len(problems) > 0 {
		if len(problems) > maxProblems {
			problems, more = problems[:maxProblems], true
		}
		return nil, &ValidationError{File: file, Problems: problems, Truncated: more}
	}
	return &s, nil
}

// normalize makes empty maps nil, so that a parsed scenario and the parse
// of its Marshal output are equal.
func (s *Scenario) normalize() {
	if len(s.Variables) == 0 {
		s.Variables = nil
	}
	for i := range s.Steps {
		if len(s.Steps[i].Output) == 0 {
			s.Steps[i].Output = nil
		}
	}
}

// retryCountProblems reports an explicit "retry": {"count": 0}, which the
// model cannot tell from a missing count (the default, 3 attempts).
func retryCountProblems(data []byte) []Problem {
	var raw struct {
		Steps []struct {
			Retry *struct {
				Count json.RawMessage `json:"count"`
			} `json:"retry"`
		} `json:"steps"`
	}
	if json.Unmarshal(data, &raw) != nil {
		return nil
	}
	var ps []Problem
	for i, st := range raw.Steps {
		if st.Retry == nil || st.Retry.Count == nil {
			continue
		}
		if n, err := strconv.ParseFloat(string(st.Retry.Count), 64); err == nil && n == 0 {
			ps = append(ps, Problem{Path: fmt.Sprintf("steps[%d].retry.count", i), Msg: "must be at least 1"})
		}
	}
	return ps
}

// utf8Error is a *DecodeError for the byte at off of data, which is not
// UTF-8 (encoding/json would read it as U+FFFD and type that). When data is
// otherwise well-formed JSON, the error names the value holding the byte.
func utf8Error(data []byte, off int, file string) error {
	line, col, excerpt := pointAt(data, off)
	e := &DecodeError{File: file, Line: line, Col: col, Excerpt: excerpt,
		Msg: fmt.Sprintf("invalid UTF-8 (byte 0x%02x): the file must be UTF-8", data[off])}
	if json.Valid(data) {
		e.Path, _ = textpos.JSONValueAt(data, off)
	}
	return e
}

// decodeError turns a json error into a *DecodeError with a line and
// column in data[base:] (a byte order mark is not a column).
func decodeError(data []byte, base int, file string, err error) error {
	off, path, msg, ok := textpos.JSONError(data[base:], err)
	if !ok {
		return fmt.Errorf("%w: %s: %w", ErrInvalid, file, err)
	}
	line, col, excerpt := pointAt(data[base:], off)
	return &DecodeError{File: file, Line: line, Col: col, Path: path, Msg: msg, Excerpt: excerpt}
}
