package sandy

import (
	"strings"
	"testing"
)

// TestMapText: fn sees only the text between placeholders, as written, and
// placeholders and escapes come back as they were.
func TestMapText(t *testing.T) {
	upper := func(s string) string { return strings.ReplaceAll(strings.ToUpper(s), "BASE", "<b>") }
	for in, want := range map[string]string{
		"":                            "",
		"base url":                    "<b> URL",
		"{{BASE_URL}}/base":           "{{BASE_URL}}/<b>",
		"a {{ step.out }} b {{X}}":    "A {{ step.out }} B {{X}}",
		`\{{base}} {{base}}`:          `\{{<b>}} {{base}}`,
		"{{ two words }} and {{ open": "{{ TWO WORDS }} AND {{ OPEN",
		"{{a}}{{b}}":                  "{{a}}{{b}}",
		"x{{}}y":                      "X{{}}Y",
	} {
		if got := MapText(in, upper); got != want {
			t.Errorf("MapText(%q) = %q, want %q", in, got, want)
		}
	}
}
