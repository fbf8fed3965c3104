// Package openaitest serves a fake OpenAI-compatible chat-completions
// endpoint (POST /v1/chat/completions) for tests of the model translator:
// every request is decoded and kept, then answered by a script, with a
// call of intermediate_step, a text, an HTTP error, or no answer at all.
// It speaks the protocol as JSON; no client library's types are involved.
//
// NewServer plays a given server (Options): Azure OpenAI's deployment
// path, api-version and api-key; a key required as a bearer token; LM
// Studio's refusal of a named tool_choice; and each server's answer as
// its own documentation shows it (Wire).
package openaitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// Request is one chat-completion request as the server received it.
type Request struct {
	// Body is the request body as sent.
	Body   []byte
	Header http.Header
	Model  string `json:"model"`
	// Messages are the chat messages; Content is their text.
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	Tools []struct {
		Type     string `json:"type"`
		Function struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			Parameters  json.RawMessage `json:"parameters"`
			Strict      bool            `json:"strict"`
		} `json:"function"`
	} `json:"tools"`
	// Path and Query are the request's URL path and query.
	Path       string
	Query      url.Values
	ToolChoice json.RawMessage `json:"tool_choice"`
	// At is when the request came.
	At time.Time
}

// User is the first user message: the question.
func (r *Request) User() string {
	for _, m := range r.Messages {
		if m.Role == "user" {
			return m.Content
		}
	}
	return ""
}

// Action is the action the question is about (its "Action: " line).
func (r *Request) Action() string {
	first, _, _ := strings.Cut(r.User(), "\n")
	return strings.TrimPrefix(first, "Action: ")
}

var reFence = regexp.MustCompile(`(?m)^(PAGE-[0-9a-f]+)$`)

// Page is the page text of the question: what stands between its fence
// lines ("" when there is none).
func (r *Request) Page() string {
	u := r.User()
	m := reFence.FindStringSubmatchIndex(u)
	if m == nil {
		return ""
	}
	fence := u[m[2]:m[3]]
	rest := u[m[1]:]
	end := strings.Index(rest, "\nEND "+fence)
	if end < 0 {
		return ""
	}
	return strings.TrimPrefix(rest[:end], "\n")
}

// Ref is the ref of the first element of the page whose line starts with
// role and the quoted name (`textbox "Username" [f1e12]`); "" when there is
// none.
func (r *Request) Ref(role, name string) string {
	re := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(role) + ` "` + regexp.QuoteMeta(name) + `" \[([a-z0-9]+)\]`)
	if m := re.FindStringSubmatch(r.Page()); m != nil {
		return m[1]
	}
	return ""
}

var reTaken = regexp.MustCompile(`(?m)^\d+\. `)

// Taken is how many steps the question says were already taken for the
// action.
func (r *Request) Taken() int {
	u := r.User()
	if i := strings.Index(u, "Steps already taken"); i >= 0 {
		end := strings.Index(u[i:], "\n\n")
		if end < 0 {
			end = len(u) - i
		}
		return len(reTaken.FindAllString(u[i:i+end], -1))
	}
	return 0
}

// Retry is the reason a refused answer is sent back with, when the
// request sends one back.
func (r *Request) Retry() string {
	for _, m := range r.Messages {
		if rest, ok := strings.CutPrefix(m.Content, "Your previous answer was refused: "); ok && m.Role == "user" {
			reason, _, _ := strings.Cut(rest, "\n")
			return reason
		}
	}
	return ""
}

// Reply is how the server answers one request.
type Reply struct {
	// Status is the HTTP status; 0 means 200 with the answer below.
	Status int
	// RetryAfter is sent as the Retry-After header when set.
	RetryAfter string
	// Hang holds the request without answering until the client gives up.
	Hang bool
	// Arguments are the arguments of the intermediate_step call.
	Arguments string
	// Function is the function called; "" for intermediate_step.
	Function string
	// ArgumentsObject sends Arguments as a JSON object rather than the
	// string OpenAI sends.
	ArgumentsObject bool
	// Text is a plain answer instead of a call, when Arguments is "".
	Text string
	// TextParts sends Text as a list of content parts, one a part.
	TextParts []string
	// Refusal is OpenAI's refusal of a strict request, with no content.
	Refusal string
	// PromptTokens and CompletionTokens are the usage reported.
	PromptTokens, CompletionTokens int
}

// Call returns the arguments of an intermediate_step call: actionType on
// ref with value, sure of it (confidence 0.9) and not ambiguous.
func Call(actionType, ref, value string) string {
	b, _ := json.Marshal(map[string]any{"action_type": actionType, "target_ref": ref, "input_value": value,
		"description": actionType + " " + ref, "is_ambiguous": false, "confidence_score": 0.9})
	return string(b)
}

// Wire is the shape of a server's answers, as its documentation shows it.
type Wire string

// The wire shapes.
const (
	// WireOpenAI: OpenAI's, which vLLM, LM Studio and LiteLLM send too
	// (with fields of their own, which a client ignores).
	WireOpenAI Wire = ""
	// WireAzure: OpenAI's, with Azure's content filter results.
	WireAzure Wire = "azure"
	// WireOllama: Ollama's /v1 answers: content "" beside the calls, each
	// call with an index, system_fingerprint "fp_ollama".
	WireOllama Wire = "ollama"
	// WireVLLM: vLLM's: a call id chatcmpl-tool-…, reasoning_content and
	// stop_reason fields.
	WireVLLM Wire = "vllm"
	// WireLlamaCpp: the llama.cpp server's, as its function-calling
	// documentation shows it: each call {"name", "arguments"} with no
	// "function" object, finish_reason "tool".
	WireLlamaCpp Wire = "llama.cpp"
)

// Options make the fake play a given server.
type Options struct {
	// Azure serves /openai/deployments/{Deployment}/chat/completions:
	// a request with no api-version query gets 404, one with no api-key
	// header (or another than Key) 401, as Azure OpenAI answers.
	Azure      bool
	Deployment string
	// Key, when set, is the key the server requires: as "Authorization:
	// Bearer KEY" (in api-key for Azure); another gets 401.
	Key string
	// RejectNamedToolChoice answers 400 to a tool_choice object, as LM
	// Studio does: only "none", "auto" and "required" are accepted.
	RejectNamedToolChoice bool
	// RejectStrict answers 400 to a function in strict mode, with
	// StrictMessage.
	RejectStrict  bool
	StrictMessage string
	// Wire shapes the answers.
	Wire Wire
}

// Server is a running fake.
type Server struct {
	// URL is the base URL, for OPENAI_BASE_URL: ending in /v1, or for
	// Azure the deployment's (…/openai/deployments/NAME).
	URL  string
	opts Options
	mu   sync.Mutex
	got  []*Request
}

// New starts a server that answers each request with script(request),
// in OpenAI's shape, and stops it when the test ends. A request that is
// not a chat completion fails the test.
func New(t testing.TB, script func(*Request) Reply) *Server {
	return NewServer(t, Options{}, script)
}

// NewServer is New playing the server opts describes.
func NewServer(t testing.TB, opts Options, script func(*Request) Reply) *Server {
	if opts.StrictMessage == "" {
		opts.StrictMessage = "Unrecognized request argument supplied: strict"
	}
	s := &Server{opts: opts}
	path := "/v1/chat/completions"
	if opts.Azure {
		if opts.Deployment == "" {
			opts.Deployment = "plaintest-gpt4o"
		}
		path = "/openai/deployments/" + opts.Deployment + "/chat/completions"
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, hr *http.Request) {
		if hr.Method != http.MethodPost || hr.URL.Path != path {
			t.Errorf("openaitest: unexpected %s %s", hr.Method, hr.URL.Path)
			http.NotFound(w, hr)
			return
		}
		body, _ := io.ReadAll(hr.Body)
		req := &Request{Body: body, Header: hr.Header.Clone(), At: time.Now(), Path: hr.URL.Path, Query: hr.URL.Query()}
		if err := json.Unmarshal(body, req); err != nil {
			t.Errorf("openaitest: request body is not JSON: %v", err)
		}
		s.mu.Lock()
		s.got = append(s.got, req)
		s.mu.Unlock()
		if status, msg := s.refuse(req); status != 0 {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			fmt.Fprintf(w, `{"error":{"message":%q,"type":"invalid_request_error","code":null}}`, msg)
			return
		}
		s.answer(w, hr, req, script(req))
	}))
	t.Cleanup(srv.Close)
	s.URL = srv.URL + "/v1"
	if opts.Azure {
		s.URL = srv.URL + "/openai/deployments/" + opts.Deployment
	}
	return s
}

// refuse is the error the played server answers req with; 0 for none.
func (s *Server) refuse(req *Request) (int, string) {
	o := s.opts
	switch {
	case o.Azure && req.Query.Get("api-version") == "":
		return http.StatusNotFound, "Resource not found"
	case o.Azure && (req.Header.Get("api-key") == "" || (o.Key != "" && req.Header.Get("api-key") != o.Key)):
		return http.StatusUnauthorized, "Access denied due to invalid subscription key or wrong API endpoint."
	case !o.Azure && o.Key != "" && req.Header.Get("Authorization") != "Bearer "+o.Key:
		return http.StatusUnauthorized, "Incorrect API key provided."
	case o.RejectNamedToolChoice && bytes.HasPrefix(bytes.TrimSpace(req.ToolChoice), []byte("{")):
		return http.StatusBadRequest, "Invalid tool_choice type: 'object'. Supported string values: none, auto, required"
	case o.RejectStrict && len(req.Tools) > 0 && req.Tools[0].Function.Strict:
		return http.StatusBadRequest, o.StrictMessage
	}
	return 0, ""
}

func (s *Server) answer(w http.ResponseWriter, hr *http.Request, req *Request, rep Reply) {
	if rep.Hang {
		<-hr.Context().Done()
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if rep.RetryAfter != "" {
		w.Header().Set("Retry-After", rep.RetryAfter)
	}
	if rep.Status != 0 && rep.Status != http.StatusOK {
		w.WriteHeader(rep.Status)
		fmt.Fprintf(w, `{"error":{"message":%q,"type":"server_error","code":null}}`, http.StatusText(rep.Status))
		return
	}
	wire := s.opts.Wire
	var content any = rep.Text
	finish := "stop"
	var calls []any
	if rep.Arguments != "" {
		name := rep.Function
		if name == "" {
			name = "intermediate_step"
		}
		var args any = rep.Arguments
		if rep.ArgumentsObject {
			args = json.RawMessage(rep.Arguments)
		}
		fn := map[string]any{"name": name, "arguments": args}
		call := map[string]any{"id": "call_1", "type": "function", "function": fn}
		content, finish = nil, "tool_calls"
		switch wire {
		case WireOllama:
			call = map[string]any{"id": "call_px63ad04", "index": 0, "type": "function", "function": fn}
			content = ""
		case WireVLLM:
			call["id"] = "chatcmpl-tool-5f1c2a0e9b7d4c3a"
		case WireLlamaCpp:
			call = fn
			finish = "tool"
		}
		calls = []any{call}
	}
	if rep.TextParts != nil {
		var parts []any
		for _, p := range rep.TextParts {
			parts = append(parts, map[string]any{"type": "text", "text": p})
		}
		content = parts
	}
	msg := map[string]any{"role": "assistant", "content": content}
	if rep.Refusal != "" {
		msg["content"], msg["refusal"] = nil, rep.Refusal
	}
	if calls != nil {
		msg["tool_calls"] = calls
	}
	choice := map[string]any{"index": 0, "message": msg, "finish_reason": finish}
	resp := map[string]any{
		"id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": req.Model,
		"choices": []any{choice},
		"usage": map[string]any{"prompt_tokens": rep.PromptTokens, "completion_tokens": rep.CompletionTokens,
			"total_tokens": rep.PromptTokens + rep.CompletionTokens},
	}
	switch wire {
	case WireOpenAI:
		if rep.Refusal == "" {
			msg["refusal"] = nil
		}
		choice["logprobs"] = nil
		resp["system_fingerprint"] = "fp_test"
	case WireAzure:
		msg["refusal"] = nil
		choice["content_filter_results"] = map[string]any{}
		resp["prompt_filter_results"] = []any{map[string]any{"prompt_index": 0, "content_filter_results": map[string]any{
			"hate": map[string]any{"filtered": false, "severity": "safe"}}}}
	case WireOllama:
		resp["system_fingerprint"] = "fp_ollama"
	case WireVLLM:
		msg["reasoning_content"] = nil
		choice["stop_reason"] = nil
		resp["prompt_logprobs"] = nil
	}
	_ = json.NewEncoder(w).Encode(resp)
}

// Requests returns the requests received so far, oldest first.
func (s *Server) Requests() []*Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Request(nil), s.got...)
}
