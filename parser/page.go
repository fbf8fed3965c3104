package parser

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/jsonvalue"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
)

// snapshot replaces the page state with a fresh snapshot: the one the
// latest call returned inline (the built-in server's actions do), else
// browser_snapshot's.
func (r *run) snapshot(ctx context.Context) error {
	if len(r.modals) > 0 {
		// A dialog or file chooser waits: the page cannot be read until it
		// is handled, and the next action is read against it (its words
		// in Request.Dialog) and the page as it was.
		return nil
	}
	out := r.inline
	r.inline = nil
	if out == nil {
		var err error
		if out, err = r.c.browser.CallTool(ctx, mcpclient.ToolSnapshot, map[string]any{}); err != nil {
			return err
		}
		if ms := out.ModalStates(); len(ms) > 0 {
			r.modals = ms // one opened since (a timer's dialog)
			return nil
		}
	}
	if out.IsError {
		return fmt.Errorf("the browser could not snapshot the page: %s", out.ErrorLine())
	}
	text := out.Snapshot
	if text == "" {
		text = out.Text
	}
	page, err := dom.ParseARIA(text)
	if err != nil {
		return fmt.Errorf("cannot read the page snapshot: %w", err)
	}
	if err := r.nameFrames(ctx, page); err != nil {
		return err
	}
	r.refless(page)
	r.page = page
	if out.PageURL != "" {
		r.pageURL, r.title = out.PageURL, out.PageTitle
	}
	u := &r.res.Usage
	u.Snapshots++
	u.SnapshotTokens += r.c.opts.Tokens.Count(text)
	u.MinimizedTokens += r.c.opts.Tokens.Count(r.minimized())
	return nil
}

// settle waits, after a page loads, until no part of it says it is still
// loading (aria-busy="true": a feed rendering its articles one by one), up
// to the compile's timeout, so that the page is read as it stays: which
// elements look alike, and so which locators single one out, does not
// depend on how far the rendering got. When the page was loading and then
// settled, it returns the wait as a call to export, so that replay waits
// as compile did rather than racing the page; else nil (a page that was
// not loading, one that still is after the timeout, a server that cannot
// evaluate).
//
// A page with a feed (role "feed", which loads its articles as they are
// read and says so with aria-busy, as WAI-ARIA's feed pattern requires)
// gets the wait exported whether or not it was loading when compile looked:
// a compile on a busy machine can look after the feed's first articles
// have rendered, and a replay on an idle one then acts while they still
// are (apg-feed-page-down's Page Down found too few articles).
//
// A page that was not loading is as the load left it: the snapshot the
// navigation returned (the built-in server's) is kept for the next step
// to read, not taken again.
func (r *run) settle(ctx context.Context) *step.ToolCall {
	call := commandgen.BusyWait(r.c.opts.Timeout)
	loaded := r.inline
	out, err := r.exec(ctx, call)
	switch {
	case err != nil:
		return nil
	case out.IsError:
		r.c.opts.Logger.Debug("the page still says it is loading (aria-busy)", "waited", r.c.opts.Timeout, "result", out.ErrorLine())
		return nil
	case strings.Contains(out.Value, "waited"):
		return &call
	}
	feed := loaded != nil && feedRe.MatchString(loaded.Snapshot)
	if loaded == nil { // no snapshot came with the page: ask it
		out, err := r.exec(ctx, step.ToolCall{Tool: mcpclient.ToolEvaluate, Args: map[string]any{"function": hasFeedFn}})
		feed = err == nil && !out.IsError && out.Value == "true"
	}
	if len(r.modals) == 0 {
		r.inline = loaded
	}
	if feed {
		return &call
	}
	return nil
}

// feedRe finds a feed in a page's snapshot; hasFeedFn asks the page.
var feedRe = regexp.MustCompile(`(?m)^\s*- feed\b`)

const hasFeedFn = `() => !!document.querySelector('[role="feed"]')`

// minimized is the current page, minimized, with secret values redacted.
func (r *run) minimized() string {
	return dom.Serialize(dom.Minimize(r.page, &dom.MinimizeOptions{Redact: r.secrets}))
}

// exec runs call with the placeholders replaced by their values.
func (r *run) exec(ctx context.Context, call step.ToolCall) (*mcpclient.Result, error) {
	args := jsonvalue.MapStrings(r.rememberedArgs(call.Args), r.replacer.Replace).(map[string]any)
	r.c.opts.Logger.Debug("call", "tool", call.Tool)
	out, err := r.c.browser.CallTool(ctx, call.Tool, args)
	r.inline = nil
	if err == nil {
		if ms := out.ModalStates(); len(ms) > 0 || !out.IsError {
			r.modals = ms
		}
	}
	if err == nil && !out.IsError && out.Snapshot != "" {
		r.inline = out // the page as the call left it; any later call may change it
	}
	return out, err
}

// absolute resolves a link's URL against the current page.
func (r *run) absolute(ref string) string {
	base := r.pageURL
	if base == "" {
		base = r.url
	}
	b, err := url.Parse(base)
	if err != nil {
		return ref
	}
	u, err := b.Parse(ref)
	if err != nil {
		return ref
	}
	return u.String()
}

// shadowed reports whether the page has an open shadow root, for a check
// to read through shadow roots (step.Step.Shadow) only where there are
// some; a page that cannot be asked has none. Asked as a check is (a
// page navigating under the question is asked again). The page as the
// last call left it stays known: the question changes nothing.
func (r *run) shadowed(ctx context.Context) bool {
	inline, modals := r.inline, r.modals // a question that changes nothing
	out, err := r.askCheck(ctx, commandgen.ShadowProbe(), false)
	r.inline, r.modals = inline, modals
	return err == nil && !out.IsError && strings.TrimSpace(out.Value) == "true"
}

// textShown reports whether name is visible text on the page, so that a
// wait for it can be exported. A name that is not (an aria-label) gets no
// wait: browser_wait_for would spend its whole timeout on it, and replay
// retries a late target anyway. When the page cannot be asked, it answers
// true and the wait itself decides.
func (r *run) textShown(ctx context.Context, name string) bool {
	out, err := r.exec(ctx, commandgen.TextShown(name))
	if err != nil || out.IsError {
		return true
	}
	if strings.TrimSpace(out.Value) == "false" {
		r.c.opts.Logger.Debug("late element's name is not visible text: no wait exported", "name", r.masker.Replace(name))
		return false
	}
	return true
}
