package llm

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/openaitest"
)

// usernameArgs is the answer "type demo into Username" on the login page,
// with every field the contract names.
const usernameArgs = `{"action_type":"input","target_ref":"f1e12","input_value":"demo","description":"type the user name","is_ambiguous":false,"confidence_score":0.9}`

// wantUsername checks that steps type demo into Username.
func wantUsername(t *testing.T, steps []step.Step, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 2 || steps[0].Kind != step.Type || steps[0].Ref != "f1e12" || steps[0].Value != "demo" || steps[1].Kind != step.Then {
		t.Fatalf("steps %+v", steps)
	}
}

// TestLLMQuirks: the answers of servers and models that do not keep to
// OpenAI's exact shape are read, each in one request, and still checked
// against the page.
func TestLLMQuirks(t *testing.T) {
	for _, c := range []struct {
		name  string
		reply openaitest.Reply
	}{
		{"no optional fields", openaitest.Reply{Arguments: `{"action_type":"input","target_ref":"f1e12","input_value":"demo"}`}},
		{"nulls for the optional fields", openaitest.Reply{Arguments: `{"action_type":"input","target_ref":"f1e12","input_value":"demo","description":null,"is_ambiguous":null,"confidence_score":null,"error":null}`}},
		{"arguments as an object", openaitest.Reply{Arguments: usernameArgs, ArgumentsObject: true}},
		{"arguments encoded twice", openaitest.Reply{Arguments: mustJSON(t, usernameArgs)}},
		{"JSON in the content", openaitest.Reply{Text: usernameArgs}},
		{"a call written in the content", openaitest.Reply{Text: `{"name": "intermediate_step", "arguments": ` + usernameArgs + `}`}},
		{"a fenced block after a sentence", openaitest.Reply{Text: "The user name goes first.\n\n```json\n" + usernameArgs + "\n```"}},
		{"a tool_call tag", openaitest.Reply{Text: "<tool_call>\n{\"name\": \"intermediate_step\", \"arguments\": " + usernameArgs + "}\n</tool_call>"}},
		{"thoughts, then JSON", openaitest.Reply{Text: "<think>Username is f1e12.</think>\n" + usernameArgs}},
		{"content as parts", openaitest.Reply{TextParts: []string{"```json\n", usernameArgs, "\n```"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := openaitest.New(t, script(c.reply))
			steps, err := newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "log in as demo"))
			wantUsername(t, steps, err)
			if n := len(srv.Requests()); n != 1 {
				t.Errorf("%d requests, want 1", n)
			}
		})
	}
	// Read from the content, an answer is held to the page as any other.
	srv := openaitest.New(t, script(openaitest.Reply{Text: "```json\n" + openaitest.Call("click", "e999", "") + "\n```"}, call("input", "f1e12", "demo")))
	steps, err := newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "log in as demo"))
	wantUsername(t, steps, err)
	if r := srv.Requests(); len(r) != 2 || !strings.Contains(r[1].Retry(), "ref e999 is not on the page shown") {
		t.Errorf("%d requests; sent back %q", len(r), r[len(r)-1].Retry())
	}
}

func mustJSON(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestLLMReasksWithSchemaOnce: an answer that cannot be read as the
// function's arguments is sent back with the schema, the first time only.
func TestLLMReasksWithSchemaOnce(t *testing.T) {
	prose := openaitest.Reply{Text: "I would type demo into the Username field."}
	srv := openaitest.New(t, script(prose, prose, call("input", "f1e12", "demo")))
	steps, err := newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "log in as demo"))
	wantUsername(t, steps, err)
	r := srv.Requests()
	if len(r) != 3 {
		t.Fatalf("%d requests", len(r))
	}
	last := func(r *openaitest.Request) string { return r.Messages[len(r.Messages)-1].Content }
	if !strings.Contains(last(r[1]), "which this JSON Schema describes:\n{") || !strings.Contains(last(r[1]), `"action_type"`) {
		t.Errorf("the first re-ask holds no schema:\n%s", last(r[1]))
	}
	if strings.Contains(last(r[2]), "JSON Schema") || !strings.Contains(r[2].Retry(), "the answer is text") {
		t.Errorf("the second re-ask:\n%s", last(r[2]))
	}
}

// redirect sends every request of l to srv, whatever host it names, and
// returns the last request as sent.
func redirect(l *Translator, srv *openaitest.Server) func() *http.Request {
	var sent *http.Request
	l.client.doer.client.Transport = roundTrip(func(r *http.Request) (*http.Response, error) {
		sent = r
		u, _ := url.Parse(srv.URL)
		r = r.Clone(r.Context())
		r.URL.Scheme, r.URL.Host, r.URL.Path, r.Host = u.Scheme, u.Host, "/v1/chat/completions", u.Host
		return http.DefaultTransport.RoundTrip(r)
	})
	return func() *http.Request { return sent }
}

// choiceOf reads a request's tool_choice: the function named, or the
// string.
func choiceOf(r *openaitest.Request) string {
	var named struct {
		Function struct{ Name string } `json:"function"`
	}
	if json.Unmarshal(r.ToolChoice, &named) == nil && named.Function.Name != "" {
		return "named " + named.Function.Name
	}
	var s string
	_ = json.Unmarshal(r.ToolChoice, &s)
	return s
}

// TestLLMCompatibility is the table of docs/models.md: each server played
// by a fake that takes its URL form and its auth, forces the function or
// not as the server does, and answers in its wire shape as its own
// documentation shows it; plaintest reads the first step of "log in as
// demo" from each.
func TestLLMCompatibility(t *testing.T) {
	t.Run("OpenAI", func(t *testing.T) {
		srv := openaitest.NewServer(t, openaitest.Options{Key: "sk-test"}, script(call("input", "f1e12", "demo")))
		l := newLLM(t, srv, func(o *Options) { o.BaseURL, o.APIKey = "https://api.openai.com/v1", "sk-test" })
		sent := redirect(l, srv)
		steps, err := l.Translate(t.Context(), loginRequest(t, "log in as demo"))
		wantUsername(t, steps, err)
		r := srv.Requests()[0]
		if sent().URL.Host != "api.openai.com" || choiceOf(r) != "named intermediate_step" || !r.Tools[0].Function.Strict ||
			!strings.Contains(string(r.Tools[0].Function.Parameters), `"null"`) {
			t.Errorf("sent to %s: tool_choice %s, strict %v, parameters %s", sent().URL, r.ToolChoice, r.Tools[0].Function.Strict, r.Tools[0].Function.Parameters)
		}
	})
	t.Run("Azure OpenAI, a deployment URL", func(t *testing.T) {
		srv := openaitest.NewServer(t, openaitest.Options{Azure: true, Deployment: "shop-gpt4o", Key: "azure-key", Wire: openaitest.WireAzure},
			script(call("input", "f1e12", "demo")))
		l := newLLM(t, srv, func(o *Options) {
			o.BaseURL, o.APIKey, o.Model = srv.URL+"?api-version=2024-08-01-preview", "azure-key", "gpt-4o"
		})
		steps, err := l.Translate(t.Context(), loginRequest(t, "log in as demo"))
		wantUsername(t, steps, err)
		r := srv.Requests()[0]
		if r.Query.Get("api-version") != "2024-08-01-preview" || r.Header.Get("Authorization") != "" || choiceOf(r) != "named intermediate_step" || !r.Tools[0].Function.Strict {
			t.Errorf("query %v, authorization %q, tool_choice %s, strict %v", r.Query, r.Header.Get("Authorization"), r.ToolChoice, r.Tools[0].Function.Strict)
		}
	})
	t.Run("Azure OpenAI, APIVersion, strict refused", func(t *testing.T) {
		srv := openaitest.NewServer(t, openaitest.Options{Azure: true, Deployment: "d", RejectStrict: true, Wire: openaitest.WireAzure},
			script(call("input", "f1e12", "demo")))
		l := newLLM(t, srv, func(o *Options) { o.BaseURL, o.APIVersion = srv.URL, "2024-06-01" })
		steps, err := l.Translate(t.Context(), loginRequest(t, "log in as demo"))
		wantUsername(t, steps, err)
		r := srv.Requests()
		if len(r) != 2 || !r[0].Tools[0].Function.Strict || r[1].Tools[0].Function.Strict || r[1].Query.Get("api-version") != "2024-06-01" {
			t.Errorf("%d requests; strict %v then %v; api-version %q", len(r), r[0].Tools[0].Function.Strict, r[len(r)-1].Tools[0].Function.Strict, r[len(r)-1].Query.Get("api-version"))
		}
	})
	t.Run("OpenAI, the strict schema refused", func(t *testing.T) {
		srv := openaitest.NewServer(t, openaitest.Options{RejectStrict: true,
			StrictMessage: "Invalid schema for function 'intermediate_step': In context=(), 'required' is required to be supplied"}, script(call("input", "f1e12", "demo")))
		l := newLLM(t, srv, func(o *Options) { o.BaseURL = "https://api.openai.com/v1" })
		redirect(l, srv)
		steps, err := l.Translate(t.Context(), loginRequest(t, "log in as demo"))
		wantUsername(t, steps, err)
		if r := srv.Requests(); len(r) != 2 || r[1].Tools[0].Function.Strict || choiceOf(r[1]) != "named intermediate_step" {
			t.Errorf("%d requests; the last strict %v, tool_choice %s", len(r), r[len(r)-1].Tools[0].Function.Strict, r[len(r)-1].ToolChoice)
		}
	})
	t.Run("Ollama", func(t *testing.T) {
		// Ollama takes tools but not tool_choice: the model calls the
		// function, or writes its arguments in the content.
		srv := openaitest.NewServer(t, openaitest.Options{Wire: openaitest.WireOllama},
			script(call("input", "f1e12", "demo"), openaitest.Reply{Text: "```json\n" + openaitest.Call("input", "f1e14", "{{PASSWORD}}") + "\n```"}))
		l := newLLM(t, srv, func(o *Options) { o.APIKey = "ollama" })
		steps, err := l.Translate(t.Context(), loginRequest(t, "log in as demo"))
		wantUsername(t, steps, err)
		req := loginRequest(t, "log in as demo")
		req.Taken = steps[:1]
		steps, err = l.Translate(t.Context(), req)
		if err != nil || steps[0].Ref != "f1e14" || steps[0].Value != "{{PASSWORD}}" {
			t.Fatalf("from the content: %+v, %v", steps, err)
		}
		if r := srv.Requests()[0]; r.Tools[0].Function.Strict {
			t.Error("strict sent to a server that is not OpenAI's")
		}
	})
	t.Run("vLLM", func(t *testing.T) {
		srv := openaitest.NewServer(t, openaitest.Options{Key: "token-abc123", Wire: openaitest.WireVLLM}, script(call("input", "f1e12", "demo")))
		steps, err := newLLM(t, srv, func(o *Options) { o.APIKey = "token-abc123" }).Translate(t.Context(), loginRequest(t, "log in as demo"))
		wantUsername(t, steps, err)
		if r := srv.Requests()[0]; choiceOf(r) != "named intermediate_step" {
			t.Errorf("tool_choice %s", r.ToolChoice)
		}
	})
	t.Run("LM Studio", func(t *testing.T) {
		// LM Studio refuses a named tool_choice: asked again with
		// "required", kept for the next question.
		srv := openaitest.NewServer(t, openaitest.Options{RejectNamedToolChoice: true}, script(call("input", "f1e12", "demo")))
		l := newLLM(t, srv, func(o *Options) { o.APIKey = "lm-studio" })
		for range 2 {
			steps, err := l.Translate(t.Context(), loginRequest(t, "log in as demo"))
			wantUsername(t, steps, err)
		}
		var choices []string
		for _, r := range srv.Requests() {
			choices = append(choices, choiceOf(r))
		}
		if got := strings.Join(choices, ", "); got != "named intermediate_step, required, required" {
			t.Errorf("tool_choice %s", got)
		}
	})
	t.Run("llama.cpp server", func(t *testing.T) {
		// Its documentation's answer: a call with no "function" object.
		srv := openaitest.NewServer(t, openaitest.Options{Wire: openaitest.WireLlamaCpp},
			script(call("input", "f1e12", "demo"), openaitest.Reply{Text: usernameArgs}))
		l := newLLM(t, srv, nil)
		for range 2 {
			steps, err := l.Translate(t.Context(), loginRequest(t, "log in as demo"))
			wantUsername(t, steps, err)
		}
	})
	t.Run("LiteLLM", func(t *testing.T) {
		srv := openaitest.NewServer(t, openaitest.Options{Key: "sk-1234"}, script(call("input", "f1e12", "demo")))
		steps, err := newLLM(t, srv, func(o *Options) { o.APIKey = "sk-1234" }).Translate(t.Context(), loginRequest(t, "log in as demo"))
		wantUsername(t, steps, err)
	})
	t.Run("a wrong key", func(t *testing.T) {
		srv := openaitest.NewServer(t, openaitest.Options{Key: "sk-1234"}, script(call("input", "f1e12", "demo")))
		_, err := newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "log in as demo"))
		if !errors.Is(err, translator.ErrModelUnavailable) || !strings.Contains(err.Error(), "401") || len(srv.Requests()) != 1 {
			t.Errorf("%v after %d requests", err, len(srv.Requests()))
		}
	})
}

// TestAzureTarget: the Azure URL forms, and the URLs that are not Azure's
// deployments API.
func TestAzureTarget(t *testing.T) {
	for _, c := range []struct {
		in, version                      string
		endpoint, deployment, apiVersion string
		ok                               bool
	}{
		{"https://acme.openai.azure.com", "", "https://acme.openai.azure.com", "", DefaultAzureAPIVersion, true},
		{"https://acme.openai.azure.com/openai", "2024-06-01", "https://acme.openai.azure.com", "", "2024-06-01", true},
		{"https://acme.openai.azure.com/openai/deployments/gpt4o-prod/chat/completions?api-version=2024-08-01-preview", "2024-06-01",
			"https://acme.openai.azure.com", "gpt4o-prod", "2024-08-01-preview", true},
		{"https://acme.cognitiveservices.azure.com/openai/deployments/d", "", "https://acme.cognitiveservices.azure.com", "d", DefaultAzureAPIVersion, true},
		{"http://127.0.0.1:8080/proxy/openai/deployments/d", "", "http://127.0.0.1:8080/proxy", "d", DefaultAzureAPIVersion, true},
		{"https://acme.openai.azure.com/openai/v1", "", "", "", "", false},
		{"http://localhost:11434/v1", "", "", "", "", false},
	} {
		endpoint, deployment, version, ok := azureTarget(c.in, c.version)
		if endpoint != c.endpoint || deployment != c.deployment || version != c.apiVersion || ok != c.ok {
			t.Errorf("azureTarget(%q, %q) = %q, %q, %q, %v", c.in, c.version, endpoint, deployment, version, ok)
		}
	}
}

// TestLLMIntentKept: a sentence that checks never compiles to an action,
// whatever the model answers, and one that acts never to a check.
func TestLLMIntentKept(t *testing.T) {
	// The model answers "click the first link", then "done".
	clickThenDone := func(r *openaitest.Request) openaitest.Reply {
		if r.Taken() == 0 {
			return call("click", r.Ref("link", "Demo Shop"), "")
		}
		return call("done", "", "")
	}
	srv := openaitest.New(t, clickThenDone)
	action := "verify the page greets new visitors warmly"
	steps, err := newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, action))
	var refused *AnswerError
	if !errors.As(err, &refused) || len(steps) != 0 {
		t.Fatalf("steps %+v, err %v; want the answers refused", steps, err)
	}
	want := `"verify the page greets new visitors warmly" checks the page, and a check never acts: click is refused`
	if !strings.Contains(refused.Reason, want) || refused.Tries != 3 {
		t.Errorf("refused %d times: %q, want %q", refused.Tries, refused.Reason, want)
	}
	if r := srv.Requests(); !strings.Contains(r[0].User(), "This action checks the page: answer assert steps only") || !strings.Contains(r[1].Retry(), "a check never acts") {
		t.Errorf("the model was not told: %q", r[0].User())
	}

	srv = openaitest.New(t, script(call("assert", "", "Log in")))
	steps, err = newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, action))
	if err != nil || steps[0].Kind != step.AssertText || steps[0].Value != "Log in" {
		t.Errorf("an assert for a check: %+v, %v", steps, err)
	}

	srv = openaitest.New(t, script(call("assert", "", "Log in"), call("click", "f1e16", "")))
	steps, err = newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "click the Log in button"))
	if err != nil || steps[0].Kind != step.Click {
		t.Fatalf("%+v, %v", steps, err)
	}
	if r := srv.Requests(); !strings.Contains(r[1].Retry(), `"click the Log in button" does something on the page: an assert cannot stand in for it`) {
		t.Errorf("sent back %q", r[1].Retry())
	}
}

// TestLLMNegationNotAsserted: an assert holds when its text is shown, so
// it never stands for a sentence that says something must not be so: for
// "the page should not say Log in" it would hold when the page said it.
// A negation inside the asserted text is the text's own.
func TestLLMNegationNotAsserted(t *testing.T) {
	srv := openaitest.New(t, script(call("assert", "", "Log in")))
	steps, err := newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "the page should not say Log in"))
	var refused *AnswerError
	if !errors.As(err, &refused) || len(steps) != 0 || !strings.Contains(refused.Reason, "must not be so, and an assert holds when its text is shown") {
		t.Errorf("steps %+v, err %v; want the assert refused", steps, err)
	}
	// A possessive's apostrophe is no quote mark, which would have hidden
	// the negation between it and the contraction's.
	srv = openaitest.New(t, script(call("assert", "", "cart")))
	steps, err = newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "verify Tom's cart isn't shown"))
	if !errors.As(err, &refused) || len(steps) != 0 {
		t.Errorf("verify Tom's cart isn't shown, asserting cart: steps %+v, err %v; want the assert refused", steps, err)
	}
	srv = openaitest.New(t, script(call("assert", "", "Not a member yet?")))
	steps, err = newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "verify Not a member yet? is shown"))
	if err != nil || steps[0].Kind != step.AssertText || steps[0].Value != "Not a member yet?" {
		t.Errorf("a negation that is the text's own: %+v, %v", steps, err)
	}
}

// TestLLMCacheKeyedByServer: the same model name on two servers does not
// share answers, and the cache file names the server without its
// password.
func TestLLMCacheKeyedByServer(t *testing.T) {
	dir := t.TempDir()
	a := openaitest.New(t, script(call("input", "f1e12", "demo")))
	b := openaitest.New(t, script(call("input", "f1e12", "demo")))
	withCache := func(base string) func(o *Options) {
		return func(o *Options) { o.CacheDir, o.BaseURL = dir, base }
	}
	ua, _ := url.Parse(a.URL)
	ua.User = url.UserPassword("me", "s3cret")
	for _, l := range []*Translator{newLLM(t, a, withCache(ua.String())), newLLM(t, b, withCache(b.URL)), newLLM(t, a, withCache(ua.String()))} {
		steps, err := l.Translate(t.Context(), loginRequest(t, "log in as demo"))
		wantUsername(t, steps, err)
	}
	if len(a.Requests()) != 1 || len(b.Requests()) != 1 {
		t.Errorf("requests: %d to a, %d to b; want 1 each", len(a.Requests()), len(b.Requests()))
	}
	files, _ := filepath.Glob(filepath.Join(dir, "llm", "*.json"))
	if len(files) != 2 {
		t.Fatalf("cache files %v", files)
	}
	for _, f := range files {
		data, _ := os.ReadFile(f)
		if strings.Contains(string(data), "s3cret") || !strings.Contains(string(data), `"contract": 2`) || !strings.Contains(string(data), `"server": "http://`) {
			t.Errorf("%s:\n%s", f, data)
		}
	}
	p, _ := newLLM(t, a, nil).build(newLLM(t, a, nil).input(loginRequest(t, "log in as demo")))
	if cacheKey("http://a/v1", "m", p) == cacheKey("http://b/v1", "m", p) || cacheKey("http://a/v1", "m", p) == cacheKey("http://a/v1", "n", p) {
		t.Error("the key does not tell servers or models apart")
	}
}

// TestFixWire: calls in the shapes go-openai cannot read are rewritten in
// OpenAI's; anything else is left as it came.
func TestFixWire(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"arguments as an object",
			`{"choices":[{"message":{"tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":{"a":1}}}]}}]}`,
			`{"choices":[{"message":{"tool_calls":[{"function":{"arguments":"{\"a\":1}","name":"f"},"id":"c","type":"function"}]}}]}`},
		{"llama.cpp's documented call",
			`{"choices":[{"finish_reason":"tool","message":{"content":null,"tool_calls":[{"name":"f","arguments":"{}"}]}}]}`,
			`{"choices":[{"finish_reason":"tool","message":{"content":null,"tool_calls":[{"function":{"arguments":"{}","name":"f"},"type":"function"}]}}]}`},
		{"function_call with an object",
			`{"choices":[{"message":{"function_call":{"name":"f","arguments":{}}}}]}`,
			`{"choices":[{"message":{"function_call":{"arguments":"{}","name":"f"}}}]}`},
		{"OpenAI's shape", `{"choices":[{"message":{"tool_calls":[{"type":"function","function":{"name":"f","arguments":"{}"}}]}}]}`, ""},
		{"not JSON", `<html>`, ""},
		{"no choices", `{"error":{"message":"x"}}`, ""},
	} {
		want := c.want
		if want == "" {
			want = c.in
		}
		if got := string(fixWire([]byte(c.in))); got != want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, want)
		}
	}
}

// FuzzFixWire: whatever comes, fixing it twice is fixing it once, and
// valid JSON stays valid.
func FuzzFixWire(f *testing.F) {
	for _, s := range []string{
		`{"choices":[{"message":{"tool_calls":[{"name":"f","arguments":{"a":[1]}}]}}]}`,
		`{"choices":[{"message":{"function_call":{"arguments":{}}}}]}`,
		`{"choices":[null,{"message":null}]}`, `{"choices":{}}`, `[]`, `x`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		once := fixWire(in)
		if json.Valid(in) && !json.Valid(once) {
			t.Fatalf("%s became %s", in, once)
		}
		if twice := fixWire(once); string(twice) != string(once) {
			t.Fatalf("not stable: %s then %s", once, twice)
		}
	})
}

// TestLLMSecretNotEchoed: an answer in text that holds a secret value
// (prose, or a call of another function) goes back to the model, and into
// the final error, with the value as {{PASSWORD}}.
func TestLLMSecretNotEchoed(t *testing.T) {
	srv := openaitest.New(t, script(
		openaitest.Reply{Text: "I would type demo123 into the Password field."},
		openaitest.Reply{Text: `{"name": "type_demo123", "arguments": {}}`},
		openaitest.Reply{Text: "demo123"}))
	_, err := newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "log in as demo"))
	var refused *AnswerError
	if !errors.As(err, &refused) || strings.Contains(err.Error(), "demo123") {
		t.Fatalf("error %v", err)
	}
	for i, r := range srv.Requests() {
		if strings.Contains(string(r.Body), "demo123") {
			t.Errorf("request %d holds the secret value:\n%s", i, r.Body)
		}
	}
	if r := srv.Requests(); len(r) != 3 || !strings.Contains(r[2].Retry(), "{{PASSWORD}}") {
		t.Errorf("%d requests; the last sends back %q", len(r), r[len(r)-1].Retry())
	}
}
