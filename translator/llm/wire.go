package llm

// What real OpenAI-compatible servers send that go-openai cannot read,
// made readable before it reads it: a call's arguments as a JSON object
// rather than a string (Ollama's own protocol, some proxies), and a tool
// call whose name and arguments stand at its top level, as the llama.cpp
// server's function-calling documentation shows it. Nothing else in a
// response is changed; what is not JSON passes as it came.

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
)

// maxResponse bounds the body read to be fixed: a larger one passes as
// it came.
const maxResponse = 8 << 20

// wireFixer is go-openai's HTTP doer around the retrier: it fixes the
// body of every successful chat completion (fixWire).
type wireFixer struct{ next *retrier }

func (w *wireFixer) Do(req *http.Request) (*http.Response, error) {
	resp, err := w.next.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK || !strings.HasSuffix(req.URL.Path, "/chat/completions") {
		return resp, err
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse+1))
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	if len(body) <= maxResponse {
		body = fixWire(body)
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	resp.ContentLength = int64(len(body))
	resp.Header.Del("Content-Length")
	return resp, nil
}

// fixWire returns a chat completion's body with every call in
// choices[].message.tool_calls and .function_call in OpenAI's shape:
// {"type": "function", "function": {"name": …, "arguments": "<JSON text>"}}.
// A body that is not such a JSON object comes back unchanged.
func fixWire(body []byte) []byte {
	var doc map[string]json.RawMessage
	if json.Unmarshal(body, &doc) != nil {
		return body
	}
	var choices []map[string]json.RawMessage
	if json.Unmarshal(doc["choices"], &choices) != nil {
		return body
	}
	changed := false
	for _, ch := range choices {
		var msg map[string]json.RawMessage
		if json.Unmarshal(ch["message"], &msg) != nil || msg == nil {
			continue
		}
		fixed := false
		var calls []map[string]json.RawMessage
		if json.Unmarshal(msg["tool_calls"], &calls) == nil && calls != nil {
			for i, call := range calls {
				if call == nil {
					continue
				}
				if _, ok := call["function"]; !ok {
					if name, ok := call["name"]; ok { // llama.cpp's documented shape
						fn := map[string]json.RawMessage{"name": name}
						if a, ok := call["arguments"]; ok {
							fn["arguments"] = a
						}
						call["function"], _ = json.Marshal(fn)
						delete(call, "name")
						delete(call, "arguments")
						if _, ok := call["type"]; !ok {
							call["type"] = json.RawMessage(`"function"`)
						}
						fixed = true
					}
				}
				if fn, ok := fixCall(call["function"]); ok {
					call["function"], fixed = fn, true
				}
				calls[i] = call
			}
			if fixed {
				msg["tool_calls"], _ = json.Marshal(calls)
			}
		}
		if fn, ok := fixCall(msg["function_call"]); ok {
			msg["function_call"], fixed = fn, true
		}
		if fixed {
			ch["message"], _ = json.Marshal(msg)
			changed = true
		}
	}
	if !changed {
		return body
	}
	doc["choices"], _ = json.Marshal(choices)
	out, err := json.Marshal(doc)
	if err != nil {
		return body
	}
	return out
}

// fixCall writes the arguments of a call ({"name", "arguments"}) as a
// string when they are an object; ok is false when nothing changed.
func fixCall(raw json.RawMessage) (json.RawMessage, bool) {
	var fn map[string]json.RawMessage
	if json.Unmarshal(raw, &fn) != nil || fn == nil {
		return raw, false
	}
	a := bytes.TrimSpace(fn["arguments"])
	if len(a) == 0 || a[0] != '{' {
		return raw, false
	}
	s, _ := json.Marshal(string(a))
	fn["arguments"] = s
	out, err := json.Marshal(fn)
	if err != nil {
		return raw, false
	}
	return out, true
}
