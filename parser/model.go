package parser

// What the compile loop does for a translator that asks a language model:
// more rounds an action, the model's answers and their cost kept, a model
// server that fails taken as the environment's failure.

import (
	"errors"
	"slices"

	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// maxRounds is how many times one action may be read: maxThen, or more
// when the translator reads actions in many rounds (translator.MultiRound).
func (r *run) maxRounds() int {
	if m, ok := r.c.opts.Translator.(translator.MultiRound); ok && m.MaxRounds() > maxThen {
		return m.MaxRounds()
	}
	return maxThen
}

// readBy names who read an action that ran taken: "llm" when a model
// answered any of its steps, else "rules".
func readBy(taken []step.Step) string {
	if slices.ContainsFunc(taken, func(s step.Step) bool { return s.Model != "" }) {
		return "llm"
	}
	return "rules"
}

// modelDown is err when it says the model server failed (the compile
// stops on it, as on a lost browser), else nil.
func modelDown(err error) error {
	if errors.Is(err, translator.ErrModelUnavailable) {
		return err
	}
	return nil
}

// record returns the Request.Record that adds a model's answer to ts and
// to the run's usage.
func (r *run) record(ts *TestStep) func(translator.ModelCall) {
	return func(c translator.ModelCall) {
		c.Element = r.masker.Replace(c.Element)
		ts.Model = append(ts.Model, c)
		u := &r.res.Usage
		u.PromptTokens += c.PromptTokens
		u.CompletionTokens += c.CompletionTokens
		u.CountedPromptTokens += c.CountedPromptTokens
		u.PageTokens += c.PageTokens
		u.ModelRequests += c.Requests
		if c.Cached {
			u.CachedAnswers++
		}
	}
}
