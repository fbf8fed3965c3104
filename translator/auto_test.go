package translator_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// canned is a translator that always answers the same.
type canned struct {
	steps []step.Step
	err   error
	n     int
}

func (f *canned) Translate(context.Context, translator.Request) ([]step.Step, error) {
	f.n++
	return f.steps, f.err
}

// TestAuto: the rules first; the model for what they cannot read or find
// ambiguous, once for an element they do not find, and alone for the rest
// of an action it began; without a model, an unreadable action says a
// model is needed.
func TestAuto(t *testing.T) {
	ruleStep := []step.Step{{Kind: step.Click, Ref: "e1"}}
	modelStep := []step.Step{{Kind: step.Click, Ref: "e2", Model: "m"}, {Kind: step.Then, Value: "x", Model: "m"}}
	unparsable := fmt.Errorf("%w \"x\"", translator.ErrUnparsable)
	nf := &translator.NotFoundError{What: "cheapest mug", Want: "button"}
	for _, c := range []struct {
		name      string
		rules     *canned
		model     *canned
		req       translator.Request
		wantRef   string
		wantErr   error
		modelAsks int
	}{
		{"rules read it", &canned{steps: ruleStep}, &canned{steps: modelStep}, translator.Request{}, "e1", nil, 0},
		{"rules cannot read it", &canned{err: unparsable}, &canned{steps: modelStep}, translator.Request{}, "e2", nil, 1},
		{"rules find it ambiguous", &canned{err: &translator.AmbiguousError{What: "Add"}}, &canned{steps: modelStep}, translator.Request{}, "e2", nil, 1},
		{"rules do not find it", &canned{err: nf}, &canned{steps: modelStep}, translator.Request{}, "e2", nil, 1},
		{"neither finds it", &canned{err: nf}, &canned{err: translator.ErrUnparsable}, translator.Request{}, "", nf, 1},
		{"model unavailable", &canned{err: nf}, &canned{err: translator.ErrModelUnavailable}, translator.Request{}, "", translator.ErrModelUnavailable, 1},
		{"the model's action goes on", &canned{steps: ruleStep}, &canned{steps: modelStep}, translator.Request{Continued: true, Taken: modelStep[:1]}, "e2", nil, 1},
		{"the rules' action goes on", &canned{steps: ruleStep}, &canned{steps: modelStep}, translator.Request{Continued: true, Taken: ruleStep}, "e1", nil, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := translator.NewAuto(c.rules, c.model)
			steps, err := a.Translate(t.Context(), c.req)
			if c.wantErr != nil {
				if !errors.Is(err, c.wantErr) && !errors.As(err, new(*translator.NotFoundError)) {
					t.Fatalf("err = %v, want %v", err, c.wantErr)
				}
			} else if err != nil || steps[0].Ref != c.wantRef {
				t.Fatalf("steps %+v, %v", steps, err)
			}
			if c.model.n != c.modelAsks {
				t.Errorf("the model was asked %d times, want %d", c.model.n, c.modelAsks)
			}
		})
	}
	// While the caller waits for a late element, the model is asked once.
	rules, model := &canned{err: nf}, &canned{err: translator.ErrUnparsable}
	a := translator.NewAuto(rules, model)
	for range 3 {
		if _, err := a.Translate(t.Context(), translator.Request{Action: "click Claim"}); !errors.As(err, new(*translator.NotFoundError)) {
			t.Fatalf("err = %v", err)
		}
	}
	if model.n != 1 || rules.n != 3 {
		t.Errorf("rules asked %d times, the model %d", rules.n, model.n)
	}
	// No model: an unreadable action says that only a model could read it.
	_, err := translator.NewAuto(&canned{err: unparsable}, nil).Translate(t.Context(), translator.Request{})
	if !errors.Is(err, translator.ErrUnparsable) || !strings.Contains(err.Error(), "only a language model could read it, and none is set up (set OPENAI_API_KEY, or OPENAI_BASE_URL for a local server)") {
		t.Errorf("err = %v", err)
	}
}
