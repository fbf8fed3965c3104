package llm

// The model's transport: go-openai's chat completions over an HTTP doer
// that gives each request a timeout and retries 429s, 5xxs, timeouts and
// broken connections with backoff, honouring Retry-After. go-openai's
// types stay in this file.

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"

	openai "github.com/sashabaranov/go-openai"

	"github.com/plaintest/plaintest/prompt"
	"github.com/plaintest/plaintest/translator"
)

// DefaultAzureAPIVersion is the Azure OpenAI API version asked for when
// neither the base URL's api-version nor LLMOptions.APIVersion names one:
// the generally available version with tool calls and strict functions.
const DefaultAzureAPIVersion = "2024-10-21"

// serverKind is what plaintest knows of a model server from its URL.
type serverKind int

const (
	serverOther  serverKind = iota // any OpenAI-compatible server
	serverOpenAI                   // api.openai.com
	serverAzure                    // an Azure OpenAI deployment
)

// modelClient asks one model through go-openai.
type modelClient struct {
	api   *openai.Client
	doer  *retrier
	model string
	base  string // the server, for messages and the cache key
	kind  serverKind
	tries int // attempts a retried request may take
	log   *slog.Logger

	mu sync.Mutex
	// choice is how the function is forced: the named function, then
	// "required", then not at all, each step down taken when the server
	// refuses the one before (LM Studio refuses the named form).
	choice int
	// strict sends the function in strict mode (OpenAI, Azure), until a
	// server refuses it.
	strict bool
}

// The ways of forcing the function (modelClient.choice).
const (
	choiceNamed = iota
	choiceRequired
	choiceNone
)

// azureTarget reads an Azure OpenAI base URL: the resource
// (https://NAME.openai.azure.com, the deployment named after the model)
// or a deployment (…/openai/deployments/DEPLOYMENT, with or without
// /chat/completions), an api-version in its query winning over version.
// ok is false for any other URL, a resource's /openai/v1 (OpenAI's own
// protocol) among them.
func azureTarget(raw, version string) (endpoint, deployment, apiVersion string, ok bool) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", "", "", false
	}
	host := strings.ToLower(u.Hostname())
	azureHost := strings.HasSuffix(host, ".openai.azure.com") || strings.HasSuffix(host, ".cognitiveservices.azure.com")
	path := strings.TrimRight(u.Path, "/")
	before, after, deployed := strings.Cut(path, "/openai/deployments/")
	switch {
	case deployed:
		deployment, _, _ = strings.Cut(after, "/")
		path = before
	case !azureHost || (path != "" && path != "/openai"):
		return "", "", "", false
	default:
		path = ""
	}
	apiVersion = u.Query().Get("api-version")
	if apiVersion == "" {
		apiVersion = version
	}
	if apiVersion == "" {
		apiVersion = DefaultAzureAPIVersion
	}
	u.Path, u.RawQuery, u.Fragment = path, "", ""
	return u.String(), deployment, apiVersion, true
}

func newModelClient(o *Options, log *slog.Logger) *modelClient {
	cfg := openai.DefaultConfig(o.APIKey)
	base := "https://api.openai.com/v1"
	kind := serverOpenAI
	if o.BaseURL != "" {
		base = strings.TrimRight(o.BaseURL, "/")
		kind = serverOther
		if u, err := url.Parse(base); err == nil && strings.EqualFold(u.Hostname(), "api.openai.com") {
			kind = serverOpenAI
		}
		if endpoint, deployment, version, ok := azureTarget(base, o.APIVersion); ok {
			// Azure OpenAI: the api-key header, the deployment in the
			// path (named after the model unless the URL names it), and
			// the api-version query.
			kind = serverAzure
			cfg = openai.DefaultAzureConfig(o.APIKey, endpoint)
			cfg.APIVersion = version
			if deployment != "" {
				cfg.AzureModelMapperFunc = func(string) string { return deployment }
			}
		} else {
			cfg.BaseURL = base
		}
	}
	doer := &retrier{client: &http.Client{}, retries: o.Retries, timeout: o.Timeout, backoff: o.Backoff, log: log}
	cfg.HTTPClient = &wireFixer{doer}
	return &modelClient{api: openai.NewClientWithConfig(cfg), doer: doer, model: o.Model, base: base, kind: kind,
		tries: o.Retries + 1, log: log, strict: kind != serverOther}
}

// server is the server's URL as the cache file keeps it: no password, no
// query.
func (c *modelClient) server() string {
	u, err := url.Parse(c.base)
	if err != nil {
		return ""
	}
	u.User, u.RawQuery = nil, ""
	return u.String()
}

// reply is what the model answered to one request.
type reply struct {
	args   string // the intermediate_step arguments, when found
	source string // where: prompt.FromToolCall, FromContent, FromFence
	// problem says why no arguments could be read ("" when args are set);
	// text is the answer then, to send back.
	problem string
	text    string
	prompt  int // tokens
	output  int
}

// ask sends p, forcing the intermediate_step call as far as the server
// allows, and returns the answer: the arguments of a call of the
// function, else those written in the message's text
// (prompt.ArgumentsFromText). Its errors wrap ErrModelUnavailable, or
// are the context's.
func (c *modelClient) ask(ctx context.Context, p *prompt.Request) (reply, error) {
	for {
		c.mu.Lock()
		choice, strict := c.choice, c.strict
		c.mu.Unlock()
		fn := &openai.FunctionDefinition{Name: p.Function.Name, Description: p.Function.Description, Parameters: p.Function.Parameters}
		if strict {
			fn.Strict, fn.Parameters = true, p.Function.StrictParameters
		}
		req := openai.ChatCompletionRequest{Model: c.model, Tools: []openai.Tool{{Type: openai.ToolTypeFunction, Function: fn}}}
		switch choice {
		case choiceNamed:
			req.ToolChoice = openai.ToolChoice{Type: openai.ToolTypeFunction, Function: openai.ToolFunction{Name: p.Function.Name}}
		case choiceRequired:
			req.ToolChoice = "required"
		}
		for _, m := range p.Messages {
			req.Messages = append(req.Messages, openai.ChatCompletionMessage{Role: m.Role, Content: m.Content})
		}
		resp, err := c.api.CreateChatCompletion(ctx, req)
		if err == nil {
			return c.read(resp, p.Function.Name), nil
		}
		// A server that refuses a part of the request it does not know
		// is asked again without it; the step down is kept.
		c.mu.Lock()
		switch {
		case strict && (refuses(err, "strict") || refuses(err, "schema")):
			c.strict = false
		case choice < choiceNone && refuses(err, "tool_choice"):
			c.choice++
		default:
			c.mu.Unlock()
			return reply{}, c.failure(ctx, err)
		}
		c.log.Debug("the model server refused a part of the request; asking without it", "err", err, "strict", c.strict, "tool_choice", c.choice)
		c.mu.Unlock()
	}
}

// refuses reports whether err is the server's refusal (400 or 422) of the
// request naming what. A refusal of the strict function or its schema
// ("strict", "schema") steps down to the plain function, so that a server
// that reads strict mode otherwise than OpenAI still answers.
func refuses(err error, what string) bool {
	var apiErr *openai.APIError
	var reqErr *openai.RequestError
	switch {
	case errors.As(err, &apiErr):
		return (apiErr.HTTPStatusCode == http.StatusBadRequest || apiErr.HTTPStatusCode == http.StatusUnprocessableEntity) &&
			strings.Contains(strings.ToLower(apiErr.Message), what)
	case errors.As(err, &reqErr):
		return (reqErr.HTTPStatusCode == http.StatusBadRequest || reqErr.HTTPStatusCode == http.StatusUnprocessableEntity) &&
			strings.Contains(strings.ToLower(string(reqErr.Body)), what)
	}
	return false
}

// read takes the answer out of a response: a call of the function (a
// tool call, or the older function_call), else arguments in the text.
func (c *modelClient) read(resp openai.ChatCompletionResponse, name string) reply {
	r := reply{prompt: resp.Usage.PromptTokens, output: resp.Usage.CompletionTokens}
	if len(resp.Choices) == 0 {
		r.problem = "the server sent no answer (no choices)"
		return r
	}
	msg := resp.Choices[0].Message
	r.text = msg.Content
	if r.text == "" { // content as a list of parts
		var parts []string
		for _, p := range msg.MultiContent {
			if p.Type == openai.ChatMessagePartTypeText {
				parts = append(parts, p.Text)
			}
		}
		r.text = strings.Join(parts, "")
	}
	var other []string
	for _, tc := range msg.ToolCalls {
		if tc.Function.Name == name {
			r.args, r.source = tc.Function.Arguments, prompt.FromToolCall
			return r
		}
		other = append(other, tc.Function.Name)
	}
	if fc := msg.FunctionCall; fc != nil && fc.Name == name {
		r.args, r.source = fc.Arguments, prompt.FromToolCall
		return r
	}
	if len(other) > 0 {
		r.problem = fmt.Sprintf("the answer called %s, not %s", strings.Join(other, ", "), name)
		if r.text == "" {
			r.text = strings.Join(other, ", ")
		}
		return r
	}
	if msg.Refusal != "" && strings.TrimSpace(r.text) == "" {
		r.problem, r.text = "the model refused to answer: "+msg.Refusal, msg.Refusal
		return r
	}
	args, source, err := prompt.ArgumentsFromText(r.text)
	if err != nil {
		r.problem = strings.TrimPrefix(err.Error(), prompt.ErrNoArguments.Error()+": ")
		return r
	}
	r.args, r.source = args, source
	return r
}

// failure words a failed request: an interruption stays the context's
// error; anything else wraps ErrModelUnavailable.
func (c *modelClient) failure(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if errors.Is(err, translator.ErrModelUnavailable) {
		return err // the retrier's own
	}
	var apiErr *openai.APIError
	var reqErr *openai.RequestError
	status, msg := 0, err.Error()
	switch {
	case errors.As(err, &apiErr):
		status, msg = apiErr.HTTPStatusCode, apiErr.Message
	case errors.As(err, &reqErr):
		status, msg = reqErr.HTTPStatusCode, strings.TrimSpace(string(reqErr.Body))
		if len(msg) > 200 {
			msg = msg[:200] + "…"
		}
	}
	if status == 0 {
		return fmt.Errorf("%w: %s: %v", translator.ErrModelUnavailable, c.base, err)
	}
	tries := ""
	if retryable(status) && c.tries > 1 {
		tries = fmt.Sprintf(" %d times", c.tries)
	}
	return fmt.Errorf("%w: %s answered %d %s%s: %s", translator.ErrModelUnavailable, c.base, status, http.StatusText(status), tries, msg)
}
