package parser

import (
	"context"
	"errors"
	"strings"

	"github.com/plaintest/plaintest/commandgen"
	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
)

// targets chooses the stable targets of steps on the page as the last
// snapshot read it (commandgen.Targets), asking the compile's browser.
func (r *run) targets() commandgen.Targets {
	return commandgen.Targets{Page: targetPage{r}, Tree: r.page, Logger: r.c.opts.Logger}
}

// targetPage is the compile's browser as commandgen.Targets asks it.
type targetPage struct{ r *run }

// Evaluate runs fn on the element at target without keeping the call.
func (p targetPage) Evaluate(ctx context.Context, target, fn string) (string, bool, error) {
	out, err := p.r.exec(ctx, step.ToolCall{Tool: mcpclient.ToolEvaluate, Args: map[string]any{"target": target, "function": fn}})
	if err != nil {
		return "", false, err
	}
	return out.Value, out.IsError, nil
}

// GenerateLocator asks for Playwright's locator of the element at ref,
// until the server shows it has no browser_generate_locator (not
// @playwright/mcp with --caps testing): then never again.
func (p targetPage) GenerateLocator(ctx context.Context, ref string) (string, error) {
	r := p.r
	if r.noGen {
		return "", nil
	}
	out, err := r.c.browser.CallTool(ctx, mcpclient.ToolGenLocator, map[string]any{"target": ref})
	switch {
	case errors.Is(err, mcpclient.ErrRejected):
		r.noGen = true // a server without the tool
		return "", nil
	case err != nil:
		return "", err
	case out == nil:
		return "", nil
	case !out.IsError:
		return strings.TrimSpace(out.Value), nil
	case out.UnknownTool():
		r.noGen = true
	}
	return "", nil
}

// Found is the confirmed locator of a node pageFinds added (foundTarget).
func (p targetPage) Found(node *dom.Node) (string, bool, error) {
	return p.r.foundTarget(node)
}
