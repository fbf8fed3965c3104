package grammar

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/translator"
)

// TestExpectationsRefused: an expectation no form reads is refused, never
// read as text somewhere on the page: the page's URL with a verb of the
// text forms, and a subject that ends with an expectation's words.
func TestExpectationsRefused(t *testing.T) {
	r := NewRules()
	for action, want := range map[string]string{
		"the URL should not show /admin": `the page's URL says what it is, contains, starts or ends with, or does not`,
		"the status could say Saved":     "put the text it expects in quotes",
		// The expectation's element is not on the page: that is the
		// error, not the whole sentence read as text.
		"expect the Publish button to be disabled": `no element matching "Publish"`,
	} {
		_, err := r.Translate(context.Background(), translator.Request{Action: action, Page: page(t, "status-help")})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error saying %q", action, err, want)
		} else if !strings.HasPrefix(want, "no element") && !errors.Is(err, translator.ErrUnparsable) {
			t.Errorf("%q: %v, want an ErrUnparsable", action, err)
		}
	}
}
