package sandy

import (
	"fmt"
	"io"
	"math"
	"os"
	"strconv"

	"github.com/plaintest/plaintest/internal/jsonscan"
)

// Limits of a scenario file. A scenario is data someone else may have
// written, replayed with the rights of the machine that replays it: these
// bound the memory a file can make a load take (see BenchmarkLoadAtLimit:
// a file at MaxFileSize, of the costliest shape within the other limits,
// allocates well under 200 MB). A file over one is refused before it is
// decoded, with the path of the value that breaks it.
const (
	MaxFileSize = 10 << 20 // bytes of the file
	MaxString   = 1 << 20  // bytes of one string value, as written in the file
	MaxKey      = 1 << 10  // bytes of one object key, as written in the file
	MaxArray    = 10_000   // elements of one array (the steps included)
	MaxObject   = 10_000   // members of one object
	MaxDepth    = 32       // arrays and objects inside one another
	MaxValues   = 250_000  // values of the whole file (every key's value and element)

	// MaxSubstituted bounds a text once its placeholders are substituted
	// at run time ({{A}}{{A}}... with a long A), in bytes.
	MaxSubstituted = MaxFileSize
)

// Limits of what a run makes of the values its steps extract and pass on,
// each in bytes as compact JSON and in values (see Size and Measure). A
// step's outputs are kept for the rest of the run and its report, and are
// put into later steps' params whole, so without them a chain of steps
// could double a value at each step (the output $..* of a result that
// echoes the step before's) until the machine runs out of memory. What a
// real scenario passes on is a page's text or snapshot, or an API's
// answer: a few MB at most.
const (
	// MaxSubstitutedValues bounds one step's params (or condition) once
	// substituted, with MaxSubstituted: a placeholder that is a whole
	// param counts as the value it puts in.
	MaxSubstitutedValues = 250_000
	// MaxOutput and MaxOutputValues bound the outputs one step extracts,
	// together.
	MaxOutput       = 10 << 20
	MaxOutputValues = 250_000
	// MaxKept and MaxKeptValues bound what a run keeps of its steps'
	// outputs and of the values substituted into their params, together.
	MaxKept       = 64 << 20
	MaxKeptValues = 1_000_000
	// MaxResultValues and MaxResultDepth bound the JSON of a tool's result
	// that a step's outputs are extracted from, checked before it is
	// decoded.
	MaxResultValues = 500_000
	MaxResultDepth  = 256
)

// LimitError is a value a run makes over one of the limits above. It wraps
// ErrInvalid: the scenario, not the site, is at fault.
type LimitError struct {
	// Path is where the value goes or comes from: "text" or
	// "fields[0].value" in a step's params, "output items"; "" for the
	// whole. Its user may put the step's own path before it.
	Path string
	Msg  string // what grew past which limit
}

func (e *LimitError) Error() string {
	if e.Path == "" {
		return e.Msg
	}
	return e.Path + ": " + e.Msg
}

// Unwrap returns ErrInvalid.
func (e *LimitError) Unwrap() error { return ErrInvalid }

// limitText names a limit of Size for messages: "10.0 MB or 250000
// values".
func limitText(limit Size) string {
	return mb(limit.Bytes) + " or " + strconv.FormatInt(limit.Values, 10) + " values"
}

// maxProblems is how many problems a *ValidationError lists; past it the
// last one says how many more there were.
const maxProblems = 1000

// SizeError is a scenario file over MaxFileSize, refused unread. It wraps
// ErrInvalid.
type SizeError struct {
	File string
	Size int64 // bytes; -1 when the file is not a regular file and was read up to the limit
}

func (e *SizeError) Error() string {
	size := "more than " + mb(MaxFileSize)
	if e.Size >= 0 {
		size = mb(e.Size)
		if size == mb(MaxFileSize) { // just over: in bytes
			size = strconv.FormatInt(e.Size, 10) + " bytes"
		}
	}
	return fmt.Sprintf("%s: the file is %s, over the limit of %s for a scenario file", e.File, size, mb(MaxFileSize))
}

// Unwrap returns ErrInvalid.
func (e *SizeError) Unwrap() error { return ErrInvalid }

// mb writes n bytes in MB (MiB) with one decimal, or in bytes below 1 MB.
func mb(n int64) string {
	if n < 1<<20 {
		return strconv.FormatInt(n, 10) + " bytes"
	}
	return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MB"
}

// ReadFile reads a scenario file (or a bundle or flow that stands beside
// scenarios) of at most MaxFileSize bytes: a larger regular file is
// refused from its size, unread, and any other (a pipe) is read no further
// than the limit. The error is a *SizeError naming path.
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > MaxFileSize {
		return nil, &SizeError{File: path, Size: fi.Size()}
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, &SizeError{File: path, Size: -1}
	}
	return data, nil
}

// checkLimits walks data, which must be valid JSON, and returns a
// *DecodeError at the first value over a limit, naming its JSON path
// ("steps[3].params.text"), or nil. It allocates little while the file
// holds: paths are written only for the error.
func checkLimits(data []byte, base int, file string) error {
	l := limiter{lim: &fileLimits}
	jsonscan.Walk(data, base, l.visit)
	if l.msg == "" {
		return nil
	}
	line, col, excerpt := pointAt(data[base:], l.off-base)
	return &DecodeError{File: file, Line: line, Col: col, Path: l.path, Msg: l.msg, Excerpt: excerpt}
}

// CheckResultJSON checks data, the JSON of a tool's result that outputs
// are extracted from (valid JSON), against MaxResultValues and
// MaxResultDepth before it is decoded. The error is a *LimitError at the
// value's JSON path in the result.
func CheckResultJSON(data []byte) error {
	l := limiter{lim: &resultLimits}
	jsonscan.Walk(data, 0, l.visit)
	switch {
	case l.msg == "":
		return nil
	case l.values > l.lim.values: // the whole, not one value
		return &LimitError{Msg: l.msg}
	}
	return &LimitError{Path: l.path, Msg: l.msg}
}

// jsonLimits are the limits a limiter holds a JSON text to, and what it
// calls the whole in messages.
type jsonLimits struct {
	values, depth, str, key, array, object int
	whole                                  string
}

var (
	fileLimits   = jsonLimits{MaxValues, MaxDepth, MaxString, MaxKey, MaxArray, MaxObject, "the file"}
	resultLimits = jsonLimits{values: MaxResultValues, depth: MaxResultDepth,
		str: math.MaxInt, key: math.MaxInt, array: math.MaxInt, object: math.MaxInt, whole: "the result's JSON"}
)

// limiter holds the values of a walk (jsonscan.Walk) to its limits and
// keeps the first one broken.
type limiter struct {
	lim    *jsonLimits
	values int
	msg    string // the broken limit; "" while none is
	off    int    // where the value (or key, or container) breaking it starts
	path   string // its JSON path
}

// visit checks the value at start, in the container around it: that
// container's count of elements or members and the member's key, then the
// count of values, the depth of a container, the length of a string. It
// stops the walk at the first limit broken.
func (l *limiter) visit(w *jsonscan.Walker, start int) bool {
	frames := w.Frames()
	if n := len(frames); n > 0 {
		f := frames[n-1]
		what, max := "elements", l.lim.array
		if f.Key != nil {
			what, max = "members", l.lim.object
		}
		if f.Index >= max { // the container itself is at fault
			return l.fail(f.Start, jsonscan.PathOf(frames[:n-1]), "more than %d %s, the limit", max, what)
		}
		if k := len(f.Key) - 2; f.Key != nil && k > l.lim.key {
			return l.fail(f.KeyAt, w.Path(), "a key of %s, over the limit of %s", mb(int64(k)), mb(int64(l.lim.key)))
		}
	}
	if l.values++; l.values > l.lim.values {
		return l.fail(start, w.Path(), "%s holds more than %d values, the limit", l.lim.whole, l.lim.values)
	}
	data := w.Scanner().Data()
	switch data[start] {
	case '{', '[':
		if len(frames) >= l.lim.depth {
			return l.fail(start, w.Path(), "nested more than %d arrays or objects deep, the limit", l.lim.depth)
		}
	case '"':
		if n := w.Scanner().StringEnd(start) - start - 2; n > l.lim.str {
			return l.fail(start, w.Path(), "a string of %s, over the limit of %s", mb(int64(n)), mb(int64(l.lim.str)))
		}
	}
	return true
}

// fail keeps a broken limit and stops the walk.
func (l *limiter) fail(off int, path, format string, args ...any) bool {
	l.msg, l.off, l.path = fmt.Sprintf(format, args...), off, path
	return false
}
