package parser

// Values remembered from the page ("remember the order number as ORDER")
// and the {{ORDER}} of later actions. At compile a remembered value stands
// in for its placeholder when a call runs; in what is exported the
// placeholder becomes the remember step's output ({{ORDER.value}}, and in a
// check's function {{ORDER.js}} or, where the expected text is held
// normalized, {{ORDER.norm}}), which replay reads from the page again: a
// value that changes per visit (an order number) is the one this visit
// shows.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/internal/clock"
	"github.com/plaintest/plaintest/internal/jsonvalue"
	"github.com/plaintest/plaintest/step"
)

// rememberedValue is a value read by a remember step, in the three forms
// of its output (commandgen.RememberOutputs).
type rememberedValue struct {
	Value string `json:"value"`
	JS    string `json:"js"`
	Norm  string `json:"norm"`
}

// remember runs a remember step on target, the element's stable selector,
// and keeps the value it read for the actions after it.
func (r *run) remember(ctx context.Context, ts *TestStep, s step.Step, target string) (bool, error) {
	if target == "" {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("no stable selector was found for %s", s.Element), nil)
	}
	if _, ok := r.remembered[s.Value]; ok {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("%s is already remembered by an earlier action: give this value another name", s.Value), nil)
	}
	call, err := r.gen.Call(s, target)
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), nil)
	}
	exported := r.export(call, s)
	start := time.Now()
	backoff := clock.Backoff{First: r.c.opts.Poll} // as replay asks for a late target
	for {
		out, err := r.exec(ctx, call)
		if err != nil {
			return false, r.fail(ctx, ts.Index, ts.Action, &exported, err.Error(), err)
		}
		if left := r.c.opts.Timeout - time.Since(start); out.IsError && out.NoMatch() && left >= r.c.opts.Poll {
			if err := clock.Sleep(ctx, min(backoff.Next(), left)); err != nil {
				return false, err
			}
			continue
		}
		if out.IsError {
			msg := fmt.Sprintf("could not remember %s as %s: %s", s.Element, s.Value, out.ErrorLine())
			if out.NoMatch() {
				msg = fmt.Sprintf("could not remember %s as %s: %s", s.Element, s.Value, scopedFailure(s, time.Since(start)))
			}
			return false, r.fail(ctx, ts.Index, ts.Action, &exported, msg, nil)
		}
		var v rememberedValue
		if err := json.Unmarshal([]byte(strings.TrimSpace(out.Value)), &v); err != nil || v.Value == "" {
			return false, r.fail(ctx, ts.Index, ts.Action, &exported,
				fmt.Sprintf("could not remember %s as %s: the server answered %q, not the value read", s.Element, s.Value, clip(out.Value)), nil)
		}
		r.remembered[s.Value] = v
		ts.Target = r.masker.Replace(target)
		r.keep(ts, exported, s)
		return true, nil
	}
}

// clip cuts a long text for a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:77]) + "..."
	}
	return s
}

// rememberedArgs returns a call's arguments with the remembered values put
// in for their placeholders, as exec sends them: in a function, as the
// inside of a JavaScript string ({{NAME}}) or normalized as the checks
// compare ({{name}}); elsewhere as read.
func (r *run) rememberedArgs(args map[string]any) map[string]any {
	if len(r.remembered) == 0 {
		return args
	}
	var fn, val []string
	for name, v := range r.remembered {
		fn = append(fn, "{{"+name+"}}", v.JS, "{{"+strings.ToLower(name)+"}}", v.Norm)
		val = append(val, "{{"+name+"}}", v.Value)
	}
	return placeholders(args, strings.NewReplacer(fn...), strings.NewReplacer(val...))
}

// exportRemembered returns a call's arguments with the placeholders of
// remembered values written as their remember step's outputs, which a
// Sandy player reads.
func (r *run) exportRemembered(args map[string]any) map[string]any {
	if len(r.remembered) == 0 {
		return args
	}
	var fn, val []string
	for name := range r.remembered {
		fn = append(fn, "{{"+name+"}}", "{{"+name+"."+commandgen.OutputJS+"}}", "{{"+strings.ToLower(name)+"}}", "{{"+name+"."+commandgen.OutputNorm+"}}")
		val = append(val, "{{"+name+"}}", "{{"+name+"."+commandgen.OutputValue+"}}")
	}
	return placeholders(args, strings.NewReplacer(fn...), strings.NewReplacer(val...))
}

// placeholders applies fn to a call's function and val to its other
// strings.
func placeholders(args map[string]any, fn, val *strings.Replacer) map[string]any {
	out := make(map[string]any, len(args))
	for k, v := range args {
		if s, ok := v.(string); ok && k == "function" {
			out[k] = fn.Replace(s)
			continue
		}
		out[k] = jsonvalue.MapStrings(v, val.Replace)
	}
	return out
}

// expand is text with the remembered values put in for their
// placeholders: what the page shows.
func (r *run) expand(text string) string {
	for name, v := range r.remembered {
		text = strings.ReplaceAll(text, "{{"+name+"}}", v.Value)
	}
	return text
}

// unexpand writes, in the description of the element a check reads, the
// values remembered that the check's expected text (value) names as
// their placeholders: `paragraph "Order number: {{ORDER}}"`, which replay
// describes with the value it read, not compile's.
func (r *run) unexpand(description, value string) string {
	for name, v := range r.remembered {
		if strings.Contains(value, "{{"+name+"}}") && len([]rune(v.Value)) >= 3 { // "1" would be found everywhere
			description = strings.ReplaceAll(description, v.Value, "{{"+name+"}}")
		}
	}
	return description
}
