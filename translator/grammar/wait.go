package grammar

// The sentences that wait for what comes late: "wait for TEXT to appear",
// "wait until BODY".

import (
	"errors"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/names"
)

// buildWaitText reads "wait for TEXT to appear", "wait until BODY". What
// it waits for is a check (Step.Wait) that waits up to the navigation
// timeout, not the check timeout: a label a slow request fills, a button
// that comes late, an upload that reaches 100%.
func buildWaitText(r *Rules, m []string, req translator.Request) ([]step.Step, error) {
	steps, err := r.parseCheck(req, m[1], true)
	if err == errNoMatch {
		t, terr := expectedText(m[1])
		if terr != nil {
			return nil, terr
		}
		if t == "" {
			return nil, errNoMatch
		}
		steps, err = []step.Step{{Kind: step.AssertText, Value: t}}, nil
	}
	if len(steps) == 1 && steps[0].Kind == step.AssertText && steps[0].Ref == "" && names.ReArticle.MatchString(steps[0].Value) {
		// "wait for the Pay button to appear" waits for the button, which
		// is not there yet, not for the words "the Pay button": read as
		// "the Pay button is shown", not found until it comes.
		el, elErr := r.parseCheck(req, m[1]+" is shown", false)
		var nf *translator.NotFoundError
		if errors.As(elErr, &nf) || elErr == nil && len(el) > 0 && el[0].Kind != step.AssertText {
			steps, err = el, elErr
		}
	}
	for i := range steps {
		if steps[i].Kind.IsCheck() {
			steps[i].Wait = true
		}
	}
	return steps, err
}

// reWaitFor is the start of the form buildWaitText reads.
var reWaitFor = regexp.MustCompile(`(?i)^\s*wait (?:for|until) \S`)

// Waits reports whether action is a sentence that waits for something to
// show ("wait for Saved to appear", "wait until the upload shows 100%"):
// the compiler waits for its element up to the navigation timeout, not
// the action timeout.
func Waits(action string) bool {
	return reWaitFor.MatchString(action) && !reWaitTime.MatchString(strings.TrimSpace(action))
}
