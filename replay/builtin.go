package replay

// The built-ins sandy__wait, sandy__log and the browser waits.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/report"
)

// The built-in tools (sandy__<name>). Each returns its result as JSON text
// so that output paths work on built-ins as on MCP tools.

// wait is sandy__wait {duration: seconds}. Sandy's examples also write
// {seconds: N}, which is read the same; with neither it waits no time, as
// Sandy's player does.
func (r *run) wait(ctx context.Context, _ *plan, params map[string]any) (outcome, error) {
	key := "duration"
	if _, ok := params[key]; !ok {
		if _, ok := params["seconds"]; ok {
			key = "seconds"
		}
	}
	d, err := seconds(params, key, 0)
	if err != nil {
		return outcome{fail: err.Error()}, nil
	}
	if err := clock.Sleep(ctx, d); err != nil {
		return outcome{}, err
	}
	return outcome{text: fmt.Sprintf(`{"waited":%g}`, d.Seconds())}, nil
}

// logMessage is sandy__log {message}. The message is the step's
// report.StepResult.Message, which the console prints whatever the
// verbosity, as Sandy's player does; its result is {"logged": message}.
func (r *run) logMessage(_ context.Context, pl *plan, params map[string]any) (outcome, error) {
	msg, ok := params["message"]
	if !ok {
		return outcome{fail: "message: missing"}, nil
	}
	text, ok := msg.(string)
	if !ok {
		b, err := json.Marshal(msg)
		if err != nil {
			return outcome{fail: "message: " + err.Error()}, nil
		}
		text = string(b)
	}
	text = r.mask.message(text)
	r.log.Info("scenario log", "step", pl.step.Step, "message", text)
	b, _ := json.Marshal(map[string]string{"logged": text})
	return outcome{text: string(b), message: text}, nil
}

// waitForElement is sandy__wait_for_element {selector, timeout, interval,
// mcp_server}: it polls document.querySelector in the page. Its result is
// {"found": true, "selector": ...}, as in Sandy's player.
func (r *run) waitForElement(ctx context.Context, pl *plan, params map[string]any) (outcome, error) {
	sel, _ := params["selector"].(string)
	if sel == "" {
		return outcome{fail: "selector: want a CSS selector"}, nil
	}
	q, _ := json.Marshal(sel)
	fn := fmt.Sprintf("() => document.querySelector(%s) !== null", q)
	done, _ := json.Marshal(map[string]any{"found": true, "selector": sel})
	return r.poll(ctx, pl, params, fn, defaults.BuiltinSelector, string(done), fmt.Sprintf("element %s not found", q))
}

// waitUntil is sandy__wait_until {expression, timeout, interval,
// mcp_server}: it polls the expression in the page. Its result is
// {"condition_met": true}, as in Sandy's player.
func (r *run) waitUntil(ctx context.Context, pl *plan, params map[string]any) (outcome, error) {
	expr, _ := params["expression"].(string)
	if strings.TrimSpace(expr) == "" {
		return outcome{fail: "expression: want a JavaScript expression"}, nil
	}
	fn := "() => Boolean(" + expr + "\n)"
	return r.poll(ctx, pl, params, fn, defaults.BuiltinCondition, `{"condition_met":true}`, fmt.Sprintf("condition %q not met", expr))
}

// evaluateTool is the tool a browser built-in evaluates its function with
// on a server: chrome-devtools' evaluate_script, else @playwright/mcp's
// browser_evaluate (both take {function}).
func evaluateTool(server string) string {
	if server == devtoolsServer {
		return "evaluate_script"
	}
	return mcpclient.ToolEvaluate
}

// devtoolsServer is the server Sandy's browser built-ins use by default.
const devtoolsServer = "chrome-devtools"

// poll evaluates fn on the step's browser server every interval until it
// returns true (the step passes with result done) or timeout passes (it
// fails with never). A failed evaluation (a tool error, a request the
// server refused, a page between two documents) counts as "not yet", as in
// Sandy's player; only a lost server ends the run.
func (r *run) poll(ctx context.Context, pl *plan, params map[string]any, fn string, defTimeout time.Duration, done, never string) (outcome, error) {
	timeout, err := seconds(params, "timeout", defTimeout)
	if err != nil {
		return outcome{fail: err.Error()}, nil
	}
	interval, err := seconds(params, "interval", defaults.BuiltinInterval)
	if err != nil {
		return outcome{fail: err.Error()}, nil
	}
	if interval <= 0 {
		interval = r.opts.Poll
	}
	server := pl.serverFor(r.browser)
	s, err := r.session(server)
	if err != nil {
		return outcome{fail: err.Error()}, nil
	}
	tool := evaluateTool(server)
	deadline := time.Now().Add(timeout)
	var o outcome
	var last string // the last evaluation's error
	for {
		res, err := s.CallTool(ctx, tool, map[string]any{"function": fn})
		switch {
		case errors.Is(err, mcpclient.ErrRejected) && ctx.Err() == nil:
			last = err.Error()
		case err != nil:
			return o, err
		case res.IsError:
			last = errorText(res)
		default:
			if v, _ := Document(res.Text).(bool); v {
				o.text = done
				return o, nil
			}
			last = ""
		}
		left := time.Until(deadline)
		if left <= 0 {
			o.fail = fmt.Sprintf("%s after %s", never, timeout)
			if last != "" {
				o.fail += " (last " + tool + " error: " + report.FirstLine(last) + ")"
			}
			return o, nil
		}
		if err := clock.Sleep(ctx, min(left, interval)); err != nil {
			return o, err
		}
		o.retries++
	}
}

// seconds reads a number of seconds from params[key] (a number or a numeric
// string), from 0 to defaults.MaxWait; def when absent.
func seconds(params map[string]any, key string, def time.Duration) (time.Duration, error) {
	v, ok := params[key]
	if !ok || v == nil {
		return def, nil
	}
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case int:
		f = float64(x)
	case int64:
		f = float64(x)
	case json.Number:
		g, err := x.Float64()
		if err != nil {
			return 0, fmt.Errorf("%s: want seconds, got %q", key, x)
		}
		f = g
	case string:
		g, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil {
			return 0, fmt.Errorf("%s: want seconds, got %q", key, x)
		}
		f = g
	default:
		return 0, fmt.Errorf("%s: want seconds, got %T", key, v)
	}
	if !(f >= 0 && f <= defaults.MaxWait.Seconds()) {
		return 0, fmt.Errorf("%s: %g seconds is out of range (0 to %g, %s)", key, f, defaults.MaxWait.Seconds(), defaults.MaxWait)
	}
	return time.Duration(f * float64(time.Second)), nil
}
