package scenario

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/translator/grammar"
)

var rePlaceholder = regexp.MustCompile(`\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}`)

// rememberHint is how to remember a value as name, for an error: with the
// name rule and the name in capitals when name is not one a value may be
// remembered as ("remember … as cpu" remembers nothing).
func rememberHint(name string) string {
	if commandgen.ValidName(name) {
		return fmt.Sprintf("\"remember the order number as %s\"", name)
	}
	up := strings.ToUpper(name)
	return fmt.Sprintf("a remembered value's name is %s: \"remember the order number as %s\", then {{%s}}", commandgen.NameRule, up, up)
}

// placeholderProblems are the actions' {{NAME}} that name no variable, no
// secret and no value an earlier action remembers ("remember the order
// number as ORDER"), and the remembered names taken already.
func (s *Scenario) placeholderProblems() []string {
	var problems []string
	known := map[string]string{"BASE_URL": "the site's address"}
	for k := range s.Variables {
		known[k] = "a variable"
	}
	for k := range s.Secrets {
		known[k] = "a secret"
	}
	for i, a := range s.Actions {
		name, remembers := grammar.RememberName(a)
		shown := secret.Names(s.Secrets).Replace(a) // named in messages, never a secret's value
		for _, m := range rePlaceholder.FindAllStringSubmatch(a, -1) {
			if _, ok := known[m[1]]; !ok && !(remembers && m[1] == name) {
				problems = append(problems, fmt.Sprintf("action %d (%q): {{%s}} names no variable, no secret and no value an earlier action remembers (%s)",
					i+1, shown, m[1], rememberHint(m[1])))
			}
		}
		if !remembers {
			continue
		}
		if what, ok := known[name]; ok {
			problems = append(problems, fmt.Sprintf("action %d (%q): %s is %s already: remember the value under another name", i+1, shown, name, what))
			continue
		}
		known[name] = fmt.Sprintf("remembered by action %d", i+1)
	}
	return problems
}
