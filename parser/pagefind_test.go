package parser

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/step"
)

func TestMissingRef(t *testing.T) {
	s := step.Step{Kind: step.Click, Element: `link "Details"`}
	if got := missingRef(s, ""); !strings.Contains(got, `link "Details"`) || !strings.Contains(got, "without a ref") {
		t.Errorf("no ref: %q", got)
	}
	if got := missingRef(step.Step{Kind: step.Click}, "e9"); !strings.Contains(got, "the element") || !strings.Contains(got, "ref e9") {
		t.Errorf("stale ref: %q", got)
	}
}
