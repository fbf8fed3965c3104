package browserserver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// workServer is a server with only its workspace: work, holding a file
// and, inside it, links out (to outside) and to a file outside.
func workServer(t *testing.T) (s *Server, work, outside string) {
	t.Helper()
	work, outside = t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("keep out"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "notes.txt"), []byte("notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, to := range map[string]string{"out": outside, "secret": filepath.Join(outside, "secret.txt")} {
		if err := os.Symlink(to, filepath.Join(work, link)); err != nil {
			t.Skipf("symbolic links: %v", err)
		}
	}
	s = &Server{opts: Options{WorkDir: work}}
	if err := s.openWork(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.work.Close() })
	return s, work, outside
}

// TestWorkspaceConfines: what a tool writes or uploads stays in the
// workspace, links followed: a name through a link out is refused as a
// name outside is, and nothing reaches outside.
func TestWorkspaceConfines(t *testing.T) {
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"shot.png", true},
		{"deep/er/shot.png", true},
		{"../shot.png", false},
		{"/tmp/plaintest-escape.png", false},
		{"out/shot.png", false},
		{"out/../shot2.png", true}, // cleaned before it is resolved, as the name reads
		{"secret", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, work, outside := workServer(t)
			path, err := s.writeWork(c.name, []byte("png"))
			switch {
			case c.ok && err != nil:
				t.Fatalf("writeWork(%q) = %v, want it written", c.name, err)
			case c.ok && !strings.HasPrefix(path, work):
				t.Errorf("writeWork(%q) wrote %s, outside %s", c.name, path, work)
			case !c.ok && (err == nil || !strings.Contains(err.Error(), "outside the server's workspace")):
				t.Errorf("writeWork(%q) = %q, %v; want it refused as outside", c.name, path, err)
			}
			if b, _ := os.ReadFile(filepath.Join(outside, "secret.txt")); string(b) != "keep out" {
				t.Errorf("the file outside now holds %q", b)
			}
			if entries, _ := os.ReadDir(outside); len(entries) != 1 {
				t.Errorf("outside holds %d files, want 1", len(entries))
			}
		})
	}
	s, _, _ := workServer(t)
	if _, err := s.workFile("notes.txt"); err != nil {
		t.Errorf("workFile(notes.txt) = %v, want it found", err)
	}
	for _, name := range []string{"secret", "out/secret.txt", "../x"} {
		if p, err := s.workFile(name); err == nil {
			t.Errorf("workFile(%q) = %q, want it refused", name, p)
		}
	}
}

// TestWorkspaceReplaced: a workspace whose path leads elsewhere than when
// the server opened it (a link put in its place) is refused, and nothing
// is written where the link leads.
func TestWorkspaceReplaced(t *testing.T) {
	s, work, outside := workServer(t)
	if err := os.Rename(work, work+"-old"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, work); err != nil {
		t.Fatal(err)
	}
	if _, err := s.writeWork("shot.png", []byte("png")); err == nil || !strings.Contains(err.Error(), "no longer the folder") {
		t.Errorf("writeWork = %v, want it refused: the workspace was replaced", err)
	}
	if _, err := os.Stat(filepath.Join(outside, "shot.png")); err == nil {
		t.Error("the screenshot was written where the link leads")
	}
}

// TestWorkspaceThroughALink: a workspace named through a link (a folder
// the user named) is the folder it leads to, and names in it, written as
// the link or as the folder, are inside.
func TestWorkspaceThroughALink(t *testing.T) {
	real := t.TempDir()
	link := filepath.Join(t.TempDir(), "work")
	if err := os.Symlink(real, link); err != nil {
		t.Skipf("symbolic links: %v", err)
	}
	s := &Server{opts: Options{WorkDir: link}}
	if err := s.openWork(); err != nil {
		t.Fatal(err)
	}
	defer s.work.Close()
	for _, name := range []string{"a.png", filepath.Join(link, "b.png"), filepath.Join(real, "c.png")} {
		if _, err := s.writeWork(name, []byte("png")); err != nil {
			t.Errorf("writeWork(%q) = %v, want it written", name, err)
		}
	}
	if entries, _ := os.ReadDir(real); len(entries) != 3 {
		t.Errorf("the folder holds %d files, want 3", len(entries))
	}
}
