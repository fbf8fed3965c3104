package parser

import (
	"context"
	"errors"
	"maps"
	"time"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// Observer is told of every call a compile makes, as it ends: each MCP
// call the compiler makes (snapshots, waits and probes included), with
// its arguments as sent, its result or failure and its times, and each
// answer of a language model. NanoClaw's replay bundle is written from
// what an observer kept (nanoclaw.Recorder). Observe may be called from
// several goroutines.
type Observer interface {
	Observe(step.Record)
}

// observe wraps the compiler's browser and translator so that o is told
// of every call.
func (c *Compiler) observe(o Observer) {
	c.browser = &observedBrowser{next: c.browser, obs: o, now: time.Now}
	c.opts.Translator = &observedTranslator{tr: c.opts.Translator, obs: o, now: time.Now}
}

type observedBrowser struct {
	next ToolCaller
	obs  Observer
	now  func() time.Time
}

// CallTool calls next and tells the observer.
func (b *observedBrowser) CallTool(ctx context.Context, name string, args map[string]any) (*mcpclient.Result, error) {
	start := b.now()
	res, err := b.next.CallTool(ctx, name, args)
	rec := step.Record{Tool: name, Args: maps.Clone(args), Start: start, End: b.now(), Result: recorded(res)}
	rec.Failure, rec.Retryable, rec.Message = failure(res, err)
	b.obs.Observe(rec)
	return res, err
}

// failure says how a call failed: how, whether trying it again may help,
// and the message; f is "" when it did not fail.
func failure(r *mcpclient.Result, err error) (f step.Failure, retryable bool, msg string) {
	switch {
	case err != nil:
		msg = err.Error()
		switch {
		case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
			return step.FailInterrupted, false, msg
		case errors.Is(err, mcpclient.ErrBrowserLost):
			return step.FailBrowserLost, false, msg
		case errors.Is(err, mcpclient.ErrRejected):
			return step.FailRejected, false, msg
		}
		return step.FailUnavailable, true, msg
	case r == nil, !r.IsError:
		return "", false, ""
	}
	msg = r.ErrorLine()
	switch {
	case r.PageLost() != "":
		return step.FailBrowserLost, false, msg
	case r.NetError() != "":
		return step.FailNetwork, false, msg
	case r.UnknownTool():
		return step.FailRejected, false, msg
	case r.NoMatch():
		return step.FailNoMatch, true, msg
	case r.TimedOut():
		return step.FailTimeout, true, msg
	}
	return step.FailTool, false, msg
}

// recorded is what a record keeps of a result.
func recorded(r *mcpclient.Result) *step.Result {
	if r == nil {
		return nil
	}
	out := &step.Result{Text: r.Text, Sections: map[string]string{}}
	for k, v := range map[string]string{"code": r.Code, "snapshot": r.Snapshot, "snapshot_file": r.SnapshotFile,
		"page_url": r.PageURL, "page_title": r.PageTitle, "value": r.Value, "events": r.Events} {
		if v != "" {
			out.Sections[k] = v
		}
	}
	for _, img := range r.Images {
		out.Images = append(out.Images, step.Image{MIMEType: img.MIMEType, Bytes: len(img.Data)})
	}
	return out
}

type observedTranslator struct {
	tr  translator.Translator
	obs Observer
	now func() time.Time
}

// Translate asks the translator, telling the observer of every answer of
// a language model it reports (translator.Request.Record), from the
// moment the translator was asked (or its previous answer came) to the
// report.
func (t *observedTranslator) Translate(ctx context.Context, req translator.Request) ([]step.Step, error) {
	record, start := req.Record, t.now()
	req.Record = func(mc translator.ModelCall) {
		end := t.now()
		t.obs.Observe(step.Record{Tool: step.ModelTool, Args: map[string]any{"model": mc.Model}, Start: start, End: end, Action: req.Action,
			Model: &step.ModelAnswer{Model: mc.Model, Answer: mc.Answer, Element: mc.Element, PromptTokens: mc.PromptTokens,
				CompletionTokens: mc.CompletionTokens, Requests: mc.Requests, Cached: mc.Cached}})
		start = end
		if record != nil {
			record(mc)
		}
	}
	return t.tr.Translate(ctx, req)
}

// MaxRounds passes on the wrapped translator's (translator.MultiRound).
func (t *observedTranslator) MaxRounds() int {
	if m, ok := t.tr.(translator.MultiRound); ok {
		return m.MaxRounds()
	}
	return 0
}
