// Package tokens counts the tokens a language model's tokenizer makes of a
// text. It takes a model's name (ForModel) or an encoding's (Of) and gives a
// Counter whose counts are exact for OpenAI's byte-pair encodings o200k_base
// and cl100k_base, whose tables github.com/tiktoken-go/tokenizer embeds (no
// download at run time).
//
// The tables are large: o200k_base holds 200,000 pieces (about 6 MB of heap,
// a third of a second to build on a loaded 2-core machine), cl100k_base
// 100,000 (3 MB, 0.1 s). Each is built the first time a Counter of its
// encoding meets a piece it has not counted, once per process, never at
// start-up. tiktoken-go's own pre-split (a backtracking regular
// expression) reads under 1 MB/s; the pre-splits are written out here
// (split.go) and each piece's count is kept, which counts a page some 30
// times faster.
package tokens

import (
	"fmt"
	"strings"
	"sync"

	"github.com/tiktoken-go/tokenizer/codec"
)

// Encoding names a tokenizer's vocabulary, as tiktoken names it.
type Encoding string

// The encodings a Counter counts in.
const (
	// O200k is GPT-4o's, GPT-4.1's, GPT-5's and the o-series'.
	O200k Encoding = "o200k_base"
	// Cl100k is GPT-4's and GPT-3.5's, and the one used for models this
	// package does not know (see ForModel).
	Cl100k Encoding = "cl100k_base"
)

// Unknown is the encoding ForModel gives a model it does not know: a local
// model served through Ollama, vLLM, LM Studio or the llama.cpp server, an
// Azure deployment named freely. cl100k_base is chosen because
//   - on the pages plaintest shows a model the choice between the two
//     matters little: they count the snapshots of the 71 corpus pages
//     within 1% of each other (cl100k/o200k 0.993 to 1.006);
//   - the open models most often served that way (Llama 3, Qwen 2.5,
//     Mistral's Tekken models) use byte-pair vocabularies of 128,000 to
//     152,000 pieces built as cl100k_base's is (Llama 3's is built on
//     it), nearer it than o200k_base's 200,000.
//
// No margin is added: it would be a guess, since those tokenizers are not
// measured here (none is available offline). Older models with
// 32,000-piece vocabularies (Llama 2, Mistral 7B v0.1) make more tokens of
// the same text: give them a lower budget.
const Unknown = Cl100k

// codecs build each table once, on first use.
var codecs = map[Encoding]func() *codec.Codec{
	O200k:  sync.OnceValue(codec.NewO200kBase),
	Cl100k: sync.OnceValue(codec.NewCl100kBase),
}

// splits are the encodings' pre-splits (split.go).
var splits = map[Encoding]func(s string, i int) int{
	O200k:  splitO200k,
	Cl100k: splitCl100k,
}

// caches keep the count of every piece met, per encoding: a page's pieces
// (words, roles, refs, punctuation) repeat, and a piece is encoded once.
var caches = map[Encoding]*pieceCache{O200k: newPieceCache(), Cl100k: newPieceCache()}

// maxPieces bounds a cache, and maxCachedPiece the bytes of a piece kept
// (so a cache stays under about 8 MB); a full cache starts again.
const (
	maxPieces      = 1 << 16
	maxCachedPiece = 64
)

type pieceCache struct {
	mu sync.Mutex
	m  map[string]int32
}

func newPieceCache() *pieceCache { return &pieceCache{m: map[string]int32{}} }

// Counter counts tokens in one encoding. It is safe for concurrent use.
type Counter struct {
	enc   Encoding
	codec func() *codec.Codec
	split func(s string, i int) int
	cache *pieceCache
}

func counter(enc Encoding) *Counter {
	return &Counter{enc: enc, codec: codecs[enc], split: splits[enc], cache: caches[enc]}
}

// Of returns the counter of encoding enc ("o200k_base", "cl100k_base"; the
// short forms "o200k" and "cl100k" too).
func Of(enc string) (*Counter, error) {
	e := Encoding(strings.ToLower(strings.TrimSpace(enc)))
	if !strings.HasSuffix(string(e), "_base") {
		e += "_base"
	}
	if _, ok := codecs[e]; !ok {
		return nil, fmt.Errorf("unknown tokenizer %q (want %s or %s)", enc, O200k, Cl100k)
	}
	return counter(e), nil
}

// ForModel returns the counter of model's tokenizer: o200k_base for
// GPT-4o, GPT-4.1, GPT-4.5, GPT-5, gpt-oss and the o-series (o1, o3, o4 and
// their -mini kinds), cl100k_base for GPT-4 and GPT-3.5, and Unknown's
// for any other name. A provider's prefix ("openai/gpt-4o", as LiteLLM and
// OpenRouter write it) and a fine-tune's ("ft:gpt-4o-mini:org::id") are
// read through; case is ignored.
func ForModel(model string) *Counter {
	return counter(EncodingOf(model))
}

// Default is the counter of Unknown, for text shown to no model in
// particular.
func Default() *Counter { return counter(Unknown) }

// EncodingOf returns the encoding ForModel counts model's tokens in.
func EncodingOf(model string) Encoding {
	m := strings.ToLower(strings.TrimSpace(model))
	m = strings.TrimPrefix(m, "ft:")
	if i := strings.LastIndexByte(m, '/'); i >= 0 {
		m = m[i+1:]
	}
	family := func(name string) bool {
		return m == name || strings.HasPrefix(m, name+"-") || strings.HasPrefix(m, name+":") || strings.HasPrefix(m, name+".")
	}
	switch {
	case family("gpt-4o"), family("chatgpt-4o"), family("gpt-4.1"), family("gpt-4.5"),
		strings.HasPrefix(m, "gpt-5"), family("gpt-oss"),
		family("o1"), family("o3"), family("o4"):
		return O200k
	case family("gpt-4"), family("gpt-3.5"), family("gpt-35"), family("gpt-3.5-turbo"):
		return Cl100k
	}
	return Unknown
}

// Encoding returns the encoding c counts in.
func (c *Counter) Encoding() Encoding { return c.enc }

// Count returns the number of tokens of s: the encoding's pre-split cuts
// it into pieces, and each piece is byte-pair encoded alone (by
// tiktoken-go; a piece met before is counted from the cache). A byte that
// is not UTF-8 counts as U+FFFD, as tiktoken-go reads it.
func (c *Counter) Count(s string) int {
	n := 0
	for i := 0; i < len(s); {
		e := c.split(s, i)
		n += c.piece(s[i:e])
		i = e
	}
	return n
}

// piece returns the tokens of one piece of the pre-split.
func (c *Counter) piece(p string) int {
	c.cache.mu.Lock()
	n, ok := c.cache.m[p]
	c.cache.mu.Unlock()
	if ok {
		return int(n)
	}
	if strings.IndexByte(p, del) >= 0 {
		// tiktoken-go v0.10.0's own pre-split skips U+007F (DEL) and
		// counts nothing for it: each DEL is counted as the token it is,
		// and the rest of the piece apart.
		n = -1
		for _, part := range strings.Split(p, string(rune(del))) {
			n += int32(c.encoded(part)) + 1
		}
	} else {
		n = int32(c.encoded(p))
	}
	if len(p) > maxCachedPiece {
		return int(n) // a long piece (a URL, a blob) seldom comes again
	}
	c.cache.mu.Lock()
	if len(c.cache.m) >= maxPieces {
		clear(c.cache.m)
	}
	c.cache.m[strings.Clone(p)] = n
	c.cache.mu.Unlock()
	return int(n)
}

// del is the character tiktoken-go's pre-split skips.
const del = 0x7f

// encoded returns tiktoken-go's count of s.
func (c *Counter) encoded(s string) int {
	if s == "" {
		return 0
	}
	n, err := c.codec().Count(s)
	if err != nil {
		// Not seen: the codec fails only on invalid UTF-8 in its strict
		// mode, which is not set. No token is shorter than a byte, so the
		// length bounds the count from above.
		return len(s)
	}
	return n
}

// Lines counts texts made of lines, as a page's serialization is, keeping
// the count of every line it meets: a text that differs from an earlier
// one in a few lines costs only those lines. In both encodings a piece
// that holds a line break ends at the last line break of its run of
// white space (or, in o200k_base, at a slash after it), and no piece
// looks back: so before a line that is spaces, if any, then an ASCII
// letter, the text splits, and its count is the sum of its lines' counts,
// each with its line break. A text with a line that starts otherwise is
// counted whole. Not safe for concurrent use.
type Lines struct {
	c    *Counter
	seen map[string]int // a line's count, its line break included
}

// Lines returns an empty line counter of c's encoding.
func (c *Counter) Lines() *Lines { return &Lines{c: c, seen: map[string]int{}} }

// Count returns the tokens of lines joined by "\n": exactly
// c.Count(strings.Join(lines, "\n")).
func (l *Lines) Count(lines []string) int {
	for i, s := range lines {
		if strings.ContainsAny(s, "\r\n") || i > 0 && !splitsBefore(s) {
			return l.c.Count(strings.Join(lines, "\n"))
		}
	}
	total := 0
	for i, s := range lines {
		if i == len(lines)-1 {
			total += l.c.Count(s) // the last line, without a line break
			break
		}
		n, ok := l.seen[s]
		if !ok {
			n = l.c.Count(s + "\n")
			l.seen[s] = n
		}
		total += n
	}
	return total
}

// splitsBefore reports whether both encodings end a piece before line,
// after a line break: whether line is spaces, if any, then an ASCII
// letter. A line of white space would join the line breaks around it in
// one piece; a slash would join the line break before it in o200k_base
// ("x.\n/y" holds the piece ".\n/").
func splitsBefore(line string) bool {
	line = strings.TrimLeft(line, " ")
	if line == "" {
		return false
	}
	b := line[0]
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}
