package replay

// A run's Playwright trace (Options.Trace, package tracing): started on
// the browser server before step 1, stopped after the last step and the
// failure's evidence, kept in EvidenceDir as NAME.trace.zip, or removed
// when the run passed and only a failure's is kept.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/replay/tracing"
)

// startTrace starts the trace when Options.Trace records one and the run
// opened the browser server; a server that cannot record one ends the run
// (tracing.ErrUnsupported).
func (r *run) startTrace(ctx context.Context) error {
	s := r.sessions[r.opts.Browser]
	if !r.opts.Trace.Records() || r.opts.EvidenceDir == "" || s == nil {
		return nil
	}
	if err := tracing.Start(ctx, s, r.opts.Browser); err != nil {
		return fmt.Errorf("%s: %w", r.where(), err)
	}
	r.tracing = s
	return nil
}

// stopTrace stops the trace and writes it to EvidenceDir, named as the
// run's evidence, its path in the result's Trace. A trace that cannot be
// stopped or written is logged: the run's verdict is its steps'.
func (r *run) stopTrace(ctx context.Context) {
	s := r.tracing
	if s == nil || ctx.Err() != nil {
		return
	}
	r.tracing = nil
	ctx, cancel := context.WithTimeout(ctx, defaults.Trace)
	defer cancel()
	dest := filepath.Join(r.opts.EvidenceDir, r.names.claim(r.slug(), r.where())+tracing.Suffix)
	if err := tracing.Stop(ctx, s, dest); err != nil {
		r.log.Warn("trace not saved", "err", err)
		return
	}
	r.res.Trace = dest
}

// keepTrace removes the trace of a run that passed when only a failure's
// is kept; it runs once the verdict is final.
func (r *run) keepTrace() {
	if r.res.Trace == "" || r.opts.Trace != tracing.RetainOnFailure || !r.res.Success {
		return
	}
	if err := os.Remove(r.res.Trace); err != nil {
		r.log.Warn("passed run's trace not removed", "err", err)
		return
	}
	r.res.Trace = ""
}
