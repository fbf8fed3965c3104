package parser

import (
	"context"
	"errors"
	"strings"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/mcpclient"
)

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
