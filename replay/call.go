package replay

// A step that calls an MCP tool, and its wait for a late target.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/commandgen/locator"
	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
)

// callOnce calls an MCP tool. A call whose "target" matches nothing, and a
// browser_tabs select of a tab not open yet, are repeated (clock.Backoff)
// until Timeout. A role's name is sent read as words (locator.WordNames:
// "Paid" is not "Unpaid"). An action with a compiled identity is sent
// narrowed to it (identity.go): when its target now names another element
// it fails at once, saying which; with a Healer, such a step (or one whose
// target names nothing) is re-read and may run on a healed target.
func (r *run) callOnce(ctx context.Context, pl *plan, params map[string]any) (outcome, error) {
	s, err := r.session(pl.server)
	if err != nil {
		return outcome{}, err
	}
	// A box's setChecked has its target in its field: lifted beside the
	// others', lowered again for the server.
	params = commandgen.Lift(pl.tool, params)
	target, hasTarget := params["target"].(string)
	chk, isChecked := r.identityOf(pl, params)
	sent := params
	if words := locator.WordNames(target); hasTarget && words != target {
		// A name read as words: "Paid" is not the name of "Unpaid".
		sent = maps.Clone(params)
		sent["target"] = words
	}
	if isChecked {
		sent = chk.narrowed(params, locator.WordNames(chk.target))
	}
	limit := r.opts.Timeout
	if d, ok := commandgen.WaitsFor(step.ToolCall{Tool: pl.tool, Args: params}); ok && d > limit {
		// "wait for the Pay button to appear": its element is waited for
		// as long as its fact.
		limit = d
	}
	deadline := time.Now().Add(limit)
	navLimit := max(limit, r.opts.NavTimeout) // a page on its way has the navigation's timeout
	navDeadline := time.Now().Add(navLimit)
	// Looks close together at first, when a late element most often
	// comes, then once a second, as Playwright's own retries are spaced.
	backoff := clock.Backoff{First: r.opts.Poll}
	probed := false
	var o outcome
	for {
		res, err := s.CallTool(ctx, pl.tool, commandgen.Lower(pl.tool, sent))
		if errors.Is(err, mcpclient.ErrRejected) && ctx.Err() == nil {
			// The server is up and refused the request (an unknown tool,
			// params its schema rejects): the step failed.
			o.fail = err.Error()
			return o, nil
		}
		if err != nil {
			return o, err
		}
		if res == nil {
			return o, fmt.Errorf("%s: no result", pl.tool)
		}
		if err := refusedByServer(res); err != nil {
			return o, err // the page's text, if any, goes unread
		}
		o.text = res.Text
		if !res.IsError {
			return o, nil
		}
		msg := errorText(res)
		if pl.tool == mcpclient.ToolNavigate {
			return r.navigationFailed(o, params, res, msg)
		}
		if hasTarget {
			msg = asWritten(msg, sent["target"].(string), target)
		}
		// A check the page's navigation ended (a submit's page still on
		// its way) asks again, of the new page.
		navigated := res.Navigated() && commandgen.IsCheck(step.ToolCall{Tool: pl.tool, Args: params})
		if !(hasTarget && res.NoMatch()) && !lateTab(pl.tool, params, res) && !lateModal(pl.tool, res) && !navigated {
			o.fail, o.unreached = msg, hasTarget && res.TimedOut()
			return o, nil
		}
		left := time.Until(deadline)
		if navigated {
			left = time.Until(navDeadline)
		}
		if isChecked && !navigated && (!probed || left <= 0) {
			// Is it late, or does the target name another element now?
			probed = true
			if why := chk.why(r.resolve(ctx, s, chk.target)); why != "" {
				return r.missed(ctx, pl, s, params, chk, o, why)
			}
		}
		if left <= 0 {
			what := "the target"
			switch {
			case navigated:
				what, limit = "the page to stop navigating", navLimit
			case lateModal(pl.tool, res):
				what = "the dialog"
			case !hasTarget:
				what = "the tab"
			}
			o.fail = fmt.Sprintf("%s (waited %s for %s)", msg, limit, what)
			o.unreached = hasTarget && !navigated
			if isChecked && !navigated {
				return r.missed(ctx, pl, s, params, chk, o, o.fail)
			}
			return o, nil
		}
		wait := r.opts.Poll // a page on its way comes soon
		if !navigated {
			wait = backoff.Next()
		}
		if err := clock.Sleep(ctx, min(left, wait)); err != nil {
			return o, err
		}
		o.retries++
	}
}

// lateModal reports whether a step that answers a dialog or a file
// chooser failed because none is open yet: a confirm a page's timer opens
// a moment after the click is waited for like a late target (the built-in
// server waits for one itself; @playwright/mcp does not).
func lateModal(tool string, res *mcpclient.Result) bool {
	return (tool == mcpclient.ToolHandleDialog || tool == mcpclient.ToolFileUpload) && res.NoModal()
}

// lateTab reports whether a browser_tabs select failed because its tab is
// not open yet: a tab the previous click opens appears a moment after the
// click returns, so the select is repeated like a late target.
func lateTab(tool string, params map[string]any, res *mcpclient.Result) bool {
	return tool == step.ToolTabs && params["action"] == "select" && res.TabMissing()
}

// missed ends an action whose target no longer names its compiled element
// (why): healed when a Healer finds it again, else failed with why.
func (r *run) missed(ctx context.Context, pl *plan, s ToolCaller, params map[string]any, chk checked, o outcome, why string) (outcome, error) {
	if r.opts.Healer == nil {
		o.fail = why
		return o, nil
	}
	h, err := r.heal(ctx, pl, s, params, chk, why)
	h.retries = o.retries
	return h, err
}

// navigationFailed classifies a failed browser_navigate: a site that cannot
// be reached at all ends the run as the environment's fault (the scenario
// was never tested), a page that did not load in time is the step's
// failure, named as such.
func (r *run) navigationFailed(o outcome, params map[string]any, res *mcpclient.Result, msg string) (outcome, error) {
	url, _ := params["url"].(string)
	if reason := res.NetError(); reason != "" {
		return o, &mcpclient.SiteError{URL: url, Reason: reason}
	}
	if res.TimedOut() {
		limit := "in time"
		if r.opts.NavTimeout > 0 {
			limit = fmt.Sprintf("within %s (--nav-timeout)", r.opts.NavTimeout)
		}
		o.fail = fmt.Sprintf("the page %s did not finish loading %s", url, limit)
		return o, nil
	}
	o.fail = msg
	return o, nil
}

// errorText is the message of a failed tool result.
func errorText(res *mcpclient.Result) string {
	msg := res.Error
	if msg == "" {
		msg = mcpclient.ParseText(res.Text).Error
	}
	if msg == "" {
		msg = res.Text
	}
	msg = strings.TrimSpace(msg)
	if msg == "" {
		return "the tool reported an error with no message"
	}
	return msg
}

// asWritten is a server's message about the target sent (its name read
// as words, narrowed to an identity) with the target as the scenario
// wrote it instead, as written or quoted as JSON (with or without HTML's
// characters escaped, as Go and JavaScript quote them).
func asWritten(msg, sent, target string) string {
	if sent == target {
		return msg
	}
	quoted := func(s string, html bool) string {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(html)
		_ = enc.Encode(s) // a string always encodes
		return strings.TrimSuffix(strings.TrimSpace(b.String()), `"`)[1:]
	}
	msg = strings.ReplaceAll(msg, sent, target)
	msg = strings.ReplaceAll(msg, quoted(sent, true), quoted(target, true))
	return strings.ReplaceAll(msg, quoted(sent, false), quoted(target, false))
}
