package parser

// Reading one action against the page: the translator asked, waiting for
// an element that is not there yet, and what it told of how it read it.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/grammar"
)

// translate snapshots the page and asks the translator for the steps of
// text (the action of ts, or its Then after the steps taken), waiting (up
// to the timeout) for an element that is not there yet. What a model's
// answers cost is added to ts and the run's usage. ok is false when the
// action failed; the failure is recorded and err is its cause (a model
// server that failed is one).
func (r *run) translate(ctx context.Context, ts *TestStep, text string, continued bool, taken []step.Step) (steps []step.Step, waited time.Duration, ok bool, err error) {
	index, action := ts.Index, ts.Action
	start := time.Now()
	r.disabled = ""
	limit := r.c.opts.Timeout
	if grammar.Waits(text) {
		// "wait for the Pay button to appear": as long as a page may take.
		limit = r.c.opts.waitTimeout()
	}
	deadline := start.Add(limit)
	looked := false // the page was read for elements the snapshot does not name
	early := false  // so read at the first miss
	// Each look is a snapshot of the whole page: spaced out as the wait
	// goes on, the last at the deadline.
	backoff := clock.Backoff{First: r.c.opts.Poll}
	for {
		if err := r.snapshot(ctx); err != nil {
			return nil, 0, false, r.fail(ctx, index, action, nil, err.Error(), err)
		}
		if r.start == nil {
			r.start = r.page
		}
		// The actions go as written, for the rules translator to match the
		// page; the model translator masks the secret values itself.
		// notes are what the translator told of how it read the last
		// answer (a name taken by some of its words), warned of once
		// the action is read.
		var notes []string
		req := translator.Request{
			Action: text, Page: r.page, URL: r.pageURL, Title: r.title, History: r.actions[:index-1],
			Previous: r.previous, Continued: continued, Taken: taken, Record: r.record(ts), Dialog: r.dialog(),
			Note: func(s string) { notes = append(notes, s) },
		}
		ask := func() ([]step.Step, error) {
			req.Page = r.page
			notes = nil
			steps, err := r.c.opts.Translator.Translate(ctx, req)
			return steps, r.modalBlocks(steps, err)
		}
		steps, err = ask()
		if amb := (*translator.AmbiguousError)(nil); errors.As(err, &amb) && r.markCovered(ctx, amb.Nodes) {
			// Same-named elements, all but one covered: the one on top.
			steps, err = ask()
		}
		var nf *translator.NotFoundError
		if errors.As(err, &nf) {
			// There but disabled? Waited for the same way, and said so.
			r.disabled = r.disabledTarget(ctx, req)
		}
		if errors.As(err, &nf) && r.disabled == "" && !early && ctx.Err() == nil {
			// At the first miss, the elements a person names that the
			// snapshot lists under another name or none (pagefind.go): a
			// span clicked through script is there now, not late, and was
			// found only after the whole wait. Taken when they read the
			// sentence; else the wait goes on, and they are read again at
			// its end.
			early = true
			added, ferr := r.pageFinds(ctx)
			if ferr != nil {
				return nil, 0, false, r.fail(ctx, index, action, nil, ferr.Error(), ferr)
			}
			if added {
				if found, ferr := ask(); ferr == nil {
					r.warn(ts, notes...)
					return found, 0, true, nil
				}
			}
		}
		if left := time.Until(deadline); errors.As(err, &nf) && left > 0 {
			if err := clock.Sleep(ctx, min(backoff.Next(), left)); err != nil {
				return nil, 0, false, err
			}
			waited = time.Since(start)
			continue
		}
		if nf != nil && r.disabled == "" && !looked && ctx.Err() == nil {
			// The last try: the elements a person names that the
			// snapshot lists under another name or none (pagefind.go).
			looked = true
			added, ferr := r.pageFinds(ctx)
			if ferr != nil {
				return nil, 0, false, r.fail(ctx, index, action, nil, ferr.Error(), ferr)
			}
			if added {
				if steps, err = ask(); !errors.As(err, &nf) {
					nf = nil
				}
				waited = 0 // not late: named in a way the snapshot does not show
			}
		}
		if nf != nil && err != nil && r.disabled == "" && ctx.Err() == nil {
			// Not on the page: a row a scrolling box renders only once
			// scrolled to it (a virtual list), scrolled to as a person
			// does, and so at replay (scrollfind.go).
			box, found, serr := r.scrollFind(ctx, nf.What, true)
			if serr != nil {
				return nil, 0, false, r.fail(ctx, index, action, nil, serr.Error(), serr)
			}
			if found {
				if more, ferr := ask(); ferr == nil {
					steps, err, nf, waited = append([]step.Step{r.scrolledTo(box, more, nf.What)}, more...), nil, nil, 0
				}
			}
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil, 0, false, ctx.Err()
			}
			msg := err.Error()
			switch {
			case nf != nil && r.disabled != "":
				msg = fmt.Sprintf("%s is disabled (waited %s)", r.disabled, limit)
			case nf != nil:
				msg += fmt.Sprintf(" (waited %s)", limit)
			}
			return nil, 0, false, r.fail(ctx, index, action, nil, msg, modelDown(err))
		}
		r.warn(ts, notes...)
		if len(steps) == 1 && steps[0].Kind == step.AssertText && !steps[0].Negated && steps[0].Ref == "" &&
			!strings.Contains(dom.Normalize(r.page.TextContent()), dom.Normalize(r.expand(steps[0].Value))) && !r.textShown(ctx, steps[0].Value) {
			// A text in no row yet (not in the snapshot, nor in the
			// page's text): one a scrolling box renders once scrolled
			// to it. The window is left as it is: its text is all on
			// the page.
			box, found, serr := r.scrollFind(ctx, steps[0].Value, false)
			if serr != nil {
				return nil, 0, false, r.fail(ctx, index, action, nil, serr.Error(), serr)
			}
			if found {
				steps = append([]step.Step{r.scrolledTo(box, nil, steps[0].Value)}, steps...)
			}
		}
		return steps, waited, true, nil
	}
}

// warn adds each of warnings to ts's, once, with secret values masked.
func (r *run) warn(ts *TestStep, warnings ...string) {
	for _, w := range warnings {
		if w = r.masker.Replace(w); !slices.Contains(ts.Warnings, w) {
			ts.Warnings = append(ts.Warnings, w)
		}
	}
}
