package parser

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/secret"
	"github.com/plaintest/plaintest/internal/tokens"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/grammar"
	"github.com/plaintest/plaintest/translator/permission"
)

// ToolCaller is the one method of an MCP session the compiler needs.
type ToolCaller interface {
	CallTool(ctx context.Context, name string, args map[string]any) (*mcpclient.Result, error)
}

// ErrUnreachable is wrapped when the scenario's site cannot be opened: the
// browser could not reach it, or refused to open it.
var ErrUnreachable = mcpclient.ErrSiteUnreachable

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
		c.opts.Translator = grammar.NewRules()
		c.opts.TranslatorName = "rules"
	}
	if c.opts.Timeout <= 0 {
		c.opts.Timeout = defaults.Step
	}
	if c.opts.Tokens == nil {
		c.opts.Tokens = tokens.Default()
	}
	if c.opts.Poll <= 0 {
		c.opts.Poll = defaults.Poll
	}
	if c.opts.Logger == nil {
		c.opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if c.opts.Observer != nil {
		c.observe(c.opts.Observer)
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
// translator masks them itself (llm.Translator): secret values never reach
// a prompt.
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
	// inline is the result of the latest call when it carried the page's
	// snapshot (the built-in server's actions do): the next snapshot needs no
	// call of its own. Any later call clears it.
	inline   *mcpclient.Result
	pageURL  string
	title    string                  // the current page's title
	noGen    bool                    // the server has no browser_generate_locator
	gen      *commandgen.CallOptions // how calls are built: checks wait up to the timeout
	previous string                  // what the last action acted on, for "its"
	start    *dom.Node               // the page before the test acted (the first action's snapshot)
	before   *dom.Node               // the page before the last action that acted; nil before any
	// unseenBefore is the text on the page before the last action that a
	// person could not see, unseenStart that before the test acted
	// (unseen.go); acted says an action ran.
	unseenBefore, unseenStart []unseenText
	acted                     bool
	// modals are the dialogs and file choosers the latest call left
	// waiting (modal.go).
	modals []mcpclient.ModalState
	// enabled reads an action against the page with every element enabled,
	// and disabled is what it found disabled while the action waited
	// (enabled.go).
	enabled  translator.Translator
	disabled string
	// found holds the nodes pageFinds added to the page, by ref;
	// foundOn is the page it last added to, and foundAdded whether it
	// added any there.
	found      map[string]foundElement
	foundOn    *dom.Node
	foundAdded bool
	// remembered holds the values remember steps read, by name
	// (remember.go).
	remembered map[string]rememberedValue
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
	r := &run{c: c, actions: sc.Actions, url: sc.URL, values: map[string]string{}, masker: secretNames(sc.Secrets), remembered: map[string]rememberedValue{},
		gen: &commandgen.CallOptions{CheckTimeout: c.opts.Timeout, WaitTimeout: c.opts.waitTimeout()}, enabled: grammar.NewRules()}
	res := &ParserResult{
		Name:       sc.Name,
		URL:        r.masker.Replace(sc.URL),
		Variables:  map[string]string{},
		Translator: c.opts.TranslatorName,
		Usage:      Usage{Tokenizer: string(c.opts.Tokens.Encoding())},
	}
	r.res = res
	res.Permissions, _ = permission.List(sc.Actions) // Validate refused its problems
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
		if p, ok, _ := permission.Read(r.actions[i]); ok { // the browser context applies it: no call
			r.done(i+1, &TestStep{Index: i + 1, Action: r.res.Actions[i], Element: p.Describe(), Translator: "rules"})
			continue
		}
		if err := r.action(ctx, i+1); err != nil {
			return err
		}
		if len(r.res.Errors) > 0 {
			return nil
		}
	}
	return r.unanswered(ctx)
}

// open navigates to the scenario's URL: the implicit first step.
func (r *run) open(ctx context.Context) error {
	start := time.Now()
	s := step.Step{Kind: step.Navigate, Value: r.url, Action: "open " + r.res.URL}
	call, _ := r.gen.Call(s, "")
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
	wait := r.settle(ctx)
	ts := &TestStep{Index: 0, Action: s.Action, Kind: step.Navigate}
	r.keep(ts, exported, s)
	if wait != nil {
		r.keep(ts, *wait, s)
	}
	ts.Duration = time.Since(start)
	r.done(0, ts)
	return nil
}

// maxThen bounds how many times one action is read again after steps that
// change the page (a hover that shows a row's buttons, a menu opened).
const maxThen = 3

// action translates and runs action index (1-based) against the page. A
// translation may end in a Then: the steps before it run, and the rest of
// the action is read against the page they leave.
func (r *run) action(ctx context.Context, index int) error {
	action := r.res.Actions[index-1] // masked: what results and messages show
	start := time.Now()
	ts := &TestStep{Index: index, Action: action}
	text, continued := r.actions[index-1], false
	rounds := r.maxRounds()
	var taken []step.Step
	for round := 0; ; round++ {
		steps, waited, ok, err := r.translate(ctx, ts, text, continued, taken)
		if !ok {
			return err
		}
		if round == 0 {
			ts.Waited = waited
		}
		then := ""
		for _, s := range steps {
			if s.Kind == step.Then {
				then = s.Value
				break
			}
			if fe, found := r.found[s.Ref]; found && fe.note != "" {
				r.warn(ts, fe.note)
			}
			kept := len(ts.Calls)
			ok, err := r.step(ctx, ts, s)
			if err == nil && ok && s.Kind.IsCheck() {
				ok, err = r.proveChecks(ctx, ts, kept)
			}
			if err != nil || !ok {
				return err
			}
			taken = append(taken, s)
		}
		if then == "" {
			break
		}
		if round+1 >= rounds {
			return r.fail(ctx, index, action, nil, fmt.Sprintf("could not finish %q: it was read %d times", action, rounds), nil)
		}
		text, continued = then, true
	}
	ts.Translator = readBy(taken)
	ts.Duration = time.Since(start)
	r.done(index, ts)
	return nil
}

func (r *run) done(index int, ts *TestStep) {
	r.res.Steps = append(r.res.Steps, *ts)
	if r.c.opts.Progress != nil {
		r.c.opts.Progress(Event{Index: index, Total: len(r.res.Actions), Action: ts.Action, Step: &r.res.Steps[len(r.res.Steps)-1]})
	}
}

func ptr[T any](v T) *T { return &v }
