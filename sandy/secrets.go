package sandy

// Which variables are secret, and their values masked.

import (
	"slices"
	"strings"

	"github.com/plaintest/plaintest/internal/secret"
)

// secretWords mark a variable as secret when its name contains one of them
// (case-insensitive). PASS covers PASSWORD and PASSWD.
var secretWords = []string{"PASS", "SECRET", "TOKEN", "KEY"}

// IsSecretName reports whether a variable name marks its value as secret.
func IsSecretName(name string) bool {
	up := strings.ToUpper(name)
	for _, w := range secretWords {
		if strings.Contains(up, w) {
			return true
		}
	}
	return false
}

// Secrets returns the values to mask in logs and reports: those of the
// required variables (declared empty in the scenario) and of every variable
// whose name contains PASSWORD, SECRET, TOKEN, KEY or PASS
// (case-insensitive), as text. Empty values are left out. The list is
// deduplicated and sorted longest first, so masking in that order never
// leaves part of a longer secret visible.
func (v *Vars) Secrets() []string {
	seen := map[string]bool{}
	var out []string
	for name, val := range v.values {
		if !v.required[name] && !IsSecretName(name) {
			continue
		}
		text, err := render(val, MaxSubstituted)
		if err != nil || text == "" || seen[text] {
			continue
		}
		seen[text] = true
		out = append(out, text)
	}
	slices.SortFunc(out, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
	return out
}

// Mask replaces every secret value (see Secrets) in s with "***"; a value
// shorter than secret.MinAnywhere only where it stands as a whole word.
func (v *Vars) Mask(s string) string {
	return secret.All(v.Secrets(), "***").Replace(s)
}
