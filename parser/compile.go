package parser

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/internal/safefile"
	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/translator"
)

// ToolCaller is the one method of an MCP session the compiler needs.
type ToolCaller interface {
	CallTool(ctx context.Context, name string, args map[string]any) (*mcpclient.Result, error)
}

// ErrUnreachable is wrapped when the scenario's site cannot be opened: the
// browser could not reach it, or refused to open it.
var ErrUnreachable = mcpclient.ErrSiteUnreachable

// Options configure a Compiler. The zero value (or nil) is usable.
type Options struct {
	// Translator reads the actions; nil means the rules translator.
	Translator translator.Translator
	// TranslatorName names it in the result ("rules" by default).
	TranslatorName string
	// Timeout is how long an element named by an action may take to appear
	// before the action fails. Default 5s.
	Timeout time.Duration
	// NavTimeout is the navigation timeout the browser server was given,
	// named when a page never finishes loading; 0 when unknown.
	NavTimeout time.Duration
	// Poll is how often the page is snapshotted again while waiting.
	// Default 200ms.
	Poll time.Duration
	// EvidenceDir, when set, receives a screenshot and the minimized
	// snapshot of the page at a failure.
	EvidenceDir string
	// Progress, when set, is called after every action.
	Progress func(Event)
	// Logger receives debug logs; nil discards them.
	Logger *slog.Logger
}

// DefaultTimeout is how long compile waits for an element to appear.
const DefaultTimeout = 5 * time.Second

// Event reports one finished action to Options.Progress.
type Event struct {
	Index, Total int // Index 0 is opening the URL
	Action       string
	Step         *TestStep  // set when the action ran
	Err          *ErrorInfo // set when it failed
}

// Compiler runs scenarios against one browser session.
type Compiler struct {
	browser ToolCaller
	opts    Options
}

// New returns a Compiler driving browser.
func New(browser ToolCaller, opts *Options) *Compiler {
	c := &Compiler{browser: browser}
	if opts != nil {
		c.opts = *opts
	}
	if c.opts.Translator == nil {
		c.opts.Translator = translator.NewRules()
		c.opts.TranslatorName = "rules"
	}
	if c.opts.Timeout <= 0 {
		c.opts.Timeout = DefaultTimeout
	}
	if c.opts.Poll <= 0 {
		c.opts.Poll = 200 * time.Millisecond
	}
	if c.opts.Logger == nil {
		c.opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return c
}

// run is the state of one compile run: the page as the last action left it.
//
// It holds each action twice: as written (actions, url), which the rules
// translator reads and the browser is sent, and masked (res.Actions,
// res.URL), which every message, event and result shows. A secret that is
// also page text ("--secret X=Blue", "click Add to cart for Blue Mug") must
// reach the translator as written to match the page. A model-based
// translator must be given the masked actions instead, never the raw ones:
// secret values never reach a prompt.
type run struct {
	c        *Compiler
	res      *ParserResult
	actions  []string          // the actions as written, secret values included
	url      string            // the scenario's URL as written
	values   map[string]string // placeholder name -> value, for execution only
	replacer *strings.Replacer // {{NAME}} -> value, for execution only
	masker   *secret.Masker    // secret value (every form) -> {{NAME}}, for every message kept
	secrets  []string          // secret values, redacted from snapshots
	page     *dom.Node
	pageURL  string
	noGen    bool // the server has no browser_generate_locator
}

// Run compiles sc. Step failures are reported in the result (status partial
// or failed, with ErrorInfo); the error is non-nil only for bad input
// (wrapping ErrInvalid), an unreachable site (ErrUnreachable) or a browser
// session that broke (mcpclient.ErrUnavailable). The result is never nil
// once the scenario is valid: what ran before a failure is kept.
func (c *Compiler) Run(ctx context.Context, sc Scenario) (*ParserResult, error) {
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	start := time.Now()
	r := &run{c: c, actions: sc.Actions, url: sc.URL, values: map[string]string{}, masker: secretNames(sc.Secrets)}
	res := &ParserResult{
		Name:       sc.Name,
		URL:        r.masker.Replace(sc.URL),
		Variables:  map[string]string{},
		Translator: c.opts.TranslatorName,
	}
	r.res = res
	if u, err := url.Parse(sc.URL); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		res.BaseURL = u.Scheme + "://" + u.Host
		r.values["BASE_URL"] = res.BaseURL
	}
	for k, v := range sc.Variables {
		res.Variables[k] = v
		r.values[k] = v
	}
	for k, v := range sc.Secrets {
		res.SecretNames = append(res.SecretNames, k)
		r.values[k] = v
	}
	sort.Strings(res.SecretNames)
	var pairs []string
	for k, v := range r.values {
		pairs = append(pairs, "{{"+k+"}}", v)
	}
	r.replacer = strings.NewReplacer(pairs...)
	for _, v := range sc.Secrets {
		if v != "" {
			r.secrets = append(r.secrets, v)
		}
	}
	for _, a := range sc.Actions {
		res.Actions = append(res.Actions, r.masker.Replace(a))
	}

	err := r.masker.Error(r.all(ctx)) // a server's error may quote what it was sent
	res.Duration = time.Since(start)
	switch {
	case len(res.Errors) == 0 && err == nil:
		res.Status = Success
	case len(res.Steps) > 1: // more than opening the URL
		res.Status = Partial
	default:
		res.Status = Failed
	}
	res.Interrupted = res.Status != Success && ctx.Err() != nil
	return res, err
}

func (r *run) all(ctx context.Context) error {
	if err := r.open(ctx); err != nil {
		return err
	}
	for i := range r.actions {
		if err := r.action(ctx, i+1); err != nil {
			return err
		}
		if len(r.res.Errors) > 0 {
			return nil
		}
	}
	return nil
}

// open navigates to the scenario's URL: the implicit first step.
func (r *run) open(ctx context.Context) error {
	start := time.Now()
	s := translator.Step{Kind: translator.Navigate, Value: r.url, Action: "open " + r.res.URL}
	call, _ := commandgen.For(s, "")
	exported := r.export(call, s)
	out, err := r.exec(ctx, call)
	if err != nil {
		return r.fail(ctx, 0, s.Action, &exported, err.Error(), err)
	}
	if out.IsError && out.TimedOut() {
		// The site answers but the page never finishes loading: the
		// scenario's failure, with evidence of what did load.
		r.fail(ctx, 0, s.Action, &exported, r.slowLoad(r.res.URL), nil)
		return nil
	}
	if out.IsError {
		reason := out.NetError()
		if reason == "" {
			reason = out.ErrorLine()
		}
		err := &mcpclient.SiteError{URL: r.res.URL, Reason: r.masker.Replace(reason)}
		r.fail(ctx, 0, s.Action, &exported, err.Error(), nil)
		return err
	}
	r.done(0, &TestStep{Index: 0, Action: s.Action, Kind: translator.Navigate, Calls: []commandgen.Call{exported}, Duration: time.Since(start)})
	return nil
}

// action translates and runs action index (1-based) against the page.
func (r *run) action(ctx context.Context, index int) error {
	action := r.res.Actions[index-1] // masked: what results and messages show
	start := time.Now()
	deadline := start.Add(r.c.opts.Timeout)
	var steps []translator.Step
	waited := time.Duration(0)
	for {
		if err := r.snapshot(ctx); err != nil {
			return r.fail(ctx, index, action, nil, err.Error(), err)
		}
		var err error
		// The rules translator reads the actions as written. A model-based
		// translator must be given the masked ones (r.res.Actions) instead.
		steps, err = r.c.opts.Translator.Translate(ctx, translator.Request{
			Action: r.actions[index-1], Page: r.page, URL: r.pageURL, History: r.actions[:index-1],
		})
		var nf *translator.NotFoundError
		if errors.As(err, &nf) && time.Now().Add(r.c.opts.Poll).Before(deadline) {
			if err := clock.Sleep(ctx, r.c.opts.Poll); err != nil {
				return err
			}
			waited = time.Since(start)
			continue
		}
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			msg := err.Error()
			if nf != nil {
				msg += fmt.Sprintf(" (waited %s)", r.c.opts.Timeout)
			}
			return r.fail(ctx, index, action, nil, msg, nil)
		}
		break
	}
	ts := &TestStep{Index: index, Action: action, Waited: waited}
	for _, s := range steps {
		ok, err := r.step(ctx, ts, s)
		if err != nil || !ok {
			return err
		}
	}
	ts.Duration = time.Since(start)
	r.done(index, ts)
	return nil
}

// step runs one translated step and appends its calls to ts; false means it
// failed and the failure is recorded.
func (r *run) step(ctx context.Context, ts *TestStep, s translator.Step) (bool, error) {
	ts.Kind, ts.Element = s.Kind, r.masker.Replace(s.Element)
	if !commandgen.NeedsTarget(s.Kind) && !commandgen.Scoped(s) {
		call, err := commandgen.For(s, "")
		if err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), nil)
		}
		if s.Kind == translator.Navigate {
			call.Args["url"] = r.absolute(s.Value)
		}
		exported := r.export(call, s)
		out, err := r.exec(ctx, call)
		if err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, &exported, err.Error(), err)
		}
		if out.IsError && s.Kind == translator.Navigate {
			if reason := out.NetError(); reason != "" {
				err := &mcpclient.SiteError{URL: call.Args["url"].(string), Reason: reason}
				return false, r.fail(ctx, ts.Index, ts.Action, &exported, err.Error(), err)
			}
			if out.TimedOut() {
				return false, r.fail(ctx, ts.Index, ts.Action, &exported, r.slowLoad(call.Args["url"].(string)), nil)
			}
		}
		if out.IsError {
			return false, r.fail(ctx, ts.Index, ts.Action, &exported, failureText(s, out), nil)
		}
		ts.Calls = append(ts.Calls, exported)
		return true, nil
	}

	node := r.page.FindRef(s.Ref)
	if node == nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("the translator named ref %s, which is not on the page", s.Ref), nil)
	}
	if ts.Waited > 0 && node.Name != "" && r.textShown(ctx, node.Name) {
		// The element came late: the export waits for it as compile did.
		wait := commandgen.WaitForText(node.Name)
		if out, err := r.exec(ctx, wait); err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, ptr(r.export(wait, s)), err.Error(), err)
		} else if !out.IsError {
			ts.Calls = append(ts.Calls, r.export(wait, s))
		}
	}
	target, err := r.stableTarget(ctx, node)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), err)
	}
	if commandgen.Scoped(s) {
		return r.check(ctx, ts, s, target)
	}
	var out *mcpclient.Result
	var call commandgen.Call
	if target != "" {
		call, _ = commandgen.For(s, target)
		if out, err = r.exec(ctx, call); err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, ptr(r.export(call, s)), err.Error(), err)
		}
	}
	if target == "" || out.SelectorProblem() {
		// The selector did not single out the element: act on the ref and
		// keep the locator Playwright reports for it.
		r.c.opts.Logger.Debug("selector fallback to ref", "target", r.masker.Replace(target), "ref", s.Ref)
		call, _ = commandgen.For(s, s.Ref)
		if out, err = r.exec(ctx, call); err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), err)
		}
		if !out.IsError {
			loc, lerr := dom.ParseLocatorCode(out.Code)
			if lerr != nil {
				return false, r.fail(ctx, ts.Index, ts.Action, nil,
					fmt.Sprintf("%s ran, but no stable selector was found for %s: %v", s.Kind, s.Element, lerr), nil)
			}
			target = loc.Selector()
			call, _ = commandgen.For(s, target)
		}
	}
	exported := r.export(call, s)
	if out.IsError {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, failureText(s, out), nil)
	}
	ts.Target = r.masker.Replace(target)
	ts.Calls = append(ts.Calls, exported)
	return true, nil
}

// stableTarget finds a selector for node that is not a ref: Playwright's own
// locator generator when the server has it (test ids, role and name), else
// one synthesized from the tree and checked to be unique in it. "" means
// neither worked; the caller falls back to the ref and the code it ran.
func (r *run) stableTarget(ctx context.Context, node *dom.Node) (string, error) {
	if !r.noGen {
		out, err := r.c.browser.CallTool(ctx, mcpclient.ToolGenLocator, map[string]any{"target": node.Ref})
		switch {
		case errors.Is(err, mcpclient.ErrRejected):
			r.noGen = true // a server without the tool (not @playwright/mcp with --caps testing)
		case err != nil:
			return "", err
		}
		switch {
		case out == nil:
		case !out.IsError:
			if loc, err := dom.ParseLocatorCode("await page." + strings.TrimSpace(out.Value) + ".click();"); err == nil {
				if loc.Positional() {
					// Playwright fell back to a position ("the second Delete
					// button"), which another row's removal would shift: a
					// locator scoped by the element's container is stabler.
					if syn, err := dom.Synthesize(r.page, node); err == nil && !syn.Positional() {
						return syn.Selector(), nil
					}
				}
				return loc.Selector(), nil
			}
		case out.UnknownTool():
			r.noGen = true
		}
	}
	if loc, err := dom.Synthesize(r.page, node); err == nil {
		return loc.Selector(), nil
	}
	return "", nil
}

// check runs an assertion scoped to one element (target), repeating it
// while its text filter matches nothing, up to the action timeout: it waits
// for the page as browser_wait_for does, and as replay will.
func (r *run) check(ctx context.Context, ts *TestStep, s translator.Step, target string) (bool, error) {
	if target == "" {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("no stable selector was found for %s", s.Element), nil)
	}
	call, err := commandgen.For(s, target)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), nil)
	}
	exported := r.export(call, s)
	start := time.Now()
	for {
		out, err := r.exec(ctx, call)
		if err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, &exported, err.Error(), err)
		}
		if !out.IsError {
			ts.Target = r.masker.Replace(target)
			ts.Calls = append(ts.Calls, exported)
			return true, nil
		}
		if !out.NoMatch() || time.Since(start)+r.c.opts.Poll > r.c.opts.Timeout {
			msg := failureText(s, out)
			if out.NoMatch() {
				msg = scopedFailure(s, time.Since(start))
			}
			return false, r.fail(ctx, ts.Index, ts.Action, &exported, msg, nil)
		}
		if err := clock.Sleep(ctx, r.c.opts.Poll); err != nil {
			return false, err
		}
	}
}

// scopedFailure says why a check inside one element failed.
func scopedFailure(s translator.Step, waited time.Duration) string {
	if s.Kind == translator.AssertGone {
		return fmt.Sprintf("text %q did not go away from %s (waited %s)", s.Value, s.Element, waited.Round(time.Millisecond))
	}
	return fmt.Sprintf("expected text %q never appeared in %s (waited %s)", s.Value, s.Element, waited.Round(time.Millisecond))
}

// snapshot replaces the page state with a fresh snapshot.
func (r *run) snapshot(ctx context.Context) error {
	out, err := r.c.browser.CallTool(ctx, mcpclient.ToolSnapshot, map[string]any{})
	if err != nil {
		return err
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
	r.page = page
	if out.PageURL != "" {
		r.pageURL = out.PageURL
	}
	u := &r.res.Usage
	u.Snapshots++
	u.SnapshotTokens += dom.EstimateTokens(text)
	u.MinimizedTokens += dom.EstimateTokens(r.minimized())
	return nil
}

// minimized is the current page, minimized, with secret values redacted.
func (r *run) minimized() string {
	return dom.Serialize(dom.Minimize(r.page, &dom.MinimizeOptions{Redact: r.secrets}))
}

// exec runs call with the placeholders replaced by their values.
func (r *run) exec(ctx context.Context, call commandgen.Call) (*mcpclient.Result, error) {
	args := r.expand(call.Args).(map[string]any)
	r.c.opts.Logger.Debug("call", "tool", call.Tool)
	return r.c.browser.CallTool(ctx, call.Tool, args)
}

func (r *run) expand(v any) any {
	switch x := v.(type) {
	case string:
		return r.replacer.Replace(x)
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = r.expand(e)
		}
		return m
	case []any:
		s := make([]any, len(x))
		for i, e := range x {
			s[i] = r.expand(e)
		}
		return s
	}
	return v
}

// export returns call as the scenario keeps it: a navigation to the
// scenario's site as {{BASE_URL}}/path, a typed or selected value that
// equals a declared variable as {{NAME}}, and every secret value standing as
// written in an argument (a typed text that equals or holds it, a selector
// or text that names it) as {{NAME}}. Replay expands {{NAME}} back to the
// value, so the scenario does what compile did without holding the value.
func (r *run) export(call commandgen.Call, s translator.Step) commandgen.Call {
	c := r.exportURL(call)
	out := commandgen.Call{Tool: c.Tool, Args: map[string]any{}}
	for k, v := range c.Args {
		out.Args[k] = r.exportValue(v)
	}
	if t, ok := c.Args["text"].(string); ok && (s.Kind == translator.Type) {
		if name := r.variable(t); name != "" {
			out.Args["text"] = name
		}
	}
	if vs, ok := c.Args["values"].([]any); ok {
		for i, v := range vs {
			if str, ok := v.(string); ok {
				if name := r.variable(str); name != "" {
					out.Args["values"].([]any)[i] = name
				}
			}
		}
	}
	return out
}

// exportValue copies an argument with the secret values in its strings
// written as {{NAME}}; placeholders already there are kept as they are.
func (r *run) exportValue(v any) any {
	switch x := v.(type) {
	case string:
		return replaceOutsidePlaceholders(x, r.masker.ReplaceWritten)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = r.exportValue(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = r.exportValue(e)
		}
		return out
	}
	return v
}

// placeholder matches a {{NAME}} or {{step.field}} placeholder.
var placeholder = regexp.MustCompile(`\{\{\s*[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\s*\}\}`)

// replaceOutsidePlaceholders applies replace to the text of s between its
// placeholders, so that a secret such as "BASE" never breaks {{BASE_URL}}.
func replaceOutsidePlaceholders(s string, replace func(string) string) string {
	locs := placeholder.FindAllStringIndex(s, -1)
	if len(locs) == 0 {
		return replace(s)
	}
	var b strings.Builder
	last := 0
	for _, l := range locs {
		b.WriteString(replace(s[last:l[0]]))
		b.WriteString(s[l[0]:l[1]])
		last = l[1]
	}
	b.WriteString(replace(s[last:]))
	return b.String()
}

// variable returns {{NAME}} for the declared variable whose value is v
// (the first by name), or "".
func (r *run) variable(v string) string {
	names := slices.Sorted(maps.Keys(r.res.Variables))
	for _, k := range names {
		if r.res.Variables[k] == v && v != "" {
			return "{{" + k + "}}"
		}
	}
	return ""
}

// exportURL writes a navigation to the scenario's site as {{BASE_URL}}/path.
func (r *run) exportURL(c commandgen.Call) commandgen.Call {
	u, ok := c.Args["url"].(string)
	if !ok || r.res.BaseURL == "" {
		return c
	}
	if rest, ok := strings.CutPrefix(u, r.res.BaseURL); ok && (rest == "" || strings.HasPrefix(rest, "/") || strings.HasPrefix(rest, "?")) {
		return commandgen.Call{Tool: c.Tool, Args: map[string]any{"url": "{{BASE_URL}}" + rest}}
	}
	return c
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

func (r *run) done(index int, ts *TestStep) {
	r.res.Steps = append(r.res.Steps, *ts)
	if r.c.opts.Progress != nil {
		r.c.opts.Progress(Event{Index: index, Total: len(r.res.Actions), Action: ts.Action, Step: &r.res.Steps[len(r.res.Steps)-1]})
	}
}

// fail records the failure of action index with evidence; it returns cause
// (nil for a failure that is the scenario's, not the environment's).
func (r *run) fail(ctx context.Context, index int, action string, call *commandgen.Call, msg string, cause error) error {
	info := ErrorInfo{Index: index, Action: action, Call: call, Message: r.masker.Replace(msg)}
	if r.page != nil {
		info.Snapshot = r.minimized()
	}
	if cause == nil && ctx.Err() == nil {
		r.evidence(ctx, &info)
	}
	r.res.Errors = append(r.res.Errors, info)
	if r.c.opts.Progress != nil {
		r.c.opts.Progress(Event{Index: index, Total: len(r.res.Actions), Action: action, Err: &r.res.Errors[len(r.res.Errors)-1]})
	}
	return cause
}

// evidence saves a screenshot and the minimized snapshot beside each other,
// each replacing an earlier file of its name atomically.
func (r *run) evidence(ctx context.Context, info *ErrorInfo) {
	dir := r.c.opts.EvidenceDir
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		r.c.opts.Logger.Warn("evidence dir", "err", err)
		return
	}
	base := filepath.Join(dir, fmt.Sprintf("%s-step%d", Slug(r.res.Name), info.Index))
	if info.Snapshot != "" {
		if err := safefile.Write(base+".snapshot.txt", []byte(info.Snapshot), 0o644); err == nil {
			info.SnapshotFile = base + ".snapshot.txt"
		}
	}
	out, err := r.c.browser.CallTool(ctx, mcpclient.ToolScreenshot, map[string]any{"type": "png"})
	if err != nil || out.IsError || len(out.Images) == 0 {
		return
	}
	if err := safefile.Write(base+".png", out.Images[0].Data, 0o644); err == nil {
		info.Screenshot = base + ".png"
	}
}

// slowLoad says that a page did not finish loading.
func (r *run) slowLoad(url string) string {
	if r.c.opts.NavTimeout > 0 {
		return fmt.Sprintf("the page %s did not finish loading within %s (--nav-timeout)", url, r.c.opts.NavTimeout)
	}
	return fmt.Sprintf("the page %s did not finish loading in time", url)
}

// failureText turns a failed call's result into one sentence.
func failureText(s translator.Step, out *mcpclient.Result) string {
	msg := out.ErrorLine()
	switch s.Kind {
	case translator.AssertText:
		return fmt.Sprintf("expected text %q never appeared: %s", s.Value, msg)
	case translator.AssertGone:
		return fmt.Sprintf("text %q did not go away: %s", s.Value, msg)
	}
	if s.Element != "" {
		return fmt.Sprintf("%s on %s failed: %s", s.Kind, s.Element, msg)
	}
	return fmt.Sprintf("%s failed: %s", s.Kind, msg)
}

func ptr[T any](v T) *T { return &v }

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

// MaskSecrets returns s with every secret value (secrets maps a name to its
// value) replaced by {{NAME}}, in every form and by the rules of package
// internal/secret, for text that is shown or kept but never run.
func MaskSecrets(s string, secrets map[string]string) string {
	return secretNames(secrets).Replace(s)
}

// secretNames returns the Masker that writes each secret value as {{NAME}};
// of two secrets with one value, the first by name is used.
func secretNames(secrets map[string]string) *secret.Masker {
	with := map[string]string{}
	for _, name := range slices.Sorted(maps.Keys(secrets)) {
		if v := secrets[name]; v != "" {
			if _, dup := with[v]; !dup {
				with[v] = "{{" + name + "}}"
			}
		}
	}
	return secret.New(with)
}
