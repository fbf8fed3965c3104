package tokens

import (
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestEncodingOf(t *testing.T) {
	for model, want := range map[string]Encoding{
		"gpt-4o":                    O200k,
		"gpt-4o-mini":               O200k,
		"gpt-4o-2024-08-06":         O200k,
		"chatgpt-4o-latest":         O200k,
		"gpt-4.1":                   O200k,
		"gpt-4.1-nano":              O200k,
		"gpt-4.5-preview":           O200k,
		"gpt-5":                     O200k,
		"gpt-5-mini":                O200k,
		"gpt-5.1":                   O200k,
		"o1":                        O200k,
		"o1-mini":                   O200k,
		"o3-mini":                   O200k,
		"o4-mini":                   O200k,
		"GPT-4o":                    O200k,
		"openai/gpt-4o-mini":        O200k,
		"ft:gpt-4o-mini:org::abc12": O200k,
		"gpt-oss:20b":               O200k,
		"gpt-4":                     Cl100k,
		"gpt-4-turbo":               Cl100k,
		"gpt-4-0613":                Cl100k,
		"gpt-3.5-turbo":             Cl100k,
		"gpt-35-turbo":              Cl100k,
		"ft:gpt-3.5-turbo:org::x":   Cl100k,
		// Unknown models: local ones, Azure deployments.
		"qwen2.5:7b":        Unknown,
		"llama3.1:8b":       Unknown,
		"mistral":           Unknown,
		"my-deployment":     Unknown,
		"":                  Unknown,
		"o10-something":     Unknown,
		"gpt-4oops":         Unknown,
		"ollama/o1x":        Unknown,
		"openrouter/qwen/x": Unknown,
	} {
		if got := EncodingOf(model); got != want {
			t.Errorf("EncodingOf(%q) = %s, want %s", model, got, want)
		}
		if got := ForModel(model).Encoding(); got != want {
			t.Errorf("ForModel(%q).Encoding() = %s, want %s", model, got, want)
		}
	}
	if Unknown != Cl100k || Default().Encoding() != Unknown {
		t.Errorf("Unknown = %s, Default = %s; the documentation says cl100k_base", Unknown, Default().Encoding())
	}
}

func TestOf(t *testing.T) {
	for _, name := range []string{"o200k", "o200k_base", "O200K_BASE", " cl100k ", "cl100k_base"} {
		c, err := Of(name)
		if err != nil {
			t.Fatalf("Of(%q): %v", name, err)
		}
		if c.Count("hello world") != 2 {
			t.Errorf("Of(%q): %q is %d tokens, want 2", name, "hello world", c.Count("hello world"))
		}
	}
	if _, err := Of("p50k"); err == nil || !strings.Contains(err.Error(), "o200k_base") {
		t.Errorf("Of(p50k): %v, want an error naming the encodings", err)
	}
}

// TestCount pins counts: cl100k's 6 tokens of "tiktoken is great!" is
// OpenAI's cookbook's (tiktoken's own count); the others are this
// package's, pinned so that a change of the tables shows.
func TestCount(t *testing.T) {
	cl, o := ForModel("gpt-4"), ForModel("gpt-4o")
	for _, tc := range []struct {
		s             string
		cl100k, o200k int
	}{
		{"", 0, 0},
		{"tiktoken is great!", 6, 6},
		{"hello world", 2, 2},
		{"antidisestablishmentarianism", 6, 6},
	} {
		if got := cl.Count(tc.s); got != tc.cl100k {
			t.Errorf("cl100k %q: got %d, want %d", tc.s, got, tc.cl100k)
		}
		if got := o.Count(tc.s); got != tc.o200k {
			t.Errorf("o200k %q: got %d, want %d", tc.s, got, tc.o200k)
		}
	}
	// Invalid UTF-8 is counted, not refused.
	if n := cl.Count("a\xffb"); n < 2 || n > 3 {
		t.Errorf("cl100k of invalid UTF-8: %d tokens", n)
	}
}

// TestLines holds Lines.Count to Count of the joined text, on lines that
// split and lines that do not.
func TestLines(t *testing.T) {
	for _, lines := range [][]string{
		{"heading \"Products\" level=1", " button \"Add to cart\" [e16]", "  link \"Home\" url=/", " more: … 214 more links"},
		{"x.", "/y"},              // o200k: ".\n/" is one piece
		{"a  ", "  ", "b"},        // a line of spaces joins the line breaks
		{"a", "", "b"},            // an empty line too
		{"a:", "\tb"},             // a tab is not a space here
		{"paragraph: é", "  ü x"}, // not an ASCII letter: counted whole
		{"only one line"},
		{},
	} {
		for _, c := range []*Counter{ForModel("gpt-4o"), ForModel("gpt-4")} {
			l := c.Lines()
			want := c.Count(strings.Join(lines, "\n"))
			for range 2 { // the second time from the cache
				if got := l.Count(lines); got != want {
					t.Errorf("%s %q: Lines.Count %d, Count %d", c.Encoding(), lines, got, want)
				}
			}
		}
	}
}

// FuzzCount: a count never fails, is at most the bytes of the text, and
// Lines.Count of the text's lines is its count, in both encodings.
func FuzzCount(f *testing.F) {
	for _, s := range []string{
		"button \"Add to cart\" [e16]\n link \"Home\" url=/products\n  paragraph: A mug.",
		"x.\n/y", "a  \n  \nb", "\n\n", "a\r\nb", "é\n ü", " \u3000\n x", "'s\n't", "123\n 4567",
		"\xff\xfe\n a", strings.Repeat("a", 300) + "\n " + strings.Repeat(".", 200),
	} {
		f.Add(s)
	}
	o, cl := ForModel("gpt-4o"), ForModel("gpt-4")
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Split(s, "\n")
		for _, c := range []*Counter{o, cl} {
			n := c.Count(s)
			if n < 0 || n > len(s) || s != "" && n == 0 {
				t.Fatalf("%s: %d tokens of %d bytes", c.Encoding(), n, len(s))
			}
			if utf8.ValidString(s) && n > utf8.RuneCountInString(s)*4 {
				t.Fatalf("%s: %d tokens of %d runes", c.Encoding(), n, utf8.RuneCountInString(s))
			}
			if got := c.Lines().Count(lines); got != n {
				t.Fatalf("%s: Lines.Count %d, Count %d of %q", c.Encoding(), got, n, s)
			}
		}
	})
}

// TestDEL: the library skips U+007F; Count does not.
func TestDEL(t *testing.T) {
	for _, c := range []*Counter{ForModel("gpt-4o"), ForModel("gpt-4")} {
		if got := c.Count("\x7f"); got != 1 {
			t.Errorf("%s: DEL is %d tokens, want 1", c.Encoding(), got)
		}
		if got, without := c.Count("x\x7fy"), c.Count("xy"); got <= without {
			t.Errorf("%s: x DEL y is %d tokens, xy %d", c.Encoding(), got, without)
		}
	}
}

// FuzzSplit holds the hand-written pre-splits to tiktoken-go's regular
// expressions: on any text without DEL (which tiktoken-go skips), Count
// is tiktoken-go's count.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{
		"tiktoken is great!", "Don't we'll I'VE you'Re he'ſ 'd", "ÀÉÎõü ÆØÅ æøå ǅ ǈ", "ABCdef GHI jkl MNO'S",
		"\u0301a \u0301A \u0301\u0301 a\u0301b A\u0301B ʰʰʰ ʰA Aʰ 中文字 ١٢٣٤ ⅣⅫ ½",
		"  \n\n  x  \t\r\n y\u00a0\u3000z \u2028 \u0085", "x.\n/y .//\n/ ./ a", "12345 6 789012 x1y22z333",
		"button \"Add to cart\" [e16] url=https://example.com/a/b?c=d&e=f", "\xff\xfe abc \xe2\x82 x", "'",
		"a'", "'s", "''s", " 's", "  ", " ", "\t", "!!! ?? !\n\n", " -", "  - button", "x  ", "x\u00a0\u00a0y",
	} {
		f.Add(s)
	}
	counters := []*Counter{ForModel("gpt-4o"), ForModel("gpt-4")}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.IndexByte(s, del) >= 0 {
			return
		}
		for _, c := range counters {
			if got, want := c.Count(s), c.encoded(s); got != want {
				t.Fatalf("%s: %q is %d tokens, tiktoken-go says %d", c.Encoding(), s, got, want)
			}
		}
	})
}

// BenchmarkTables times building each table (its first count) and the
// heap it takes. The tables are built once per process, so it means
// something only alone and once:
//
//	go test -run '^$' -bench Tables -benchtime 1x ./internal/tokens
func BenchmarkTables(b *testing.B) {
	metrics := map[string]float64{}
	for _, model := range []string{"gpt-4o", "gpt-4"} {
		c := ForModel(model)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		c.Count("hello world")
		took := time.Since(start)
		runtime.GC()
		runtime.ReadMemStats(&after)
		metrics[string(c.Encoding())+"-ms"] = float64(took.Milliseconds())
		metrics[string(c.Encoding())+"-MB"] = float64(after.HeapAlloc-before.HeapAlloc) / (1 << 20)
	}
	for b.Loop() {
	}
	for unit, v := range metrics {
		b.ReportMetric(v, unit)
	}
}
