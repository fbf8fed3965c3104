package parser

// "submit the form": a person clicks the form's submit button. The page
// says which form and which of its buttons submits it (submit.js); the
// step is then a click on that button, exported as one.

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/pagejs"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator/names"
)

//go:embed submit.js
var submitJS string

// submitFn is submit.js's function, FORM still to fill in.
var submitFn = pagejs.Function(submitJS)

// submitButton is submit.js's answer.
type submitButton struct {
	Name  string `json:"name"`
	Path  string `json:"path"`
	Error string `json:"error"`
}

// submit runs s, a Submit of the form its Value names ("" the page's one
// form): as a click on that form's submit button, found by the page.
func (r *run) submit(ctx context.Context, ts *TestStep, s step.Step) (bool, error) {
	form, _ := json.Marshal(s.Value) // a string's JSON is a JavaScript string
	out, err := r.exec(ctx, step.ToolCall{Tool: mcpclient.ToolEvaluate, Args: map[string]any{"function": strings.Replace(submitFn, "FORM", string(form), 1)}})
	if errors.Is(err, mcpclient.ErrRejected) {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, "this browser server cannot read the page's forms (no browser_evaluate): click the button that sends the form", nil)
	}
	if err != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, err.Error(), err)
	}
	var b submitButton
	if out.IsError || json.Unmarshal([]byte(commandgen.Answer(out.Value)), &b) != nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, "the page's forms could not be read: "+out.ErrorLine(), nil)
	}
	if b.Error != "" {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, b.Error, nil)
	}
	node := r.submitNode(ctx, b)
	if node == nil {
		return false, r.fail(ctx, ts.Index, ts.Action, nil, fmt.Sprintf("the form's submit button %q is not one the page's snapshot lists alone: click it by its name", b.Name), nil)
	}
	s.Kind, s.Ref, s.Role, s.Element, s.Value = step.Click, node.Ref, node.Role, names.Describe(r.page, node), ""
	return r.step(ctx, ts, s)
}

// submitNode is the button of the snapshot that b names: the one button
// of its name, else the one of them at b's path.
func (r *run) submitNode(ctx context.Context, b submitButton) *dom.Node {
	var same []*dom.Node
	r.page.Walk(func(n *dom.Node) bool {
		if n.Ref != "" && n.Role == "button" && dom.Normalize(n.Name) == dom.Normalize(b.Name) {
			same = append(same, n)
		}
		return true
	})
	if len(same) == 1 {
		return same[0]
	}
	for _, n := range same {
		if got, ok := r.probe(ctx, n.Ref, commandgen.ElementPathFn); ok && got == b.Path {
			return n
		}
	}
	return nil
}
