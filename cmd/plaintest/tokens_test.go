package main

import (
	"bytes"
	"github.com/plaintest/plaintest/compileout"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/translator"
)

// TestSummarizeModelCounted: the summary gives the server's counts, the
// page of each answer, and plaintest's own count of the prompts, which
// stands in for the server's when it reports none.
func TestSummarizeModelCounted(t *testing.T) {
	reported := translator.ModelCall{Answer: "click", Element: `button "Log in"`, PromptTokens: 1200, CompletionTokens: 20,
		CountedPromptTokens: 1180, PageTokens: 310, Requests: 1}
	silent := translator.ModelCall{Answer: "done", CountedPromptTokens: 2400, PageTokens: 300, Requests: 2}
	cached := translator.ModelCall{Answer: "done", PageTokens: 290, Cached: true}
	res := &parser.ParserResult{
		Steps: []parser.TestStep{{Index: 0}, {Index: 1, Action: "log in", Translator: "llm", Model: []translator.ModelCall{reported, silent, cached}}},
		Usage: parser.Usage{Tokenizer: "o200k_base", PromptTokens: 1200, CompletionTokens: 20, CountedPromptTokens: 3580, PageTokens: 900,
			ModelRequests: 3, CachedAnswers: 1},
	}
	var b bytes.Buffer
	compileout.SummarizeModel(&b, res)
	for _, want := range []string{
		`      click button "Log in": page 310 tokens; 1200 prompt + 20 completion tokens` + "\n",
		"      done: page 300 tokens; 2400 prompt tokens counted here (the server reported none) + 0 completion in 2 requests\n",
		"      done: page 290 tokens; cached, no tokens\n",
		"model tokens: 1200 prompt + 20 completion in 3 requests, 1 answer from the cache\n",
		"counted here (o200k_base): 3580 prompt tokens sent, 900 of them pages\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, b.String())
		}
	}
	silentOnly := res.Steps[1]
	silentOnly.Model = []translator.ModelCall{silent}
	if got := compileout.ModelNote(&silentOnly); got != " [llm, 1 model step, 2400+0 tokens (2400 prompt tokens counted here: the server reported none)]" {
		t.Errorf("note %q", got)
	}
	if got := compileout.ModelNote(&res.Steps[1]); got != " [llm, 3 model steps, 3600+20 tokens (2400 prompt tokens counted here: the server reported none), 1 cached]" {
		t.Errorf("note %q", got)
	}
}
