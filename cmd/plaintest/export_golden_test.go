package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/golden"
)

// goldenBase stands in exported scenarios for the demo shop's address,
// which changes with every run of the test server.
const goldenBase = "http://127.0.0.1:8080"

// reStamp matches the timestamps of an exported scenario.
var reStamp = regexp.MustCompile(`"(created_at|recorded_at)": "[^"]*"`)

// normalizeExport makes an exported scenario comparable between runs: the
// test server's address becomes goldenBase and the timestamps a fixed one.
func normalizeExport(data, base string) string {
	s := strings.ReplaceAll(data, base, goldenBase)
	return reStamp.ReplaceAllString(s, `"$1": "2026-01-01T00:00:00Z"`)
}

// TestCompileExportsGolden compiles every demo scenario (demoScenarios, the
// README's quick start among them) against the demo shop through the real
// browser and compares each exported scenario with
// testdata/export/<name>.json, so that a change in a locator, a wait or a
// step shows as a diff in review. Refresh with
// go test ./cmd/plaintest -run TestCompileExportsGolden -update.
func TestCompileExportsGolden(t *testing.T) {
	requireBrowser(t)
	for _, s := range demoScenarios {
		t.Run(s.name, func(t *testing.T) {
			out, base := compiledDemo(t, s.name)
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			golden.CheckString(t, filepath.Join("testdata", "export", s.name+".json"), normalizeExport(string(data), base))
		})
	}
}
