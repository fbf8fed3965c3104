package translator

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestExpectationsRefused: an expectation no form reads is refused, never
// read as text somewhere on the page: the page's URL or title said not to
// hold something, and a subject that ends with an expectation's words.
func TestExpectationsRefused(t *testing.T) {
	r := NewRules()
	for action, want := range map[string]string{
		"the URL should not contain /admin":  "cannot say what it does not",
		"verify the title does not say Home": "cannot say what it does not",
		"the status could say Saved":         "put the text it expects in quotes",
	} {
		_, err := r.Translate(context.Background(), Request{Action: action, Page: page(t, "status-help")})
		if !errors.Is(err, ErrUnparsable) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an ErrUnparsable saying %q", action, err, want)
		}
	}
}
