package nanoclaw

import (
	"context"
	"maps"
	"sync"
	"time"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// Call is one call of a compile run as the Recorder saw it: an MCP tool
// call, or (Model set) one answer of a language model.
type Call struct {
	Tool string
	// Args are the arguments as sent, placeholders expanded: they may hold
	// secret values, which Build masks.
	Args       map[string]any
	Start, End time.Time
	Result     *mcpclient.Result // nil when the call returned no result
	Err        error             // the call did not complete
	// Model is a language model's answer (Tool is ModelTool); Action the
	// text it was asked to read.
	Model  *translator.ModelCall
	Action string
}

// ModelTool is the tool name a model's answer is recorded under: the
// function the model is made to call (package prompt).
const ModelTool = "intermediate_step"

// Recorder is the tool caller a compile runs through when its run is to be
// recorded: it passes every call to the session it wraps, and keeps the
// call, its arguments, its result and its start and end times, in order.
// Translator wraps a translator so that a model's answers are kept too.
// A Recorder is safe for concurrent use.
type Recorder struct {
	next parser.ToolCaller
	now  func() time.Time

	mu    sync.Mutex
	calls []Call
}

// NewRecorder returns a Recorder passing calls to next. now stamps the
// calls; nil means time.Now.
func NewRecorder(next parser.ToolCaller, now func() time.Time) *Recorder {
	if now == nil {
		now = time.Now
	}
	return &Recorder{next: next, now: now}
}

// CallTool calls next and records the call.
func (r *Recorder) CallTool(ctx context.Context, name string, args map[string]any) (*mcpclient.Result, error) {
	start := r.now()
	res, err := r.next.CallTool(ctx, name, args)
	r.add(Call{Tool: name, Args: maps.Clone(args), Start: start, End: r.now(), Result: res, Err: err})
	return res, err
}

// Calls returns the calls recorded so far, in the order they were made.
func (r *Recorder) Calls() []Call {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Call(nil), r.calls...)
}

func (r *Recorder) add(c Call) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, c)
}

// Translator returns tr wrapped so that every answer of a language model it
// reports (translator.Request.Record) is recorded, from the moment the
// translator was asked (or its previous answer came) to the report.
func (r *Recorder) Translator(tr translator.Translator) translator.Translator {
	return &recordingTranslator{tr: tr, rec: r}
}

type recordingTranslator struct {
	tr  translator.Translator
	rec *Recorder
}

func (t *recordingTranslator) Translate(ctx context.Context, req translator.Request) ([]step.Step, error) {
	record, start := req.Record, t.rec.now()
	req.Record = func(mc translator.ModelCall) {
		end := t.rec.now()
		t.rec.add(Call{Tool: ModelTool, Args: map[string]any{"model": mc.Model}, Start: start, End: end, Model: &mc, Action: req.Action})
		start = end
		if record != nil {
			record(mc)
		}
	}
	return t.tr.Translate(ctx, req)
}

// MaxRounds passes on the wrapped translator's (translator.MultiRound).
func (t *recordingTranslator) MaxRounds() int {
	if m, ok := t.tr.(translator.MultiRound); ok {
		return m.MaxRounds()
	}
	return 0
}
