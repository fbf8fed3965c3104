// Package openaitest serves a fake OpenAI-compatible chat-completions
// endpoint (POST /v1/chat/completions) for tests of the model translator:
// every request is decoded and kept, then answered by a script, with a
// call of intermediate_step, a text, an HTTP error, or no answer at all.
// It speaks the protocol as JSON; no client library's types are involved.
package openaitest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
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
		} `json:"function"`
	} `json:"tools"`
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
	// Text is a plain answer instead of a call, when Arguments is "".
	Text string
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

// Server is a running fake.
type Server struct {
	URL string // the base URL, ending in /v1, for OPENAI_BASE_URL
	mu  sync.Mutex
	got []*Request
}

// New starts a server that answers each request with script(request),
// and stops it when the test ends. A request that is not a chat
// completion fails the test.
func New(t testing.TB, script func(*Request) Reply) *Server {
	s := &Server{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, hr *http.Request) {
		if hr.Method != http.MethodPost || hr.URL.Path != "/v1/chat/completions" {
			t.Errorf("openaitest: unexpected %s %s", hr.Method, hr.URL.Path)
			http.NotFound(w, hr)
			return
		}
		body, _ := io.ReadAll(hr.Body)
		req := &Request{Body: body, Header: hr.Header.Clone(), At: time.Now()}
		if err := json.Unmarshal(body, req); err != nil {
			t.Errorf("openaitest: request body is not JSON: %v", err)
		}
		s.mu.Lock()
		s.got = append(s.got, req)
		s.mu.Unlock()
		s.answer(w, hr, req, script(req))
	}))
	t.Cleanup(srv.Close)
	s.URL = srv.URL + "/v1"
	return s
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
	msg := map[string]any{"role": "assistant", "content": rep.Text}
	finish := "stop"
	if rep.Arguments != "" {
		msg = map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{
			"id": "call_1", "type": "function",
			"function": map[string]any{"name": "intermediate_step", "arguments": rep.Arguments},
		}}}
		finish = "tool_calls"
	}
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": req.Model,
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}},
		"usage": map[string]any{"prompt_tokens": rep.PromptTokens, "completion_tokens": rep.CompletionTokens,
			"total_tokens": rep.PromptTokens + rep.CompletionTokens},
	})
}

// Requests returns the requests received so far, oldest first.
func (s *Server) Requests() []*Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Request(nil), s.got...)
}
