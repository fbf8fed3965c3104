package nanoclaw

import (
	"sync"

	"github.com/plaintest/plaintest/step"
)

// Recorder keeps the calls of a compile, in order, for Build: it is the
// compile's observer (parser.Options.Observer), told of every MCP call
// the compiler makes, with its arguments, result or failure and times,
// and of every answer of a language model. A Recorder is safe for
// concurrent use; its zero value is ready.
type Recorder struct {
	mu    sync.Mutex
	calls []step.Record
}

// Observe keeps rec.
func (r *Recorder) Observe(rec step.Record) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, rec)
}

// Calls returns the calls kept so far, in the order they were made.
func (r *Recorder) Calls() []step.Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]step.Record(nil), r.calls...)
}
