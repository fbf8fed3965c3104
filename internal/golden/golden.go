// Package golden compares what a test produced with a file under the
// package's testdata/ folder, and rewrites that file when the test runs with
// -update:
//
//	go test ./dom -run Minimize -update
//
// Check takes one text; CheckArchive takes several named texts that belong
// to one case (a scenario and its export, a page and its snapshot) and keeps
// them in one txtar archive, so that a reviewer sees the case whole.
package golden

import (
	"bytes"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/ instead of comparing with them")

// Updating reports whether the test runs with -update.
func Updating() bool { return *update }

// Check compares got with the file at path (relative to the package, e.g.
// "testdata/products.min.txt"), or writes got there with -update.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		write(t, path, got)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run '%s' -update to create it)", err, t.Name())
		return
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what the test produced (run with -update if the change is intended):\n%s", path, diff(string(want), string(got)))
	}
}

// CheckString is Check for a string.
func CheckString(t testing.TB, path, got string) {
	t.Helper()
	Check(t, path, []byte(got))
}

// CheckArchive compares the named texts with the txtar archive at path
// (its comment is kept), or writes them there, sorted by name, with
// -update.
func CheckArchive(t testing.TB, path string, files map[string]string) {
	t.Helper()
	a := &txtar.Archive{}
	if old, err := os.ReadFile(path); err == nil {
		a.Comment = txtar.Parse(old).Comment
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		data := files[name]
		if !strings.HasSuffix(data, "\n") {
			data += "\n"
		}
		a.Files = append(a.Files, txtar.File{Name: name, Data: []byte(data)})
	}
	Check(t, path, txtar.Format(a))
}

// ReadArchive reads the txtar archive at path into its comment and its
// files by name.
func ReadArchive(t testing.TB, path string) (comment string, files map[string]string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := txtar.Parse(b)
	files = map[string]string{}
	for _, f := range a.Files {
		files[f.Name] = string(f.Data)
	}
	return string(a.Comment), files
}

func write(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// diff shows the first lines where want and got part, with a little
// context: enough to see what changed without a diff tool.
func diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var b strings.Builder
	from := max(0, i-2)
	for k := from; k < i; k++ {
		b.WriteString("  " + w[k] + "\n")
	}
	for k := i; k < min(len(w), i+6); k++ {
		b.WriteString("- " + w[k] + "\n")
	}
	for k := i; k < min(len(g), i+6); k++ {
		b.WriteString("+ " + g[k] + "\n")
	}
	b.WriteString("(want: -, got: +; first difference at line " + strconv.Itoa(i+1) + ")")
	return b.String()
}
