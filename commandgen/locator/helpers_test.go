package locator

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
)

// pagesDir holds the snapshots of the demo shop's pages that package dom's
// tests read too.
const pagesDir = "../../dom/testdata"

func mustParseARIA(t testing.TB, s string) *dom.Node {
	t.Helper()
	root, err := dom.ParseARIA(s)
	if err != nil {
		t.Fatalf("ParseARIA: %v", err)
	}
	return root
}

func readTestdata(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(pagesDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// testdataPages are the names of the snapshots in pagesDir.
func testdataPages(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(pagesDir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no %s/*.yaml: %v", pagesDir, err)
	}
	var pages []string
	for _, f := range files {
		pages = append(pages, strings.TrimSuffix(filepath.Base(f), ".yaml"))
	}
	return pages
}
