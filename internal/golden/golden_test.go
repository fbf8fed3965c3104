package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps its failures instead of failing.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) { r.errs = append(r.errs, format) }
func (r *recorder) Fatalf(format string, args ...any) { r.errs = append(r.errs, format) }
func (r *recorder) Helper()                           {}

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.txt")
	if err := os.WriteFile(path, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &recorder{TB: t}
	CheckString(r, path, "one\ntwo\n")
	if len(r.errs) != 0 {
		t.Errorf("the same text failed: %v", r.errs)
	}
	CheckString(r, path, "one\nthree\n")
	if len(r.errs) != 1 {
		t.Errorf("a different text passed")
	}
	CheckString(r, filepath.Join(t.TempDir(), "missing.txt"), "x")
	if len(r.errs) != 2 {
		t.Errorf("a missing golden file passed")
	}
}

func TestArchiveRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "case.txtar")
	*update = true
	CheckArchive(t, path, map[string]string{"b.json": `{"x":1}`, "a.txt": "hello\n"})
	*update = false
	CheckArchive(t, path, map[string]string{"a.txt": "hello", "b.json": "{\"x\":1}\n"})
	_, files := ReadArchive(t, path)
	if files["a.txt"] != "hello\n" || files["b.json"] != "{\"x\":1}\n" {
		t.Errorf("files = %q", files)
	}
	b, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(b), "-- a.txt --\n") {
		t.Errorf("archive not sorted by name:\n%s", b)
	}
}
