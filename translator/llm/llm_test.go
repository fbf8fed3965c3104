package llm

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/openaitest"
)

const shopURL = "http://127.0.0.1:8080"

// newLLM returns an LLM asking srv, quick to retry, with the secret
// PASSWORD=demo123 and the variable USER=demo.
func newLLM(t *testing.T, srv *openaitest.Server, edit func(*Options)) *Translator {
	t.Helper()
	o := Options{BaseURL: srv.URL, APIKey: "test-key", Model: "test-model", Origins: []string{shopURL},
		Secrets: map[string]string{"PASSWORD": "demo123"}, Variables: map[string]string{"USER": "demo"},
		Backoff: time.Millisecond, Timeout: 5 * time.Second}
	if edit != nil {
		edit(&o)
	}
	l, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// script answers the requests in turn with replies; past the end, the last.
func script(replies ...openaitest.Reply) func(*openaitest.Request) openaitest.Reply {
	var n atomic.Int32
	return func(*openaitest.Request) openaitest.Reply {
		i := int(n.Add(1)) - 1
		return replies[min(i, len(replies)-1)]
	}
}

func call(actionType, ref, value string) openaitest.Reply {
	return openaitest.Reply{Arguments: openaitest.Call(actionType, ref, value), PromptTokens: 100, CompletionTokens: 10}
}

func loginRequest(t *testing.T, action string) translator.Request {
	return translator.Request{Action: action, Page: page(t, "login"), URL: shopURL + "/login", Title: "Log in · Demo Shop"}
}

// TestLLMSteps: each kind of answer becomes its step, followed by a Then
// of the action, which carries on after the step runs; done ends it.
func TestLLMSteps(t *testing.T) {
	taken := []step.Step{{Kind: step.Type, Element: `textbox "Username"`, Value: "demo", Model: "test-model"}}
	cases := []struct {
		page, action string
		reply        openaitest.Reply
		taken        []step.Step
		want         step.Step // the first step; Kind "" for none
	}{
		{"login", "log in as demo", call("input", "f1e14", "{{PASSWORD}}"), nil,
			step.Step{Kind: step.Type, Role: "textbox", Ref: "f1e14", Element: `textbox "Password"`, Value: "{{PASSWORD}}"}},
		{"login", "log in as demo", call("click", "[f1e16]", ""), taken,
			step.Step{Kind: step.Click, Role: "button", Ref: "f1e16", Element: `button "Log in"`}},
		{"login", "open the products", call("navigate", "", "/products"), nil,
			step.Step{Kind: step.Navigate, Value: shopURL + "/products"}},
		{"login", "submit the form", call("press", "f1e14", "enter"), nil,
			step.Step{Kind: step.Press, Role: "textbox", Ref: "f1e14", Element: `textbox "Password"`, Value: "Enter"}},
		{"login", "make sure the page says Log in", call("assert", "", "Log in"), nil,
			step.Step{Kind: step.AssertText, Value: "Log in"}},
		{"checkout", "ship to Japan", call("select", "f6e17", "Japan"), nil,
			step.Step{Kind: step.Select, Role: "combobox", Ref: "f6e17", Element: `combobox "Country"`, Value: "Japan"}},
		{"checkout", "accept the terms", call("check", "f6e27", ""), nil,
			step.Step{Kind: step.Check, Role: "checkbox", Ref: "f6e27", Element: `checkbox "I agree to the terms"`}},
		{"login", "log in as demo", call("done", "", ""), taken, step.Step{}},
	}
	for _, c := range cases {
		t.Run(c.action+"/"+c.want.Element, func(t *testing.T) {
			srv := openaitest.New(t, script(c.reply))
			l := newLLM(t, srv, nil)
			req := translator.Request{Action: c.action, Page: page(t, c.page), URL: shopURL + "/" + c.page, Taken: c.taken, Continued: c.taken != nil}
			steps, err := l.Translate(t.Context(), req)
			if err != nil {
				t.Fatal(err)
			}
			if c.want.Kind == "" {
				if len(steps) != 0 {
					t.Fatalf("done gave %+v", steps)
				}
				return
			}
			c.want.Model, c.want.Action = "test-model", c.action
			if len(steps) != 2 || !reflect.DeepEqual(steps[0], c.want) || steps[1].Kind != step.Then || steps[1].Value != c.action {
				t.Fatalf("steps %+v\nwant %+v and a Then", steps, c.want)
			}
		})
	}
}

// TestLLMRefusesInvalidAnswers: an answer that does not fit is sent back
// with the reason, and the fixed answer is used.
func TestLLMRefusesInvalidAnswers(t *testing.T) {
	for _, c := range []struct {
		name   string
		bad    openaitest.Reply
		reason string
	}{
		{"no such ref", call("click", "e999", ""), "ref e999 is not on the page shown"},
		{"typing into a button", call("input", "f1e16", "demo"), `button "Log in" is not a text field`},
		{"no value", call("input", "f1e12", ""), "input_value is empty: input needs the text to type"},
		{"no ref", call("click", "", ""), "target_ref is empty: click needs the ref of the element to click"},
		{"unknown placeholder", call("input", "f1e14", "{{PASS}}"), "{{PASS}} is not a placeholder you may type; the placeholders are {{PASSWORD}}, {{USER}}"},
		{"off-origin navigation", call("navigate", "", "https://evil.example/steal"), "navigation to https://evil.example/steal is refused: only pages of http://127.0.0.1:8080 may be opened"},
		{"done first", call("done", "", ""), "no step has been taken for this action yet"},
		{"not a key", call("press", "", "Blue Mug"), `input_value "Blue Mug" is not a key`},
		{"select on a text field", call("select", "f1e12", "x"), `textbox "Username" is not a select`},
		{"check a button", call("check", "f1e16", ""), `button "Log in" is not a checkbox`},
		{"malformed arguments", openaitest.Reply{Arguments: `{"action_type": "click", "target_ref": `}, "not a JSON object"},
		{"missing action type", openaitest.Reply{Arguments: `{"target_ref":"f1e16","description":"log in"}`}, "action_type is missing"},
		{"unknown action type", openaitest.Reply{Arguments: `{"action_type":"fly","description":"","is_ambiguous":false,"confidence_score":1}`}, `action_type "fly" is not one of`},
		{"text answer", openaitest.Reply{Text: "I would click Log in."}, "the answer is text, with neither a call of intermediate_step nor a JSON object of its arguments"},
		{"another function", openaitest.Reply{Function: "browser_click", Arguments: `{"ref":"f1e16"}`}, "the answer called browser_click, not intermediate_step"},
		{"a refusal", openaitest.Reply{Refusal: "I can't help with that."}, "the model refused to answer: I can't help with that."},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := openaitest.New(t, script(c.bad, call("input", "f1e12", "{{USER}}")))
			steps, err := newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "log in as demo"))
			if err != nil {
				t.Fatal(err)
			}
			if steps[0].Kind != step.Type || steps[0].Ref != "f1e12" || steps[0].Value != "{{USER}}" {
				t.Errorf("steps %+v", steps)
			}
			reqs := srv.Requests()
			if len(reqs) != 2 || !strings.Contains(reqs[1].Retry(), c.reason) {
				t.Fatalf("%d requests; the second sends back %q, want %q", len(reqs), reqs[len(reqs)-1].Retry(), c.reason)
			}
		})
	}
}

// TestLLMRefusesOffOriginLink: a click on a link that leaves the allowed
// origins is refused like a navigation there, and so is a navigation to a
// javascript: URL; a link that runs the page's script opens no page and
// may be clicked.
func TestLLMRefusesOffOriginLink(t *testing.T) {
	p, err := dom.ParseARIA("- link \"Win a prize\" [ref=e1]:\n  - /url: https://evil.example/win\n- link \"Products\" [ref=e2]:\n  - /url: /products\n" +
		"- link \"Menu\" [ref=e3]:\n  - /url: javascript:void(0)\n")
	if err != nil {
		t.Fatal(err)
	}
	srv := openaitest.New(t, script(call("click", "e1", ""), call("navigate", "", "javascript:alert(1)"), call("click", "e3", "")))
	steps, err := newLLM(t, srv, nil).Translate(t.Context(), translator.Request{Action: "open the menu", Page: p, URL: shopURL + "/"})
	if err != nil || steps[0].Ref != "e3" {
		t.Fatalf("steps %+v, %v", steps, err)
	}
	r := srv.Requests()
	if got := r[1].Retry(); !strings.Contains(got, `link "Win a prize" leads to https://evil.example/win`) {
		t.Errorf("sent back %q", got)
	}
	if got := r[2].Retry(); !strings.Contains(got, "navigation to javascript:alert(1) is refused") {
		t.Errorf("sent back %q", got)
	}
}

// TestLLMGivesUpAfterTwoReasks: an answer still invalid after being sent
// back twice fails with the last answer and the reason.
func TestLLMGivesUpAfterTwoReasks(t *testing.T) {
	srv := openaitest.New(t, script(call("click", "e997", ""), call("click", "e998", ""), call("click", "e999", "")))
	var costs []translator.ModelCall
	req := loginRequest(t, "log in as demo")
	req.Record = func(c translator.ModelCall) { costs = append(costs, c) }
	_, err := newLLM(t, srv, nil).Translate(t.Context(), req)
	var ae *AnswerError
	if !errors.As(err, &ae) || ae.Tries != 3 || !strings.Contains(ae.Answer, `"target_ref":"e999"`) || !strings.Contains(ae.Reason, "ref e999 is not on the page shown") {
		t.Fatalf("err = %v", err)
	}
	if len(srv.Requests()) != 3 {
		t.Errorf("%d requests, want 3", len(srv.Requests()))
	}
	if len(costs) != 1 || costs[0].Requests != 3 || costs[0].PromptTokens != 300 || costs[0].CompletionTokens != 30 || costs[0].Answer != "" {
		t.Errorf("recorded %+v", costs)
	}
}

// TestLLMUnsure: an ambiguous answer, or one under the confidence
// threshold, fails with the candidates instead of running.
func TestLLMUnsure(t *testing.T) {
	ambiguous := `{"action_type":"click","target_ref":"f2e20","description":"Add to cart of Blue Mug or Red Mug","is_ambiguous":true,"confidence_score":0.9}`
	unsure := `{"action_type":"click","target_ref":"f2e20","description":"maybe this one","is_ambiguous":false,"confidence_score":0.3}`
	products := page(t, "products")
	ref := ""
	products.Walk(func(n *dom.Node) bool {
		if ref == "" && n.Name == "Add to cart" {
			ref = n.Ref
		}
		return true
	})
	for _, c := range []struct{ args, why string }{
		{strings.ReplaceAll(ambiguous, "f2e20", ref), "finds the action ambiguous"},
		{strings.ReplaceAll(unsure, "f2e20", ref), "is not sure of its answer (confidence 0.30, below 0.50)"},
	} {
		srv := openaitest.New(t, script(openaitest.Reply{Arguments: c.args}))
		_, err := newLLM(t, srv, nil).Translate(t.Context(), translator.Request{Action: "add a mug", Page: products, URL: shopURL + "/products"})
		var ue *UnsureError
		if !errors.As(err, &ue) || ue.Why != c.why || len(ue.Candidates) < 2 || !strings.Contains(ue.Candidates[0], `button "Add to cart" in article "Blue Mug"`) {
			t.Errorf("err = %v", err)
		}
		if len(srv.Requests()) != 1 {
			t.Errorf("an unsure answer was sent back")
		}
	}
}

// TestLLMUnknown: the model saying it cannot is an unreadable action with
// its reason.
func TestLLMUnknown(t *testing.T) {
	srv := openaitest.New(t, script(openaitest.Reply{Arguments: `{"action_type":"unknown","description":"","is_ambiguous":false,"confidence_score":1,"error":"there is no basket on this page"}`}))
	_, err := newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "empty the basket"))
	if !errors.Is(err, translator.ErrUnparsable) || !strings.Contains(err.Error(), `the model cannot do "empty the basket": there is no basket on this page`) {
		t.Errorf("err = %v", err)
	}
}

// TestLLMStepCap: an action that has taken the most steps fails without
// asking.
func TestLLMStepCap(t *testing.T) {
	srv := openaitest.New(t, script(call("done", "", "")))
	l := newLLM(t, srv, func(o *Options) { o.MaxSteps = 2 })
	req := loginRequest(t, "log in as demo")
	req.Taken = []step.Step{{Kind: step.Click, Element: `button "A"`}, {Kind: step.Click, Element: `button "B"`}}
	_, err := l.Translate(t.Context(), req)
	if err == nil || !strings.Contains(err.Error(), `the model did not finish "log in as demo" in 2 steps, the most an action may take (click button "A"; click button "B")`) {
		t.Errorf("err = %v", err)
	}
	if len(srv.Requests()) != 0 || l.MaxRounds() != 3 {
		t.Errorf("%d requests, MaxRounds %d", len(srv.Requests()), l.MaxRounds())
	}
}

// TestLLMRequest: the request forces the one function of the contract and
// holds the question.
func TestLLMRequest(t *testing.T) {
	srv := openaitest.New(t, script(call("input", "f1e12", "demo")))
	if _, err := newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "log in as demo")); err != nil {
		t.Fatal(err)
	}
	r := srv.Requests()[0]
	var choice struct {
		Type     string `json:"type"`
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	}
	_ = json.Unmarshal(r.ToolChoice, &choice)
	if r.Model != "test-model" || len(r.Tools) != 1 || r.Tools[0].Function.Name != "intermediate_step" || choice.Function.Name != "intermediate_step" {
		t.Errorf("model %q tools %+v tool_choice %s", r.Model, r.Tools, r.ToolChoice)
	}
	if r.Header.Get("Authorization") != "Bearer test-key" || r.Action() != "log in as demo" || r.Ref("textbox", "Username") != "f1e12" {
		t.Errorf("auth %q action %q page:\n%s", r.Header.Get("Authorization"), r.Action(), r.Page())
	}
}

// TestLLMSecretNeverSent: a secret value in the action, the page, the URL
// and a step taken reaches no request; the model sees {{PASSWORD}}, and a
// value it types anyway is kept as {{PASSWORD}}.
func TestLLMSecretNeverSent(t *testing.T) {
	srv := openaitest.New(t, script(call("input", "f1e14", "demo123")))
	req := loginRequest(t, "type demo123 into Password")
	req.URL += "?pw=demo123"
	req.History = []string{"note demo123"}
	req.Taken = []step.Step{{Kind: step.Type, Element: `textbox "Password"`, Value: "demo123"}}
	steps, err := newLLM(t, srv, nil).Translate(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	body := string(srv.Requests()[0].Body)
	if strings.Contains(body, "demo123") || !strings.Contains(body, "type {{PASSWORD}} into Password") || !strings.Contains(body, "Try demo / ***") {
		t.Errorf("request body:\n%s", body)
	}
	if steps[0].Value != "{{PASSWORD}}" {
		t.Errorf("typed %q", steps[0].Value)
	}
}

// TestLLMTransport: 429s and 5xxs are tried again, after Retry-After when
// the server sends one; a storm of them, a silent server, a refused key
// and an unreachable server fail with ErrModelUnavailable; an interruption
// is the context's error.
func TestLLMTransport(t *testing.T) {
	t.Run("429 then success, after Retry-After", func(t *testing.T) {
		srv := openaitest.New(t, script(openaitest.Reply{Status: 429, RetryAfter: "1"}, call("input", "f1e12", "demo")))
		if _, err := newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "log in as demo")); err != nil {
			t.Fatal(err)
		}
		r := srv.Requests()
		if len(r) != 2 || r[1].At.Sub(r[0].At) < time.Second {
			t.Errorf("%d requests, %s apart", len(r), r[len(r)-1].At.Sub(r[0].At))
		}
	})
	t.Run("500s then success", func(t *testing.T) {
		srv := openaitest.New(t, script(openaitest.Reply{Status: 500}, openaitest.Reply{Status: 503}, call("input", "f1e12", "demo")))
		if _, err := newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "log in as demo")); err != nil || len(srv.Requests()) != 3 {
			t.Fatalf("%v after %d requests", err, len(srv.Requests()))
		}
	})
	t.Run("a storm of 500s", func(t *testing.T) {
		srv := openaitest.New(t, script(openaitest.Reply{Status: 500}))
		_, err := newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "log in as demo"))
		if !errors.Is(err, translator.ErrModelUnavailable) || !strings.Contains(err.Error(), "answered 500 Internal Server Error 3 times") || len(srv.Requests()) != 3 {
			t.Errorf("%v after %d requests", err, len(srv.Requests()))
		}
	})
	t.Run("a silent server", func(t *testing.T) {
		srv := openaitest.New(t, script(openaitest.Reply{Hang: true}))
		l := newLLM(t, srv, func(o *Options) { o.Timeout, o.Retries = 200*time.Millisecond, 1 })
		_, err := l.Translate(t.Context(), loginRequest(t, "log in as demo"))
		if !errors.Is(err, translator.ErrModelUnavailable) || !strings.Contains(err.Error(), "no answer within 200ms (2 tries)") {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("a refused key is not tried again", func(t *testing.T) {
		srv := openaitest.New(t, script(openaitest.Reply{Status: 401}))
		_, err := newLLM(t, srv, nil).Translate(t.Context(), loginRequest(t, "log in as demo"))
		if !errors.Is(err, translator.ErrModelUnavailable) || !strings.Contains(err.Error(), "answered 401 Unauthorized: Unauthorized") || len(srv.Requests()) != 1 {
			t.Errorf("%v after %d requests", err, len(srv.Requests()))
		}
	})
	t.Run("an unreachable server", func(t *testing.T) {
		srv := openaitest.New(t, script(call("done", "", "")))
		l := newLLM(t, srv, func(o *Options) { o.BaseURL, o.Retries = "http://127.0.0.1:1/v1", -1 })
		_, err := l.Translate(t.Context(), loginRequest(t, "log in as demo"))
		if !errors.Is(err, translator.ErrModelUnavailable) || !strings.Contains(err.Error(), "127.0.0.1:1") {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("interrupted", func(t *testing.T) {
		srv := openaitest.New(t, script(openaitest.Reply{Hang: true}))
		ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err := newLLM(t, srv, nil).Translate(ctx, loginRequest(t, "log in as demo"))
		if !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, translator.ErrModelUnavailable) || time.Since(start) > 3*time.Second {
			t.Errorf("err = %v after %s", err, time.Since(start))
		}
	})
}

// roundTrip is an http.RoundTripper of a function.
type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestLLMAzure: an Azure OpenAI endpoint gets the key in api-key and the
// deployment, named after the model, in the path, with an API version
// that has tool calls.
func TestLLMAzure(t *testing.T) {
	srv := openaitest.New(t, script(call("input", "f1e12", "demo")))
	l := newLLM(t, srv, func(o *Options) { o.BaseURL, o.Model = "https://acme.openai.azure.com", "gpt-4o" })
	var sent *http.Request
	l.client.doer.client.Transport = roundTrip(func(r *http.Request) (*http.Response, error) {
		sent = r
		u, _ := url.Parse(srv.URL)
		r = r.Clone(r.Context())
		r.URL.Scheme, r.URL.Host, r.URL.Path, r.Host = u.Scheme, u.Host, "/v1/chat/completions", u.Host
		return http.DefaultTransport.RoundTrip(r)
	})
	if _, err := l.Translate(t.Context(), loginRequest(t, "log in as demo")); err != nil {
		t.Fatal(err)
	}
	if sent.URL.Path != "/openai/deployments/gpt-4o/chat/completions" || sent.URL.Query().Get("api-version") != DefaultAzureAPIVersion || sent.Header.Get("api-key") != "test-key" {
		t.Errorf("sent %s with api-key %q", sent.URL, sent.Header.Get("api-key"))
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	for h, want := range map[string]time.Duration{
		"2": 2 * time.Second, "0": 0, "0.5": 500 * time.Millisecond, "86400": maxRetryAfter, "1e300": maxRetryAfter,
		now.Add(7 * time.Second).Format(http.TimeFormat): 7 * time.Second,
		now.Add(-time.Hour).Format(http.TimeFormat):      0,
	} {
		if got, ok := retryAfter(h, now); !ok || got != want {
			t.Errorf("retryAfter(%q) = %s, %v; want %s", h, got, ok, want)
		}
	}
	for _, h := range []string{"", "soon", "-3", "NaN"} {
		if _, ok := retryAfter(h, now); ok {
			t.Errorf("retryAfter(%q) accepted", h)
		}
	}
}

// TestLLMCache: an answer is kept; the same question (action, page,
// model) asks nothing the next time, another page or model asks again, a
// damaged file is ignored, and the file holds no secret value.
func TestLLMCache(t *testing.T) {
	dir := t.TempDir()
	srv := openaitest.New(t, script(call("input", "f1e14", "demo123")))
	withCache := func(o *Options) { o.CacheDir = dir }
	ask := func(l *Translator, req translator.Request) translator.ModelCall {
		t.Helper()
		var got translator.ModelCall
		req.Record = func(c translator.ModelCall) { got = c }
		steps, err := l.Translate(t.Context(), req)
		if err != nil || steps[0].Value != "{{PASSWORD}}" {
			t.Fatalf("steps %+v, %v", steps, err)
		}
		return got
	}
	req := loginRequest(t, "log in as demo")
	if c := ask(newLLM(t, srv, withCache), req); c.Cached || c.Requests != 1 {
		t.Errorf("first: %+v", c)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "llm", "*.json"))
	if len(files) != 1 {
		t.Fatalf("cache files %v", files)
	}
	data, _ := os.ReadFile(files[0])
	if strings.Contains(string(data), "demo123") || !strings.Contains(string(data), `"input_value": "{{PASSWORD}}"`) {
		t.Errorf("cache file:\n%s", data)
	}
	if c := ask(newLLM(t, srv, withCache), req); !c.Cached || c.Requests != 0 || c.Answer != "input" || len(srv.Requests()) != 1 {
		t.Errorf("second: %+v after %d requests", c, len(srv.Requests()))
	}
	other := req
	other.Page = page(t, "login")
	other.Page.FindRef("f1e12").Name = "User name"
	ask(newLLM(t, srv, withCache), other)
	ask(newLLM(t, srv, func(o *Options) { o.CacheDir, o.Model = dir, "other-model" }), req)
	ask(newLLM(t, srv, nil), req)
	if len(srv.Requests()) != 4 {
		t.Errorf("another page, another model and no cache: %d requests in all, want 4", len(srv.Requests()))
	}
	if err := os.WriteFile(files[0], []byte(`{"version":1,"answer":{"action_type":"fly"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if c := ask(newLLM(t, srv, withCache), req); c.Cached {
		t.Errorf("a damaged entry was used: %+v", c)
	}
}

// TestNewLLMOptions: bad options are named.
func TestNewLLMOptions(t *testing.T) {
	for o, want := range map[*Options]string{
		{Origins: []string{shopURL}, BaseURL: "localhost:11434"}: `the model server URL "localhost:11434" is not an http(s) URL`,
		{Origins: []string{"evil"}}:                              `"evil" is not an origin such as https://example.com`,
		{}:                                                       "no origin to navigate in",
	} {
		if _, err := New(*o); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("NewLLM(%+v) = %v, want %q", *o, err, want)
		}
	}
	l, err := New(Options{Origins: []string{"HTTP://Shop.Example:8080/path", "file:///tmp/x.html"}})
	if err != nil || l.Model() != DefaultModel || strings.Join(l.origins, " ") != "http://shop.example:8080 file://" {
		t.Errorf("%v, model %s, origins %v", err, l.Model(), l.origins)
	}
}

// TestRefusesRemember: the model translator refuses a sentence that
// remembers a value, which only the rules read.
func TestRefusesRemember(t *testing.T) {
	l := &Translator{}
	if err := l.refuse(translator.Request{Action: "remember the total as TOTAL"}); !errors.Is(err, translator.ErrUnparsable) || !strings.Contains(err.Error(), "only the rules translator") {
		t.Errorf("the model translator: got %v", err)
	}
}
