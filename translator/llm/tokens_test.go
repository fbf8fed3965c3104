package llm

import (
	"testing"

	"github.com/plaintest/plaintest/internal/tokens"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/openaitest"
)

// TestLLMTokens: the page is cut to the budget in the tokens of the
// model's tokenizer, and each answer records the page's tokens and the
// prompts' counted tokens beside the server's.
func TestLLMTokens(t *testing.T) {
	for model, enc := range map[string]tokens.Encoding{"gpt-4o-mini": tokens.O200k, "gpt-4": tokens.Cl100k, "qwen2.5:7b": tokens.Unknown} {
		// A refused answer, then a good one: two requests.
		srv := openaitest.New(t, script(call("click", "e999", ""), call("click", "f2e16", "")))
		l := newLLM(t, srv, func(o *Options) { o.Model, o.Budget = model, 120 })
		if l.Tokenizer() != enc {
			t.Errorf("%s: tokenizer %s, want %s", model, l.Tokenizer(), enc)
		}
		var got translator.ModelCall
		req := translator.Request{Action: "add the Blue Mug to the cart", Page: page(t, "products"), URL: shopURL + "/products",
			Record: func(c translator.ModelCall) { got = c }}
		if _, err := l.Translate(t.Context(), req); err != nil {
			t.Fatalf("%s: %v", model, err)
		}
		count := tokens.ForModel(model)
		sent := srv.Requests()
		// The fenced block holds the page, its URL and its title.
		shown := count.Count(sent[0].Page())
		if got.Requests != 2 || got.PageTokens > 120 || got.PageTokens < 60 || shown < got.PageTokens || shown > got.PageTokens+30 {
			t.Errorf("%s: recorded %+v; the fenced block sent is %d %s tokens (budget 120)", model, got, shown, enc)
		}
		// The counted prompts: every message of both requests, and the
		// function (about 300 tokens) each time.
		least := 0
		for _, r := range sent {
			for _, m := range r.Messages {
				least += count.Count(m.Content)
			}
		}
		if got.CountedPromptTokens < least || got.CountedPromptTokens > least+2*400 || got.PromptTokens != 200 {
			t.Errorf("%s: counted %d prompt tokens, the messages hold %d; server's %d", model, got.CountedPromptTokens, least, got.PromptTokens)
		}
	}
}
