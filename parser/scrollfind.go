package parser

// Rows a scrolling box renders only once scrolled to (a virtual list):
// an action or a check names one that is on no snapshot, and compile
// scrolls the page's boxes to find it, as a person scrolls a list to the
// row they want.

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/defaults"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator/names"
)

//go:embed scrollfind.js
var scrollFindJS string

// scrollFindFn is scrollfind.js's function, its names in capitals still
// to fill in.
var scrollFindFn = pagejs.Function(scrollFindJS)

// scrolledBox is scrollfind.js's answer: the box that held the words,
// by the role and name of the element a replay finds it by.
type scrolledBox struct {
	Role   string `json:"role"`
	Name   string `json:"name"`
	Window bool   `json:"window"`
}

// parseScrolledBox reads scrollfind.js's answer; nil when no box held
// the words.
func parseScrolledBox(value string) (*scrolledBox, error) {
	raw := strings.TrimSpace(value)
	var s string
	if json.Unmarshal([]byte(raw), &s) == nil {
		raw = s
	}
	var b *scrolledBox
	if err := json.Unmarshal([]byte(raw), &b); err != nil {
		return nil, err
	}
	return b, nil
}

// scrollFind scrolls the page's scrolling boxes, then the window, until
// one shows want (scrollfind.js), and leaves it scrolled there; the
// window only when window is true. It
// returns the step that scrolls that box so at replay, without its
// element yet: scrolledTo gives it. ok is false when no box held want, or
// the box is not one the snapshot names (its step would have no target).
// Only a broken session is an error.
func (r *run) scrollFind(ctx context.Context, want string, window bool) (s step.Step, ok bool, err error) {
	if strings.TrimSpace(want) == "" {
		return step.Step{}, false, nil
	}
	quoted, _ := json.Marshal(want) // a string's JSON is a JavaScript string
	fn := strings.NewReplacer("WANT", string(quoted), "LIMIT_MS", strconv.FormatInt(r.c.opts.waitTimeout().Milliseconds(), 10),
		"SETTLE_MS", strconv.FormatInt(defaults.ScrollSettle.Milliseconds(), 10), "WINDOW", strconv.FormatBool(window)).Replace(scrollFindFn)
	out, err := r.exec(ctx, step.ToolCall{Tool: mcpclient.ToolEvaluate, Args: map[string]any{"function": fn}})
	if errors.Is(err, mcpclient.ErrRejected) {
		return step.Step{}, false, nil
	}
	if err != nil || out.IsError {
		return step.Step{}, false, err
	}
	box, perr := parseScrolledBox(out.Value)
	if perr != nil || box == nil {
		return step.Step{}, false, nil
	}
	if err := r.snapshot(ctx); err != nil {
		return step.Step{}, false, err
	}
	if box.Window {
		return step.Step{Kind: step.ScrollUntil}, true, nil
	}
	var node *dom.Node
	r.page.Walk(func(n *dom.Node) bool {
		if node == nil && n.Ref != "" && n.Role == box.Role && dom.Normalize(n.Name) == dom.Normalize(box.Name) {
			node = n
		}
		return node == nil
	})
	if node == nil {
		r.c.opts.Logger.Debug("the scrolling box that holds the element is not in the snapshot", "role", box.Role, "name", box.Name)
		return step.Step{}, false, nil
	}
	return step.Step{Kind: step.ScrollUntil, Ref: node.Ref, Role: node.Role, Element: names.Describe(r.page, node)}, true, nil
}

// scrolledTo completes box, scrollFind's step, with the element it
// scrolls to: the target of found's first step, by its role and name,
// else want as a text.
func (r *run) scrolledTo(box step.Step, found []step.Step, want string) step.Step {
	box.Value = want
	if len(found) > 0 {
		if n := r.page.FindRef(found[0].Ref); n != nil && n.Name != "" && n.Role != "" && n.Role != "text" && n.Role != "generic" {
			box.Value, box.Values = n.Name, []string{n.Role}
		}
	}
	if len(found) > 0 {
		box.Action = found[0].Action
	}
	return box
}
