package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/golden"
	"github.com/plaintest/plaintest/nanoclaw"
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
// testdata/export/<name>.json, and the other formats the same compile
// wrote with <name>.flow.yaml, <name>.spec.ts and <name>.replay.json (the
// bundle's calls and outcomes, normalizeBundle), so that a change in a
// locator, a wait or a step shows as a diff in review. Refresh with
// go test ./cmd/plaintest -run TestCompileExportsGolden -update.
func TestCompileExportsGolden(t *testing.T) {
	requireBrowser(t)
	compiledDemos(t)
	for _, s := range demoScenarios {
		t.Run(s.name, func(t *testing.T) {
			out, base := compiledDemo(t, s.name)
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			golden.CheckString(t, filepath.Join("testdata", "export", s.name+".json"), normalizeExport(string(data), base))
			for _, f := range []string{formatChungoid, formatPlaywright, formatNanoClaw} {
				path := exportPath(out, f)
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				got := strings.ReplaceAll(string(data), base, goldenBase)
				if f == formatNanoClaw {
					if ps := nanoclaw.Validate(data); len(ps) > 0 {
						t.Errorf("%s does not validate: %v", path, ps)
					}
					got = normalizeBundle(t, strings.ReplaceAll(got, filepath.Dir(out), "DIR"))
				}
				golden.CheckString(t, filepath.Join("testdata", "export", filepath.Base(path)), got)
			}
		})
	}
}

// reTargetRef matches a snapshot ref as a call's target.
var reTargetRef = regexp.MustCompile(`"target":"(?:[fs]\d+)?e\d+"`)

// normalizeBundle keeps of a bundle what does not change between runs: the
// calls, in order, with their arguments and outcome (result or error
// type), the final output and the status. Times, results and metrics
// change, and so does how often compile polled while it waited (a run of
// the same call repeated is kept once) and the snapshot refs it named.
func normalizeBundle(t *testing.T, data string) string {
	t.Helper()
	var b nanoclaw.Bundle
	if err := json.Unmarshal([]byte(data), &b); err != nil {
		t.Fatal(err)
	}
	var lines []string
	outcome := map[string]string{}
	for _, s := range b.Script {
		switch s.Type {
		case "tool_result":
			outcome[s.CallID] = "ok"
		case "error":
			outcome[s.CallID] = "error " + s.ErrorType
		}
	}
	prev := ""
	for _, s := range b.Script {
		if s.Type != "tool_call" {
			continue
		}
		var args strings.Builder
		enc := json.NewEncoder(&args)
		enc.SetEscapeHTML(false)
		enc.Encode(s.Args)
		a := reTargetRef.ReplaceAllString(strings.TrimSpace(args.String()), `"target":"REF"`)
		line := fmt.Sprintf("%s %s -> %s", s.Tool, a, outcome[s.CallID])
		if line != prev {
			lines = append(lines, line)
		}
		prev = line
	}
	return fmt.Sprintf("status: %s\ninput: %s\ncalls:\n%s\nfinal output:\n%s\n", b.Status, b.InputMessages[0].Content,
		strings.Join(lines, "\n"), b.FinalOutput.Content)
}
