package parser

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/prompt"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// tableBrowser answers every call from a table keyed by tool; a tool not
// in it is a transport failure.
type tableBrowser map[string]func(args map[string]any) *mcpclient.Result

func (f tableBrowser) CallTool(_ context.Context, name string, args map[string]any) (*mcpclient.Result, error) {
	h, ok := f[name]
	if !ok {
		return nil, fmt.Errorf("%w: server gone", mcpclient.ErrUnavailable)
	}
	return h(args), nil
}

// scriptedModel answers through Record as a model translator would.
type scriptedModel struct{ calls []translator.ModelCall }

func (m scriptedModel) Translate(_ context.Context, req translator.Request) ([]step.Step, error) {
	for _, c := range m.calls {
		req.Record(c)
	}
	return nil, nil
}

func (scriptedModel) MaxRounds() int { return 9 }

type kept struct{ recs []step.Record }

func (k *kept) Observe(r step.Record) { k.recs = append(k.recs, r) }

// TestObserver: the observer is told of every call as the compiler made
// it, with its arguments as sent (a copy), its result's sections, how it
// failed (a tool's no-match, a gone server) and its times, and of every
// answer of a model, timed from the question; the wrapped translator
// keeps its MaxRounds and the compiler's own Record.
func TestObserver(t *testing.T) {
	clk := time.Date(2026, 2, 24, 17, 0, 0, 0, time.UTC)
	now := func() time.Time { clk = clk.Add(10 * time.Millisecond); return clk }
	obs := &kept{}
	b := &observedBrowser{obs: obs, now: now, next: tableBrowser{
		"browser_type": func(map[string]any) *mcpclient.Result {
			return &mcpclient.Result{Text: "### Ran Playwright code\nawait page.fill('x')", Code: "await page.fill('x')"}
		},
		"browser_evaluate": func(map[string]any) *mcpclient.Result {
			return &mcpclient.Result{IsError: true, Error: `Error: locator.evaluate: Timeout 5000ms exceeded. waiting for locator("x") does not match any elements`}
		},
		"browser_take_screenshot": func(map[string]any) *mcpclient.Result {
			return &mcpclient.Result{Images: []mcpclient.Image{{MIMEType: "image/png", Data: make([]byte, 42)}}}
		},
	}}
	ctx := context.Background()
	args := map[string]any{"target": "#pw", "text": "x"}
	b.CallTool(ctx, "browser_type", args)
	args["text"] = "changed after"
	b.CallTool(ctx, "browser_evaluate", map[string]any{"function": "() => 1"})
	b.CallTool(ctx, "browser_take_screenshot", map[string]any{})
	b.CallTool(ctx, "browser_close", map[string]any{})
	var asked []translator.ModelCall
	tr := &observedTranslator{obs: obs, now: now, tr: scriptedModel{[]translator.ModelCall{
		{Model: "m", Answer: "click", Element: `button "Go"`, PromptTokens: 100, CompletionTokens: 5, Requests: 2},
		{Model: "m", Answer: ""},
	}}}
	if tr.MaxRounds() != 9 {
		t.Errorf("the wrapped translator lost MaxRounds")
	}
	tr.Translate(ctx, translator.Request{Action: "press Go", Record: func(c translator.ModelCall) { asked = append(asked, c) }})
	if len(asked) != 2 {
		t.Errorf("the compiler's Record heard %d answers, want 2", len(asked))
	}

	var got []string
	for _, r := range obs.recs {
		got = append(got, fmt.Sprintf("%s %s %v %s", r.Tool, r.Failure, r.Retryable, r.End.Sub(r.Start)))
	}
	want := []string{
		"browser_type  false 10ms", "browser_evaluate no_match true 10ms", "browser_take_screenshot  false 10ms",
		"browser_close unavailable true 10ms", "intermediate_step  false 10ms", "intermediate_step  false 10ms",
	}
	if !slices.Equal(got, want) {
		t.Errorf("records =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	r := obs.recs
	if r[0].Args["text"] != "x" || r[0].Result.Sections["code"] != "await page.fill('x')" || !strings.HasPrefix(r[0].Result.Text, "### Ran") {
		t.Errorf("type record = %+v %+v", r[0].Args, r[0].Result)
	}
	if !strings.Contains(r[1].Message, "does not match any elements") {
		t.Errorf("no-match message = %q", r[1].Message)
	}
	if len(r[2].Result.Images) != 1 || r[2].Result.Images[0].Bytes != 42 {
		t.Errorf("screenshot record = %+v", r[2].Result)
	}
	if r[3].Result != nil || !strings.Contains(r[3].Message, "server gone") {
		t.Errorf("gone server record = %+v", r[3])
	}
	if m := r[4].Model; m == nil || m.Answer != "click" || m.Requests != 2 || r[4].Action != "press Go" || r[4].Args["model"] != "m" {
		t.Errorf("model record = %+v %+v", r[4], m)
	}
}

// TestModelTool: a model's answer is recorded under the function the
// model is made to call.
func TestModelTool(t *testing.T) {
	if step.ModelTool != prompt.FunctionName {
		t.Errorf("step.ModelTool = %q, want prompt.FunctionName %q", step.ModelTool, prompt.FunctionName)
	}
}
