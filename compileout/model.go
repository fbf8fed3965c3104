package compileout

import (
	"fmt"
	"io"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/parser"
	rpt "github.com/plaintest/plaintest/report"
	"github.com/plaintest/plaintest/translator"
)

// ModelNote is the progress line's note on what a model's answers to an
// action cost; "" when the rules read it.
func ModelNote(s *parser.TestStep) string {
	if len(s.Model) == 0 {
		return ""
	}
	// A prompt's tokens as the server reported them, else as counted here.
	p, counted, c, cached := 0, 0, 0, 0
	for _, m := range s.Model {
		if m.PromptTokens == 0 && !m.Cached {
			p, counted = p+m.CountedPromptTokens, counted+m.CountedPromptTokens
		} else {
			p += m.PromptTokens
		}
		c += m.CompletionTokens
		if m.Cached {
			cached++
		}
	}
	note := fmt.Sprintf(" [%s, %d model %s, %d+%d tokens", s.Translator, len(s.Model), rpt.Plural(len(s.Model), "step", "steps"), p, c)
	if counted > 0 {
		note += fmt.Sprintf(" (%d prompt tokens counted here: the server reported none)", counted)
	}
	if cached > 0 {
		note += fmt.Sprintf(", %d cached", cached)
	}
	return note + "]"
}

// SummarizeModel writes who read each action and the tokens of each model
// step and in all: the server's counts, and the prompts and pages as
// plaintest counts them with the model's tokenizer (in their place when
// the server reports none).
func SummarizeModel(w io.Writer, res *parser.ParserResult) {
	fmt.Fprintln(w, "translators:")
	for _, s := range res.Steps {
		if s.Index == 0 {
			continue
		}
		if len(s.Model) == 0 {
			fmt.Fprintf(w, "  [%d] %s: %s, no model call\n", s.Index, printable.String(s.Action), s.Translator)
			continue
		}
		fmt.Fprintf(w, "  [%d] %s: %s\n", s.Index, printable.String(s.Action), s.Translator)
		for _, m := range s.Model {
			what := m.Answer
			if what == "" {
				what = "(no usable answer)"
			}
			if m.Element != "" {
				what += " " + m.Element
			}
			cost := fmt.Sprintf("%d prompt + %d completion tokens", m.PromptTokens, m.CompletionTokens)
			if m.PromptTokens == 0 && m.CountedPromptTokens > 0 {
				cost = fmt.Sprintf("%d prompt tokens counted here (the server reported none) + %d completion", m.CountedPromptTokens, m.CompletionTokens)
			}
			if m.Cached {
				cost = "cached, no tokens"
			} else if m.Requests > 1 {
				cost += fmt.Sprintf(" in %d requests", m.Requests)
			}
			if m.PageTokens > 0 {
				cost = fmt.Sprintf("page %d tokens; ", m.PageTokens) + cost
			}
			fmt.Fprintf(w, "      %s: %s\n", printable.String(what), cost)
		}
	}
	u := res.Usage
	fmt.Fprintf(w, "model tokens: %d prompt + %d completion in %d %s", u.PromptTokens, u.CompletionTokens, u.ModelRequests, rpt.Plural(u.ModelRequests, "request", "requests"))
	if u.CachedAnswers > 0 {
		fmt.Fprintf(w, ", %d %s from the cache", u.CachedAnswers, rpt.Plural(u.CachedAnswers, "answer", "answers"))
	}
	fmt.Fprintln(w)
	if u.CountedPromptTokens > 0 || u.PageTokens > 0 {
		fmt.Fprintf(w, "counted here (%s): %d prompt tokens sent, %d of them pages\n", u.Tokenizer, u.CountedPromptTokens, u.PageTokens)
	}
}

// jsonUsage is the --json result's usage.
type jsonUsage struct {
	Snapshots           int    `json:"snapshots"`
	Tokenizer           string `json:"tokenizer"`
	SnapshotTokens      int    `json:"snapshot_tokens"`
	MinimizedTokens     int    `json:"minimized_tokens"`
	PromptTokens        int    `json:"prompt_tokens"`
	CompletionTokens    int    `json:"completion_tokens"`
	CountedPromptTokens int    `json:"counted_prompt_tokens"`
	PageTokens          int    `json:"page_tokens"`
	ModelRequests       int    `json:"model_requests"`
	CachedAnswers       int    `json:"cached_answers"`
}

// jsonModelStep is one answer of the model in the --json result.
type jsonModelStep struct {
	Model               string `json:"model"`
	Answer              string `json:"answer"`
	Element             string `json:"element,omitempty"`
	PromptTokens        int    `json:"prompt_tokens"`
	CompletionTokens    int    `json:"completion_tokens"`
	CountedPromptTokens int    `json:"counted_prompt_tokens"`
	PageTokens          int    `json:"page_tokens"`
	Requests            int    `json:"requests"`
	Cached              bool   `json:"cached,omitempty"`
}

func jsonModel(calls []translator.ModelCall) []jsonModelStep {
	var out []jsonModelStep
	for _, m := range calls {
		out = append(out, jsonModelStep{m.Model, m.Answer, m.Element, m.PromptTokens, m.CompletionTokens, m.CountedPromptTokens, m.PageTokens, m.Requests, m.Cached})
	}
	return out
}
