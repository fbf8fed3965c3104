package parser

import (
	"context"
	_ "embed"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator/names"
)

// Widgets that take more than one call, worked out against the page while
// compiling: a key pressed in an element, a choice in a combo box that is
// not a select, and a slider or spin button set to a number. The calls that
// ran are what the scenario keeps.

// pressIn puts the focus in the element at target and presses the key.
func (r *run) pressIn(ctx context.Context, ts *TestStep, s step.Step, target string) (bool, error) {
	ok, err := r.targetedCall(ctx, ts, s, target, func(t string) step.ToolCall { return commandgen.Focus(t, s.Element) })
	if !ok {
		return ok, err
	}
	return r.plainCall(ctx, ts, s, commandgen.PressKey(s.Value))
}

// plainCall runs a call that names no element and appends it to ts.
func (r *run) plainCall(ctx context.Context, ts *TestStep, s step.Step, call step.ToolCall) (bool, error) {
	exported := r.export(call, s)
	out, err := r.exec(ctx, call)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, err.Error(), err)
	}
	if out.IsError {
		return false, r.fail(ctx, ts.Index, ts.Action, &exported, failureText(s, out), nil)
	}
	r.keep(ts, exported, s)
	return true, nil
}

// choose picks s.Value in the combo box at target: it opens it (a click) and
// clicks the option the page then shows; when none shows and the combo box
// takes text, it types the value (which filters the options) and clicks the
// option then.
func (r *run) choose(ctx context.Context, ts *TestStep, s step.Step, target string) (bool, error) {
	open := s
	open.Kind = step.Click
	if ok, err := r.act(ctx, ts, open, target); !ok {
		return ok, err
	}
	opt, err := r.option(ctx, s.Value, defaults.ComboOption)
	if opt == nil && r.editable(ctx, target) {
		typed := s
		typed.Kind = step.Type
		if ok, err := r.act(ctx, ts, typed, target); !ok {
			return ok, err
		}
		opt, err = r.option(ctx, s.Value, r.c.opts.Timeout)
	}
	if opt == nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("%s shows no option %q: %v", s.Element, s.Value, err), nil)
	}
	pick := step.Step{Kind: step.Click, Role: opt.Role, Ref: opt.Ref, Element: fmt.Sprintf("%s %q", opt.Role, label(opt)), Action: s.Action}
	t, err := r.targets().Stable(ctx, opt, pick)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), err)
	}
	return r.act(ctx, ts, pick, t)
}

func label(n *dom.Node) string {
	if n.Name != "" {
		return n.Name
	}
	return n.Value
}

// option looks on fresh snapshots, for up to wait, for the option called
// value that an opened combo box shows.
func (r *run) option(ctx context.Context, value string, wait time.Duration) (*dom.Node, error) {
	deadline := time.Now().Add(wait)
	for {
		if err := r.snapshot(ctx); err != nil {
			return nil, err
		}
		opt, err := names.FindOption(r.page, value)
		if err == nil || time.Now().Add(r.c.opts.Poll).After(deadline) {
			return opt, err
		}
		if err := clock.Sleep(ctx, r.c.opts.Poll); err != nil {
			return nil, err
		}
	}
}

// probe asks the element at target a question (fn, a JavaScript function
// of the element) without keeping the call: compile's own look at the page.
func (r *run) probe(ctx context.Context, target, fn string) (string, bool) {
	v, failed, err := targetPage{r}.Evaluate(ctx, target, fn)
	if err != nil || failed {
		return "", false
	}
	return commandgen.Answer(v), true
}

// The probes of widgets (probes.js).
var (
	probes         = pagejs.MustConsts(probesJS)
	probeEditable  = lookupProbe(probes, "editable")
	probeValueNow  = lookupProbe(probes, "valueNow")
	probeTextField = lookupProbe(probes, "isTextField")
)

//go:embed probes.js
var probesJS string

// lookupProbe is the declaration called name in ds; a probe missing from
// probes.js is a build mistake the tests catch.
func lookupProbe(ds []pagejs.Decl, name string) string {
	v, ok := pagejs.Lookup(ds, name)
	if !ok {
		panic("parser: probes.js has no " + name)
	}
	return v
}

// editable reports whether the element at target takes typed text.
func (r *run) editable(ctx context.Context, target string) bool {
	v, ok := r.probe(ctx, target, probeEditable)
	return ok && v == "true"
}

// value reads the number a slider or spin button holds.
func (r *run) value(ctx context.Context, target string) (float64, bool) {
	v, ok := r.probe(ctx, target, probeValueNow)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	return f, err == nil
}

// maxPresses bounds the keys pressed to set one slider.
const maxPresses = 400

// setValue sets the slider or spin button at target to s.Value: a spin
// button that is a text field is filled; anything else is set as a person
// would with the keyboard: focus, Home, then Page Up while it does not
// overshoot, then arrow keys, reading the value after each run of presses.
// The keys pressed are what the scenario keeps, so it sets the same value
// whatever the widget showed before.
func (r *run) setValue(ctx context.Context, ts *TestStep, s step.Step, target string) (bool, error) {
	want, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(s.Value), "%"), 64)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("%s takes a number, not %q", s.Element, s.Value), nil)
	}
	if v, ok := r.probe(ctx, target, probeTextField); ok && v == "true" {
		typed := s
		typed.Kind = step.Type
		return r.act(ctx, ts, typed, target)
	}
	if ok, err := r.targetedCall(ctx, ts, s, target, func(t string) step.ToolCall { return commandgen.Focus(t, s.Element) }); !ok {
		return ok, err
	}
	up, down := "ArrowRight", "ArrowLeft"
	if s.Role == "spinbutton" {
		up, down = "ArrowUp", "ArrowDown"
	}
	presses := 0
	press := func(key string, n int) (float64, bool, error) {
		for range n {
			if presses++; presses > maxPresses {
				return 0, false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("%s did not reach %s in %d key presses", s.Element, s.Value, maxPresses), nil)
			}
			if ok, err := r.plainCall(ctx, ts, s, commandgen.PressKey(key)); !ok {
				return 0, false, err
			}
		}
		v, ok := r.value(ctx, target)
		if !ok {
			return 0, false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("%s has no value to read (aria-valuenow)", s.Element), nil)
		}
		return v, true, nil
	}
	v, ok, err := press("Home", 1)
	if !ok {
		return false, err
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	if near(v, want) {
		return true, nil
	}
	key := up
	if want < v {
		key = down
	}
	// One arrow press tells the step.
	v2, ok, err := press(key, 1)
	if !ok {
		return false, err
	}
	st := math.Abs(v2 - v)
	if st == 0 {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("%s did not move on %s", s.Element, key), nil)
	}
	v = v2
	// Page Up (or Down) for the long way, while a press does not overshoot.
	if math.Abs(want-v)/st > 15 {
		big, bigBack := "PageUp", "PageDown"
		if key == down {
			big, bigBack = bigBack, big
		}
		v3, ok, err := press(big, 1)
		if !ok {
			return false, err
		}
		jump := math.Abs(v3 - v)
		if jump > st && (want-v3)*(want-v) >= 0 {
			v = v3
			if n := int(math.Floor(math.Abs(want-v)/jump + 1e-9)); n > 0 {
				if v, ok, err = press(big, n); !ok {
					return false, err
				}
			}
		} else if v3 != v {
			if v, ok, err = press(bigBack, 1); !ok {
				return false, err
			}
		}
	}
	for tries := 0; !near(v, want) && tries < 4; tries++ {
		k := up
		if want < v {
			k = down
		}
		n := int(math.Round(math.Abs(want-v) / st))
		if n == 0 {
			break
		}
		if v, ok, err = press(k, n); !ok {
			return false, err
		}
	}
	if !near(v, want) {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("%s reached %s, not %s, by its keys", s.Element, strconv.FormatFloat(v, 'f', -1, 64), s.Value), nil)
	}
	return true, nil
}
