package translator

import (
	"context"
	"errors"
	"fmt"

	"github.com/plaintest/plaintest/step"
)

// Auto reads each action with the rules first and asks the model only for
// what they cannot read:
//   - an action the rules cannot read (ErrUnparsable) or read as ambiguous
//     goes to the model, and the model's answer or error is the result;
//   - an action whose element the rules do not find goes to the model once
//     (the rules may have misread a goal: "add the cheapest mug to the
//     cart"); when the model cannot do it either, the rules' NotFoundError
//     stands, so that the caller waits for a late element as it does
//     without a model, asking the rules alone;
//   - the next round of an action the model began (a Then after a model's
//     step) goes to the model alone.
//
// With no model (Model nil) it is the rules, and an action only a model
// could read fails saying so. An Auto serves one compile at a time.
type Auto struct {
	Rules Translator
	// Model is the model translator; nil when none is set up.
	Model Translator
	// asked marks the actions whose missing element the model was asked
	// about already.
	asked map[string]bool
}

// Exclusive is implemented by a translator that alone may read some
// sentences: the rules, for one that remembers a value (a model's function
// has no such step, and a sentence that reads must never become a click).
// Auto never hands those to its model, whatever the rules answer.
type Exclusive interface {
	// Exclusive reports whether action is one of them.
	Exclusive(action string) bool
}

// NewAuto returns an Auto of rules and model (nil for none).
func NewAuto(rules, model Translator) *Auto {
	return &Auto{Rules: rules, Model: model, asked: map[string]bool{}}
}

// MaxRounds is the model's, when it has one.
func (a *Auto) MaxRounds() int {
	if m, ok := a.Model.(MultiRound); ok {
		return m.MaxRounds()
	}
	return 0
}

// Translate reads req as Auto's documentation says.
func (a *Auto) Translate(ctx context.Context, req Request) ([]step.Step, error) {
	if a.Model != nil && req.Continued && byModel(req.Taken) {
		return a.Model.Translate(ctx, req)
	}
	steps, err := a.Rules.Translate(ctx, req)
	if err == nil {
		return steps, nil
	}
	if only, ok := a.Rules.(Exclusive); ok && only.Exclusive(req.Action) {
		return nil, err // a sentence that reads a value never goes to a model
	}
	unparsable := errors.Is(err, ErrUnparsable)
	if a.Model == nil {
		if unparsable {
			return nil, fmt.Errorf("%w; only a language model could read it, and none is set up (set OPENAI_API_KEY, or OPENAI_BASE_URL for a local server)", err)
		}
		return nil, err
	}
	var amb *AmbiguousError
	var nf *NotFoundError
	switch {
	case unparsable, errors.As(err, &amb):
		return a.Model.Translate(ctx, req)
	case errors.As(err, &nf):
		key := fmt.Sprintf("%d\x00%d\x00%s", len(req.History), len(req.Taken), req.Action)
		if a.asked[key] {
			return nil, err
		}
		a.asked[key] = true
		steps, merr := a.Model.Translate(ctx, req)
		if merr == nil {
			return steps, nil
		}
		if errors.Is(merr, ErrModelUnavailable) || ctx.Err() != nil {
			return nil, merr
		}
	}
	return nil, err
}

// byModel reports whether a model answered any of steps.
func byModel(steps []step.Step) bool {
	for _, s := range steps {
		if s.Model != "" {
			return true
		}
	}
	return false
}
