package mcpclient

import (
	"errors"
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/internal/printable"
)

// ErrUnavailable is wrapped by every error that means the MCP server cannot
// be used: not installed, failed to start, unreachable, or the connection was
// lost mid-run. Callers map it to "environment" failures.
var ErrUnavailable = errors.New("mcp server unavailable")

// ErrRejected is wrapped when the server answered a request with a JSON-RPC
// error (unknown method, invalid parameters) instead of a result. The server
// is up; the request was wrong. Tool failures reported with isError are not
// errors at all: they come back as Result.IsError.
var ErrRejected = errors.New("mcp server rejected the request")

// ErrBrowserLost is wrapped (inside an *UnavailableError) when the browser
// a server drives went away mid-run: its process ended, or the server said
// the page or browser was closed or crashed. The session then refuses every
// later call, so that no step runs against the blank page a server would
// open in its place.
var ErrBrowserLost = errors.New("the browser was lost")

// ErrNoServer is wrapped by Config.Server when the config has no server of
// that name.
var ErrNoServer = errors.New("no such mcp server in config")

// UnavailableError says which server could not be used, during what, and
// what to do about it. It wraps ErrUnavailable and the cause.
type UnavailableError struct {
	Server string // the server's name
	Op     string // "start", "connect", "initialize", "call browser_click", ...
	Err    error  // the cause
	Hint   string // what the user can do, e.g. "run make setup"
	// Stderr is the tail (up to 8 KiB) of a stdio server's stderr, empty for
	// other transports.
	Stderr string
}

// stderrLinesInError bounds how much of the stderr tail Error() quotes; the
// whole tail stays in the Stderr field.
const stderrLinesInError = 12

func (e *UnavailableError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "mcp server %s", printable.Quote(e.Server))
	if e.Op != "" {
		b.WriteString(": " + e.Op)
	}
	if e.Err != nil {
		b.WriteString(": " + e.Err.Error())
	}
	if e.Hint != "" {
		b.WriteString(" (" + e.Hint + ")")
	}
	if tail := lastLines(e.Stderr, stderrLinesInError); tail != "" {
		b.WriteString("; server stderr ends with:\n" + tail)
	}
	return b.String()
}

// Unwrap makes errors.Is(err, ErrUnavailable) hold, and keeps the cause
// reachable (context.DeadlineExceeded, *exec.ExitError, ...).
func (e *UnavailableError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrUnavailable}
	}
	return []error{ErrUnavailable, e.Err}
}

// lastLines returns the last n non-empty lines of s, each indented by two
// spaces.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	kept := make([]string, 0, n)
	for i := len(lines) - 1; i >= 0 && len(kept) < n; i-- {
		if l := strings.TrimRight(lines[i], "\r \t"); l != "" {
			kept = append(kept, "  "+l)
		}
	}
	for i, j := 0, len(kept)-1; i < j; i, j = i+1, j-1 {
		kept[i], kept[j] = kept[j], kept[i]
	}
	return strings.Join(kept, "\n")
}
