package plaintest_test

import (
	"bytes"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/plaintest/plaintest"

// maxPackageLines is how large a package may grow, counted in its non-test
// Go lines (docs/ARCHITECTURE.md, Packages): past it, a package holds more
// than one job, and the job that grew gets a package of its own.
const maxPackageLines = 4000

// layers orders the module's packages as docs/ARCHITECTURE.md draws
// them: a package imports only packages of a lower layer, or of its own
// tree (translator/grammar may import translator/names). A package is
// placed by the longest entry that is its path or a folder above it; one
// that no entry places fails the test, so a new package is placed on
// purpose.
var layers = []struct {
	layer int
	pkgs  []string
}{
	{0, []string{"internal"}},
	{1, []string{"prompts", "demoshop"}},
	{2, []string{"step", "dom", "sandy", "report"}},
	{3, []string{"commandgen"}},
	{4, []string{"mcpclient", "prompt", "sandyexport", "nanoclaw", "pwspec", "chungoid"}},
	{5, []string{"translator", "replay", "browserserver"}},
	// Test support that starts servers: what the end-to-end tests share.
	{5, []string{"internal/spectest", "conformance/stubmcp"}},
	{6, []string{"internal/testkit"}},
	{6, []string{"parser"}},
	{7, []string{"prove", "heal", "suite"}},
	{8, []string{"cmd", "corpus", "conformance", ""}},
}

// layerOf returns the layer of a package path relative to the module, and
// the entry that placed it.
func layerOf(rel string) (int, string) {
	best, at := -1, ""
	for _, l := range layers {
		for _, p := range l.pkgs {
			if (rel == p || p != "" && strings.HasPrefix(rel, p+"/")) && (best < 0 || len(p) > len(at)) {
				best, at = l.layer, p
			}
		}
	}
	return best, at
}

// pkgInfo is what packages reads of one package.
type pkgInfo struct {
	lines   int             // non-test lines
	imports map[string]bool // the module's packages its non-test files import
}

// packages reads the module's packages, by folder relative to the module.
func packages(t *testing.T) map[string]pkgInfo {
	t.Helper()
	out := map[string]pkgInfo{}
	fset := token.NewFileSet()
	eachSource(t, func(path string, data []byte) error {
		f, err := parser.ParseFile(fset, path, data, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(filepath.Dir(path))
		if rel == "." {
			rel = ""
		}
		p := out[rel]
		if p.imports == nil {
			p.imports = map[string]bool{}
		}
		p.lines += bytes.Count(data, []byte("\n"))
		for _, im := range f.Imports {
			ip, err := strconv.Unquote(im.Path.Value)
			if err != nil {
				return err
			}
			if ip == module || strings.HasPrefix(ip, module+"/") {
				p.imports[strings.TrimPrefix(strings.TrimPrefix(ip, module), "/")] = true
			}
		}
		out[rel] = p
		return nil
	})
	if len(out) < 20 {
		t.Fatalf("only %d packages found: the walk no longer reads the module", len(out))
	}
	return out
}

// TestImportsFlowDownstream: no package imports one of its own layer or
// above it (but for its own tree), so the pipeline reads one way: the
// commands drive the compiler and the player, which drive the stages,
// which use the models and the leaves.
func TestImportsFlowDownstream(t *testing.T) {
	pkgs := packages(t)
	names := make([]string, 0, len(pkgs))
	for p := range pkgs {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		from, at := layerOf(p)
		if from < 0 {
			t.Errorf("package %s has no layer in layers_test.go: place it, and draw it in docs/ARCHITECTURE.md", p)
			continue
		}
		for im := range pkgs[p].imports {
			to, imAt := layerOf(im)
			if imAt == at && at != "" || from > to {
				continue
			}
			t.Errorf("package %s (layer %d) imports %s (layer %d): imports flow only downstream", p, from, im, to)
		}
	}
}

// TestPackageSizes: no package is over maxPackageLines non-test lines.
func TestPackageSizes(t *testing.T) {
	for p, info := range packages(t) {
		if info.lines > maxPackageLines {
			t.Errorf("package %q: %d non-test lines, more than %d: give the job that grew a package of its own", p, info.lines, maxPackageLines)
		}
	}
}
