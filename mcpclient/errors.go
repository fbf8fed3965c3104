package mcpclient

import "errors"

// ErrUnavailable is wrapped by every error that means the MCP server cannot
// be used: not installed, failed to start, unreachable, or the connection was
// lost mid-run. Callers map it to "environment" failures.
var ErrUnavailable = errors.New("mcp server unavailable")
