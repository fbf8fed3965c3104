// Package parser is the compile orchestrator: it takes a Scenario (a URL and
// plain-English actions, package parser/scenario), drives a real browser
// through an MCP tool caller action by action, and gives back a
// ParserResult holding only the steps that really ran, each with a stable
// selector, ready for export.
//
// Each action is interpreted against the page as the previous action left it
// (the tech spec's state hand-over): snapshot, parse (dom), translate
// (translator), build calls (commandgen.Call), execute, record.
package parser

// The scenario a person gives, whose format, splitting and validation
// are package parser/scenario's: the compiler's input, named here as the
// compiler takes it.

import "github.com/plaintest/plaintest/parser/scenario"

// Scenario is what a person asks plaintest to compile (scenario.Scenario).
type Scenario = scenario.Scenario

// InputError lists every problem found in a scenario (scenario.InputError).
type InputError = scenario.InputError

// ErrInvalid is wrapped by every error about the scenario a person gave.
var ErrInvalid = scenario.ErrInvalid

// ReadFile reads and validates a scenario file (scenario.ReadFile).
func ReadFile(path string, secret func(name string) string) (*Scenario, error) {
	return scenario.ReadFile(path, secret)
}

// SplitActions splits one text into its actions (scenario.SplitActions).
func SplitActions(text string) []string { return scenario.SplitActions(text) }
