//go:build unix

package mcpclient

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// bridgeSockets lists the sockets of the Chrome bridge in dir, after
// checking that dir is a folder of this user's that no other user may
// write in, and that every *.sock in it is a socket of this user's. No
// folder is no socket.
func bridgeSockets(dir string) ([]string, error) {
	return ownSockets(dir, os.Getuid())
}

// ownSockets is bridgeSockets for the user uid.
func ownSockets(dir string, uid int) ([]string, error) {
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrUnavailable, ClaudeInChrome, err)
	}
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return nil, &BridgeUnsafeError{Path: dir, Why: "is a symbolic link, not the bridge's own folder"}
	case !fi.IsDir():
		return nil, &BridgeUnsafeError{Path: dir, Why: "is not a folder"}
	}
	if why := notOwn(fi, uid); why != "" {
		return nil, &BridgeUnsafeError{Path: dir, Why: why}
	}
	if perm := fi.Mode().Perm(); perm&0o022 != 0 {
		return nil, &BridgeUnsafeError{Path: dir, Why: fmt.Sprintf("may be written by other users (mode %04o; want no write access for group and others)", perm)}
	}
	socks, err := filepath.Glob(filepath.Join(dir, "*.sock"))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrUnavailable, ClaudeInChrome, err)
	}
	for _, p := range socks {
		fi, err := os.Lstat(p)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %w", ErrUnavailable, ClaudeInChrome, err)
		}
		if fi.Mode().Type() != fs.ModeSocket {
			return nil, &BridgeUnsafeError{Path: p, Why: fmt.Sprintf("is not a socket (%s)", fi.Mode().Type())}
		}
		if why := notOwn(fi, uid); why != "" {
			return nil, &BridgeUnsafeError{Path: p, Why: why}
		}
	}
	return socks, nil
}

// notOwn says why fi does not belong to the user uid, "" when it does.
func notOwn(fi fs.FileInfo, uid int) string {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return "has no owner that can be read"
	}
	if int(st.Uid) != uid {
		return fmt.Sprintf("belongs to uid %d, not to you (uid %d)", st.Uid, uid)
	}
	return ""
}
