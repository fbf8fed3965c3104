package sandy

import "strings"

// Slug turns a name into a scenario's file name: "Log in as demo!" -> "log-in-as-demo".
// It keeps at most six words.
func Slug(name string) string {
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		words = append(words, w)
		if len(words) == 6 {
			break
		}
	}
	if len(words) == 0 {
		return "scenario"
	}
	return strings.Join(words, "-")
}
