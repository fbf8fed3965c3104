package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/internal/tokens"
	"github.com/plaintest/plaintest/prompt"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/grammar"
)

// LLMOptions configure an LLM translator. Zero fields take the defaults.
type Options struct {
	// BaseURL is the OpenAI-compatible server ("" for OpenAI's):
	// http://localhost:11434/v1 for Ollama, a vLLM, LM Studio, llama.cpp
	// or LiteLLM server, or Azure OpenAI: the resource
	// (https://NAME.openai.azure.com, the deployment named after the
	// model) or a deployment (…/openai/deployments/NAME, api-version in
	// its query or APIVersion). docs/models.md lists what each needs.
	BaseURL string
	APIKey  string
	// APIVersion is Azure OpenAI's api-version when the base URL names
	// none; default DefaultAzureAPIVersion. Other servers ignore it.
	APIVersion string
	// Model is the model asked; default DefaultModel.
	Model string
	// Budget is the most tokens the page may take in a prompt, counted
	// with the model's tokenizer (tokens.ForModel); default
	// prompt.DefaultBudget.
	Budget int
	// MaxSteps is how many steps one action may take; default 8.
	MaxSteps int
	// MinConfidence is the confidence under which an answer is refused
	// with the candidates instead of run; default 0.5, negative for none.
	MinConfidence float64
	// Reasks is how many times an invalid answer is sent back with the
	// reason before the step fails; default 2, negative for none.
	Reasks int
	// Timeout bounds each request; default 60s.
	Timeout time.Duration
	// Retries is how many more times a request that met a 429, a 5xx, a
	// timeout or a broken connection is sent; default 2, negative for none.
	Retries int
	// Backoff is the first wait between tries, doubled each time, when the
	// server sends no Retry-After; default 500ms.
	Backoff time.Duration
	// Origins are where navigation may go: scheme://host[:port], or a URL
	// whose origin is meant. The scenario's URL must be among them; a link
	// to anywhere else is refused too. "file://" allows file URLs.
	Origins []string
	// Secrets (name to value) are typed as {{NAME}} and never shown: their
	// values are hidden from every prompt and answer.
	Secrets map[string]string
	// Variables (name to value) may be typed as {{NAME}}; the model is
	// shown their values.
	Variables map[string]string
	// CacheDir holds the answer cache (cache.go); "" for none.
	CacheDir string
	// Logger receives debug logs (retries, cache misses); nil discards
	// them.
	Logger *slog.Logger
}

// DefaultModel is the model asked when none is named.
const DefaultModel = "gpt-4o-mini"

// Defaults of LLMOptions.
const (
	DefaultMaxSteps      = 8
	DefaultMinConfidence = 0.5
	DefaultModelTimeout  = defaults.Model
)

// LLM translates an action by asking a language model, one step at a
// time: each answer (a call of intermediate_step, package prompt) is
// checked against the page shown, sent back with the reason when it does
// not fit, and given as a Step and a Then of the same action, so that the
// caller runs it, reads the page again and asks the next step, telling the
// model the steps taken (Request.Taken); the answer done ends the action.
// Secret values never reach a prompt: the action, the URL, the title and
// the steps taken have them as {{NAME}}, the page as ***.
type Translator struct {
	opts         Options
	client       *modelClient
	mask         *secret.Masker
	redact       []string
	placeholders []prompt.Placeholder
	names        map[string]bool // placeholder names
	origins      []string
	cache        *answerCache
	log          *slog.Logger
	tokens       *tokens.Counter // the model's tokenizer
}

// NewLLM returns an LLM translator; an error names a bad option.
func New(o Options) (*Translator, error) {
	if o.Model == "" {
		o.Model = DefaultModel
	}
	o.MaxSteps = orDefault(o.MaxSteps, DefaultMaxSteps)
	o.Reasks = orDefault(o.Reasks, 2)
	o.Retries = orDefault(o.Retries, 2)
	if o.MinConfidence == 0 {
		o.MinConfidence = DefaultMinConfidence
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultModelTimeout
	}
	if o.Backoff <= 0 {
		o.Backoff = 500 * time.Millisecond
	}
	if o.BaseURL != "" {
		if u, err := url.Parse(o.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("the model server URL %q is not an http(s) URL", o.BaseURL)
		}
	}
	l := &Translator{opts: o, mask: secret.Names(o.Secrets), names: map[string]bool{}, log: o.Logger, tokens: tokens.ForModel(o.Model)}
	if l.log == nil {
		l.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	for _, s := range o.Origins {
		origin, err := originOf(s)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(l.origins, origin) {
			l.origins = append(l.origins, origin)
		}
	}
	if len(l.origins) == 0 {
		return nil, errors.New("no origin to navigate in: give the scenario's URL")
	}
	for _, name := range slices.Sorted(maps.Keys(o.Secrets)) {
		l.placeholders = append(l.placeholders, prompt.Placeholder{Name: name, Secret: true})
		l.names[name] = true
		if v := o.Secrets[name]; v != "" {
			l.redact = append(l.redact, v)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(o.Variables)) {
		if !l.names[name] {
			l.placeholders = append(l.placeholders, prompt.Placeholder{Name: name, Value: l.mask.Replace(o.Variables[name])})
			l.names[name] = true
		}
	}
	if o.CacheDir != "" {
		l.cache = &answerCache{dir: o.CacheDir}
	}
	l.client = newModelClient(&l.opts, l.log)
	return l, nil
}

// orDefault is v, def for 0, and 0 for a negative v.
func orDefault(v, def int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}

// originOf is scheme://host[:port] of s, or "file://" for a file URL.
func originOf(s string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	switch {
	case err == nil && u.Scheme == "file":
		return "file://", nil
	case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		return "", fmt.Errorf("%q is not an origin such as https://example.com", s)
	}
	return strings.ToLower(u.Scheme + "://" + u.Host), nil
}

// Model names the model asked.
func (l *Translator) Model() string { return l.opts.Model }

// Tokenizer names the encoding the model's tokens are counted in.
func (l *Translator) Tokenizer() tokens.Encoding { return l.tokens.Encoding() }

// MaxRounds is one round per step and one for done.
func (l *Translator) MaxRounds() int { return l.opts.MaxSteps + 1 }

// Translate asks the model for the next step of req.Action. It returns
// the step and a Then of the action, no steps when the model answers that
// the action is done, or an error: one wrapping ErrModelUnavailable when
// the server failed, an *UnsureError when the model is unsure or finds
// the action ambiguous, an *AnswerError when its answers did not fit even
// once sent back, or one wrapping ErrUnparsable when it says it cannot.
func (l *Translator) Translate(ctx context.Context, req translator.Request) ([]step.Step, error) {
	if err := l.refuse(req); err != nil {
		return nil, err
	}
	cost := translator.ModelCall{Model: l.opts.Model}
	if req.Record != nil {
		defer func() { req.Record(cost) }()
	}
	in := l.input(req)
	first, err := l.build(in)
	if err != nil {
		return nil, err
	}
	cost.PageTokens = first.PageTokens
	key := ""
	if l.cache != nil {
		key = cacheKey(l.client.base, l.opts.Model, first)
		if a, ok := l.cache.get(key); ok {
			if steps, err := l.steps(a, first.Page, req); err == nil {
				cost.Cached = true
				cost.Answer, cost.Element = a.ActionType, element(steps)
				return steps, nil
			}
			l.log.Debug("cached answer no longer fits the page; asking", "key", key)
		}
	}
	p := first
	var refused *prompt.Retry
	schemaSent := false
	for try := 0; try <= l.opts.Reasks; try++ {
		if refused != nil {
			in.Retry = refused
			if p, err = l.build(in); err != nil {
				return nil, err
			}
		}
		rep, err := l.client.ask(ctx, p)
		cost.Requests++
		cost.CountedPromptTokens += p.Tokens
		cost.PromptTokens += rep.prompt
		cost.CompletionTokens += rep.output
		if err != nil {
			return nil, err
		}
		// An answer that cannot be read as the function's arguments goes
		// back with the schema, once.
		unreadable := func(answer, reason string) *prompt.Retry {
			r := &prompt.Retry{Answer: l.mask.Replace(answer), Reason: l.mask.Replace(reason), Schema: !schemaSent}
			schemaSent = true
			return r
		}
		if rep.problem != "" {
			refused = unreadable(rep.text, rep.problem)
			continue
		}
		a, err := prompt.ParseArguments(rep.args)
		if err != nil {
			refused = unreadable(rep.args, err.Error())
			continue
		}
		if rep.source != prompt.FromToolCall {
			l.log.Debug("the model's arguments came in its message text", "where", rep.source)
		}
		a = l.maskAnswer(a)
		steps, err := l.steps(a, p.Page, req)
		var bad *invalidAnswer
		if errors.As(err, &bad) {
			refused = &prompt.Retry{Answer: l.mask.Replace(rep.args), Reason: bad.reason}
			continue
		}
		if err != nil {
			return nil, err
		}
		cost.Answer, cost.Element = a.ActionType, element(steps)
		if key != "" {
			if err := l.cache.put(key, cacheEntry{Server: l.client.server(), Model: l.opts.Model, Contract: prompt.ContractVersion,
				Action: in.Action, URL: in.URL, Taken: len(req.Taken), Answer: a}); err != nil {
				l.log.Warn("could not keep the model's answer", "err", err)
			}
		}
		return steps, nil
	}
	return nil, &AnswerError{Action: in.Action, Tries: l.opts.Reasks + 1, Reason: refused.Reason, Answer: refused.Answer}
}

// input is the question about req, secret values written as {{NAME}}.
func (l *Translator) input(req translator.Request) prompt.Input {
	in := prompt.Input{
		Action: l.mask.Replace(req.Action), URL: l.mask.Replace(req.URL), Title: l.mask.Replace(req.Title),
		Page: req.Page, Budget: l.opts.Budget, Tokens: l.tokens, Redact: l.redact, Placeholders: l.placeholders, Origins: l.origins,
		Intent: grammar.IntentOf(req.Action).String(),
	}
	for _, h := range req.History {
		in.History = append(in.History, l.mask.Replace(h))
	}
	for _, s := range req.Taken {
		in.Taken = append(in.Taken, l.mask.Replace(taken(s)))
	}
	return in
}

// build renders the question; a secret value left in any message (in a
// form the masking above did not foresee) is masked there too, so none is
// ever sent.
func (l *Translator) build(in prompt.Input) (*prompt.Request, error) {
	p, err := prompt.Build(in)
	if err != nil {
		return nil, err
	}
	for i := range p.Messages {
		p.Messages[i].Content = l.mask.Replace(p.Messages[i].Content)
	}
	return p, nil
}

// maskAnswer writes a secret value the model typed anyway as its
// placeholder.
func (l *Translator) maskAnswer(a prompt.IntermediateStep) prompt.IntermediateStep {
	a.InputValue = l.mask.ReplaceWritten(a.InputValue)
	a.Description = l.mask.Replace(a.Description)
	a.Error = l.mask.Replace(a.Error)
	return a
}

func element(steps []step.Step) string {
	if len(steps) > 0 {
		return steps[0].Element
	}
	return ""
}

// actionTypes names each kind of step as the function contract does.
var actionTypes = map[step.Kind]string{step.Navigate: "navigate", step.Click: "click", step.Type: "input", step.Select: "select", step.Choose: "select",
	step.Check: "check", step.Uncheck: "uncheck", step.Press: "press", step.Hover: "hover", step.AssertText: "assert"}

// taken describes a step already run for the model:
// `input textbox "Username" "demo"`.
func taken(s step.Step) string {
	t := actionTypes[s.Kind]
	if t == "" {
		t = string(s.Kind)
	}
	if s.Element != "" {
		t += " " + s.Element
	}
	if s.Value != "" {
		t += fmt.Sprintf(" %q", s.Value)
	}
	return t
}

func takenList(steps []step.Step) string {
	var out []string
	for _, s := range steps {
		out = append(out, taken(s))
	}
	return strings.Join(out, "; ")
}
