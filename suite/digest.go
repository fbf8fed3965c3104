package suite

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/plaintest/plaintest/parser/scenario"
	"github.com/plaintest/plaintest/sandy"
)

// Digest is what a scenario compiled from sc with the compiler contract
// (plaintest's version, the translator and model chosen) records as
// metadata.compiled_from: a hash of the test's name, URL, actions and
// their lines, tags, file, the sentences phrases expanded, variables and
// the names of its secrets. A
// secret's value is not in it: a digest may be read by anyone who reads
// the scenario, and a changed password compiles to the same scenario.
func Digest(sc *scenario.Scenario, contract string) string {
	h := sha256.New()
	put := func(parts ...string) {
		for _, p := range parts {
			// Quoted and ended by a NUL (which a quoted text never
			// holds), so that no two inputs give one stream.
			b, _ := json.Marshal(p)
			h.Write(b)
			h.Write([]byte{0})
		}
	}
	put("plaintest-suite-digest/1", contract, sc.Name, sc.URL, sc.Source)
	// Each list as one part, so that no word moves from one to another
	// unseen; Via holds a test's sentence where a phrase wrote its actions.
	for _, list := range []any{sc.Actions, sc.Lines, sc.Tags, sc.Via} {
		b, _ := json.Marshal(list)
		put(string(b))
	}
	for _, k := range slices.Sorted(maps.Keys(sc.Variables)) {
		put("var", k, sc.Variables[k])
	}
	for _, k := range slices.Sorted(maps.Keys(sc.Secrets)) {
		put("secret", k)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// Recorded is what the scenario file at path says of itself, for a suite
// compile: the digest it was compiled from and its source; ok is false
// when there is no readable scenario there, or it is partial (a partial
// scenario is compiled again).
func Recorded(path string) (meta sandy.Metadata, ok bool) {
	data, err := sandy.ReadFile(path)
	if err != nil {
		return meta, false
	}
	var head struct {
		Metadata sandy.Metadata `json:"metadata"`
	}
	if json.Unmarshal(data, &head) != nil {
		return meta, false
	}
	return head.Metadata, head.Metadata.Status != sandy.StatusPartial
}

// Unchanged reports whether the scenario at path was compiled, whole, from
// a test whose digest is digest.
func Unchanged(path, digest string) bool {
	meta, ok := Recorded(path)
	return ok && meta.CompiledFrom == digest
}

// Orphans are the scenarios under out that a suite compile wrote
// (metadata.compiled_from set) and that it did not write or leave this
// time (kept): their test, or the test's scenario of that name, is gone.
// They are listed, not removed: a person decides.
func Orphans(out string, kept map[string]bool) []string {
	var orphans []string
	_ = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".json") || kept[filepath.Clean(p)] {
			return nil
		}
		if meta, _ := Recorded(p); meta.CompiledFrom != "" {
			orphans = append(orphans, p)
		}
		return nil
	})
	return orphans
}

// isScenario reports whether the JSON or YAML file at p is a Sandy
// scenario (its top level has "steps"), not a test.
func isScenario(p string) bool {
	data, err := os.ReadFile(p)
	if err != nil || len(data) > sandy.MaxFileSize {
		return false
	}
	var top map[string]yaml.Node
	if yaml.Unmarshal(data, &top) != nil {
		return false
	}
	_, steps := top["steps"]
	return steps
}
