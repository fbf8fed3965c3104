package llm

import (
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/translator"
)

// AnswerError says that the model's answers did not fit, even sent back
// with the reason.
type AnswerError struct {
	Action string
	Tries  int
	// Reason is why the last answer was refused; Answer is that answer
	// (its function arguments, secret values as {{NAME}}).
	Reason, Answer string
}

func (e *AnswerError) Error() string {
	return fmt.Sprintf("the model's answer for %q was refused %d times; the last: %s; it answered %s", e.Action, e.Tries, e.Reason, e.Answer)
}

// UnsureError says that the model found the action ambiguous, or was not
// sure enough of its answer: the step is not run on a guess.
type UnsureError struct {
	Action string
	// Why says which: ambiguous, or the confidence and the threshold.
	Why string
	// Said is the model's description of its answer.
	Said string
	// Candidates are the elements the answer may have meant.
	Candidates []string
}

func (e *UnsureError) Error() string {
	msg := fmt.Sprintf("the model %s for %q", e.Why, e.Action)
	if e.Said != "" {
		msg += fmt.Sprintf(" (it says: %s)", e.Said)
	}
	if len(e.Candidates) > 0 {
		shown, more := e.Candidates, ""
		if len(shown) > translator.MaxListed {
			shown, more = shown[:translator.MaxListed], fmt.Sprintf("; and %d more", len(e.Candidates)-translator.MaxListed)
		}
		msg += "; candidates: " + strings.Join(shown, "; ") + more
	}
	return msg + "; say more precisely which element"
}
