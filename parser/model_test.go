package parser

import (
	"errors"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/grammar"
	"github.com/plaintest/plaintest/translator/llm"
	"github.com/plaintest/plaintest/translator/openaitest"
)

// modelOptions are compile options with the model translator asking srv.
func modelOptions(t *testing.T, srv *openaitest.Server, edit func(*llm.Options)) *Options {
	t.Helper()
	o := llm.Options{BaseURL: srv.URL, Model: "test-model", Origins: []string{"http://shop.test"},
		Secrets: map[string]string{"PASSWORD": "demo123"}, Retries: -1}
	if edit != nil {
		edit(&o)
	}
	l, err := llm.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return &Options{Translator: l, TranslatorName: "llm"}
}

// loginScript answers "log in as demo" as a model would, one step a round,
// by the steps the question says were taken.
func loginScript(r *openaitest.Request) openaitest.Reply {
	reply := func(args string) openaitest.Reply {
		return openaitest.Reply{Arguments: args, PromptTokens: 100 + r.Taken(), CompletionTokens: 10}
	}
	switch r.Taken() {
	case 0:
		return reply(openaitest.Call("input", r.Ref("textbox", "Username"), "demo"))
	case 1:
		return reply(openaitest.Call("input", r.Ref("textbox", "Password"), "{{PASSWORD}}"))
	case 2:
		return reply(openaitest.Call("click", r.Ref("button", "Log in"), ""))
	}
	return reply(openaitest.Call("done", "", ""))
}

// TestCompileWithModel: a goal takes several rounds, each a step the model
// answers against the page the last one left, told the steps taken; every
// step is exported with a stable selector as the rules' are, the secret is
// typed for real and exported as {{PASSWORD}}, and the model's cost is on
// the action and in the usage.
func TestCompileWithModel(t *testing.T) {
	f := newFake()
	srv := openaitest.New(t, loginScript)
	res, err := compile(t, f, Scenario{Name: "goal", URL: "http://shop.test/login", Actions: []string{"log in as demo"},
		Secrets: map[string]string{"PASSWORD": "demo123"}}, modelOptions(t, srv, nil))
	if err != nil || res.Status != Success {
		t.Fatalf("status %s, %v, %+v", res.Status, err, res.Errors)
	}
	s := res.Steps[1]
	if len(s.Calls) != 3 || s.Translator != "llm" {
		t.Fatalf("action ran %d calls, translator %q: %+v", len(s.Calls), s.Translator, s.Calls)
	}
	for i, want := range []string{`internal:role=textbox[name="Username"s]`, `internal:role=textbox[name="Password"s]`, `internal:role=button[name="Log in"s]`} {
		if got := s.Calls[i].Args["target"]; got != want {
			t.Errorf("call %d target %v, want %s", i, got, want)
		}
	}
	if got := s.Calls[1].Args["text"]; got != "{{PASSWORD}}" {
		t.Errorf("exported password %v", got)
	}
	if typed := f.toolCalls("browser_type"); len(typed) != 2 || typed[1].Args["text"] != "demo123" {
		t.Errorf("typed %+v", typed)
	}
	reqs := srv.Requests()
	if len(reqs) != 4 || reqs[3].Taken() != 3 || !strings.Contains(reqs[0].Page(), "Title: Demo Shop /login") {
		t.Fatalf("%d requests; the last says %d taken; the first page:\n%s", len(reqs), reqs[len(reqs)-1].Taken(), reqs[0].Page())
	}
	var answers []string
	for _, c := range s.Model {
		answers = append(answers, c.Answer+" "+c.Element)
	}
	if got := strings.Join(answers, "; "); got != `input textbox "Username"; input textbox "Password"; click button "Log in"; done ` {
		t.Errorf("answers %s", got)
	}
	u := res.Usage
	if u.PromptTokens != 100+101+102+103 || u.CompletionTokens != 40 || u.ModelRequests != 4 || s.Model[2].PromptTokens != 102 {
		t.Errorf("usage %+v, answers %+v", u, s.Model)
	}
}

// TestCompileModelUnavailable: a model server that fails stops the compile
// with an error wrapping ErrModelUnavailable, keeping what ran.
func TestCompileModelUnavailable(t *testing.T) {
	srv := openaitest.New(t, func(*openaitest.Request) openaitest.Reply { return openaitest.Reply{Status: 503} })
	opts := modelOptions(t, srv, nil)
	opts.Translator = translator.NewAuto(grammar.NewRules(), opts.Translator)
	res, err := compile(t, newFake(), Scenario{Name: "x", URL: "http://shop.test/login", Actions: []string{"type demo into Username", "log in as demo"}}, opts)
	if !errors.Is(err, translator.ErrModelUnavailable) || res.Status != Partial || len(res.Steps) != 2 || res.Steps[1].Translator != "rules" {
		t.Fatalf("err %v, status %s, steps %d", err, res.Status, len(res.Steps))
	}
	if !strings.Contains(res.Errors[0].Message, "answered 503 Service Unavailable") || res.Usage.ModelRequests != 1 {
		t.Errorf("error %q, usage %+v", res.Errors[0].Message, res.Usage)
	}
}

// TestCompileModelStepCap: a model that never answers done stops at the
// cap of steps an action may take, saying so.
func TestCompileModelStepCap(t *testing.T) {
	srv := openaitest.New(t, func(r *openaitest.Request) openaitest.Reply {
		return openaitest.Reply{Arguments: openaitest.Call("hover", r.Ref("textbox", "Username"), "")}
	})
	res, err := compile(t, newFake(), Scenario{Name: "x", URL: "http://shop.test/login", Actions: []string{"log in as demo"}},
		modelOptions(t, srv, func(o *llm.Options) { o.MaxSteps = 4 }))
	if err != nil || len(res.Errors) != 1 {
		t.Fatalf("%v, %+v", err, res.Errors)
	}
	if msg := res.Errors[0].Message; !strings.Contains(msg, `the model did not finish "log in as demo" in 4 steps`) || len(srv.Requests()) != 4 {
		t.Errorf("%q after %d requests", msg, len(srv.Requests()))
	}
}

// TestCompileCheckNeverClicks: "verify …" compiled with a model that
// answers "click the first link" and then "done" fails, saying why, and
// neither clicks nor exports a click: a check never becomes an action.
func TestCompileCheckNeverClicks(t *testing.T) {
	f := newFake()
	srv := openaitest.New(t, func(r *openaitest.Request) openaitest.Reply {
		if r.Taken() == 0 {
			return openaitest.Reply{Arguments: openaitest.Call("click", r.Ref("link", "Demo Shop"), "")}
		}
		return openaitest.Reply{Arguments: openaitest.Call("done", "", "")}
	})
	res, err := compile(t, f, Scenario{Name: "greet", URL: "http://shop.test/login", Actions: []string{"verify the page greets new visitors warmly"}},
		modelOptions(t, srv, nil))
	if err != nil || res.Status == Success || len(res.Errors) != 1 {
		t.Fatalf("status %s, %v, %+v", res.Status, err, res.Errors)
	}
	if msg := res.Errors[0].Message; !strings.Contains(msg, "checks the page, and a check never acts: click is refused") {
		t.Errorf("message %q", msg)
	}
	if clicks := f.toolCalls("browser_click"); len(clicks) != 0 {
		t.Errorf("clicked %+v", clicks)
	}
	for _, s := range res.Steps {
		for _, c := range s.Calls {
			if c.Tool == "browser_click" || strings.HasSuffix(c.Tool, "browser_click") {
				t.Errorf("exported a click: %+v", c)
			}
		}
	}
}
