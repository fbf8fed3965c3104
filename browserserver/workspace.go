package browserserver

// The server's workspace, which every file a tool reads or writes is in.

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/plaintest/plaintest/internal/fspath"
)

// openWork opens the workspace (Options.WorkDir, made when missing) once,
// as its path leads now: the folder the server reads and writes in is
// that one, held open, and a tool that finds its path leading elsewhere
// later (a folder or a link put in its place) is refused.
func (s *Server) openWork() error {
	f, err := fspath.Open("", s.opts.WorkDir)
	if err != nil {
		return err
	}
	real, err := f.Real()
	if err != nil {
		f.Close()
		return err
	}
	s.work, s.workReal = f, real
	return nil
}

// workPath resolves a file name of a tool argument in the server's
// workspace, symbolic links followed: a name outside it, or that a link
// leads out of, is refused.
func (s *Server) workPath(name string) (string, error) {
	if err := s.work.Check(); err != nil {
		return "", toolErrorf("File access denied: the server's workspace %v", err)
	}
	p := name
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.opts.WorkDir, p)
	}
	real, err := fspath.Resolve(filepath.Clean(p))
	if err != nil || !fspath.Within(s.workReal, real) {
		return "", toolErrorf("File access denied: %s is outside the server's workspace %s", name, s.opts.WorkDir)
	}
	return real, nil
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

// writeWork writes data to the file name in the workspace (workPath),
// through the folder opened (os.Root: nothing written leaves it, whatever
// a link put meanwhile says), and returns its path.
func (s *Server) writeWork(name string, data []byte) (string, error) {
	path, err := s.workPath(name)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(s.workReal, path)
	if err != nil || rel == "." {
		return "", toolErrorf("File access denied: %s is not a file name in the server's workspace %s", name, s.opts.WorkDir)
	}
	root := s.work.Root()
	if dir := filepath.Dir(rel); dir != "." {
		if err := root.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
	}
	if err := root.WriteFile(rel, data, 0o644); err != nil {
		return "", err
	}
	return path, nil
}
