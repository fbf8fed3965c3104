//go:build !unix

package mcpclient

import (
	"fmt"
	"runtime"
)

// bridgeSockets refuses: Claude Code's Chrome bridge listens on a Unix
// socket in a folder of the user's, whose owner plaintest checks on Unix
// systems only.
func bridgeSockets(dir string) ([]string, error) {
	return nil, fmt.Errorf("%w: %s: Claude Code's Chrome bridge is not supported on %s (plaintest reaches it through a Unix socket in %s)",
		ErrUnavailable, ClaudeInChrome, runtime.GOOS, dir)
}
