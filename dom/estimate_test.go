package dom

import (
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/plaintest/plaintest/internal/tokens"
)

// EstimateTokens is the estimate the budget was counted in before real
// tokenizers (package internal/tokens), kept for the benchmarks that
// compare the two: it estimates how many tokens a cl100k-style tokenizer
// (GPT-4, GPT-3.5) makes of s, without a vocabulary. It mimics that tokenizer's
// pre-split and assumes common pieces are single tokens:
//
//   - a run of letters is one token per 10 letters, rounded up: common
//     English words are single tokens, long or rare ones 2-3;
//   - a run of digits is one token per 3 digits;
//   - a run of punctuation is one token per 2 characters;
//   - a single space before a word or punctuation is free (it joins it);
//   - a line break with the indentation after it is one token;
//   - other whitespace runs are one token per 4 characters;
//   - every other rune (CJK, emoji, symbols) is one token.
//
// Counted with the real tokenizers, pages cut to 2,000 of these tokens
// held 2,200-3,700: it undercounts snapshot text by up to 46%.
func EstimateTokens(s string) int {
	tokens := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\n' || r == '\r':
			// A line break and the indentation that follows: one token.
			j := i
			for j < len(s) && (s[j] == '\n' || s[j] == '\r' || s[j] == ' ' || s[j] == '\t') {
				j++
			}
			tokens++
			i = j
		case r == ' ' || r == '\t':
			j := i
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			n := j - i
			if j < len(s) && s[j] != '\n' && s[j] != '\r' && (s[j] < '0' || s[j] > '9') {
				n-- // the last space joins the next word or punctuation
			}
			tokens += (n + 3) / 4
			i = j
		case r < utf8.RuneSelf && isLetter(byte(r)):
			j := i
			for j < len(s) && isLetter(s[j]) {
				j++
			}
			tokens += (j - i + 9) / 10
			i = j
		case r >= '0' && r <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			tokens += (j - i + 2) / 3
			i = j
		case r < utf8.RuneSelf && unicode.IsPunct(r) || r < utf8.RuneSelf && unicode.IsSymbol(r):
			j := i
			for j < len(s) && s[j] < utf8.RuneSelf && (unicode.IsPunct(rune(s[j])) || unicode.IsSymbol(rune(s[j]))) {
				j++
			}
			tokens += (j - i + 1) / 2
			i = j
		default:
			tokens++
			i += size
		}
	}
	return tokens
}

func TestEstimateTokens(t *testing.T) {
	tests := []struct {
		in       string
		min, max int
	}{
		{"", 0, 0},
		{"hello", 1, 1},
		{"hello world", 2, 2},
		{"internationalization", 2, 3},
		{"12345678", 3, 3},
		{`button "Add to cart" [e16]`, 7, 11},
		{"\n    - link", 3, 4},
		{"日本語", 3, 3},
	}
	for _, tt := range tests {
		if got := EstimateTokens(tt.in); got < tt.min || got > tt.max {
			t.Errorf("EstimateTokens(%q): got %d, want %d..%d", tt.in, got, tt.min, tt.max)
		}
	}
	// About 4 bytes a token on ordinary English.
	s := "The quick brown fox jumps over the lazy dog. A sturdy ceramic mug in ocean blue, fifty bags of sencha."
	if got, bytes := EstimateTokens(s), len(s); got < bytes/6 || got > bytes/3 {
		t.Errorf("got %d tokens for %d bytes of English, want about a quarter", got, bytes)
	}
}

// BenchmarkTokens times counting a page's tokens: the old estimate against
// the real tokenizers, on the products page's snapshot and on a news front
// page of about 190,000 tokens; and the focused budget of 2,000 tokens
// (Minimize) on the news page, counted each way (the estimate through a
// Minimize of its own, below). The tables are built before the timing.
//
//	go test -run '^$' -bench Tokens -benchmem ./dom
func BenchmarkTokens(b *testing.B) {
	pages := []struct{ name, text string }{
		{"products", readTestdata(b, "products.yaml")},
		{"news190k", newsPage(34, 39)},
	}
	counters := []struct {
		name  string
		count func(string) int
	}{
		{"estimate", EstimateTokens},
		{"cl100k", tokens.ForModel("gpt-4").Count},
		{"o200k", tokens.ForModel("gpt-4o").Count},
	}
	for _, p := range pages {
		for _, c := range counters {
			c.count("warm up")
			b.Run("count/"+p.name+"/"+c.name, func(b *testing.B) {
				b.SetBytes(int64(len(p.text)))
				for b.Loop() {
					c.count(p.text)
				}
				b.ReportMetric(float64(c.count(p.text)), "tokens")
			})
		}
	}
	page := mustParseARIA(b, newsPage(34, 39))
	focus := "open the story about the blue whale returning to the harbour"
	for _, enc := range []string{"cl100k", "o200k"} {
		c, _ := tokens.Of(enc)
		b.Run("minimize/news190k/"+enc, func(b *testing.B) {
			for b.Loop() {
				Minimize(page, &MinimizeOptions{Budget: 2000, Focus: focus, Tokens: c})
			}
		})
	}
	b.Run("minimize/news190k/estimate", func(b *testing.B) {
		for b.Loop() {
			minimizeEstimated(page, 2000, focus)
		}
	})
}

// minimizeEstimated is Minimize with its budget counted by the old
// estimate.
func minimizeEstimated(root *Node, budget int, focus string) *Node {
	return minimize(root, &MinimizeOptions{Budget: budget, Focus: focus}, &tally{estimate: EstimateTokens})
}
