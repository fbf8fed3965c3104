package browserserver

// The server's workspace, which every file a tool reads or writes is in.

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// workPath resolves a file name of a tool argument in the server's
// workspace; a name outside it is refused.
func (s *Server) workPath(name string) (string, error) {
	p := name
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.opts.WorkDir, p)
	}
	p = filepath.Clean(p)
	rel, err := filepath.Rel(s.opts.WorkDir, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", toolErrorf("File access denied: %s is outside the server's workspace %s", name, s.opts.WorkDir)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", err
	}
	return p, nil
}

// workFile resolves a file to read in the workspace: it must stay inside
// it, and exist as a regular file.
func (s *Server) workFile(name string) (string, error) {
	if strings.TrimSpace(name) == "" || strings.ContainsRune(name, 0) {
		return "", toolErrorf("File access denied: %q is not a file name in the server's workspace %s", name, s.opts.WorkDir)
	}
	p, err := s.workPath(name)
	if err != nil {
		return "", err
	}
	fi, err := os.Stat(p)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "", toolErrorf("File not found: %s (in the server's workspace %s)", name, s.opts.WorkDir)
	case err != nil:
		return "", err
	case !fi.Mode().IsRegular():
		return "", toolErrorf("File access denied: %s is not a regular file", name)
	}
	return p, nil
}

// writeWork writes data to the file name in the workspace (workPath) and
// returns its path.
func (s *Server) writeWork(name string, data []byte) (string, error) {
	path, err := s.workPath(name)
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", err
	}
	return path, nil
}
