//go:build unix

package mcpclient

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestClaudeInChromeUnsafeFolder: a bridge folder or socket that is not
// the user's own, or that other users may write in, is refused before
// anything is sent to it, saying why.
func TestClaudeInChromeUnsafeFolder(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, dir string) (connect string, uid int)
		want  string
	}{
		{"the folder is writable by others", func(t *testing.T, dir string) (string, int) {
			chmod(t, dir, 0o777)
			return dir, os.Getuid()
		}, "may be written by other users (mode 0777"},
		{"the folder is writable by its group", func(t *testing.T, dir string) (string, int) {
			chmod(t, dir, 0o770)
			return dir, os.Getuid()
		}, "may be written by other users (mode 0770"},
		{"the folder is another user's", func(t *testing.T, dir string) (string, int) {
			return dir, os.Getuid() + 1
		}, "not to you (uid"},
		{"the folder is a link", func(t *testing.T, dir string) (string, int) {
			link := dir + "-link"
			if err := os.Symlink(dir, link); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Remove(link) })
			return link, os.Getuid()
		}, "is a symbolic link"},
		{"a socket is a link", func(t *testing.T, dir string) (string, int) {
			if err := os.Symlink(filepath.Join(dir, "bridge.sock"), filepath.Join(dir, "a.sock")); err != nil {
				t.Fatal(err)
			}
			return dir, os.Getuid()
		}, "a.sock is not a socket"},
		{"a socket is another user's", func(t *testing.T, dir string) (string, int) {
			if os.Getuid() != 0 {
				t.Skip("giving a socket to another user needs root")
			}
			if err := os.Lchown(filepath.Join(dir, "bridge.sock"), 65534, 65534); err != nil {
				t.Fatal(err)
			}
			return dir, os.Getuid()
		}, "bridge.sock belongs to uid 65534"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, err := os.MkdirTemp("", "bridge") // short: socket paths have a small limit
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(dir) })
			f := &fakeBridge{}
			f.serve(t, dir)
			connect, uid := tt.setup(t, dir)

			_, err = ownSockets(connect, uid)
			var unsafe *BridgeUnsafeError
			if !errors.As(err, &unsafe) || !errors.Is(err, ErrUnavailable) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want a *BridgeUnsafeError saying %q", err, tt.want)
			}
			if uid == os.Getuid() {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				if b, err := ConnectClaudeInChrome(ctx, connect); !errors.Is(err, ErrBridgeUnsafe) {
					if b != nil {
						b.Close()
					}
					t.Errorf("ConnectClaudeInChrome: got %v, want ErrBridgeUnsafe", err)
				}
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			if len(f.calls) != 0 {
				t.Errorf("the bridge got %d messages, want none", len(f.calls))
			}
		})
	}
}

// TestClaudeInChromeOwnFolder: the user's own folder, closed to others,
// with the user's socket, is used; no folder at all is no socket.
func TestClaudeInChromeOwnFolder(t *testing.T) {
	dir, err := os.MkdirTemp("", "bridge")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	(&fakeBridge{}).serve(t, dir)
	chmod(t, dir, 0o755)
	if socks, err := ownSockets(dir, os.Getuid()); err != nil || len(socks) != 1 {
		t.Errorf("got %v, %v; want the one socket", socks, err)
	}
	if socks, err := ownSockets(filepath.Join(dir, "none"), os.Getuid()); err != nil || len(socks) != 0 {
		t.Errorf("no folder: got %v, %v; want no socket and no error", socks, err)
	}
}

func chmod(t *testing.T, path string, mode os.FileMode) {
	t.Helper()
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}
