package llm

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/plaintest/plaintest/dom"
)

// page is the demo shop's page NAME as its snapshot (dom/testdata/NAME.yaml).
func page(t testing.TB, name string) *dom.Node {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "dom", "testdata", name+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	n, err := dom.ParseARIA(string(b))
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return n
}
