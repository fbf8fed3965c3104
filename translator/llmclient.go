package translator

// The model's transport: go-openai's chat completions over an HTTP doer
// that gives each request a timeout and retries 429s, 5xxs, timeouts and
// broken connections with backoff, honouring Retry-After. go-openai's
// types stay in this file.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/prompt"
)

// ErrModelUnavailable is wrapped by the errors of a model server that
// could not be used: unreachable, failing (5xx, 429) after the retries,
// silent past the timeout, or refusing the request (a bad key, an unknown
// model).
var ErrModelUnavailable = errors.New("language model unavailable")

// maxRetryAfter caps the wait a server's Retry-After asks for.
const maxRetryAfter = time.Minute

// azureAPIVersion is the Azure OpenAI API version asked for: one with
// tool calls.
const azureAPIVersion = "2024-06-01"

// modelClient asks one model through go-openai.
type modelClient struct {
	api   *openai.Client
	doer  *retrier
	model string
	base  string // the server, for messages
	tries int    // attempts a retried request may take
}

func newModelClient(o *LLMOptions, log *slog.Logger) *modelClient {
	cfg := openai.DefaultConfig(o.APIKey)
	base := "https://api.openai.com/v1"
	if o.BaseURL != "" {
		base = strings.TrimRight(o.BaseURL, "/")
		if u, err := url.Parse(base); err == nil && strings.HasSuffix(u.Hostname(), ".openai.azure.com") {
			// Azure OpenAI: the api-key header, and the deployment named
			// after the model in the path.
			cfg = openai.DefaultAzureConfig(o.APIKey, base)
			cfg.APIVersion = azureAPIVersion
		}
		cfg.BaseURL = base
	}
	doer := &retrier{client: &http.Client{}, retries: o.Retries, timeout: o.Timeout, backoff: o.Backoff, log: log}
	cfg.HTTPClient = doer
	return &modelClient{api: openai.NewClientWithConfig(cfg), doer: doer, model: o.Model, base: base, tries: o.Retries + 1}
}

// reply is what the model answered to one request.
type reply struct {
	args   string // the intermediate_step call's arguments
	called bool   // false: the model answered text (or called something else)
	text   string
	prompt int // tokens
	output int
}

// ask sends p, forcing the intermediate_step call, and returns the answer.
// Its errors wrap ErrModelUnavailable, or are the context's.
func (c *modelClient) ask(ctx context.Context, p *prompt.Request) (reply, error) {
	req := openai.ChatCompletionRequest{
		Model: c.model,
		Tools: []openai.Tool{{Type: openai.ToolTypeFunction, Function: &openai.FunctionDefinition{
			Name: p.Function.Name, Description: p.Function.Description, Parameters: p.Function.Parameters,
		}}},
		ToolChoice: openai.ToolChoice{Type: openai.ToolTypeFunction, Function: openai.ToolFunction{Name: p.Function.Name}},
	}
	for _, m := range p.Messages {
		req.Messages = append(req.Messages, openai.ChatCompletionMessage{Role: m.Role, Content: m.Content})
	}
	resp, err := c.api.CreateChatCompletion(ctx, req)
	if err != nil {
		return reply{}, c.failure(ctx, err)
	}
	r := reply{prompt: resp.Usage.PromptTokens, output: resp.Usage.CompletionTokens}
	if len(resp.Choices) == 0 {
		return r, nil
	}
	msg := resp.Choices[0].Message
	r.text = msg.Content
	for _, tc := range msg.ToolCalls {
		if tc.Function.Name == p.Function.Name {
			r.args, r.called = tc.Function.Arguments, true
			break
		}
	}
	return r, nil
}

// failure words a failed request: an interruption stays the context's
// error; anything else wraps ErrModelUnavailable.
func (c *modelClient) failure(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if errors.Is(err, ErrModelUnavailable) {
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
		return fmt.Errorf("%w: %s: %v", ErrModelUnavailable, c.base, err)
	}
	tries := ""
	if retryable(status) && c.tries > 1 {
		tries = fmt.Sprintf(" %d times", c.tries)
	}
	return fmt.Errorf("%w: %s answered %d %s%s: %s", ErrModelUnavailable, c.base, status, http.StatusText(status), tries, msg)
}

func retryable(status int) bool { return status == http.StatusTooManyRequests || status >= 500 }

// retrier is go-openai's HTTP doer: each attempt gets timeout; a 429, a
// 5xx, a timeout or a broken connection is tried again, up to retries
// more times, after the wait the server's Retry-After asks for (capped at
// maxRetryAfter) or else backoff, doubled each time. The last failing
// response is returned as it came, for go-openai to read its error.
type retrier struct {
	client  *http.Client
	retries int
	timeout time.Duration
	backoff time.Duration
	log     *slog.Logger
}

func (r *retrier) Do(req *http.Request) (*http.Response, error) {
	parent := req.Context()
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(parent, r.timeout)
		try := req.Clone(ctx)
		if req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				cancel()
				return nil, err
			}
			try.Body = body
		}
		resp, err := r.client.Do(try)
		last := attempt >= r.retries
		var wait time.Duration
		var why string
		switch {
		case parent.Err() != nil:
			cancel()
			if resp != nil {
				resp.Body.Close()
			}
			return nil, parent.Err()
		case err != nil:
			cancel()
			if errors.Is(err, context.DeadlineExceeded) {
				why = fmt.Sprintf("no answer within %s", r.timeout)
			} else {
				why = err.Error()
			}
			if last {
				tries := fmt.Sprintf("%d tries", attempt+1)
				if attempt == 0 {
					tries = "1 try"
				}
				return nil, fmt.Errorf("%w: %s: %s (%s)", ErrModelUnavailable, req.URL.Redacted(), why, tries)
			}
			wait = r.backoff << attempt
		case retryable(resp.StatusCode) && !last:
			why = resp.Status
			wait = r.backoff << attempt
			if ra, ok := retryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
				wait = ra
			}
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
			resp.Body.Close()
			cancel()
		default:
			resp.Body = &cancelOnClose{resp.Body, cancel}
			return resp, nil
		}
		r.log.Debug("model request failed; trying again", "why", why, "wait", wait, "attempt", attempt+1)
		if err := clock.Sleep(parent, wait); err != nil {
			return nil, err
		}
	}
}

// retryAfter reads a Retry-After header: seconds or an HTTP date, capped
// at maxRetryAfter.
func retryAfter(h string, now time.Time) (time.Duration, bool) {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0, false
	}
	var d time.Duration
	if s, err := strconv.ParseFloat(h, 64); err == nil && s >= 0 {
		d = time.Duration(min(s, maxRetryAfter.Seconds()) * float64(time.Second))
	} else if t, err := http.ParseTime(h); err == nil {
		d = max(t.Sub(now), 0)
	} else {
		return 0, false
	}
	return min(d, maxRetryAfter), true
}

// cancelOnClose ends an attempt's context once its body is read.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c *cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}
