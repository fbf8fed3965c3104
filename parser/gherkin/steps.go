package gherkin

import (
	"fmt"
	"regexp"
	"strings"

	messages "github.com/cucumber/messages/go/v34"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/translator/grammar"
)

// Steps. A Given, When, And or But step is an action as it is written,
// read by the compiler as any other (an action or a check, by the rules
// of the grammar, else a model). A Then step, and an And or But after
// one (a pickle step of type Outcome), checks the page and nothing else:
//   - one the grammar reads as an action (grammar.IntentOf) is refused;
//   - one the grammar can read only as checks (grammar.CheckOnly) is kept
//     as written;
//   - any other is written as "verify SENTENCE" ("check X" as "verify X"),
//     which the grammar reads only as a check and the model translator
//     holds to asserts, so that no page can make it an action.

// action is one action of a scenario and its line in the file.
type action struct {
	text string
	line int
}

// actions are the actions of one pickle step; none when it has a
// problem (kept in b).
func (b *builder) actions(ps *messages.PickleStep) []action {
	st, line, col := b.idx.step(ps)
	if st == nil {
		b.problems = append(b.problems, Problem{Msg: fmt.Sprintf("step %q is in no part of the file the parser gave", ps.Text)})
		return nil
	}
	then := ps.Type == messages.PickleStepType_OUTCOME
	if ps.Argument != nil {
		return b.argument(ps, st, then, line, col)
	}
	if !then {
		return []action{{ps.Text, line}}
	}
	text, ok := b.check(ps.Text, line, col)
	if !ok {
		return nil
	}
	return []action{{text, line}}
}

// check is a Then step's sentence as a check: as written, or as "verify
// …"; false with a problem when it acts.
func (b *builder) check(text string, line, col int) (string, bool) {
	if grammar.IntentOf(text) == grammar.IntentAct {
		hint := `write the check it stands for ("I should see Welcome") or make it a When step`
		if target, ok := navigation(text); ok {
			hint = fmt.Sprintf("to check the page's address, write \"I should be on %s\"", target)
		}
		b.problem(line, col, "a Then step checks the page, and %s acts on it: %s", quote(text), hint)
		return "", false
	}
	if v, ok := grammar.AsCheck(text); ok {
		return v, true
	}
	b.problem(line, col, "a Then step checks the page, and %s could act on it: write it as a check (\"I should see …\", \"the cart shows …\")", quote(text))
	return "", false
}

// quote is a step's text as a message quotes it.
func quote(s string) string { return printable.Quote(s) }

// cutWord is s without its first word when that is word (any case).
func cutWord(s, word string) (string, bool) {
	f := strings.Fields(s)
	if len(f) < 2 || !strings.EqualFold(f[0], word) {
		return s, false
	}
	return strings.TrimSpace(strings.TrimSpace(s)[len(f[0]):]), true
}

// rePlaceholder is a {{NAME}} of a step.
var rePlaceholder = regexp.MustCompile(`\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}`)

// placeholders are the names of the {{NAME}}s actions say, each once, but
// BASE_URL and a name an earlier action remembers ("remember the order
// number as ORDER").
func placeholders(actions []string) []string {
	known := map[string]bool{"BASE_URL": true}
	var out []string
	for _, a := range actions {
		remembered, remembers := grammar.RememberName(a)
		for _, m := range rePlaceholder.FindAllStringSubmatch(a, -1) {
			if !known[m[1]] && !(remembers && m[1] == remembered) {
				known[m[1]] = true
				out = append(out, m[1])
			}
		}
		if remembers {
			known[remembered] = true
		}
	}
	return out
}
