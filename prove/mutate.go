package prove

// The page code of the mutations (mutations.js) and the calls that run
// it: one browser_evaluate applies a mutation, keeping its undo in the
// page; another undoes it.

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/sandy"
	"github.com/plaintest/plaintest/step"
)

//go:embed mutations.js
var mutationsJS string

var decls = pagejs.MustConsts(mutationsJS)

// helperNames are mutations.js's declarations that are no mutation, in
// file order.
var helperNames = []string{"journal", "stash", "other", "showers", "subjects", "textNodes", "tag", "box", "inView", "hideAll", "flips"}

// jsName is the declaration of the mutation called name: "display none"
// is display_none.
func jsName(name string) string { return strings.ReplaceAll(name, " ", "_") }

// hasMutation reports whether mutations.js declares the mutation name.
func hasMutation(name string) bool {
	_, ok := pagejs.Lookup(decls, jsName(name))
	return ok
}

// checkData is what a mutation reads of its check (mutations.js's c).
type checkData struct {
	Kind    string   `json:"kind"`
	Value   string   `json:"value"`
	Values  []string `json:"values"`
	Match   string   `json:"match"`
	Negated bool     `json:"negated"`
	Shadow  bool     `json:"shadow"`
	Roles   []string `json:"roles"`
}

// mutationCall is the call that applies the mutation name to the page of
// the check rec on target ("" for a check of the page), undoing any
// mutation left over first.
func mutationCall(name string, rec *sandy.Check, target string) (step.ToolCall, error) {
	mut, ok := pagejs.Lookup(decls, jsName(name))
	if !ok {
		return step.ToolCall{}, fmt.Errorf("prove: no mutation %q in mutations.js", name)
	}
	c := checkData{Kind: rec.Kind, Value: rec.Value, Values: rec.Values, Match: rec.Match, Negated: rec.Negated,
		Shadow: rec.Shadow, Roles: commandgen.OrderRoles()}
	if c.Values == nil {
		c.Values = []string{}
	}
	cj, err := json.Marshal(c)
	if err != nil {
		return step.ToolCall{}, err
	}
	body := "const mutate = " + mut + "; const at = stash(); if (at.__plaintestProve) at.__plaintestProve.undo(); const J = journal(); at.__plaintestProve = J; return JSON.stringify(mutate(el, " + string(cj) + ", J));"
	own := helpers(body)
	head := "async (el) => { "
	if target == "" {
		head = "async () => { const el = null; "
	}
	args := map[string]any{"function": head + commandgen.CheckHelpers(own+body) + own + body + " }"}
	if target != "" {
		args["target"] = target
	}
	return step.ToolCall{Tool: step.ToolEvaluate, Args: args}, nil
}

// undoCall is the call that undoes the mutation the page keeps, if any.
func undoCall() step.ToolCall {
	body := "const at = stash(), j = at.__plaintestProve; delete at.__plaintestProve; if (!j) return 'nothing to undo'; j.undo(); return 'undone';"
	return step.ToolCall{Tool: step.ToolEvaluate, Args: map[string]any{"function": "() => { " + helpers(body) + body + " }"}}
}

// helpers declares the helpers of mutations.js that code names, and
// those they name, in file order.
func helpers(code string) string {
	need := map[string]bool{}
	for changed := true; changed; {
		changed = false
		text := code
		for _, n := range helperNames {
			if need[n] {
				v, _ := pagejs.Lookup(decls, n)
				text += " " + v
			}
		}
		for _, n := range helperNames {
			if !need[n] && helperWords[n].MatchString(text) {
				need[n], changed = true, true
			}
		}
	}
	var b strings.Builder
	for _, d := range decls {
		if need[d.Name] {
			b.WriteString(d.Source() + " ")
		}
	}
	return b.String()
}

// helperWords find each helper's name as a word.
var helperWords = func() map[string]*regexp.Regexp {
	out := map[string]*regexp.Regexp{}
	for _, n := range helperNames {
		out[n] = regexp.MustCompile(`\b` + n + `\b`)
	}
	return out
}()

// applied is what a mutation answers: what it changed, or why it changed
// nothing.
type applied struct {
	Did  string `json:"did"`
	Skip string `json:"skip"`
}

// readApplied reads a mutation's answer from browser_evaluate's result
// value: the JSON text the function returned, as a JSON string (both
// browser servers) or bare.
func readApplied(value string) (applied, error) {
	value = strings.TrimSpace(value)
	var text string
	if err := json.Unmarshal([]byte(value), &text); err != nil {
		text = value
	}
	var a applied
	if err := json.Unmarshal([]byte(text), &a); err != nil {
		return applied{}, fmt.Errorf("prove: a mutation answered %.80q, not its JSON", value)
	}
	if a.Did == "" && a.Skip == "" {
		return applied{}, fmt.Errorf("prove: a mutation answered %.80q: neither what it did nor why not", value)
	}
	return a, nil
}
