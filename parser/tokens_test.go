package parser

import (
	"testing"

	"github.com/plaintest/plaintest/internal/tokens"
	"github.com/plaintest/plaintest/translator/openaitest"
)

// TestCompileTokens: the usage counts snapshots, and the pages shown to a
// model, in the tokenizer compile is given; each answer's page and
// counted prompt tokens add up to the usage's.
func TestCompileTokens(t *testing.T) {
	srv := openaitest.New(t, loginScript)
	opts := modelOptions(t, srv, nil)
	opts.Tokens = tokens.ForModel("gpt-4o")
	res, err := compile(t, newFake(), Scenario{Name: "goal", URL: "http://shop.test/login", Actions: []string{"log in as demo"},
		Secrets: map[string]string{"PASSWORD": "demo123"}}, opts)
	if err != nil || res.Status != Success {
		t.Fatalf("status %s, %v, %+v", res.Status, err, res.Errors)
	}
	u := res.Usage
	page, counted := 0, 0
	for _, c := range res.Steps[1].Model {
		if c.PageTokens <= 0 || c.CountedPromptTokens <= c.PageTokens {
			t.Errorf("answer %+v: no page or prompt tokens", c)
		}
		page, counted = page+c.PageTokens, counted+c.CountedPromptTokens
	}
	if u.Tokenizer != "o200k_base" || u.PageTokens != page || u.CountedPromptTokens != counted || u.PromptTokens != 406 {
		t.Errorf("usage %+v; the answers' pages hold %d tokens, their prompts %d", u, page, counted)
	}
	if u.Snapshots == 0 || u.MinimizedTokens <= 0 || u.SnapshotTokens <= u.MinimizedTokens {
		t.Errorf("usage %+v", u)
	}

	// Without a tokenizer, the default.
	res, err = compile(t, newFake(), Scenario{Name: "rules", URL: "http://shop.test/login", Actions: []string{"type demo into Username"}}, nil)
	if err != nil || res.Usage.Tokenizer != string(tokens.Unknown) || res.Usage.SnapshotTokens == 0 {
		t.Errorf("rules: usage %+v, %v", res.Usage, err)
	}
}
